// ILCD+EPD (ILCD format 1.1 with the EPD extension 1.1/1.2, EN 15804+A1 and +A2) → materials. Takes every entry of a
// ZIP or folder at once, because a process dataset is only complete with the flow, flow property and unit group data
// sets it refers to by UUID. XML is read with fast-xml-parser; nothing here knows about VS Code.
import { XMLParser } from 'fast-xml-parser';
import type { CodeTable } from '../../codeTable';
import type { IndicatorName, MultiLangText } from '../../schemas/types';
import { importedMaterial, type DraftValue, type MaterialDraft } from '../builder';
import { FieldError, isMassUnit, unitLabelOf, type UnitLabel } from '../texts';
import { ImportCancelledError, reasonOf, type ImportInput, type ImportResult, type ImportedMaterial } from '../types';
import { joined, msg, type Msg } from '../../l10n';
import { FLOW_PROPERTY_UNITS, INDICATOR_FLOWS, LCIA_METHODS, MASS_PROPERTY, MATML_PROPERTIES, type Standard } from './tables';
import { isIlcdJson, processFromJson } from './json';
import { isObject as isNode } from '../../guards';
import { classificationTag } from '../../families';

export interface IlcdImportOptions {
  /** The code table of the environment the materials are for. */
  codes: CodeTable;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
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

/** Written in place of a value when a module is not declared. */
const NOT_DECLARED = new Set(['', 'nd', 'mnd', 'mna', 'mnr', 'na', 'n/a', '-', '–', 'x']);

/** Imports the ILCD+EPD process data sets among `inputs`; the other data sets are read where the processes refer to them. */
export function importIlcd(inputs: ImportInput[], options: IlcdImportOptions): ImportResult {
  const result: ImportResult = { format: 'ilcd', materials: [], constructions: [], refused: [], warnings: [] };
  for (const _ of steps(inputs, options, result)) {
    // runs to the end in one go
  }
  return result;
}

/** The same, giving the event loop a turn every ~20 ms so that progress paints and a cancel is seen on large sets. */
export async function importIlcdAsync(inputs: ImportInput[], options: IlcdImportOptions): Promise<ImportResult> {
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
    importProcess(p, index, options.codes, result);
  }
  options.onProgress?.(total, total);
  if (!index.processes.length && !result.refused.length) {
    result.refused.push({ item: inputs.length === 1 ? inputs[0].name : msg('{0} file(s)', inputs.length), field: '', reason: msg('No ILCD process data set (processDataSet) found.') });
  }
}

// ---- one process data set ----

interface Declared {
  declaredValue: number;
  unit: UnitLabel;
  mass?: number;
}

/** One process data set → a material (or a refusal naming the field). */
function importProcess(p: Parsed, index: Index, codes: CodeTable, result: ImportResult): void {
  const doc = p.doc;
  const info = child(doc, 'processInformation', 'dataSetInformation');
  const names = multiLang(child(info, 'name', 'baseName'));
  const name = preferred(names);
  const item = name ? `${name} (${p.name})` : p.name;
  try {
    const imported = materialOf(p, index, codes, names, name);
    for (const w of imported.warnings) result.warnings.push({ item, field: '', reason: w });
    result.materials.push(imported);
  } catch (e) {
    if (!(e instanceof FieldError)) throw e;
    result.refused.push({ item, field: e.field, reason: e.reason });
  }
}

function materialOf(p: Parsed, index: Index, codes: CodeTable, names: MultiLangText[], name: string | undefined): ImportedMaterial {
  const doc = p.doc;
  const info = child(doc, 'processInformation', 'dataSetInformation');
  const uuid = text(child(info, 'UUID'))?.toLowerCase();
  if (!uuid || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid)) {
    throw new FieldError('processInformation/dataSetInformation/UUID', uuid ? msg('"{0}" is not a UUID', uuid) : msg('is missing'));
  }
  if (!name) throw new FieldError('processInformation/dataSetInformation/name/baseName', msg('is missing: the data set has no name'));
  const version = text(child(doc, 'administrativeInformation', 'publicationAndOwnership', 'dataSetVersion'));
  if (!version) throw new FieldError('administrativeInformation/publicationAndOwnership/dataSetVersion', msg('is missing: without it the EPD cannot be told from other versions of it'));

  const warnings: Msg[] = [];
  const declared = declaredUnitOf(doc, index, warnings);
  const { values, standard } = resultsOf(doc, warnings);

  const descriptions = multiLang(child(info, 'generalComment'));
  const time = child(doc, 'processInformation', 'time');
  const ownership = child(doc, 'administrativeInformation', 'publicationAndOwnership');
  const ownerRef = list(child(ownership, 'referenceToOwnershipOfDataSet'))[0];
  const owner = preferred(multiLang(child(ownerRef, 'shortDescription')));
  const draft: MaterialDraft = {
    id: uuid,
    idNamespace: 'ilcd',
    version,
    name,
    names,
    description: preferred(descriptions) ?? '',
    descriptions,
    declaredUnit: declared.unit,
    declaredValue: declared.declaredValue,
    mass: declared.mass,
    validUntil: text(child(time, 'dataSetValidUntil')),
    publicationDate: text(child(time, 'other', 'publicationDateOfEPD')),
    badDate: 'leave out',
    epdType: text(child(doc, 'modellingAndValidation', 'LCIMethodAndAllocation', 'other', 'subType')),
    standard,
    values,
    declarationNumber: text(child(ownership, 'registrationNumber')),
    link: text(child(ownership, 'permanentDataSetURI')),
    ownerId: attr(ownerRef, 'refObjectId')?.toLowerCase(),
    tags: ['ILCD+EPD', ...(standard ? [`EN 15804+${standard}`] : []), ...(owner ? [owner] : []), ...classificationTagsOf(info)],
    where: {
      validUntil: 'processInformation/time/dataSetValidUntil',
      publicationDate: 'processInformation/time/other/publicationDateOfEPD',
      epdType: 'modellingAndValidation/LCIMethodAndAllocation/other/subType',
    },
  };
  return importedMaterial(draft, codes, p.name, warnings);
}

/**
 * The data set's classifications (`classificationInformation/classification`: ÖKOBAUDAT's "3.3.02 Parkett", a
 * programme's categories), kept as `class:` tags with their system, ids and names (core/families.ts), finest level
 * last, so that the material's family is read from them.
 */
function classificationTagsOf(info: unknown): string[] {
  const tags: string[] = [];
  for (const c of list(child(info, 'classificationInformation', 'classification'))) {
    const system = attr(c, 'name') ?? '';
    const classes = list(child(c, 'class'))
      .map((k) => ({ level: Number(attr(k, 'level') ?? 0), id: attr(k, 'classId'), name: text(k) ?? '' }))
      .filter((k) => k.name || k.id)
      .sort((a, b) => a.level - b.level)
      .map((k) => ({ ...(k.id ? { id: k.id } : {}), name: k.name }));
    if (system && classes.length) tags.push(classificationTag({ system, classes }));
  }
  return tags;
}

// ---- reference flow, declared unit and mass ----

function unitOfProperty(propertyUuid: string, index: Index): { unit?: UnitLabel; label: string; unitName?: string } {
  const fp = index.flowProperties.get(propertyUuid);
  const known = FLOW_PROPERTY_UNITS[propertyUuid];
  if (fp) {
    const ugRef = child(fp.doc, 'flowPropertiesInformation', 'quantitativeReference', 'referenceToReferenceUnitGroup');
    const ug = index.unitGroups.get(attr(ugRef, 'refObjectId')?.toLowerCase() ?? '');
    if (ug) {
      const refId = text(child(ug.doc, 'unitGroupInformation', 'quantitativeReference', 'referenceToReferenceUnit'));
      const unit = list(child(ug.doc, 'units', 'unit')).find((u) => attr(u, 'dataSetInternalID') === refId);
      const unitName = text(child(unit, 'name'));
      if (unitName) return { unit: unitLabelOf(unitName) ?? known?.unit, label: known?.label ?? unitName, unitName };
    }
  }
  return { unit: known?.unit, label: known?.label ?? propertyUuid };
}

function declaredUnitOf(doc: Node, index: Index, warnings: Msg[]): Declared {
  const refId = text(child(doc, 'processInformation', 'quantitativeReference', 'referenceToReferenceFlow'));
  if (refId === undefined) throw new FieldError('processInformation/quantitativeReference/referenceToReferenceFlow', msg('is missing: the data set does not say which exchange is its declared unit'));
  const exchange = list(child(doc, 'exchanges', 'exchange')).find((e) => attr(e, 'dataSetInternalID') === refId);
  if (!exchange) throw new FieldError('exchanges/exchange', msg('no exchange has dataSetInternalID {0}, the reference flow', String(refId)));
  const amountText = text(child(exchange, 'resultingAmount')) ?? text(child(exchange, 'meanAmount'));
  const amount = number(amountText);
  if (amount === undefined || amount <= 0) throw new FieldError(`exchanges/exchange[${refId}]/meanAmount`, msg('the reference flow\'s amount {0} is not a number > 0', JSON.stringify(amountText ?? null)));
  const flowRef = child(exchange, 'referenceToFlowDataSet');
  const flowId = attr(flowRef, 'refObjectId')?.toLowerCase() ?? '';
  const flow = index.flows.get(flowId);
  if (!flow) {
    throw new FieldError(`exchanges/exchange[${refId}]/referenceToFlowDataSet`, msg('the product flow {0} is not among the files imported; import the whole export (ZIP or folder with flows/) so the declared unit can be read', flowId || '(no id)'));
  }
  const flowDoc = flow.doc;
  const propRefId = text(child(flowDoc, 'flowInformation', 'quantitativeReference', 'referenceToReferenceFlowProperty')) ?? '0';
  const properties = list(child(flowDoc, 'flowProperties', 'flowProperty'));
  const refProp = properties.find((fp) => attr(fp, 'dataSetInternalID') === propRefId);
  if (!refProp) throw new FieldError(`flow ${flowId}: flowProperties`, msg('no flow property has dataSetInternalID {0}, the reference flow property', String(propRefId)));
  const refPropUuid = attr(child(refProp, 'referenceToFlowPropertyDataSet'), 'refObjectId')?.toLowerCase() ?? '';
  const refPropMean = number(text(child(refProp, 'meanValue'))) ?? 1;
  const inlineUnit = text(child(refProp, 'referenceUnit'));
  const { unit, label, unitName } = inlineUnit
    ? { unit: unitLabelOf(inlineUnit) ?? FLOW_PROPERTY_UNITS[refPropUuid]?.unit, label: inlineUnit, unitName: inlineUnit }
    : unitOfProperty(refPropUuid, index);
  if (unit === undefined) {
    throw new FieldError(`flow ${flowId}: flowProperties/flowProperty[${propRefId}]`, msg('the declared unit ({0}) has no counterpart in the service\'s units (m, m2, m3, kg, t, pcs, kWh, MJ, l)', String(unitName ?? label)));
  }
  const unitText = unit.toLowerCase();
  // The exchange amount counts units of the flow; the reference property says how much of it one unit is.
  const declaredValue = Number((amount * refPropMean).toPrecision(12));
  const result: Declared = { declaredValue, unit };
  if (declaredValue !== 1) {
    warnings.push(msg('The results are per {0} {1} (the reference flow), not per 1; declaredValue is {0}.', declaredValue, unitText));
  }
  if (isMassUnit(unit)) return result;

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
    warnings.push(msg('Mass {0} kg per {1} {2} from {3}.', result.mass, declaredValue, unitText, massFrom!));
  } else {
    warnings.push(msg('No mass per {0}: constructions must give this material in its declared unit.', unitText));
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

function resultsOf(doc: Node, warnings: Msg[]): { values: DraftValue[]; standard?: Standard } {
  const values: DraftValue[] = [];
  const standards = new Set<Standard>();
  const leftOut = new Set<string>();
  const unknown: string[] = [];
  const scenarioNotes = new Map<string, Msg>();
  const defaultScenario = scenarioDefault(doc);

  const add = (indicator: IndicatorName, label: string, amounts: Amount[], field: string, unit?: string) => {
    // One value per module: the default scenario's where a module has several.
    const perModule = new Map<string, Amount[]>();
    for (const a of amounts) {
      const key = a.module.toUpperCase().replace(/\s+/g, '');
      perModule.set(key, [...(perModule.get(key) ?? []), a]);
    }
    for (const [module, list] of perModule) {
      let chosen = list[0];
      if (list.length > 1) {
        chosen = list.find((a) => a.scenario && a.scenario === defaultScenario) ?? list.find((a) => !a.scenario) ?? list[0];
        const others = list.filter((a) => a !== chosen).map((a) => `"${a.scenario ?? '(none)'}"`).join(', ');
        scenarioNotes.set(`${module}|${chosen.scenario}|${others}`, msg('{0}: scenario "{1}" taken, {2} left out', module, chosen.scenario ?? '(none)', others));
      }
      if (NOT_DECLARED.has(chosen.text.toLowerCase())) continue;
      const where = `${field}/amount[@module="${module}"]`;
      const value = number(chosen.text);
      if (value === undefined) throw new FieldError(where, msg('{0}: "{1}" is not a number', label, chosen.text));
      values.push({ indicator, module, value, unit, where });
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
  if (scenarioNotes.size) warnings.push(msg('Several scenarios: {0}.', joined([...scenarioNotes.values()])));
  return { values, standard };
}

/** The scenario marked `epd:default="true"`, else the first one the data set lists. */
function scenarioDefault(doc: Node): string | undefined {
  const scenarios = list(child(doc, 'processInformation', 'dataSetInformation', 'other', 'scenarios', 'scenario'));
  const marked = scenarios.find((s) => attr(s, 'default') === 'true');
  return attr(marked ?? scenarios[0], 'name');
}
