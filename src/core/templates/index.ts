// Documents that are valid from the start (JSON Schema and semantic rules): a new material, a new materials file and
// a new construction; and the create bodies of records read from the service, which is what a pulled file holds.
import { MODULES, MODULE, UNIT } from '../codes';
import type { CodeTable } from '../codeTable';
import type { DeclaredUnitInfo } from '../units';
import { SCHEMA_DOCUMENTS, validateAgainst, type SchemaProblem } from '../schemas';
import type { ConstructionComponent, ConstructionCreate, Material, ModuleCodeValue, ModuleResult } from '../schemas/types';
import { isObject } from '../guards';
import { format, msg, type Msg } from '../l10n';

type Obj = Record<string, unknown>;

/** ISO 8601 date-time at midnight UTC, as the schemas' `date-time` format and the service write it. */
export function isoDate(d: Date): string {
  return `${d.toISOString().slice(0, 10)}T00:00:00Z`;
}

/** Every module 0–17 once, in code order, as the 'module-missing' rule expects; `filled` gives a module's indicators. */
export function allModules(filled: (code: number) => ModuleResult['indicators'] | undefined = () => undefined): ModuleResult[] {
  return [...MODULES]
    .sort((a, b) => a.code - b.code)
    .map((m) => {
      const indicators = filled(m.code) ?? [];
      return { moduleTypeEnum: m.code, moduleStatusEnum: indicators.length ? 2 : 0, indicators };
    });
}

/** GWP total and its three parts at 0 (units as the table gives them): a placeholder the user overwrites, consistent with the gwp-sum rule. */
function zeroGwp(codes: CodeTable): ModuleResult['indicators'] {
  return (['GWP_TOTAL', 'GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC'] as const).map((type) => ({ type, unit: codes.indicatorByName(type)?.unit ?? '', value: 0 }));
}

/**
 * The new material's description until the user writes one: what must be filled in before it is sent (its results are
 * 0 until then, which the `results-template` rule warns about). The editor passes it phrased in the user's language.
 */
export const TO_FILL_IN: Msg = msg(
  'To fill in from the EPD before pushing: the results per module (all 0 until then; at least GWP in A1-A3) and the mass per declared unit (0 = unknown). Then replace this text with a description of the material.',
);

export interface NewMaterialChoices {
  name: string;
  /** The description; default: `TO_FILL_IN` in English. */
  description?: string;
  /** Unit code of the declared unit; default M3. */
  declaredUnit?: number;
  /** Default: a random UUID (a material made here has no source database). */
  originalUUID?: string;
  now?: Date;
}

/**
 * A material as sent in bulk create: all 18 modules, GWP placeholders (0) in A1-A3, C3, C4 and D, valid for 5 years;
 * indicator units from `codes`, the table of the environment. Its description says what to fill in, and until the
 * results are filled in the rules warn (`results-template`) and Push Material and Bulk Create ask before sending it.
 */
export function newMaterialTemplate(choices: NewMaterialChoices, codes: CodeTable): Material {
  const now = choices.now ?? new Date();
  const validTo = new Date(Date.UTC(now.getUTCFullYear() + 5, now.getUTCMonth(), Math.min(now.getUTCDate(), 28)));
  const withGwp = new Set<number>([MODULE.A1A3, MODULE.C3, MODULE.C4, MODULE.D]);
  const unit = choices.declaredUnit ?? UNIT.M3;
  return {
    name: choices.name,
    description: choices.description ?? format(TO_FILL_IN),
    originalUUID: choices.originalUUID ?? globalThis.crypto.randomUUID(),
    originalVersion: '1.0',
    isPublic: false,
    isCustom: true,
    expectedLifespan: 50,
    epdInfo: {
      epdProductIndustryType: 2,
      validTo: isoDate(validTo),
      publicationDate: isoDate(now),
      epdVersion: '1.0',
      declarationNumber: '',
      link: '',
    },
    // mass 0 = unknown: give it (kg per declared unit) to use the material in constructions measured in KG.
    declaredUnit: { declaredValue: 1, declaredUnit: unit, mass: 0, massUnit: UNIT.KG },
    lciaResults: allModules((code) => (withGwp.has(code) ? zeroGwp(codes) : undefined)),
    tags: [],
  };
}

/** A `*.materials.json` (bulk create) holding one new material. */
export function newMaterialsTemplate(choices: NewMaterialChoices, codes: CodeTable): Material[] {
  return [newMaterialTemplate(choices, codes)];
}

export interface NewConstructionChoices {
  name: string;
  /** The first component's material: its service id and declared unit. */
  material: { id: string; name?: string; declaredUnit: DeclaredUnitInfo };
  /** Unit code of the construction's declared unit; default M2 (a wall, deck or roof per m²). */
  declaredUnit?: number;
}

/** The first component in a unit its material converts from without further data (units as `codes` says). */
function firstComponent(material: NewConstructionChoices['material'], constructionUnit: number, codes: CodeTable): ConstructionComponent {
  const declared = material.declaredUnit.declaredUnit;
  const from = codes.unitByCode(constructionUnit);
  const to = codes.unitByCode(declared);
  if (from?.dimension === 'area' && to?.dimension === 'volume') {
    // A layer: 1 m² per m² of construction, 0.1 m thick (the thickness converts area to the EPD's volume).
    return { epdId: material.id, constructionUnit: { unit: constructionUnit, amount: 1, percentage: 100, height: 0.1, shownUnit: constructionUnit } };
  }
  return { epdId: material.id, constructionUnit: { unit: declared, amount: material.declaredUnit.declaredValue, percentage: 100, shownUnit: declared } };
}

/** A construction create body with one component; unit codes are read with `codes`, the table of the environment. */
export function newConstructionTemplate(choices: NewConstructionChoices, codes: CodeTable): ConstructionCreate {
  const unit = choices.declaredUnit ?? UNIT.M2;
  return {
    name: choices.name,
    description: '',
    isPublic: false,
    isCustom: true,
    tags: [],
    declaredUnit: { declaredUnit: unit, declaredValue: 1, mass: null, massUnit: UNIT.KG },
    expectedLifespan: null,
    constructionEpds: [firstComponent(choices.material, unit, codes)],
  };
}

// ---- create bodies of service records (pull) ----

/** Fields the service sets: never part of a create body, even where the schema would let them through. */
const READ_ONLY = new Set([
  'id', 'tenantId', 'tenantName', 'internalId', 'internalVersion', 'internalVersionNumber', 'newestVersion', 'createdAt',
  'lastModifiedAt', 'isConstruction', '$schema',
]);

export interface CreateBody<T> {
  body: T;
  /** What could not be carried over, by path (e.g. `lciaResults/0/indicators/3` with an unknown indicator type). */
  dropped: string[];
  /** Problems the body still has against its schema (empty when the file validates). */
  problems: SchemaProblem[];
}

type SchemaNode = Obj;

function resolveRef(node: SchemaNode, file: string): { node: SchemaNode; file: string } {
  let current = node;
  let currentFile = file;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const [refFile, pointer = ''] = current.$ref.split('#');
    if (refFile) currentFile = refFile;
    let target: unknown = SCHEMA_DOCUMENTS[currentFile];
    for (const part of pointer.split('/').filter(Boolean)) target = isObject(target) ? target[part] : undefined;
    if (!isObject(target)) break;
    current = target;
  }
  return { node: current, file: currentFile };
}

function allowsNull(node: SchemaNode): boolean {
  return node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));
}

/** Keeps what the schema describes: known properties (minus read-only ones), recursively; drops nulls it does not allow. */
function pruneToSchema(value: unknown, schemaNode: SchemaNode, file: string, path: string, dropped: string[], top = false): unknown {
  const { node, file: at } = resolveRef(schemaNode, file);
  if (Array.isArray(value)) {
    const items = isObject(node.items) ? node.items : undefined;
    if (!items) return value;
    return value.map((v, i) => pruneToSchema(v, items, at, `${path}/${i}`, dropped));
  }
  if (!isObject(value) || !isObject(node.properties)) return value;
  const properties = node.properties;
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    const prop = properties[key];
    if ((top && READ_ONLY.has(key)) || !isObject(prop)) continue;
    if (v === null && !allowsNull(resolveRef(prop, at).node)) continue;
    if (v === undefined) continue;
    out[key] = pruneToSchema(v, prop, at, `${path}/${key}`, dropped);
  }
  return out;
}

/** Indicators with numeric types (service read) renamed to the names bulk create uses (by `codes`); unknown ones dropped. */
function namedResults(results: unknown, dropped: string[], codes: CodeTable): ModuleResult[] {
  const out: ModuleResult[] = [];
  const list = Array.isArray(results) ? results : [];
  list.forEach((r, m) => {
    if (!isObject(r) || typeof r.moduleTypeEnum !== 'number') {
      dropped.push(`/lciaResults/${m}`);
      return;
    }
    const indicators: ModuleResult['indicators'] = [];
    (Array.isArray(r.indicators) ? r.indicators : []).forEach((i: unknown, n: number) => {
      if (!isObject(i) || typeof i.value !== 'number') {
        dropped.push(`/lciaResults/${m}/indicators/${n}`);
        return;
      }
      const code =
        typeof i.type === 'number' ? codes.indicatorByType(i.type)
        : typeof i.type === 'string' ? codes.indicatorByName(i.type)
        : undefined;
      const named = code ?? (typeof i.originalIdentifier === 'string' ? codes.indicatorByName(i.originalIdentifier) : undefined);
      if (!named) {
        dropped.push(`/lciaResults/${m}/indicators/${n}`);
        return;
      }
      indicators.push({ type: named.name as ModuleResult['indicators'][number]['type'], unit: typeof i.unit === 'string' && i.unit ? i.unit : named.unit, value: i.value });
    });
    const status = typeof r.moduleStatusEnum === 'number' ? r.moduleStatusEnum : indicators.length ? 2 : 0;
    // A code outside 0–17 is kept as read: the pulled file then shows the schema's error at it, nothing is hidden.
    out.push({ moduleTypeEnum: r.moduleTypeEnum as ModuleCodeValue, moduleStatusEnum: status, indicators });
  });
  // A service that leaves out modules without results: add them empty, as the rules expect every module once.
  const present = new Set(out.map((r) => r.moduleTypeEnum));
  for (const m of MODULES) if (!present.has(m.code)) out.push({ moduleTypeEnum: m.code, moduleStatusEnum: 0, indicators: [] });
  return out.sort((a, b) => a.moduleTypeEnum - b.moduleTypeEnum);
}

/** The bulk-create body of a material read from the service (GET /material/{id}) whose code table is `codes`. */
export function materialCreateBody(record: unknown, codes: CodeTable): CreateBody<Material> {
  const dropped: string[] = [];
  const source = isObject(record) ? record : {};
  const body = pruneToSchema(source, SCHEMA_DOCUMENTS['material.schema.json'] as SchemaNode, 'material.schema.json', '', dropped, true) as Obj;
  body.lciaResults = namedResults(source.lciaResults, dropped, codes);
  // Order the keys as people read a material: identity, EPD, declared unit, results.
  const ordered = orderKeys(body, ['name', 'description', 'originalUUID', 'originalVersion']);
  return { body: ordered as unknown as Material, dropped, problems: validateAgainst('material', ordered) };
}

/** The create body of a construction read from the service (GET /construction/{id}). */
export function constructionCreateBody(record: unknown): CreateBody<ConstructionCreate> {
  const dropped: string[] = [];
  const source = isObject(record) ? record : {};
  const components = (Array.isArray(source.constructionEpds) ? source.constructionEpds : []).map((c: unknown, i: number) => {
    const entry = isObject(c) ? c : {};
    const epd = isObject(entry.epd) ? entry.epd : {};
    // The read embeds the EPD; its id is the component's epdId when the service does not repeat it.
    const epdId = typeof entry.epdId === 'string' ? entry.epdId : typeof epd.id === 'string' ? epd.id : undefined;
    if (!epdId) dropped.push(`/constructionEpds/${i}/epdId`);
    if (!isObject(entry.constructionUnit)) dropped.push(`/constructionEpds/${i}/constructionUnit`);
    return { epdId, expectedLifespan: entry.expectedLifespan, constructionUnit: entry.constructionUnit };
  });
  const pruned = pruneToSchema({ ...source, constructionEpds: components }, SCHEMA_DOCUMENTS['construction.schema.json'] as SchemaNode, 'construction.schema.json', '', dropped, true) as Obj;
  const ordered = orderKeys(pruned, ['name', 'description']);
  return { body: ordered as unknown as ConstructionCreate, dropped, problems: validateAgainst('construction', ordered) };
}

function orderKeys(value: Obj, first: string[]): Obj {
  const out: Obj = {};
  for (const k of first) if (k in value) out[k] = value[k];
  for (const [k, v] of Object.entries(value)) if (!(k in out)) out[k] = v;
  return out;
}

export { fileStem } from './names';

/** A value with keys sorted and empty values (null, '', []) left out: two bodies that mean the same compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  const out: Obj = {};
  for (const key of Object.keys(value).sort()) {
    const v = value[key];
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[key] = canonical(v);
  }
  return out;
}

/** Whether two create bodies say the same, whatever their key order and however they spell "nothing". */
export function sameCreateBody(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
