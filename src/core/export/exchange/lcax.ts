// Constructions as an LCAx 3.x project (ocni-dtu/lcax, the shape of its published schema at v3.4.3): one assembly
// per construction (per ONE unit of it), one product per component — its amount in the EPD's declared unit, its
// service life, and the material embedded as an EPD per one declared unit — and, as `results`, the figures the
// preview computed (GWP: A1-A3, B4, C3, C4, D per module, kg CO2e). LCAx's own calculation (`calculateProject`)
// multiplies each EPD's figure by the product's quantity: it gives the same A1-A3, C3 and C4 and counts no
// replacements (docs/exports.md). Nothing is computed here that the preview did not compute. No vscode.
import { DEFAULT_PERIOD_YEARS } from '../../lca/period';
import { derivedUuid } from '../../import/builder';
import { msg } from '../../l10n';
import { isObject } from '../../guards';
import { exchangeMaterialOf, type ExchangeMaterial } from './material';
import { emptyReport, type ExchangeConstruction, type ExchangeInput, type ExchangeReport } from './types';

/** The LCAx format version written: the release whose schema the file follows. */
export const LCAX_FORMAT_VERSION = '3.4.3';

export const LCAX_UNIT: Readonly<Record<string, string>> = { M: 'm', M2: 'm2', M3: 'm3', KG: 'kg', TONNE: 'tones', PCS: 'pcs', KWH: 'kwh', L: 'l' };

/** Workbench indicator names → LCAx impact categories. */
export const LCAX_CATEGORY: Readonly<Record<string, string>> = {
  GWP_TOTAL: 'gwp', GWP_FOSSIL: 'gwp_fos', GWP_BIOGENIC: 'gwp_bio', GWP_LULUC: 'gwp_lul',
  ODP: 'odp', AP: 'ap', EP_FRESHWATER: 'ep_fw', EP_MARINE: 'ep_mar', EP_TERRESTRIAL: 'ep_ter', POCP: 'pocp',
  ADPE: 'adpe', ADPF: 'adpf', WDP: 'wdp', PERE: 'pere', PERM: 'perm', PERT: 'pert', PENRE: 'penre', PENRM: 'penrm', PENRT: 'penrt',
  SM: 'sm', RSF: 'rsf', NRSF: 'nrsf', FW: 'fw', HWD: 'hwd', NHWD: 'nhwd', RWD: 'rwd', CRU: 'cru', MFR: 'mrf', MER: 'mer', EEE: 'eee', EET: 'eet',
};

/** Module labels of the code table → LCAx life cycle modules. */
const LCAX_MODULE: Readonly<Record<string, string>> = {
  A0: 'a0', 'A1-A3': 'a1a3', A4: 'a4', A5: 'a5', B1: 'b1', B2: 'b2', B3: 'b3', B4: 'b4', B5: 'b5', B6: 'b6', B7: 'b7', B8: 'b8',
  C1: 'c1', C2: 'c2', C3: 'c3', C4: 'c4', D: 'd',
};

/** The modules the results carry: the preview's. */
export const LCAX_RESULT_MODULES = ['a1a3', 'b4', 'c3', 'c4', 'd'] as const;

type Json = Record<string, unknown>;

export interface LcaxExportOptions {
  /** The project's name and id (a construction export: the file's name). */
  name: string;
  description?: string;
}

export interface LcaxExport {
  project: Json;
  report: ExchangeReport;
}

type Refused = { refused: ReturnType<typeof msg> };
const isRefused = (v: Json | Refused): v is Refused => 'refused' in v && typeof v.refused === 'object' && v.refused !== null && 'message' in v.refused;

/** A material as an LCAx EPD (per one declared unit), or why it cannot be one. */
export function epdOfMaterial(m: ExchangeMaterial, report: ExchangeReport): Json | Refused {
  const unit = LCAX_UNIT[m.unitLabel];
  if (!unit) return { refused: msg('its declared unit ({0}) is none of LCAx\'s units', m.unitLabel) };
  const impacts: Json = {};
  for (const [name, perModule] of m.values) {
    const key = LCAX_CATEGORY[name];
    if (!key) continue;
    const category: Json = {};
    for (const [label, value] of perModule) {
      const module = LCAX_MODULE[label];
      if (module) category[module] = value;
    }
    impacts[key] = category;
  }
  if (!m.publishedAt || !m.validTo) report.notes.push({ item: m.name, message: msg('the EPD\'s publication or validity date is not given: LCAx is given 1970-01-01 in its place') });
  return {
    type: 'EPD',
    id: m.uuid,
    name: m.name,
    declaredUnit: unit,
    version: m.version,
    publishedDate: m.publishedAt ?? '1970-01-01',
    validUntil: m.validTo ?? '1970-01-01',
    source: m.sourceName || m.link ? { name: m.sourceName || 'LCA Workbench', url: m.link || null } : null,
    referenceServiceLife: m.lifespan !== undefined && Number.isInteger(m.lifespan) && m.lifespan > 0 ? m.lifespan : null,
    standard: m.standard === 'A1' ? 'en15804a1' : m.standard === 'A2' ? 'en15804a2' : 'unknown',
    comment: m.description || null,
    location: 'unknown',
    subtype: m.epdType === 0 ? 'generic' : m.epdType === 1 ? 'industry' : 'specific',
    conversions: m.mass !== undefined && unit !== 'kg' && unit !== 'tones' ? [{ to: 'kg', value: m.mass / m.declaredValue, metaData: null }] : null,
    impacts,
    metaData: m.declarationNumber ? { declarationNumber: m.declarationNumber } : null,
  };
}

const gwpResults = (g: { a1a3: number; b4: number; c3: number; c4: number; d: number }, per: number): Json => ({
  gwp: { a1a3: g.a1a3 / per, b4: g.b4 / per, c3: g.c3 / per, c4: g.c4 / per, d: g.d / per },
});

function assemblyOf(c: ExchangeConstruction, input: ExchangeInput, report: ExchangeReport, categories: Set<string>): Json | Refused {
  const doc = isObject(c.value) ? c.value : {};
  const p = c.preview;
  if (p.problems.length || !p.total) {
    const first = p.problems[0];
    return { refused: first ? msg('component {0} cannot be computed ({1}); nothing of this construction is written', first.index + 1, first.reason) : msg('it has no components') };
  }
  const unitLabel = input.codes.unitByCode(p.declaredUnit)?.label ?? 'NONE';
  const unit = LCAX_UNIT[unitLabel];
  if (!unit) return { refused: msg('its declared unit ({0}) is none of LCAx\'s units', unitLabel) };
  const name = typeof doc.name === 'string' && doc.name.trim() ? doc.name.trim() : c.file;
  const assemblyId = derivedUuid(`${c.file}|${name}`, 'lca-workbench/lcax/assembly');
  const products: Json[] = [];
  for (const comp of p.components) {
    const record = input.material(comp.epdId);
    if (record === undefined) return { refused: msg('the material of component {0} ({1}) is not known', comp.index + 1, comp.epdId) };
    const m = exchangeMaterialOf(record, comp.epdId, input.codes);
    const epd = epdOfMaterial(m, report);
    if (isRefused(epd)) return { refused: msg('component {0} ({1}): {2}', comp.index + 1, m.name, epd.refused) };
    for (const key of Object.keys(epd.impacts as Json)) categories.add(key);
    products.push({
      type: 'product',
      id: derivedUuid(`${assemblyId}|${comp.index}`, 'lca-workbench/lcax/product'),
      name: m.name,
      description: null,
      referenceServiceLife: comp.lifespan !== undefined ? Math.max(1, Math.round(comp.lifespan)) : Math.max(120, p.period),
      impactData: [epd],
      // Per ONE unit of the construction, in the EPD's declared unit: the preview's result sets × its declared value.
      quantity: (comp.sets * m.declaredValue) / p.declaredValue,
      unit: epd.declaredUnit,
      transport: null,
      results: gwpResults(comp.gwp, p.declaredValue),
      metaData: { replacements: comp.replacements, period: p.period, serviceLife: comp.lifespan ?? null },
    });
  }
  return {
    type: 'assembly',
    id: assemblyId,
    name,
    description: typeof doc.description === 'string' ? doc.description : null,
    comment: c.file,
    quantity: 1,
    unit,
    classification: null,
    products,
    results: gwpResults(p.total, p.declaredValue),
    metaData: null,
  };
}

/** Builds the LCAx project of the constructions. */
export function buildLcaxProject(input: ExchangeInput, options: LcaxExportOptions): LcaxExport {
  const report = emptyReport();
  const categories = new Set<string>(['gwp']);
  const assemblies: Json[] = [];
  let period: number | undefined;
  for (const c of input.constructions) {
    const a = assemblyOf(c, input, report, categories);
    if (isRefused(a)) {
      report.refused.push({ item: c.file, message: a.refused });
      continue;
    }
    period ??= c.preview.period;
    // One project, one reference study period: a construction computed over another (its own project's) is said.
    if (c.preview.period !== period) report.notes.push({ item: c.file, message: msg('computed over {0} years (its project\'s period), while the LCAx project says {1}', c.preview.period, period) });
    assemblies.push(a);
    report.constructions.push(c.file);
    for (const p of a.products as Json[]) {
      const epd = (p.impactData as Json[])[0];
      if (!report.materials.includes(epd.name as string)) report.materials.push(epd.name as string);
    }
  }
  const project = lcaxProject({
    id: derivedUuid(`${options.name}|${report.constructions.join('|')}${input.copy ? `|copy ${input.copy}` : ''}`, 'lca-workbench/lcax/project'),
    name: options.name,
    description: options.description ?? null,
    referenceStudyPeriod: period ?? DEFAULT_PERIOD_YEARS,
    lifeCycleModules: [...LCAX_RESULT_MODULES],
    impactCategories: [...categories].sort(),
    assemblies,
    results: null,
    metaData: null,
    software: input.software,
  });
  return { project, report };
}

/** What an LCAx project says that both exports vary; the rest is the same for both (Danish, no phase, our software). */
export interface LcaxProjectParts {
  id: string;
  name: string;
  description: string | null;
  referenceStudyPeriod: number;
  lifeCycleModules: string[];
  impactCategories: string[];
  assemblies: unknown[];
  results: unknown;
  metaData: unknown;
  software: { name: string; version?: string };
}

/** An LCAx project object of the format version written (LCAX_FORMAT_VERSION) from its varying parts. */
export function lcaxProject(p: LcaxProjectParts): Json {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    comment: null,
    location: { country: 'dnk', city: null, address: null },
    owner: null,
    formatVersion: LCAX_FORMAT_VERSION,
    lciaMethod: null,
    classificationSystems: null,
    referenceStudyPeriod: p.referenceStudyPeriod,
    lifeCycleModules: p.lifeCycleModules,
    impactCategories: p.impactCategories,
    assemblies: p.assemblies,
    results: p.results,
    projectInfo: null,
    projectPhase: 'other',
    softwareInfo: { lcaSoftware: p.software.name, lcaSoftwareVersion: p.software.version || null, goalAndScopeDefinition: null, calculationType: null },
    metaData: p.metaData,
  };
}
