// ILCD+EPD (ILCD format 1.1 with the EPD extension 1.1/1.2, EN 15804+A1 and +A2) → materials. Takes every entry of a
// ZIP or folder at once, because a process dataset is only complete with the flow, flow property and unit group data
// sets it refers to by UUID. XML is read with fast-xml-parser; nothing here knows about VS Code.
import type { CodeTable } from '../../codeTable';
import type { MultiLangText } from '../../schemas/types';
import { importedMaterial, type MaterialDraft } from '../builder';
import { FieldError } from '../texts';
import { ImportCancelledError, reasonOf, type ImportInput, type ImportResult, type ImportedMaterial } from '../types';
import { msg, type Msg } from '../../l10n';
import { isIlcdJson, processFromJson } from './json';
import { isObject as isNode } from '../../guards';
import { classificationTag } from '../../families';
import { attr, child, ilcdKindOf, list, multiLang, parser, preferred, text, uuidOf, type Index, type Node, type Parsed } from './xml';
import { declaredUnitOf } from './declaredUnit';
import { resultsOf } from './results';

export { ilcdKindOf } from './xml';

export interface IlcdImportOptions {
  /** The code table of the environment the materials are for. */
  codes: CodeTable;
  signal?: AbortSignal;
  onProgress?(done: number, total: number): void;
}

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
