// The words of a BR18 verdict as the dashboard shows them (its badges and labels), and which indicator BR18 judges.
// Pure and free of the rule table, so that the dashboard page can phrase a verdict it is sent without the engine.
import { msg, type Msg } from '../l10n';
import type { LimitVerdict } from '../lca/br18Rules';

/** An indicator mapping of GWP total — the only indicator BR18 judges (GWP fossil, biogenic or LULUC are not). */
export function isGwpTotalMapping(m: { indicator?: string; name: string }): boolean {
  if (m.indicator !== undefined && m.indicator !== '') return m.indicator === 'GWP_TOTAL' || m.indicator === '12';
  return /gwp/i.test(m.name) && !/fossil|biogen|luluc|land use/i.test(m.name);
}

/** A figure as a number argument (the reader's language writes its decimal sign). */
const fmt = (v: number): number => Number(v.toFixed(4));

/** The verdict's badge: "Building: passes" / "Construction process: fails by 0.1". */
export function verdictBadge(which: 'building' | 'constructionProcess', v: LimitVerdict): Msg {
  if (which === 'building') return v.passes ? msg('Building: within the limit') : msg('Building: over the limit by {0}', fmt(-v.margin));
  return v.passes ? msg('Construction process: within the limit') : msg('Construction process: over the limit by {0}', fmt(-v.margin));
}

/** Labels of the summary strip's BR18 items. */
export const BR18_LABELS = {
  building: msg('Building (BR18)'),
  constructionProcess: msg('Construction process (A4 + A5)'),
  rules: msg('Rules applied'),
} as const;
