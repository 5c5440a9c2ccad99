// Any material as the calculations read it: a bulk-create item (indicator names) from a workspace file, or a
// material read from the service (numeric indicator types). Tolerant: missing parts read as "not declared".
import { INDICATOR_TYPE, MODULE, UNIT } from '../codes';
import type { CodeTable } from '../codeTable';
import type { EpdData, ModuleResult } from './types';
import { isObject, num } from '../guards';

/** The LCIA results of a material in either shape, with numeric indicator types of the environment's table. */
export function resultsOf(raw: unknown, codes: Pick<CodeTable, 'indicatorByType' | 'indicatorByName'>): ModuleResult[] {
  const out: ModuleResult[] = [];
  for (const r of Array.isArray(raw) ? raw : []) {
    if (!isObject(r) || typeof r.moduleTypeEnum !== 'number') continue;
    const indicators = [];
    for (const i of Array.isArray(r.indicators) ? r.indicators : []) {
      if (!isObject(i)) continue;
      const code = typeof i.type === 'number' ? codes.indicatorByType(i.type) : codes.indicatorByName(String(i.type));
      const value = num(i.value);
      if (!code || value === undefined) continue;
      indicators.push({ type: code.type, unit: typeof i.unit === 'string' ? i.unit : code.unit, value, originalIdentifier: code.name });
    }
    out.push({ moduleTypeEnum: r.moduleTypeEnum, moduleStatusEnum: num(r.moduleStatusEnum) ?? 0, indicators });
  }
  return out;
}

/** A material (file item or service read) as EpdData; `id` overrides the record's own id (e.g. from a sidecar). */
export function epdDataOf(material: unknown, codes: Pick<CodeTable, 'indicatorByType' | 'indicatorByName'>, id?: string): EpdData {
  const m = isObject(material) ? material : {};
  const du = isObject(m.declaredUnit) ? m.declaredUnit : {};
  const info = isObject(m.epdInfo) ? m.epdInfo : {};
  return {
    id: id ?? (typeof m.id === 'string' ? m.id : ''),
    name: typeof m.name === 'string' ? m.name : '',
    declaredUnit: {
      declaredUnit: num(du.declaredUnit) ?? UNIT.NONE,
      declaredValue: num(du.declaredValue) ?? 1,
      mass: du.mass === null ? null : num(du.mass),
      massUnit: num(du.massUnit),
    },
    lciaResults: resultsOf(m.lciaResults, codes),
    expectedLifespan: num(m.expectedLifespan) ?? null,
    epdType: num(info.epdProductIndustryType) ?? 0,
    link: typeof info.link === 'string' ? info.link : '',
    ...tagsAndNames(m),
  };
}

/** The tags and other-language names of a material, where it has any (what its family is read from). */
function tagsAndNames(m: Record<string, unknown>): { tags?: string[]; names?: string[] } {
  const tags = Array.isArray(m.tags) ? m.tags.filter((t): t is string => typeof t === 'string') : [];
  const name = typeof m.name === 'string' ? m.name : '';
  const names = Array.isArray(m.nameMultiLang)
    ? m.nameMultiLang.map((n) => (isObject(n) && typeof n.value === 'string' ? n.value.trim() : '')).filter((n) => n && n !== name)
    : [];
  return { ...(tags.length ? { tags } : {}), ...(names.length ? { names } : {}) };
}

/** GWP total of module A1-A3 per declared unit (the figure users compare materials by), or undefined if not declared. */
export function gwpA1A3(epd: Pick<EpdData, 'lciaResults'>): number | undefined {
  const a1a3 = MODULE.A1A3;
  for (const r of epd.lciaResults) {
    if (r.moduleTypeEnum !== a1a3) continue;
    for (const i of r.indicators) if (i.type === INDICATOR_TYPE.GWP_TOTAL) return i.value;
  }
  return undefined;
}
