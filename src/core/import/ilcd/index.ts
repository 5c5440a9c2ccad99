// ILCD+EPD (ILCD format 1.1 with the EPD extension 1.1/1.2, EN 15804+A1 and +A2) → materials. Takes every entry of a
// ZIP or folder at once, because a process dataset is only complete with the flow, flow property and unit group data
// sets it refers to by UUID. XML is read with fast-xml-parser; nothing here knows about VS Code.
import { XMLParser } from 'fast-xml-parser';
import { MODULE, UNIT, indicatorByName, unitByCode } from '../../codes';
import type { IndicatorName, IndicatorResult, Material, MultiLangText } from '../../schemas/types';
import { allModules } from '../../templates';
import { reasonOf, type ImportInput, type ImportIssue, type ImportResult, type ImportedMaterial } from '../types';
import { format, joined, msg, type Msg } from '../../l10n';
import {
  FLOW_PROPERTY_UNITS,
  INDICATOR_FLOWS,
  LCIA_METHODS,
  MASS_PROPERTY,
  MATML_PROPERTIES,
  SPECIFICATION_FORM,
  SUBTYPES,
  UNIT_NAMES,
  type Standard,
} from './tables';
import { isIlcdJson, processFromJson } from './json';
import { isObject as isNode } from '../../guards';

export interface IlcdImportOptions {
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

/** Thrown when `signal` aborts; nothing is returned then. */
export class ImportCancelledError extends Error {
  constructor() {
    super('Import cancelled.');
    this.name = 'ImportCancelledError';
  }
}

type Node = Record<string, unknown>;

/** Elements that may repeat: always arrays, so one occurrence reads like many. */
const ARRAYS = new Set([
  'baseName', 'generalComment', 'shortDescription', 'exchange', 'LCIAResult', 'amount', 'flowProperty', 'unit',
  'scenario', 'PropertyData', 'PropertyDetails', 'referenceToOwnershipOfDataSet', 'name', 'description',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (tagName) => ARRAYS.has(tagName),
});

/** Which ILCD data set a document is, from its root element (cheap: looks at the first kilobytes only). */
const ROOT = /<(?:[A-Za-z_][\w.-]*:)?(processDataSet|flowDataSet|flowPropertyDataSet|unitGroupDataSet|contactDataSet|sourceDataSet|LCIAMethodDataSet)[\s>]/;

export type IlcdKind = 'process' | 'flow' | 'flowProperty' | 'unitGroup' | 'other';

export function ilcdKindOf(head: string): IlcdKind | undefined {
  const m = ROOT.exec(head);
  if (!m) return undefined;
  switch (m[1]) {
    case 'processDataSet': return 'process';
    case 'flowDataSet': return 'flow';
    case 'flowPropertyDataSet': return 'flowProperty';
    case 'unitGroupDataSet': return 'unitGroup';
    default: return 'other';
  }
}

// ---- small readers ----

function child(n: unknown, ...path: string[]): unknown {
  let cur = n;
  for (const p of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (!isNode(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}
function list(v: unknown): unknown[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}
function text(v: unknown): string | undefined {
  if (Array.isArray(v)) v = v[0];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (isNode(v) && typeof v['#text'] === 'string') return (v['#text'] as string).trim();
  if (isNode(v) && typeof v['#text'] === 'number') return String(v['#text']);
  return undefined;
}
function attr(v: unknown, name: string): string | undefined {
  if (Array.isArray(v)) v = v[0];
  if (!isNode(v)) return undefined;
  const a = v[`@${name}`];
  return typeof a === 'string' ? a.trim() : undefined;
}
/** `[{lang, value}]` of a multi-language element (baseName, generalComment, shortDescription…). */
function multiLang(v: unknown): MultiLangText[] {
  const out: MultiLangText[] = [];
  for (const item of list(v)) {
    const value = text(item);
    if (!value) continue;
    const lang = attr(item, 'lang') || 'en';
    const same = out.find((t) => t.lang === lang);
    if (same) same.value += `\n${value}`;
    else out.push({ lang, value });
  }
  return out;
}
/** The text in the language users here read first: Danish, then English, then whatever the dataset has. */
function preferred(texts: MultiLangText[]): string | undefined {
  return (texts.find((t) => t.lang === 'da') ?? texts.find((t) => t.lang === 'en') ?? texts[0])?.value;
}
function number(s: string | undefined): number | undefined {
  if (s === undefined) return undefined;
  const t = s.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}
/** Decimal places a written number carries (`1.63E-4` → 6), to sum A1 + A2 + A3 without binary noise. */
function decimalsOf(s: string): number {
  const m = /^[-+]?\d*(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(s.trim());
  if (!m) return 10;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}
function sumWritten(values: string[]): number {
  const places = Math.min(15, Math.max(...values.map(decimalsOf)));
  return Number(values.reduce((s, v) => s + Number(v), 0).toFixed(places));
}

function uuidOf(doc: unknown, info: string): string | undefined {
  return text(child(doc, info, 'dataSetInformation', 'UUID'))?.toLowerCase();
}

// ---- the index of one import: every data set by UUID ----

interface Parsed {
  name: string;
  doc: Node;
}

interface Index {
  processes: Parsed[];
  flows: Map<string, Parsed>;
  flowProperties: Map<string, Parsed>;
  unitGroups: Map<string, Parsed>;
}

const MODULE_CODES: Readonly<Record<string, number>> = {
  A0: MODULE.A0, 'A1-A3': MODULE.A1A3, A1A3: MODULE.A1A3, 'A1-3': MODULE.A1A3, A4: MODULE.A4, A5: MODULE.A5,
  B1: MODULE.B1, B2: MODULE.B2, B3: MODULE.B3, B4: MODULE.B4, B5: MODULE.B5, B6: MODULE.B6, B7: MODULE.B7, B8: MODULE.B8,
  C1: MODULE.C1, C2: MODULE.C2, C3: MODULE.C3, C4: MODULE.C4, D: MODULE.D,
};
const SPLIT_A = new Set(['A1', 'A2', 'A3']);
/** Written in place of a value when a module is not declared. */
const NOT_DECLARED = new Set(['', 'nd', 'mnd', 'mna', 'mnr', 'na', 'n/a', '-', '–', 'x']);

/** Imports the ILCD+EPD process data sets among `inputs`; the other data sets are read where the processes refer to them. */
export function importIlcd(inputs: ImportInput[], options: IlcdImportOptions = {}): ImportResult {
  const result: ImportResult = { format: 'ilcd', materials: [], constructions: [], refused: [], warnings: [] };
  for (const _ of steps(inputs, options, result)) {
    // runs to the end in one go
  }
  return result;
}

/** The same, giving the event loop a turn every ~20 ms so that progress paints and a cancel is seen on large sets. */
export async function importIlcdAsync(inputs: ImportInput[], options: IlcdImportOptions = {}): Promise<ImportResult> {
  const result: ImportResult = { format: 'ilcd', materials: [], constructions: [], refused: [], warnings: [] };
  let last = performance.now();
  for (const _ of steps(inputs, options, result)) {
    if (performance.now() - last > 20) {
      await new Promise((r) => setImmediate(r));
      last = performance.now();
    }
  }
  if (options.signal?.aborted) throw new ImportCancelledError();
  return result;
}

/** The import, one file or process data set per step. */
function* steps(inputs: ImportInput[], options: IlcdImportOptions, result: ImportResult): Generator<void, void> {
  const index: Index = { processes: [], flows: new Map(), flowProperties: new Map(), unitGroups: new Map() };
  const decoder = new TextDecoder();
  // Progress counts files read, then process data sets converted (the total grows once the processes are known).
  let total = inputs.length;
  let done = 0;
  const step = () => {
    done++;
    if (options.signal?.aborted) throw new ImportCancelledError();
    if (done % 25 === 0) options.onProgress?.(done, total);
  };

  for (const input of inputs) {
    step();
    yield;
    const head = decoder.decode(input.bytes.subarray(0, 4096));
    if (/^\s*[[{]/.test(head.replace(/^\uFEFF/, ''))) {
      // ILCD+EPD as JSON (soda4LCA): one process data set that carries its product flow's properties.
      let value: unknown;
      try {
        value = JSON.parse(decoder.decode(input.bytes).replace(/^\uFEFF/, ''));
      } catch (e) {
        result.refused.push({ item: input.name, field: '', reason: msg('The file is not JSON: {0}', reasonOf(e)) });
        continue;
      }
      if (!isIlcdJson(value)) continue;
      const { process, flow } = processFromJson(value);
      index.processes.push({ name: input.name, doc: process });
      if (flow && !index.flows.has(flow.uuid)) index.flows.set(flow.uuid, { name: input.name, doc: flow.doc });
      continue;
    }
    const kind = ilcdKindOf(head);
    if (kind === undefined || kind === 'other') continue;
    let doc: Node;
    try {
      doc = parser.parse(decoder.decode(input.bytes)) as Node;
    } catch (e) {
      (kind === 'process' ? result.refused : result.warnings).push({
        item: input.name,
        field: '',
        reason: msg('The file is not well-formed XML: {0}', (e as Error).message.split('\n')[0]),
      });
      continue;
    }
    const root = Object.entries(doc).find(([k]) => !k.startsWith('?'))?.[1];
    if (!isNode(root)) continue;
    const parsed = { name: input.name, doc: root };
    if (kind === 'process') index.processes.push(parsed);
    else {
      const info = kind === 'flow' ? 'flowInformation' : kind === 'flowProperty' ? 'flowPropertiesInformation' : 'unitGroupInformation';
      const uuid = uuidOf(root, info);
      if (!uuid) continue;
      const map = kind === 'flow' ? index.flows : kind === 'flowProperty' ? index.flowProperties : index.unitGroups;
      map.set(uuid, parsed);
    }
  }

  total += index.processes.length;
  for (const p of index.processes) {
    step();
    yield;
    try {
      const imported = importProcess(p, index, result.warnings);
      if (imported) result.materials.push(imported);
    } catch (e) {
      if (e instanceof IlcdFieldError) result.refused.push({ item: e.item, field: e.field, reason: e.reason });
      else throw e;
    }
  }
  options.onProgress?.(total, total);
  if (!index.processes.length && !result.refused.length) {
    result.refused.push({ item: inputs.length === 1 ? inputs[0].name : msg('{0} file(s)', inputs.length), field: '', reason: msg('No ILCD process data set (processDataSet) found.') });
  }
}

class IlcdFieldError extends Error {
  constructor(
    readonly item: string,
    readonly field: string,
    readonly reason: Msg,
  ) {
    super(format(reason));
  }
}

// ---- one process data set ----

interface DeclaredUnit {
  declaredValue: number;
  declaredUnit: number;
  mass?: number;
  massUnit?: number;
}

function importProcess(p: Parsed, index: Index, issues: ImportIssue[]): ImportedMaterial | undefined {
  const doc = p.doc;
  const info = child(doc, 'processInformation', 'dataSetInformation');
  const uuid = text(child(info, 'UUID'))?.toLowerCase();
  const names = multiLang(child(info, 'name', 'baseName'));
  const name = preferred(names);
  const item = name ? `${name} (${p.name})` : p.name;
  const fail = (field: string, reason: Msg): never => {
    throw new IlcdFieldError(item, field, reason);
  };
  if (!uuid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid)) {
    fail('processInformation/dataSetInformation/UUID', uuid ? msg('"{0}" is not a UUID', uuid) : msg('is missing'));
  }
  if (!name) fail('processInformation/dataSetInformation/name/baseName', msg('is missing: the data set has no name'));
  const version = text(child(doc, 'administrativeInformation', 'publicationAndOwnership', 'dataSetVersion'));
  if (!version) fail('administrativeInformation/publicationAndOwnership/dataSetVersion', msg('is missing: without it the EPD cannot be told from other versions of it'));

  const warnings: Msg[] = [];
  const declared = declaredUnitOf(doc, index, fail, warnings);
  const { results, standard } = resultsOf(doc, fail, warnings);

  const descriptions = multiLang(child(info, 'generalComment'));
  const time = child(doc, 'processInformation', 'time');
  const validTo = validUntil(text(child(time, 'dataSetValidUntil')), warnings);
  const published = dateOf(text(child(time, 'other', 'publicationDateOfEPD')));
  const ownership = child(doc, 'administrativeInformation', 'publicationAndOwnership');
  const ownerRef = list(child(ownership, 'referenceToOwnershipOfDataSet'))[0];
  const owner = preferred(multiLang(child(ownerRef, 'shortDescription')));
  const ownerId = attr(ownerRef, 'refObjectId')?.toLowerCase();
  const declarationNumber = text(child(ownership, 'registrationNumber'));
  const link = text(child(ownership, 'permanentDataSetURI'));
  const subtype = text(child(doc, 'modellingAndValidation', 'LCIMethodAndAllocation', 'other', 'subType'));
  let epdType: number | undefined;
  if (subtype) {
    epdType = SUBTYPES[subtype.toLowerCase()];
    if (epdType === undefined) warnings.push(msg('Sub-type "{0}" is not generic, average, representative or specific; the EPD type is left out.', subtype));
  }

  const material: Material = {
    name: name!,
    description: preferred(descriptions) ?? '',
    originalUUID: uuid!,
    originalVersion: version!,
    ...(names.length ? { nameMultiLang: names } : {}),
    ...(descriptions.length ? { descriptionMultiLang: descriptions } : {}),
    isPublic: false,
    isCustom: false,
    epdInfo: {
      ...(standard ? { epdSpecificationForm: SPECIFICATION_FORM[standard] } : {}),
      ...(epdType !== undefined ? { epdProductIndustryType: epdType } : {}),
      ...(validTo ? { validTo } : {}),
      epdVersion: version!,
      ...(declarationNumber ? { declarationNumber } : {}),
      ...(published ? { publicationDate: published } : {}),
      ...(link ? { link } : {}),
      ...(ownerId && /^[0-9a-f-]{36}$/.test(ownerId) ? { declarationOwnerId: ownerId } : {}),
    },
    declaredUnit: declared,
    lciaResults: results,
    tags: ['ILCD+EPD', ...(standard ? [`EN 15804+${standard}`] : []), ...(owner ? [owner] : [])],
  };
  for (const w of warnings) issues.push({ item, field: '', reason: w });
  return { material, source: p.name, warnings };
}

/** `2025` → the last day of 2025; a date stays that date. */
function validUntil(v: string | undefined, warnings: Msg[]): string | undefined {
  if (!v) return undefined;
  if (/^\d{4}$/.test(v)) return `${v}-12-31T00:00:00Z`;
  const d = dateOf(v);
  if (!d) warnings.push(msg('"Valid until" {0} is neither a year nor a date; left out.', JSON.stringify(v)));
  return d;
}
function dateOf(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const day = /^(\d{4}-\d{2}-\d{2})(?:[Z+-].*)?$/.exec(v);
  if (day) return `${day[1]}T00:00:00Z`;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString().replace(/\.000Z$/, 'Z');
}

// ---- reference flow, declared unit and mass ----

function unitOfProperty(propertyUuid: string, index: Index): { unit?: number; label: string; unitName?: string } {
  const fp = index.flowProperties.get(propertyUuid);
  const known = FLOW_PROPERTY_UNITS[propertyUuid];
  if (fp) {
    const ugRef = child(fp.doc, 'flowPropertiesInformation', 'quantitativeReference', 'referenceToReferenceUnitGroup');
    const ug = index.unitGroups.get(attr(ugRef, 'refObjectId')?.toLowerCase() ?? '');
    if (ug) {
      const refId = text(child(ug.doc, 'unitGroupInformation', 'quantitativeReference', 'referenceToReferenceUnit'));
      const unit = list(child(ug.doc, 'units', 'unit')).find((u) => attr(u, 'dataSetInternalID') === refId);
      const unitName = text(child(unit, 'name'));
      if (unitName) {
        const code = UNIT_NAMES[unitName.toLowerCase().replace(/\s+/g, '')];
        return { unit: code ?? known?.unit, label: known?.label ?? unitName, unitName };
      }
    }
  }
  return { unit: known?.unit, label: known?.label ?? propertyUuid };
}

function declaredUnitOf(doc: Node, index: Index, fail: (field: string, reason: Msg) => never, warnings: Msg[]): DeclaredUnit {
  const refId = text(child(doc, 'processInformation', 'quantitativeReference', 'referenceToReferenceFlow'));
  if (refId === undefined) fail('processInformation/quantitativeReference/referenceToReferenceFlow', msg('is missing: the data set does not say which exchange is its declared unit'));
  const exchange = list(child(doc, 'exchanges', 'exchange')).find((e) => attr(e, 'dataSetInternalID') === refId);
  if (!exchange) fail('exchanges/exchange', msg('no exchange has dataSetInternalID {0}, the reference flow', String(refId)));
  const amountText = text(child(exchange, 'resultingAmount')) ?? text(child(exchange, 'meanAmount'));
  const amount = number(amountText);
  if (amount === undefined || amount <= 0) fail(`exchanges/exchange[${refId}]/meanAmount`, msg('the reference flow\'s amount {0} is not a number > 0', JSON.stringify(amountText ?? null)));
  const flowRef = child(exchange, 'referenceToFlowDataSet');
  const flowId = attr(flowRef, 'refObjectId')?.toLowerCase() ?? '';
  const flow = index.flows.get(flowId);
  if (!flow) {
    fail(`exchanges/exchange[${refId}]/referenceToFlowDataSet`, msg('the product flow {0} is not among the files imported; import the whole export (ZIP or folder with flows/) so the declared unit can be read', flowId || '(no id)'));
  }
  const flowDoc = flow!.doc;
  const propRefId = text(child(flowDoc, 'flowInformation', 'quantitativeReference', 'referenceToReferenceFlowProperty')) ?? '0';
  const properties = list(child(flowDoc, 'flowProperties', 'flowProperty'));
  const refProp = properties.find((fp) => attr(fp, 'dataSetInternalID') === propRefId);
  if (!refProp) fail(`flow ${flowId}: flowProperties`, msg('no flow property has dataSetInternalID {0}, the reference flow property', String(propRefId)));
  const refPropUuid = attr(child(refProp, 'referenceToFlowPropertyDataSet'), 'refObjectId')?.toLowerCase() ?? '';
  const refPropMean = number(text(child(refProp, 'meanValue'))) ?? 1;
  const inlineUnit = text(child(refProp, 'referenceUnit'));
  const { unit, label, unitName } = inlineUnit
    ? { unit: UNIT_NAMES[inlineUnit.toLowerCase().replace(/\s+/g, '')] ?? FLOW_PROPERTY_UNITS[refPropUuid]?.unit, label: inlineUnit, unitName: inlineUnit }
    : unitOfProperty(refPropUuid, index);
  if (unit === undefined) {
    fail(`flow ${flowId}: flowProperties/flowProperty[${propRefId}]`, msg('the declared unit ({0}) has no counterpart in the service\'s units (m, m2, m3, kg, t, pcs, kWh, MJ, l)', String(unitName ?? label)));
  }
  // The exchange amount counts units of the flow; the reference property says how much of it one unit is.
  const declaredValue = Number((amount! * refPropMean).toPrecision(12));
  const result: DeclaredUnit = { declaredValue, declaredUnit: unit! };
  if (declaredValue !== 1) {
    warnings.push(msg('The results are per {0} {1} (the reference flow), not per 1; declaredValue is {0}.', declaredValue, unitByCode(unit!)!.label.toLowerCase()));
  }
  if (unit === UNIT.KG || unit === UNIT.TONNE) return result;

  // Mass of the declared amount: a mass flow property of the flow first, else the MatML conversion that is per the declared unit.
  const massProp = properties.find((fp) => attr(child(fp, 'referenceToFlowPropertyDataSet'), 'refObjectId')?.toLowerCase() === MASS_PROPERTY);
  const massMean = number(text(child(massProp, 'meanValue')));
  const conversions = matml(flowDoc);
  let mass: number | undefined;
  let massFrom: Msg | undefined;
  if (massMean !== undefined && massMean > 0) {
    mass = (massMean / refPropMean) * declaredValue;
    massFrom = msg('the mass flow property of the product flow');
  }
  const notes: string[] = [];
  for (const c of conversions) {
    const def = MATML_PROPERTIES[c.name.toLowerCase()];
    if (!def) {
      notes.push(`${c.name} ${c.value} ${c.unit}`);
      continue;
    }
    if (mass === undefined && def.per === unit) {
      mass = c.value * declaredValue;
      massFrom = msg('the {0} {1} {2}', def.label, c.value, c.unit);
    } else {
      notes.push(`${def.label} ${c.value} ${c.unit}`);
    }
  }
  if (mass !== undefined) {
    result.mass = Number(mass.toPrecision(12));
    result.massUnit = UNIT.KG;
    warnings.push(msg('Mass {0} kg per {1} {2} from {3}.', result.mass, declaredValue, unitByCode(unit!)!.label.toLowerCase(), massFrom!));
  } else {
    warnings.push(msg('No mass per {0}: constructions must give this material in its declared unit.', unitByCode(unit!)!.label.toLowerCase()));
  }
  if (notes.length) warnings.push(msg('Conversions given but not the mass of the declared unit (kept out of declaredUnit): {0}.', notes.join('; ')));
  return result;
}

/** ÖKOBAUDAT's MatML block on the product flow: `[{name, value, unit}]`. */
function matml(flowDoc: Node): { name: string; value: number; unit: string }[] {
  const inline = child(flowDoc, 'flowInformation', 'conversions');
  if (Array.isArray(inline)) {
    return inline.flatMap((c: { name: string; value: string; unit: string }) => {
      const value = number(c.value);
      return value === undefined || !c.name ? [] : [{ name: c.name, value, unit: c.unit }];
    });
  }
  const doc = child(flowDoc, 'flowInformation', 'dataSetInformation', 'other', 'MatML_Doc');
  if (!doc) return [];
  const details = new Map<string, { name: string; unit: string }>();
  for (const d of list(child(doc, 'Metadata', 'PropertyDetails'))) {
    const id = attr(d, 'id');
    const name = text(child(d, 'Name'));
    if (id && name) details.set(id, { name, unit: attr(child(d, 'Units'), 'name') ?? '' });
  }
  const out: { name: string; value: number; unit: string }[] = [];
  for (const pd of list(child(doc, 'Material', 'BulkDetails', 'PropertyData'))) {
    const d = details.get(attr(pd, 'property') ?? '');
    const value = number(text(child(pd, 'Data')));
    if (d && value !== undefined) out.push({ ...d, value });
  }
  return out;
}

// ---- results per module ----

interface Amount {
  module: string;
  scenario?: string;
  text: string;
}

function amountsOf(node: unknown): Amount[] {
  return list(child(node, 'other', 'amount')).map((a) => ({
    module: attr(a, 'module') ?? '',
    scenario: attr(a, 'scenario'),
    text: text(a) ?? '',
  }));
}

function resultsOf(doc: Node, fail: (field: string, reason: Msg) => never, warnings: Msg[]) {
  const byModule = new Map<number, IndicatorResult[]>();
  const standards = new Set<Standard>();
  const leftOut = new Set<string>();
  const unknown: string[] = [];
  const scenarioNotes = new Map<string, Msg>();
  const defaultScenario = scenarioDefault(doc);
  let split = false;

  const add = (indicator: IndicatorName, label: string, amounts: Amount[], field: string, unit = indicatorByName(indicator)!.unit) => {
    // One value per module: the default scenario's where a module has several.
    const perModule = new Map<string, Amount[]>();
    for (const a of amounts) {
      const key = a.module.toUpperCase().replace(/\s+/g, '');
      perModule.set(key, [...(perModule.get(key) ?? []), a]);
    }
    const values = new Map<string, string>();
    for (const [module, list] of perModule) {
      let chosen = list[0];
      if (list.length > 1) {
        chosen = list.find((a) => a.scenario && a.scenario === defaultScenario) ?? list.find((a) => !a.scenario) ?? list[0];
        const others = list.filter((a) => a !== chosen).map((a) => `"${a.scenario ?? '(none)'}"`).join(', ');
        scenarioNotes.set(`${module}|${chosen.scenario}|${others}`, msg('{0}: scenario "{1}" taken, {2} left out', module, chosen.scenario ?? '(none)', others));
      }
      if (NOT_DECLARED.has(chosen.text.toLowerCase())) continue;
      if (number(chosen.text) === undefined) fail(`${field}/amount[@module="${module}"]`, msg('{0}: "{1}" is not a number', label, chosen.text));
      values.set(module, chosen.text);
    }
    // A1, A2, A3 given apart: A1-A3 is their sum unless the data set gives A1-A3 itself (then it is not added twice).
    const parts = [...SPLIT_A].filter((m) => values.has(m));
    if (parts.length && !values.has('A1-A3') && !values.has('A1A3')) {
      if (parts.length < 3) warnings.push(msg('{0}: only {1} of A1, A2, A3 given; A1-A3 is their sum.', label, parts.join(', ')));
      values.set('A1-A3', String(sumWritten(parts.map((m) => values.get(m)!))));
      split = true;
    }
    for (const m of SPLIT_A) values.delete(m);
    for (const [module, v] of values) {
      const code = MODULE_CODES[module];
      if (code === undefined) fail(`${field}/amount[@module="${module}"]`, msg('"{0}" is not a life cycle module (A1-A3, A4, A5, B1–B7, C1–C4, D)', module));
      const list = byModule.get(code) ?? [];
      if (list.some((i) => i.type === indicator)) fail(`${field}`, msg('{0} is given twice for module {1} (two data sets of the same indicator)', indicator, module));
      list.push({ type: indicator, unit, value: Number(v) });
      byModule.set(code, list);
    }
  };

  for (const r of list(child(doc, 'LCIAResults', 'LCIAResult'))) {
    const ref = child(r, 'referenceToLCIAMethodDataSet');
    const id = attr(ref, 'refObjectId')?.toLowerCase() ?? '';
    const label = preferred(multiLang(child(ref, 'shortDescription'))) ?? id;
    const method = LCIA_METHODS[id];
    const amounts = amountsOf(r);
    if (!method) {
      if (amounts.some((a) => !NOT_DECLARED.has(a.text.toLowerCase()))) unknown.push(`${label} (${id})`);
      continue;
    }
    standards.add(method.standard);
    if (!method.name) {
      if (amounts.some((a) => !NOT_DECLARED.has(a.text.toLowerCase()))) leftOut.add(method.label);
      continue;
    }
    add(method.name, method.label, amounts, `LCIAResults/LCIAResult[${method.label}]`, method.unit);
  }
  for (const e of list(child(doc, 'exchanges', 'exchange'))) {
    const id = attr(child(e, 'referenceToFlowDataSet'), 'refObjectId')?.toLowerCase() ?? '';
    const indicator = INDICATOR_FLOWS[id];
    if (!indicator) continue;
    add(indicator, indicator, amountsOf(e), `exchanges/exchange[${indicator}]`);
  }

  let standard: Standard | undefined;
  if (standards.size === 1) standard = [...standards][0];
  else if (standards.size === 2) {
    standard = 'A2';
    warnings.push(msg('The data set mixes EN 15804+A1 and +A2 indicators; marked +A2.'));
  }
  if (standard === 'A1') {
    warnings.push(msg('EN 15804+A1 EPD: epdSpecificationForm 1; GWP is stored as GWP_TOTAL; ODP, ADPE and ADPF under their names (same units); AP in kg SO2 eq and POCP in kg C2H4 eq (the +A1 units), not comparable with +A2 values.'));
  }
  if (leftOut.size) warnings.push(msg('Left out (the service has no such indicator): {0}.', [...leftOut].join(', ')));
  if (unknown.length) warnings.push(msg('Left out (unknown LCIA method): {0}.', unknown.join(', ')));
  if (split) warnings.push(msg('A1, A2 and A3 are given separately: A1-A3 is their sum.'));
  if (scenarioNotes.size) warnings.push(msg('Several scenarios: {0}.', joined([...scenarioNotes.values()])));
  if (!byModule.get(MODULE.A1A3)?.some((i) => i.type === 'GWP_TOTAL')) warnings.push(msg('No GWP for A1-A3.'));

  const order = ['GWP_TOTAL', 'GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC', 'ODP', 'AP', 'EP_FRESHWATER', 'EP_MARINE', 'EP_TERRESTRIAL', 'POCP', 'ADPE', 'ADPF', 'WDP', 'PERE', 'PERM', 'PERT', 'PENRE', 'PENRM', 'PENRT', 'SM', 'RSF', 'NRSF', 'FW', 'HWD', 'NHWD', 'RWD', 'CRU', 'MFR', 'MER', 'EEE', 'EET'];
  const results = allModules((code) => byModule.get(code)?.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type)));
  return { results, standard };
}

/** The scenario marked `epd:default="true"`, else the first one the data set lists. */
function scenarioDefault(doc: Node): string | undefined {
  const scenarios = list(child(doc, 'processInformation', 'dataSetInformation', 'other', 'scenarios', 'scenario'));
  const marked = scenarios.find((s) => attr(s, 'default') === 'true');
  return attr(marked ?? scenarios[0], 'name');
}
