// Semantic rules for a construction: components that resolve nowhere, units the EPD cannot be converted to,
// percentages outside 0–100 and lifespans below one year.
import { nameWords } from '../names';
import type { CodeTable } from '../codeTable';
import { toDeclaredUnits } from '../units';
import { checkLifespan } from './material';
import { msg } from '../l10n';
import type { JsonPath } from '../document';
import type { AnalyzeOptions, FixPlan, MaterialInfo, RuleFinding } from './types';
import { isObject as isObj } from '../guards';


const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const optionalNum = (v: unknown): number | undefined => (isNum(v) ? v : undefined);

const MAX_SUGGESTIONS = 5;

export function checkConstruction(
  construction: unknown,
  options: Pick<AnalyzeOptions, 'resolveEpd' | 'suggestEpds' | 'ownerOfUnreadable'> & { codes: CodeTable },
  out: RuleFinding[],
): void {
  if (!isObj(construction)) return;
  checkLifespan(construction.expectedLifespan, [], out);
  const components = construction.constructionEpds;
  if (!Array.isArray(components)) return;
  const name = typeof construction.name === 'string' ? construction.name : undefined;
  // The candidates' name words, split once per check however many ids are unknown (the catalog hands every check the same list).
  const words = new Map<MaterialInfo, ReadonlySet<string>>();
  const wordsOf = (m: MaterialInfo): ReadonlySet<string> => {
    let w = words.get(m);
    if (!w) words.set(m, (w = nameWords(m.name)));
    return w;
  };
  for (let i = 0; i < components.length; i++) checkComponent(components[i], ['constructionEpds', i], options, out, name, wordsOf);
}

function checkComponent(
  component: unknown,
  base: JsonPath,
  options: Pick<AnalyzeOptions, 'resolveEpd' | 'suggestEpds' | 'ownerOfUnreadable'> & { codes: CodeTable },
  out: RuleFinding[],
  constructionName: string | undefined,
  wordsOf: (m: MaterialInfo) => ReadonlySet<string>,
): void {
  if (!isObj(component)) return;
  checkLifespan(component.expectedLifespan, base, out);
  const cu = isObj(component.constructionUnit) ? component.constructionUnit : undefined;
  if (cu && isNum(cu.percentage) && (cu.percentage < 0 || cu.percentage > 100)) {
    out.push({
      ruleId: 'percentage-range',
      severity: 'error',
      message: msg('A percentage of {0} is outside 0–100; it is the share of the amount that applies, in %.', cu.percentage),
      path: [...base, 'constructionUnit', 'percentage'],
      target: 'value',
      restatesSchema: true,
    });
  }
  const epdId = component.epdId;
  if (typeof epdId !== 'string' || !options.resolveEpd) return;
  const resolved = options.resolveEpd(epdId);
  if (resolved === 'unknown') return;
  const path = [...base, 'epdId'];
  if (resolved === undefined) {
    const unit = cu && isNum(cu.unit) ? cu.unit : undefined;
    const candidates = nearestMaterials(options.suggestEpds?.(epdId) ?? [], { unit, name: constructionName, except: epdId }, MAX_SUGGESTIONS, wordsOf);
    const fixes: FixPlan[] = candidates.map((c) => ({ kind: 'replaceValue', title: msg('Use "{0}" ({1})', c.name, c.id), path, value: c.id }));
    const owner = options.ownerOfUnreadable?.(epdId);
    out.push({
      ruleId: 'epd-unresolved',
      severity: 'error',
      message: owner
        ? msg('Material {0} belongs to another sign-in ({1}): the service does not give it to you, so the construction cannot be computed. Use one of your own materials.', epdId, owner)
        : msg('No material with id {0} is known (workspace files, cache or service); the construction cannot be computed.', epdId),
      path,
      target: 'value',
      // Any known material is a guess, not the clear fix: offered, never preferred.
      ...(fixes.length ? { fixes, fixesAreCandidates: true } : {}),
    });
    return;
  }
  if (resolved.waitsForPush) {
    out.push({
      ruleId: 'epd-waits',
      severity: 'info',
      message: msg('Waits for material "{0}" to be pushed (the preview computes with its file).', resolved.name),
      path,
      target: 'value',
    });
  }
  if (!cu || !isNum(cu.unit) || !isNum(cu.amount)) return;
  const conversion = toDeclaredUnits(
    { unit: cu.unit, amount: cu.amount, percentage: optionalNum(cu.percentage), height: optionalNum(cu.height), width: optionalNum(cu.width) },
    resolved.declaredUnit,
    options.codes,
  );
  if (conversion.ok) return;
  const declared = options.codes.unitByCode(resolved.declaredUnit.declaredUnit)?.label ?? String(resolved.declaredUnit.declaredUnit);
  out.push({
    ruleId: 'unit-conversion',
    severity: 'error',
    message: msg(
      '"{0}" is declared per {1} {2}; {3}. This component cannot be computed.',
      resolved.name,
      resolved.declaredUnit.declaredValue,
      declared,
      conversion.reason,
    ),
    path: [...base, 'constructionUnit', 'unit'],
    target: 'value',
  });
}

/** How many of `wanted` the candidate's name has (as `sharedWords` in core/names.ts counts). */
function sharedWithCandidate(wanted: ReadonlySet<string>, words: ReadonlySet<string>): number {
  let n = 0;
  for (const w of words) if (wanted.has(w)) n++;
  return n;
}

/**
 * The `n` materials nearest to what a component needs: first those declared in the component's unit (so the amount
 * keeps its meaning), then those sharing most words with the construction's name (a "Ydervæg, tegl" finds "Tegl,
 * blødstrøgen"); ties by name. A plain pass over the candidates, keeping the best `n`; the one with id `except` (the
 * unknown id itself) is left out. The candidates are read, never copied: the catalog hands every check the same list.
 */
export function nearestMaterials(
  candidates: readonly MaterialInfo[],
  hint: { unit?: number; name?: string; except?: string },
  n: number,
  /** A candidate's name words (`nameWords`); a caller ranking the same list often passes one that keeps them. */
  wordsOf: (m: MaterialInfo) => ReadonlySet<string> = (m) => nameWords(m.name),
): MaterialInfo[] {
  const wanted = hint.name ? nameWords(hint.name) : new Set<string>();
  const scored: { m: MaterialInfo; unit: number; shared: number }[] = [];
  const better = (a: (typeof scored)[number], b: (typeof scored)[number]): number => b.unit - a.unit || b.shared - a.shared || a.m.name.localeCompare(b.m.name);
  for (const m of candidates) {
    if (hint.except !== undefined && m.id === hint.except) continue;
    const unit = hint.unit !== undefined && m.declaredUnit.declaredUnit === hint.unit ? 1 : 0;
    const shared = wanted.size ? sharedWithCandidate(wanted, wordsOf(m)) : 0;
    const entry = { m, unit, shared };
    if (scored.length < n) {
      scored.push(entry);
      scored.sort(better);
    } else if (n > 0 && better(entry, scored[n - 1]) < 0) {
      scored[n - 1] = entry;
      scored.sort(better);
    }
  }
  return scored.map((s) => s.m);
}
