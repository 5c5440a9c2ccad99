// The indicator a dashboard's figures are of (the query's indicator mapping), and what it means for them: BR18 judges
// GWP total only (verdictText.ts), and B6 is computed for GWP total only, so under another indicator its 0 is no figure.
import { isGwpTotalMapping } from './verdictText';

/** The indicator the figures are of (the query's mapping); undefined: the service's default, GWP total. */
export type ShownIndicator = { name: string; gwpTotal: boolean } | undefined;

/** The indicator of a query, as the verdict and the page read it; undefined = the service's default (GWP total). */
export function indicatorOf(mappings: readonly { id: string; name: string; indicator?: string }[], query: { indicatorTypeMappingId?: string }): ShownIndicator {
  const m = mappings.find((x) => x.id === query.indicatorTypeMappingId);
  return m ? { name: m.name, gwpTotal: isGwpTotalMapping(m) } : undefined;
}

/**
 * Phases computed for GWP total only: B6, the building's operational energy, is worked out from the energy use with
 * the emission factors of BR18's Tabel 8, which are GWP total (docs/service-decisions.md: "B6 is GWP-only").
 */
const GWP_TOTAL_ONLY_PHASES: readonly string[] = ['B6'];

/** Whether the indicator shown has no figure for a phase (B6 under GWP fossil): its 0 is not a result. */
export function phaseUnavailable(phase: string, indicator: ShownIndicator): boolean {
  return indicator !== undefined && !indicator.gwpTotal && GWP_TOTAL_ONLY_PHASES.includes(phase);
}
