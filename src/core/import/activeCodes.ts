// Importers write codes of the assumed table (src/core/codes.ts: UNIT, MODULE, …). An environment whose service
// serves other codes, or whose settings override them, gets the imported files in *its* codes: each code is moved
// to the active table's code of the same label (M2, A1-A3, Generic…). A label the active table does not have keeps
// the assumed code and is reported, so the user sees it rather than a silently wrong unit. No vscode.
import type { CodeTable, TableLabel } from '../codeTable';
import { EPD_TYPES, MODULES, UNITS } from '../codes';
import { msg, type Msg } from '../l10n';
import type { ImportedConstruction, ImportedMaterial, ImportResult } from './types';

interface Kind {
  readonly what: string;
  readonly assumed: readonly { code: number; label: string }[];
  readonly active: (t: CodeTable) => readonly { code: number; label: string }[];
}

const UNIT_KIND: Kind = { what: 'unit', assumed: UNITS, active: (t) => t.units };
const MODULE_KIND: Kind = { what: 'module', assumed: MODULES, active: (t) => t.modules };
const EPD_TYPE_KIND: Kind = { what: 'EPD type', assumed: EPD_TYPES, active: (t): readonly TableLabel[] => t.epdTypes };

const norm = (label: string) => label.toUpperCase().replace(/[\s_]+/g, '');

class Mapper {
  private readonly cache = new Map<Kind, Map<number, number | undefined>>();
  constructor(private readonly table: CodeTable) {}

  /** The active code for an assumed code, or undefined when the active table has no code with its label. */
  code(kind: Kind, assumed: number): { code: number; missing?: string } {
    let byCode = this.cache.get(kind);
    if (!byCode) this.cache.set(kind, (byCode = new Map()));
    const label = kind.assumed.find((c) => c.code === assumed)?.label;
    if (label === undefined) return { code: assumed }; // not an assumed code: the importer took it from the source as is
    if (!byCode.has(assumed)) {
      const active = kind.active(this.table);
      // The same code with the same label stays; else the code the active table gives that label.
      const same = active.find((c) => c.code === assumed && norm(c.label) === norm(label));
      byCode.set(assumed, same ? assumed : active.find((c) => norm(c.label) === norm(label))?.code);
    }
    const active = byCode.get(assumed);
    return active === undefined ? { code: assumed, missing: `${kind.what} ${label}` } : { code: active };
  }
}

function remap(mapper: Mapper, kind: Kind, value: unknown, missing: Set<string>): unknown {
  if (typeof value !== 'number') return value;
  const r = mapper.code(kind, value);
  if (r.missing) missing.add(r.missing);
  return r.code;
}

function note(table: CodeTable, missing: Set<string>): Msg {
  const list = [...missing].join(', ');
  return table.environment
    ? msg('{0}: no code with this label in the code table of environment "{1}"; the assumed code is kept — check it before pushing.', list, table.environment)
    : msg('{0}: no code with this label in the code table of this environment; the assumed code is kept — check it before pushing.', list);
}

function material(mapper: Mapper, table: CodeTable, m: ImportedMaterial): void {
  const missing = new Set<string>();
  const d = m.material.declaredUnit as { declaredUnit?: unknown; massUnit?: unknown } | undefined;
  if (d) {
    d.declaredUnit = remap(mapper, UNIT_KIND, d.declaredUnit, missing);
    if (d.massUnit !== undefined && d.massUnit !== null) d.massUnit = remap(mapper, UNIT_KIND, d.massUnit, missing);
  }
  for (const r of m.material.lciaResults ?? []) r.moduleTypeEnum = remap(mapper, MODULE_KIND, r.moduleTypeEnum, missing) as typeof r.moduleTypeEnum;
  const info = m.material.epdInfo;
  if (info && typeof info.epdProductIndustryType === 'number') info.epdProductIndustryType = remap(mapper, EPD_TYPE_KIND, info.epdProductIndustryType, missing) as number;
  if (missing.size) m.warnings.push(note(table, missing));
}

function construction(mapper: Mapper, table: CodeTable, c: ImportedConstruction): void {
  const missing = new Set<string>();
  const d = c.construction.declaredUnit as { declaredUnit?: unknown; massUnit?: unknown };
  d.declaredUnit = remap(mapper, UNIT_KIND, d.declaredUnit, missing);
  if (d.massUnit !== undefined && d.massUnit !== null) d.massUnit = remap(mapper, UNIT_KIND, d.massUnit, missing);
  for (const comp of c.construction.constructionEpds ?? []) {
    comp.constructionUnit.unit = remap(mapper, UNIT_KIND, comp.constructionUnit.unit, missing) as typeof comp.constructionUnit.unit;
  }
  if (missing.size) c.warnings.push(note(table, missing));
}

/** Moves every code of an import result to the codes of `table` (in place); returns the same result. */
export function toActiveCodes(result: ImportResult, table: CodeTable | undefined): ImportResult {
  if (!table) return result;
  const mapper = new Mapper(table);
  for (const m of result.materials) material(mapper, table, m);
  for (const c of result.constructions) construction(mapper, table, c);
  return result;
}
