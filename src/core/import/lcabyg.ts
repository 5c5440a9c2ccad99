// LCAbyg 5 component and project files (JSON: a flat array of {"Node": {Type: …}} and {"Edge": [{Type: …}, from,
// to]}) → materials and constructions. A user Product with its Stages becomes a material (the stages' indicators
// summed per module, the A1to3 stage's unit the declared unit and its mass factor the mass of one unit); a
// Construction becomes a construction whose components are its ConstructionToProduct edges (amount per one unit of
// the construction, unit, lifespan). A component whose product is LCAbyg's library product (not in the file) keeps
// the library id: `resolveLibraryReferences` matches it to a BR18 Tabel 7 row imported with it (by the LCAx file's
// id or the CSV's Sorterings ID, through ocni-dtu/table7's id map), else the report lists it as unresolved. Older
// and newer field shapes are read alike (a comment as a text or as languages; `excluded_scenarios` present or not).
// A product whose stages all name one EPD by UUID (external_id) keeps it as its originalUUID (an export of ours
// round-trips to the same material); else its own id. This reader only maps fields onto drafts; builder.ts makes
// the documents. No vscode.
import type { CodeTable } from '../codeTable';
import { isObject, num as numberOf } from '../guards';
import { msg, type Msg } from '../l10n';
import { tabel7RowOfLcabygId } from '../lcabygTabel7';
import { importedMaterial, type DraftValue, type MaterialDraft } from './builder';
import { buildConstruction, componentMaterials, type ComponentDraft } from './constructionBuilder';
import { FieldError, UUID } from './texts';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedConstruction, type ImportedMaterial } from './types';

type Obj = Record<string, unknown>;

/** LCAbyg's stage indicators → the workbench's indicator names (EP, the EN 15804+A1 eutrophication, has none). */
const INDICATOR: Readonly<Record<string, string | undefined>> = {
  GWP: 'GWP_TOTAL', ODP: 'ODP', AP: 'AP', POCP: 'POCP', ADPE: 'ADPE', ADPF: 'ADPF', PER: 'PERT', PENR: 'PENRT', SER: 'RSF', SENR: 'NRSF', EP: undefined,
};

/** LCAbyg's stage names → module labels the builder reads. */
function moduleOf(stage: string): string | undefined {
  const s = stage.trim().toUpperCase();
  if (s === 'A1TO3' || s === 'A1A3' || s === 'A1-A3') return 'A1-A3';
  return /^(A[45]|B[1-8]|C[1-4]|D)$/.test(s) ? s : undefined;
}

interface Parsed {
  nodes: Map<string, { type: string; body: Obj; index: number }>;
  edges: { type: string; body: Obj; from: string; to: string; index: number }[];
}

/** Whether a parsed JSON value is an LCAbyg node-and-edge list. */
export function isLcabygValue(value: unknown): boolean {
  if (!Array.isArray(value) || !value.length) return false;
  const first = value.find((v) => isObject(v) && ('Node' in v || 'Edge' in v));
  if (!isObject(first)) return false;
  if ('Node' in first) return isObject(first.Node) && Object.keys(first.Node).length === 1;
  return Array.isArray(first.Edge) && first.Edge.length === 3;
}

function parse(value: unknown[]): Parsed {
  const nodes = new Map<string, { type: string; body: Obj; index: number }>();
  const edges: Parsed['edges'] = [];
  value.forEach((item, index) => {
    if (!isObject(item)) return;
    if (isObject(item.Node)) {
      const [type, body] = Object.entries(item.Node)[0] ?? [];
      if (type && isObject(body) && typeof body.id === 'string') nodes.set(body.id, { type, body, index });
    } else if (Array.isArray(item.Edge) && item.Edge.length === 3 && isObject(item.Edge[0])) {
      const [type, body] = Object.entries(item.Edge[0])[0] ?? [];
      const [, from, to] = item.Edge;
      if (type && typeof from === 'string' && typeof to === 'string') edges.push({ type, body: isObject(body) ? body : { id: body }, from, to, index });
    }
  });
  return { nodes, edges };
}

/** A text or a {Danish, English, …} object (older and newer LCAbyg files), in the language asked, else any. */
function languageText(v: unknown, lang: 'Danish' | 'English'): string {
  if (typeof v === 'string') return v;
  if (!isObject(v)) return '';
  const order = lang === 'Danish' ? ['Danish', 'English', 'Norwegian', 'German'] : ['English', 'Danish', 'Norwegian', 'German'];
  for (const k of order) if (typeof v[k] === 'string' && (v[k] as string).trim()) return v[k] as string;
  return '';
}

const enabled = (body: Obj): boolean => body.enabled !== false;

/**
 * The EPD a product was made from, when every stage names the same one by UUID (`external_id`, as an export of
 * ours writes the material's originalUUID, and LCAbyg keeps it): the material keeps that originalUUID, so that
 * importing the same source product again (after a round trip) gives the same material, not a new one per import.
 */
function sourceIdOf(stages: readonly { body: Obj }[]): string | undefined {
  const ids = new Set(stages.map((s) => (typeof s.body.external_id === 'string' ? s.body.external_id.trim().toLowerCase() : '')));
  const [id] = ids;
  return ids.size === 1 && UUID.test(id) ? id : undefined;
}

/** The material of a Product with its stages; throws FieldError (what, where). */
function productDraft(product: { body: Obj; index: number }, stages: { body: Obj; index: number }[], warnings: Msg[]): MaterialDraft {
  const p = product.body;
  const at = `[${product.index}].Node.Product`;
  const nameDa = languageText(p.name, 'Danish');
  const nameEn = languageText(p.name, 'English');
  if (!nameDa) throw new FieldError(`${at}.name`, msg('is empty'));
  if (!stages.length) throw new FieldError(at, msg('has no stages (ProductToStage edges to Stage nodes): nothing to compute with'));
  const a13 = stages.find((s) => moduleOf(String(s.body.stage ?? '')) === 'A1-A3');
  const main = a13 ?? stages[0];
  if (!a13) warnings.push(msg('No A1to3 stage: the material counts as zero in the product stage.'));
  const unit = typeof main.body.stage_unit === 'string' ? main.body.stage_unit : '';
  const sums = new Map<string, Map<string, number>>();
  const wheres = new Map<string, string>();
  for (const s of stages) {
    const where = `[${s.index}].Node.Stage`;
    const module = moduleOf(String(s.body.stage ?? ''));
    if (!module) throw new FieldError(`${where}.stage`, msg('"{0}" is not a life cycle module (A1to3, A4, A5, B1–B8, C1–C4, D)', String(s.body.stage ?? '')));
    if (typeof s.body.stage_unit === 'string' && s.body.stage_unit.toUpperCase() !== unit.toUpperCase()) {
      throw new FieldError(`${where}.stage_unit`, msg('"{0}" differs from the A1to3 stage\'s unit "{1}": the stages cannot be summed into one material', s.body.stage_unit, unit));
    }
    for (const f of ['stage_factor', 'scale_factor', 'indicator_factor'] as const) {
      const v = numberOf(s.body[f]);
      if (v !== undefined && v !== 1) warnings.push(msg('{0} {1} is {2}: its indicators are read as per one {3}.', where, f, v, unit));
    }
    const indicators = isObject(s.body.indicators) ? s.body.indicators : undefined;
    if (!indicators) throw new FieldError(`${where}.indicators`, msg('is missing'));
    for (const [key, value] of Object.entries(indicators)) {
      const name = INDICATOR[key.toUpperCase()];
      const v = numberOf(value);
      if (v === undefined) throw new FieldError(`${where}.indicators.${key}`, msg('must be a number'));
      if (!name) {
        if (v !== 0 && !(key.toUpperCase() in INDICATOR)) warnings.push(msg('{0}: indicator {1} is unknown; left out.', where, key));
        else if (v !== 0) warnings.push(msg('{0}: EP (EN 15804+A1 eutrophication) has no indicator here; left out.', where));
        continue;
      }
      const perModule = sums.get(name) ?? new Map<string, number>();
      perModule.set(module, (perModule.get(module) ?? 0) + v);
      sums.set(name, perModule);
      wheres.set(`${name}|${module}`, `${where}.indicators.${key}`);
    }
  }
  const values: DraftValue[] = [];
  for (const [indicator, perModule] of sums) {
    for (const [module, value] of perModule) values.push({ indicator: indicator as DraftValue['indicator'], module, value, where: wheres.get(`${indicator}|${module}`) });
  }
  const b = main.body;
  const massFactor = numberOf(b.mass_factor);
  const compliance = typeof b.compliance === 'string' ? b.compliance.toUpperCase().replace(/[^A-Z0-9]/g, '') : '';
  const comment = languageText(p.comment, 'Danish') || languageText(b.comment, 'Danish');
  const names = [{ lang: 'da', value: nameDa }, ...(nameEn && nameEn !== nameDa ? [{ lang: 'en', value: nameEn }] : [])];
  return {
    id: sourceIdOf(stages) ?? (p.id as string),
    idNamespace: 'lcabyg',
    version: typeof b.external_version === 'string' && b.external_version.trim() ? b.external_version.trim() : '1',
    name: nameDa,
    names,
    description: comment,
    declaredUnit: unit,
    mass: massFactor !== undefined && massFactor > 0 ? massFactor : undefined,
    validUntil: typeof b.valid_to === 'string' && b.valid_to ? b.valid_to : undefined,
    badDate: 'leave out',
    epdType: typeof b.data_type === 'string' ? b.data_type : undefined,
    standard: compliance === 'A1' || compliance === '15804' ? 'A1' : compliance === 'A2' || compliance === '15804A2' ? 'A2' : undefined,
    values,
    link: typeof b.external_url === 'string' && b.external_url ? b.external_url : undefined,
    sourceDatabase: typeof b.external_source === 'string' && b.external_source ? b.external_source : 'LCAbyg',
    tags: ['LCAbyg'],
    isCustom: true,
    where: { declaredUnit: `[${main.index}].Node.Stage.stage_unit`, mass: `[${main.index}].Node.Stage.mass_factor`, validUntil: `[${main.index}].Node.Stage.valid_to`, epdType: `[${main.index}].Node.Stage.data_type`, name: `${at}.name` },
  };
}

/** Imports an LCAbyg component or project file. */
export function importLcabyg(input: ImportInput, codes: CodeTable): ImportResult {
  const result: ImportResult = { format: 'lcabyg', materials: [], constructions: [], refused: [], warnings: [] };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(input.bytes).replace(/^\uFEFF/, ''));
  } catch (e) {
    result.refused.push({ item: input.name, field: '', reason: msg('The file is not JSON: {0}', reasonOf(e)) });
    return result;
  }
  if (!Array.isArray(value) || !isLcabygValue(value)) {
    result.refused.push({ item: input.name, field: '', reason: msg('Not an LCAbyg file: a list of {"Node": …} and {"Edge": […]} is expected.') });
    return result;
  }
  const { nodes, edges } = parse(value);
  const from = (id: string, type: string) => edges.filter((e) => e.from === id && e.type === type && enabled(e.body));
  // Products: every Product node of the file with its stages.
  const byProduct = new Map<string, ImportedMaterial | null>();
  for (const [id, n] of nodes) {
    if (n.type !== 'Product') continue;
    const stages = from(id, 'ProductToStage')
      .map((e) => nodes.get(e.to))
      .filter((s): s is { type: string; body: Obj; index: number } => s?.type === 'Stage');
    const warnings: Msg[] = [];
    const item = `${languageText(n.body.name, 'Danish') || id} (${id})`;
    try {
      const draft = productDraft(n, stages, warnings);
      const imported = importedMaterial(draft, codes, msg('{0} product {1}', input.name, id), warnings);
      result.materials.push(imported);
      byProduct.set(id, imported);
    } catch (e) {
      if (!(e instanceof FieldError)) throw e;
      result.refused.push({ item, field: e.field, reason: e.reason });
      byProduct.set(id, null);
    }
  }
  for (const [id, n] of nodes) {
    if (n.type !== 'Construction') continue;
    const c = constructionOf(input, id, n, from(id, 'ConstructionToProduct'), byProduct, codes, result);
    if (c) result.constructions.push(c);
  }
  if (!result.materials.length && !result.constructions.length && !result.refused.length) {
    const elements = [...nodes.values()].filter((n) => n.type === 'Element').length;
    result.warnings.push({ item: input.name, field: '', reason: elements ? msg('{0} building element(s) use only LCAbyg\'s library constructions: no user construction or product to import.', elements) : msg('No user construction or product in the file.') });
  }
  return result;
}

function constructionOf(
  input: ImportInput,
  id: string,
  n: { body: Obj; index: number },
  links: Parsed['edges'],
  byProduct: Map<string, ImportedMaterial | null>,
  codes: CodeTable,
  result: ImportResult,
): ImportedConstruction | undefined {
  const c = n.body;
  const at = `[${n.index}].Node.Construction`;
  const name = languageText(c.name, 'Danish') || id;
  const item = `${name} (${id})`;
  if (!links.length) {
    result.refused.push({ item, field: at, reason: msg('has no products (ConstructionToProduct edges)') });
    return undefined;
  }
  const warnings: Msg[] = [];
  const components: ComponentDraft[] = [];
  for (const e of links) {
    const where = `[${e.index}].Edge.ConstructionToProduct`;
    const amount = numberOf(e.body.amount);
    const unit = typeof e.body.unit === 'string' ? e.body.unit : '';
    if (amount === undefined || amount < 0) {
      result.refused.push({ item, field: `${where}.amount`, reason: msg('must be a number ≥ 0; the construction is not written (a component would be missing).') });
      return undefined;
    }
    const material = byProduct.get(e.to);
    if (material === null) {
      result.refused.push({ item, field: where, reason: msg('its product {0} was refused (see above); the construction is not written (a component would be missing).', e.to) });
      return undefined;
    }
    const lifespan = numberOf(e.body.lifespan);
    if (e.body.demolition === true || (numberOf(e.body.delayed_start) ?? 0) > 0) warnings.push(msg('{0}: demolition or a delayed start is not carried; the component counts from year 0.', where));
    components.push({
      sourceId: material ? material.sourceId! : e.to,
      // A library product keeps LCAbyg's id until resolveLibraryReferences matches it to an imported Tabel 7 row.
      originalUUID: material ? material.material.originalUUID : e.to.toLowerCase(),
      unit,
      amount,
      ...(lifespan !== undefined && Number.isInteger(lifespan) && lifespan >= 1 ? { lifespan } : {}),
      where: `${where}.unit`,
    });
  }
  const description = languageText(c.comment, 'Danish');
  try {
    return buildConstruction({ name, description, declaredUnit: typeof c.unit === 'string' ? c.unit : '', components, tags: ['LCAbyg'], where: `${at}.unit` }, codes, `${input.name} ${at}`, warnings);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    result.refused.push({ item, field: e.field, reason: e.reason });
    return undefined;
  }
}

/**
 * Components that name a material not in the import (LCAbyg library products): matched to a Tabel 7 row imported
 * alongside — an LCAx file of ocni-dtu/table7 (its id is LCAbyg's) or a row of the CSV (its Sorterings ID, through
 * the id map) — else reported as unresolved with the row it stands for, when known.
 */
export function resolveLibraryReferences(result: ImportResult): void {
  for (const c of result.constructions) {
    const found = componentMaterials(c, result.materials);
    const unresolved: string[] = [];
    c.componentSources.forEach((source, i) => {
      if (found[i]) return;
      const row = tabel7RowOfLcabygId(source);
      const m = result.materials.find((x) => x.sourceId?.toLowerCase() === source.toLowerCase() || (row !== undefined && x.sourceId?.toUpperCase() === row));
      if (m) {
        c.construction.constructionEpds[i].epdId = m.material.originalUUID;
        c.componentSources[i] = m.sourceId!;
      } else unresolved.push(row ? `${i + 1}: ${source} (BR18 Tabel 7 ${row})` : `${i + 1}: ${source}`);
    });
    if (unresolved.length) {
      result.warnings.push({
        item: c.construction.name,
        field: '',
        reason: msg('Components refer to LCAbyg library products not in the file, kept by their LCAbyg id: {0}. Import the BR18 Tabel 7 rows with the file (the CSV or ocni-dtu/table7\'s LCAx files) to resolve them.', unresolved.join('; ')),
      });
    }
  }
}

export type { ImportIssue };
