// An environment's `br18` override of the BR18 rule table: read from its settings with named problems, and applied
// to the built-in table (docs/br18-rules.md).
import { msg, type Msg } from '../l10n';
import { isObject as isRecord } from '../guards';
import { BR18_CATEGORIES, RULE_SET_IDS, type Br18Category, type Br18Row, type Br18Rules, type RuleSetId } from './br18Table';

export interface Br18Override {
  /** rule set → category → the building limit (one number: the first step; a list: per step). */
  limits?: Partial<Record<RuleSetId, Partial<Record<Br18Category, readonly number[]>>>>;
  /** rule set → the construction-process limit. */
  constructionProcess?: Partial<Record<RuleSetId, number>>;
  /** calculation type code → rule set. */
  calculationTypes?: Record<number, RuleSetId>;
}

export interface Br18OverrideProblem {
  path: string;
  message: Msg;
}

const isLimit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * The `br18` entry of an environment's settings: `{limits: {"br18-2025": {"retail": 7.5 | [7.5, 6.8, 6.1]}},
 * constructionProcess: {"br18-2025": 1.5}, calculationTypes: {"3": "lowEmission-2025"}}`. Bad entries are left out
 * and named in `problems`.
 */
export function parseBr18Override(raw: unknown, path = 'br18'): { override: Br18Override; problems: Br18OverrideProblem[] } {
  const problems: Br18OverrideProblem[] = [];
  const override: Br18Override = {};
  if (raw === undefined) return { override, problems };
  if (!isRecord(raw)) return { override, problems: [{ path, message: msg('must be an object') }] };
  const ruleSetOk = (k: string, at: string): k is RuleSetId => {
    if ((RULE_SET_IDS as readonly string[]).includes(k)) return true;
    problems.push({ path: at, message: msg('must be one of {0}', RULE_SET_IDS.join(', ')) });
    return false;
  };
  /** A section keyed by rule set (`limits`, `constructionProcess`): its entries of known rule sets; undefined when absent or not an object. */
  const byRuleSet = (value: unknown, at: string): [RuleSetId, unknown, string][] | undefined => {
    if (value === undefined) return undefined;
    if (!isRecord(value)) {
      problems.push({ path: at, message: msg('must be an object') });
      return undefined;
    }
    return Object.entries(value).flatMap(([rs, v]): [RuleSetId, unknown, string][] => (ruleSetOk(rs, `${at}.${rs}`) ? [[rs, v, `${at}.${rs}`]] : []));
  };
  const limitEntries = byRuleSet(raw.limits, `${path}.limits`);
  if (limitEntries) {
    const limits: NonNullable<Br18Override['limits']> = {};
    for (const [rs, cats, at] of limitEntries) {
      if (!isRecord(cats)) {
        problems.push({ path: at, message: msg('must be an object') });
        continue;
      }
      for (const [cat, v] of Object.entries(cats)) {
        if (!(BR18_CATEGORIES as readonly string[]).includes(cat)) {
          problems.push({ path: `${at}.${cat}`, message: msg('must be one of {0}', BR18_CATEGORIES.join(', ')) });
          continue;
        }
        const list = Array.isArray(v) ? v : [v];
        if (!list.length || !list.every(isLimit)) {
          problems.push({ path: `${at}.${cat}`, message: msg('must be a limit in kg CO₂e/m²/yr (a number ≥ 0) or a list of them, one per step') });
          continue;
        }
        (limits[rs] ??= {})[cat as Br18Category] = list as number[];
      }
    }
    override.limits = limits;
  }
  const processEntries = byRuleSet(raw.constructionProcess, `${path}.constructionProcess`);
  if (processEntries) {
    const cpo: NonNullable<Br18Override['constructionProcess']> = {};
    for (const [rs, v, at] of processEntries) {
      if (!isLimit(v)) problems.push({ path: at, message: msg('must be a limit in kg CO₂e/m²/yr (a number ≥ 0)') });
      else cpo[rs] = v;
    }
    override.constructionProcess = cpo;
  }
  if (raw.calculationTypes !== undefined) {
    if (!isRecord(raw.calculationTypes)) problems.push({ path: `${path}.calculationTypes`, message: msg('must be an object') });
    else {
      const ct: Record<number, RuleSetId> = {};
      for (const [code, v] of Object.entries(raw.calculationTypes)) {
        const at = `${path}.calculationTypes.${code}`;
        if (!/^\d+$/.test(code)) problems.push({ path: at, message: msg('must be a calculation type code (a whole number)') });
        else if (typeof v === 'string' && ruleSetOk(v, at)) ct[Number(code)] = v;
        else if (typeof v !== 'string') problems.push({ path: at, message: msg('must be one of {0}', RULE_SET_IDS.join(', ')) });
      }
      override.calculationTypes = ct;
    }
  }
  return { override, problems };
}

/** The table with an environment's override applied (rows of overridden categories are replaced, gates kept). */
export function applyBr18Override(base: Br18Rules, override: Br18Override, environment = ''): Br18Rules {
  const hasLimits = Object.keys(override.limits ?? {}).length > 0;
  const hasCp = Object.keys(override.constructionProcess ?? {}).length > 0;
  const hasCt = Object.keys(override.calculationTypes ?? {}).length > 0;
  if (!hasLimits && !hasCp && !hasCt) return base;
  const rows: Br18Row[] = [];
  for (const row of base.rows) {
    const cpLimit = override.constructionProcess?.[row.ruleSet];
    const constructionProcess = row.constructionProcess && cpLimit !== undefined ? { ...row.constructionProcess, limits: row.constructionProcess.limits.map(() => cpLimit) } : row.constructionProcess;
    const byCat = override.limits?.[row.ruleSet] ?? {};
    const cats = row.categories ?? BR18_CATEGORIES;
    // A category with an override gets a row of its own in front of the shared one.
    for (const cat of cats) {
      const given = byCat[cat];
      if (!given || !row.building) continue;
      const limits = row.building.limits.map((old, i) => given[i] ?? (i === 0 ? given[0] : old));
      rows.push({ ...row, categories: [cat], building: { ...row.building, limits }, constructionProcess, source: `${row.source} (override)` });
    }
    rows.push({ ...row, constructionProcess });
  }
  const calculationTypes = [
    ...Object.entries(override.calculationTypes ?? {}).map(([code, ruleSet]) => ({ code: Number(code), ruleSet })),
    ...base.calculationTypes.filter((c) => !(String(c.code) in (override.calculationTypes ?? {}))),
  ].sort((a, b) => a.code - b.code);
  return { ...base, rows, calculationTypes, overriddenBy: environment };
}
