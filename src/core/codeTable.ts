// The code table of one environment: units, modules, indicators, EPD types, module status, building types and
// stages, each code with where it came from. Three sources, most specific first: (a) what the service serves
// (`material/indicatorenums`, `BuildingProject/buildingprojectenums`), (b) the `codes` override of the environment's
// settings entry, (c) the assumed table of src/core/codes.ts (docs/service-decisions.md). A table is a value: core
// functions that read codes take it as an argument; the editor owns the table of the active environment
// (src/extension/codes) and the local service has its own (src/service/records.ts).
import { msg, type Msg } from './l10n';
import {
  EPD_TYPES,
  INDICATORS,
  MODULE_STATUS,
  MODULES,
  PROJECT_ENUMS,
  UNITS,
  type IndicatorCode,
  type ModuleCode,
  type UnitCode,
} from './codes';
import { isObject as isObj } from './guards';

export type CodeSource = 'service' | 'override' | 'assumed';
export type CodeKind = 'unit' | 'module' | 'indicator' | 'epdType' | 'moduleStatus' | 'buildingType' | 'stage';

type Sourced<T> = T & { readonly source: CodeSource };
export type TableUnit = Sourced<UnitCode>;
export type TableModule = Sourced<Omit<ModuleCode, 'assumed'>>;
export type TableIndicator = Sourced<IndicatorCode>;
export interface TableLabel {
  readonly code: number;
  readonly label: string;
  readonly source: CodeSource;
}

export const UNIT_DIMENSIONS = ['none', 'length', 'area', 'volume', 'mass', 'count', 'energy'] as const;

export interface CodeTable {
  /** Environment name the table belongs to ('' for the assumed table alone). */
  readonly environment: string;
  readonly units: readonly TableUnit[];
  readonly modules: readonly TableModule[];
  readonly indicators: readonly TableIndicator[];
  readonly epdTypes: readonly TableLabel[];
  readonly moduleStatus: readonly TableLabel[];
  readonly buildingTypes: readonly TableLabel[];
  readonly stages: readonly TableLabel[];
  unitByCode(code: number): TableUnit | undefined;
  moduleByCode(code: number): TableModule | undefined;
  indicatorByType(type: number): TableIndicator | undefined;
  indicatorByName(name: string): TableIndicator | undefined;
  epdTypeByCode(code: number): TableLabel | undefined;
  moduleStatusByCode(code: number): TableLabel | undefined;
  buildingTypeByCode(code: number): TableLabel | undefined;
  stageByCode(code: number): TableLabel | undefined;
  /** "the service of environment X", "the `codes` override of environment X", "the assumed table (…)". */
  describeSource(source: CodeSource): Msg;
}

/** The codes a service serves or an override gives, per kind; absent kinds fall through to the next source. */
export interface CodeLayer {
  units?: Omit<TableUnit, 'source'>[];
  modules?: Omit<TableModule, 'source'>[];
  indicators?: Omit<TableIndicator, 'source'>[];
  epdTypes?: Omit<TableLabel, 'source'>[];
  moduleStatus?: Omit<TableLabel, 'source'>[];
  buildingTypes?: Omit<TableLabel, 'source'>[];
  stages?: Omit<TableLabel, 'source'>[];
}

const ASSUMED_LAYER: Required<CodeLayer> = {
  units: UNITS.map((u) => ({ ...u })),
  modules: MODULES.map(({ code, label, name }) => ({ code, label, name })),
  indicators: INDICATORS.map((i) => ({ ...i })),
  epdTypes: EPD_TYPES.map((t) => ({ ...t })),
  moduleStatus: MODULE_STATUS.map(({ code, label }) => ({ code, label })),
  buildingTypes: PROJECT_ENUMS.buildingTypeEnum.map((label, code) => ({ code, label })),
  stages: PROJECT_ENUMS.buildingProjectStageEnums.map((label, code) => ({ code, label })),
};

/**
 * Merges the layers per code. A kind the service serves is its complete list for that environment (assumed codes of
 * that kind drop out); override entries still add codes the service does not serve.
 */
export function buildCodeTable(layers: { service?: CodeLayer; override?: CodeLayer; environment?: string } = {}): CodeTable {
  const environment = layers.environment ?? '';
  function merge<T extends { code: number }>(kind: keyof CodeLayer, key: (x: T) => number = (x) => x.code): Sourced<T>[] {
    const out = new Map<number, Sourced<T>>();
    const served = layers.service?.[kind] as T[] | undefined;
    if (!served) for (const x of ASSUMED_LAYER[kind] as unknown as T[]) out.set(key(x), { ...x, source: 'assumed' });
    for (const x of (layers.override?.[kind] as T[] | undefined) ?? []) out.set(key(x), { ...x, source: 'override' });
    for (const x of served ?? []) out.set(key(x), { ...x, source: 'service' });
    return [...out.values()].sort((a, b) => key(a) - key(b));
  }
  const units = merge<UnitCode>('units');
  const modules = merge<Omit<ModuleCode, 'assumed'>>('modules');
  const indicators = merge<IndicatorCode & { code: number }>('indicators', (i) => i.type) as unknown as TableIndicator[];
  const epdTypes = merge<Omit<TableLabel, 'source'>>('epdTypes');
  const moduleStatus = merge<Omit<TableLabel, 'source'>>('moduleStatus');
  const buildingTypes = merge<Omit<TableLabel, 'source'>>('buildingTypes');
  const stages = merge<Omit<TableLabel, 'source'>>('stages');
  return codeTableOf({ environment, units, modules, indicators, epdTypes, moduleStatus, buildingTypes, stages });
}

/** A code table's lists without its lookups (`codeTableOf` makes the table of them). */
export type CodeTableData = Pick<CodeTable, 'environment' | 'units' | 'modules' | 'indicators' | 'epdTypes' | 'moduleStatus' | 'buildingTypes' | 'stages'>;

/** The code table of merged lists (each entry with its source): its lookups over them. */
export function codeTableOf(data: CodeTableData): CodeTable {
  const { environment, units, modules, indicators, epdTypes, moduleStatus, buildingTypes, stages } = data;
  const by = <T extends { code: number }>(list: readonly T[]): ((code: number) => T | undefined) => {
    const map = new Map(list.map((x) => [x.code, x]));
    return (code) => map.get(code);
  };
  const indicatorTypes = new Map(indicators.map((i) => [i.type, i]));
  const indicatorNames = new Map(indicators.map((i) => [i.name, i]));
  return {
    environment,
    units,
    modules,
    indicators,
    epdTypes,
    moduleStatus,
    buildingTypes,
    stages,
    unitByCode: by(units),
    moduleByCode: by(modules),
    indicatorByType: (type) => indicatorTypes.get(type),
    indicatorByName: (name) => indicatorNames.get(name),
    epdTypeByCode: by(epdTypes),
    moduleStatusByCode: by(moduleStatus),
    buildingTypeByCode: by(buildingTypes),
    stageByCode: by(stages),
    describeSource(source) {
      if (source === 'service') return environment ? msg('the service of environment "{0}" (served enumerations)', environment) : msg('the service (served enumerations)');
      if (source === 'override') return environment ? msg('the `codes` override of environment "{0}" (settings)', environment) : msg('the `codes` override (settings)');
      return msg('the assumed table (docs/service-decisions.md)');
    },
  };
}

/** The assumed table alone: the codes of src/core/codes.ts, with nothing served or overridden. */
export const ASSUMED_CODES: CodeTable = buildCodeTable();

// ---- reading an override from settings and a served table from the service, tolerantly ----

export interface LayerProblem {
  /** Where, e.g. `codes.units.1.dimension`. */
  path: string;
  message: Msg;
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const codeOfKey = (k: string): number | undefined => (/^-?\d+$/.test(k) ? Number(k) : undefined);

const ASSUMED_UNIT_BY_LABEL = new Map(UNITS.map((u) => [u.label.toUpperCase(), u]));

/** A unit from its label and optional dimension/factor; a known label (KG, M3, …) lends its dimension and factor. */
function unitFrom(code: number, v: unknown, path: string, problems: LayerProblem[]): Omit<TableUnit, 'source'> | undefined {
  const o: Record<string, unknown> = typeof v === 'string' ? { label: v } : isObj(v) ? v : {};
  if (typeof o.label !== 'string' || !o.label.trim()) {
    problems.push({ path, message: msg('needs a unit label (a string such as "KG", or {0})', '{"label": "KG", "dimension": "mass", "factor": 1}') });
    return undefined;
  }
  const known = ASSUMED_UNIT_BY_LABEL.get(o.label.trim().toUpperCase());
  const dimension = o.dimension ?? known?.dimension ?? 'none';
  if (typeof dimension !== 'string' || !(UNIT_DIMENSIONS as readonly string[]).includes(dimension)) {
    problems.push({ path: `${path}.dimension`, message: msg('must be one of {0}', UNIT_DIMENSIONS.join(', ')) });
    return undefined;
  }
  const factor = o.factor ?? known?.factor ?? 1;
  if (typeof factor !== 'number' || !(factor > 0) || !Number.isFinite(factor)) {
    problems.push({ path: `${path}.factor`, message: msg("must be a number > 0 (the factor to the dimension's base unit: m, m², m³, kg, piece, kWh)") });
    return undefined;
  }
  const name = typeof o.name === 'string' ? o.name : (known?.name ?? o.label);
  return { code, label: o.label.trim(), name, dimension: dimension as UnitCode['dimension'], factor };
}

function labelFrom(code: number, v: unknown, path: string, problems: LayerProblem[]): Omit<TableLabel, 'source'> | undefined {
  const label = typeof v === 'string' ? v : isObj(v) && typeof v.label === 'string' ? v.label : undefined;
  if (!label?.trim()) {
    problems.push({ path, message: msg('needs a label (a string, or {0})', '{"label": "…"}') });
    return undefined;
  }
  return { code, label: label.trim() };
}

const OVERRIDE_KINDS = ['units', 'modules', 'indicators', 'epdTypes', 'moduleStatus', 'buildingTypes', 'stages'] as const;

/**
 * The `codes` override of an environment entry: `{units: {"1": "KG" | {label, dimension?, factor?, name?}},
 * modules: {"6": "B1" | {label, name?}}, indicators: {"32": {name, unit?, description?}}, epdTypes / moduleStatus /
 * buildingTypes / stages: {"3": "label"}}`. Bad entries are left out, each with a problem saying what and where.
 */
export function parseCodeOverride(value: unknown, where = 'codes'): { layer: CodeLayer; problems: LayerProblem[] } {
  const problems: LayerProblem[] = [];
  const layer: CodeLayer = {};
  if (value === undefined || value === null) return { layer, problems };
  if (!isObj(value)) return { layer, problems: [{ path: where, message: msg('must be an object such as {0}', '{"units": {"1": "KG"}}') }] };
  for (const [kind, entries] of Object.entries(value)) {
    const path = `${where}.${kind}`;
    if (!(OVERRIDE_KINDS as readonly string[]).includes(kind)) {
      problems.push({ path, message: msg('is not a kind of code; use {0}', OVERRIDE_KINDS.join(', ')) });
      continue;
    }
    if (!isObj(entries)) {
      problems.push({ path, message: msg('must be an object from code to meaning, e.g. {0}', '{"1": "KG"}') });
      continue;
    }
    for (const [key, v] of Object.entries(entries)) {
      const at = `${path}.${key}`;
      const code = codeOfKey(key);
      if (code === undefined) {
        problems.push({ path: at, message: msg('"{0}" is not an integer code', key) });
        continue;
      }
      if (kind === 'units') {
        const u = unitFrom(code, v, at, problems);
        if (u) (layer.units ??= []).push(u);
      } else if (kind === 'modules') {
        const l = labelFrom(code, v, at, problems);
        if (l) (layer.modules ??= []).push({ ...l, name: isObj(v) && typeof v.name === 'string' ? v.name : l.label });
      } else if (kind === 'indicators') {
        const o = isObj(v) ? v : typeof v === 'string' ? { name: v } : {};
        if (typeof o.name !== 'string' || !o.name.trim()) {
          problems.push({ path: at, message: msg('needs {0}', '{"name": "GWP_TOTAL", "unit": "kg CO2 eq"}') });
          continue;
        }
        (layer.indicators ??= []).push({
          type: code,
          name: o.name.trim(),
          unit: typeof o.unit === 'string' ? o.unit : '',
          description: typeof o.description === 'string' ? o.description : o.name.trim(),
          group: 'core impact',
        });
      } else {
        const l = labelFrom(code, v, at, problems);
        if (l) (layer[kind as 'epdTypes' | 'moduleStatus' | 'buildingTypes' | 'stages'] ??= []).push(l);
      }
    }
  }
  return { layer, problems };
}

/** Entries `[{code, label, …}]` of a served list; items without an integer code are skipped with a problem. */
function servedList(list: unknown, path: string, problems: LayerProblem[], codeField = 'code'): Record<string, unknown>[] | undefined {
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) {
    problems.push({ path, message: msg('is not an array; the assumed codes are used') });
    return undefined;
  }
  const out: Record<string, unknown>[] = [];
  list.forEach((x, i) => {
    if (isObj(x) && isInt(x[codeField])) out.push(x);
    else problems.push({ path: `${path}[${i}]`, message: msg('has no integer `{0}`; left out', codeField) });
  });
  return out;
}

/**
 * The layer a service serves: `indicatorenums` (`indicators [{type, name, unit, description?}]`, `modules [{code,
 * label, name?}]`, `units [{code, label, name?, dimension?, factor?}]`, `epdTypes`, `moduleStatus`) and
 * `buildingprojectenums` (`buildingTypeEnum`, `buildingProjectStageEnums`: code = 0-based index). Unknown fields are
 * ignored; a missing or malformed list falls back to the next source with a problem naming it.
 */
export function servedCodeLayer(indicatorEnums: unknown, projectEnums: unknown): { layer: CodeLayer; problems: LayerProblem[] } {
  const problems: LayerProblem[] = [];
  const layer: CodeLayer = {};
  const ie = isObj(indicatorEnums) ? indicatorEnums : {};
  const pe = isObj(projectEnums) ? projectEnums : {};
  const units = servedList(ie.units, 'material/indicatorenums units', problems);
  if (units) layer.units = units.flatMap((u) => unitFrom(u.code as number, u, `material/indicatorenums units ${String(u.code)}`, problems) ?? []);
  const modules = servedList(ie.modules, 'material/indicatorenums modules', problems);
  if (modules) {
    layer.modules = modules.map((m) => ({
      code: m.code as number,
      label: typeof m.label === 'string' ? m.label : String(m.code),
      name: typeof m.name === 'string' ? m.name : typeof m.label === 'string' ? m.label : '',
    }));
  }
  const indicators = servedList(ie.indicators, 'material/indicatorenums indicators', problems, 'type');
  if (indicators) {
    layer.indicators = indicators
      .filter((i) => typeof i.name === 'string')
      .map((i) => {
        const known = INDICATORS.find((x) => x.name === i.name);
        return {
          type: i.type as number,
          name: i.name as string,
          unit: typeof i.unit === 'string' ? i.unit : (known?.unit ?? ''),
          description: typeof i.description === 'string' ? i.description : (known?.description ?? (i.name as string)),
          group: known?.group ?? 'core impact',
        };
      });
  }
  for (const kind of ['epdTypes', 'moduleStatus'] as const) {
    const list = servedList(ie[kind], `material/indicatorenums ${kind}`, problems);
    if (list) layer[kind] = list.map((x) => ({ code: x.code as number, label: typeof x.label === 'string' ? x.label : String(x.code) }));
  }
  const names = (v: unknown, path: string): Omit<TableLabel, 'source'>[] | undefined => {
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v)) {
      problems.push({ path, message: msg('is not an array; the assumed codes are used') });
      return undefined;
    }
    return v.flatMap((label, code) => (typeof label === 'string' ? [{ code, label }] : []));
  };
  const types = names(pe.buildingTypeEnum, 'BuildingProject/buildingprojectenums buildingTypeEnum');
  if (types) layer.buildingTypes = types;
  const stages = names(pe.buildingProjectStageEnums, 'BuildingProject/buildingprojectenums buildingProjectStageEnums');
  if (stages) layer.stages = stages;
  return { layer, problems };
}
