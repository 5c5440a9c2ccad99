// Constructions as an LCAbyg 5 component file ("Importer og tilføj…"): a flat JSON array of {"Node": {Type: …}} and
// {"Edge": [{EdgeType: …}, from, to]} — a Construction per construction, a ConstructionToProduct edge per component
// (its amount per ONE unit of the construction, in the unit its product's stages are given in), and per material
// either a user Product with its A1to3, C3, C4 and D Stages (the 11 LCAbyg indicators per one stage unit) or, for a
// BR18 Tabel 7 row whose LCAbyg id is known, a reference to LCAbyg's own library product. Shapes as LCAbyg's own
// files and LCAx's reader (ocni-dtu/lcax modules/convert/src/lcabyg) have them; docs/exports.md says more.
// Ids are derived from what they stand for, so the same construction and material export with the same ids (LCAbyg
// refuses ids it already has: `copy` gives new ones). The amounts come from the preview core computed. No vscode.
import { derivedUuid } from '../../import/builder';
import { msg } from '../../l10n';
import { lcabygIdOfRow } from '../../lcabygTabel7';
import { isObject } from '../../guards';
import { exchangeMaterialOf, tabel7RowOf, type ExchangeMaterial } from './material';
import { emptyReport, type ExchangeConstruction, type ExchangeInput, type ExchangeReport } from './types';

/** The units LCAbyg constructions, edges and stages are given in, by the code table's label. */
const LCABYG_UNIT: Readonly<Record<string, string>> = { M: 'M', M2: 'M2', M3: 'M3', KG: 'KG', TONNE: 'KG', PCS: 'Pcs' };
/** How many LCAbyg units one unit of the label is (a tonne is written in kg). */
const TO_LCABYG: Readonly<Record<string, number>> = { TONNE: 1000 };

/** LCAbyg's user stages: the module's label in the code table → LCAbyg's stage name. */
export const LCABYG_STAGES: readonly [string, string][] = [
  ['A1-A3', 'A1to3'],
  ['C3', 'C3'],
  ['C4', 'C4'],
  ['D', 'D'],
];

/** LCAbyg's 11 stage indicators ← the workbench's indicator names. EP: the EN 15804+A1 eutrophication, which no indicator here holds. */
export const LCABYG_INDICATORS: readonly [string, string | undefined][] = [
  ['SER', 'RSF'],
  ['EP', undefined],
  ['ODP', 'ODP'],
  ['POCP', 'POCP'],
  ['PER', 'PERT'],
  ['ADPE', 'ADPE'],
  ['AP', 'AP'],
  ['GWP', 'GWP_TOTAL'],
  ['ADPF', 'ADPF'],
  ['PENR', 'PENRT'],
  ['SENR', 'NRSF'],
];

/** What LCAbyg says of an import that holds ids it already has (docs/exports.md): the one sentence every report gives. */
export const SECOND_IMPORT = msg(
  'LCAbyg refuses an import whose ids it already has and reports an error. The ids are stable: the same construction and the same material always export with the same ids, so import the file once per LCAbyg project; to bring in a changed copy next to an earlier import, export it as a copy (new ids).',
);

type Json = Record<string, unknown>;
const node = (type: string, body: Json): Json => ({ Node: { [type]: body } });
const edge = (type: string, body: Json | string, from: string, to: string): Json => ({ Edge: [{ [type]: body }, from, to] });
const languages = (da: string, en: string): Json => ({ Danish: da, English: en, German: '', Norwegian: '' });

/** A canonical text of a JSON value (keys sorted), so that the same construction gives the same id. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** The years LCAbyg is given for a component's lifespan: whole years; none = outlives the period. */
function lifespanOf(years: number | undefined, period: number): number {
  if (years === undefined) return Math.max(120, period);
  return Math.max(1, Math.round(years));
}

export interface LcabygExport {
  /** The file's content: the component array. */
  items: unknown[];
  report: ExchangeReport;
}

/** Builds the LCAbyg component file of the constructions. */
export function buildLcabygComponents(input: ExchangeInput): LcabygExport {
  const report = emptyReport();
  const items: Json[] = [];
  const salt = input.copy ? `|copy ${input.copy}` : '';
  const id = (kind: string, key: string): string => derivedUuid(`${key}${salt}`, `lca-workbench/lcabyg/${kind}`);
  const products = new Map<string, { id: string; unit: string; toUnit: number }>();

  for (const c of input.constructions) {
    const built = construction(c, input, id, products, report);
    if ('refused' in built) {
      report.refused.push({ item: c.file, message: built.refused });
      continue;
    }
    items.push(...built.items);
    report.constructions.push(c.file);
  }
  return { items, report };
}

type Built = { items: Json[] } | { refused: ReturnType<typeof msg> };

function construction(
  c: ExchangeConstruction,
  input: ExchangeInput,
  id: (kind: string, key: string) => string,
  products: Map<string, { id: string; unit: string; toUnit: number }>,
  report: ExchangeReport,
): Built {
  const doc = isObject(c.value) ? c.value : {};
  const p = c.preview;
  if (p.problems.length) {
    const first = p.problems[0];
    return { refused: msg('component {0} cannot be computed ({1}); nothing of this construction is written', first.index + 1, first.reason) };
  }
  const unitLabel = input.codes.unitByCode(p.declaredUnit)?.label ?? 'NONE';
  const unit = LCABYG_UNIT[unitLabel];
  if (!unit || unitLabel === 'TONNE') return { refused: msg('its declared unit ({0}) is none of LCAbyg\'s construction units (m, m², m³, kg, pcs)', unitLabel) };
  const name = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : c.file;
  const constructionId = id('construction', canonical({ name: doc.name, declaredUnit: doc.declaredUnit, expectedLifespan: doc.expectedLifespan, constructionEpds: doc.constructionEpds }));
  const items: Json[] = [];
  const own: Json[] = [];
  const description = typeof doc.description === 'string' ? doc.description : '';
  items.push(node('Construction', { id: constructionId, name: languages(name, name), unit, source: 'User', comment: languages(description, description), layer: 1, locked: false }));
  for (const comp of p.components) {
    const epdId = comp.epdId;
    const record = input.material(epdId);
    if (record === undefined) return { refused: msg('the material of component {0} ({1}) is not known', comp.index + 1, epdId) };
    const m = exchangeMaterialOf(record, epdId, input.codes);
    const product = productOf(m, id, products, own, report);
    if ('refused' in product) return { refused: msg('component {0} ({1}): {2}', comp.index + 1, m.name, product.refused) };
    // Amount per ONE unit of the construction, in the product's LCAbyg unit: the preview's result sets × the EPD's
    // declared value, per the construction's declared value.
    const amount = (comp.sets * m.declaredValue * product.toUnit) / p.declaredValue;
    const years = lifespanOf(comp.lifespan, p.period);
    if (comp.lifespan === undefined) report.notes.push({ item: c.file, message: msg('component {0} ({1}) has no service life: LCAbyg is given {2} years, so it counts no replacement within {3} years', comp.index + 1, m.name, years, p.period) });
    else if (years !== comp.lifespan) report.notes.push({ item: c.file, message: msg('component {0} ({1}): its service life of {2} years is given to LCAbyg as {3} (whole years)', comp.index + 1, m.name, comp.lifespan, years) });
    items.push(
      edge(
        'ConstructionToProduct',
        { id: id('edge', `${constructionId}|${comp.index}`), amount, unit: product.unit, lifespan: years, demolition: false, delayed_start: 0, enabled: true, excluded_scenarios: [] },
        constructionId,
        product.id,
      ),
    );
  }
  items.push(...own);
  return { items };
}

/** The product of a material: LCAbyg's library product for a known Tabel 7 row, else a user Product with its Stages (once per file). */
function productOf(
  m: ExchangeMaterial,
  id: (kind: string, key: string) => string,
  products: Map<string, { id: string; unit: string; toUnit: number }>,
  items: Json[],
  report: ExchangeReport,
): { id: string; unit: string; toUnit: number } | { refused: ReturnType<typeof msg> } {
  const key = `${m.uuid}|${m.version}`;
  const known = products.get(key);
  if (known) return known;
  const unit = LCABYG_UNIT[m.unitLabel];
  if (!unit) return { refused: msg('its declared unit ({0}) is none of LCAbyg\'s stage units (m, m², m³, kg, t, pcs)', m.unitLabel) };
  const toUnit = TO_LCABYG[m.unitLabel] ?? 1;
  const row = tabel7RowOf(m);
  const libraryId = row ? lcabygIdOfRow(row) : undefined;
  if (row && libraryId) {
    const ref = { id: libraryId, unit, toUnit };
    products.set(key, ref);
    report.references.push({ name: m.name, id: libraryId, row });
    return ref;
  }
  if (m.values.get('GWP_TOTAL')?.get('A1-A3') === undefined) return { refused: msg('the material declares no GWP total for A1-A3') };
  const productId = id('product', key);
  const made = { id: productId, unit, toUnit };
  products.set(key, made);
  report.materials.push(m.name);
  items.push(node('Product', { id: productId, name: languages(m.nameDa, m.nameEn), source: 'User', comment: languages(m.description, m.description), uncertainty_factor: 1.0 }));
  // The mass of one stage unit: 1 for kg (and a tonne written in kg), else the EPD's mass per declared unit.
  const massFactor = unit === 'KG' ? 1 : m.mass !== undefined ? m.mass / m.declaredValue : 0;
  if (unit !== 'KG' && m.mass === undefined) report.notes.push({ item: m.name, message: msg('no mass per {0}: its stages have mass factor 0, so LCAbyg cannot weigh it or take its amount in kg', unit) });
  if (!m.standard) report.notes.push({ item: m.name, message: msg('the EPD\'s standard is not given: its stages are marked EN 15804+A2') });
  if (!m.validTo) report.notes.push({ item: m.name, message: msg('the EPD\'s validity is not given: its stages have no valid_to') });
  const carried = new Set(LCABYG_STAGES.map(([label]) => label));
  const left = new Set<string>();
  for (const [indicator, perModule] of m.values) {
    for (const [module, value] of perModule) if (!carried.has(module) && value !== 0 && indicator === 'GWP_TOTAL') left.add(module);
  }
  if (left.size) report.notes.push({ item: m.name, message: msg('modules {0} are not written: LCAbyg user stages carry A1-A3, C3, C4 and D only', [...left].join(', ')) });
  const dataType = m.epdType === 0 ? 'Generic' : m.epdType === 1 ? 'Average' : 'Specific';
  for (const [label, stage] of LCABYG_STAGES) {
    const declared = m.values.get('GWP_TOTAL')?.has(label);
    if (!declared && label !== 'A1-A3') continue;
    const indicators: Json = {};
    for (const [key, name] of LCABYG_INDICATORS) indicators[key] = name ? (m.values.get(name)?.get(label) ?? 0) / toUnit : 0;
    const stageId = id('stage', `${key}|${stage}`);
    items.push(
      node('Stage', {
        id: stageId,
        name: languages(`${m.nameDa} (${label})`, `${m.nameEn} (${label})`),
        comment: languages(m.description, m.description),
        source: 'User',
        valid_to: m.validTo ?? null,
        stage,
        stage_unit: unit,
        indicator_unit: unit,
        stage_factor: 1.0,
        mass_factor: massFactor,
        indicator_factor: 1.0,
        scale_factor: 1.0,
        external_source: m.sourceName || 'LCA Workbench',
        external_id: m.uuid,
        external_version: m.version,
        external_url: m.link,
        compliance: m.standard ?? 'A2',
        data_type: dataType,
        indicators,
      }),
    );
    items.push(edge('ProductToStage', { id: id('edge', `${productId}|${stage}`), excluded_scenarios: [], enabled: true }, productId, stageId));
  }
  return made;
}
