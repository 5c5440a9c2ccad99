// The one adapter from what a service answers to what the BR18 verdict judges: the project read → `VerdictProject`,
// a dashboard (a branch or the total) with its query → `VerdictResult`, and `dashboardVerdict`, the verdict of a
// dashboard. The dashboard panel, the tools for agents, What if…, the alternatives and the local service's summary
// judge through it, so that one project gets one verdict wherever it is shown; with the shapes of a verdict's
// distance to passing and of a change's effect on it, which the dashboard's page shows. Pure.
import type { Dashboard, ProjectDetail } from '../api/types';
import type { Phase } from '../codes';
import type { CodeTable } from '../codeTable';
import type { Msg } from '../l10n';
import { br18Verdict, type Br18Rules, type Br18Verdict, type VerdictProject, type VerdictResult } from './br18Rules';

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The project fields a verdict is judged from, as the service returns them in its project read. */
export function verdictProjectOf(project: Partial<ProjectDetail> | undefined): VerdictProject | undefined {
  if (!project) return undefined;
  const calc = project.calculationType ?? {};
  const heat = project.heatArea ?? {};
  const extras = (Array.isArray(calc.extraThresholds) ? calc.extraThresholds : [])
    .map((x) => finite(x) ?? finite((x as { value?: unknown } | null)?.value) ?? finite((x as { threshold?: unknown } | null)?.threshold))
    .filter((x): x is number => x !== undefined);
  return {
    calculationTypeEnum: finite(calc.calculationTypeEnum) ?? 0,
    buildingType: finite((project as { type?: unknown }).type),
    heatedArea: (finite(heat.heatedFloorAreaAboveGround) ?? 0) + (finite(heat.heatedBasementArea) ?? 0),
    limit: finite(calc.thresholdLimitWithoutExtra),
    extraAllowances: extras,
  };
}

/**
 * The verdict's project fields also when the project could not be read: then no rule set and no heated area, so the
 * verdict says why it cannot judge (rather than each caller writing its own empty project).
 */
export function verdictProjectOrNone(project: Partial<ProjectDetail> | undefined): VerdictProject {
  return verdictProjectOf(project) ?? NO_VERDICT_PROJECT;
}

/** The verdict's project fields of a project that could not be read: no rule set, no heated area. */
export const NO_VERDICT_PROJECT: VerdictProject = { heatedArea: 0 };

/** The indicator a dashboard is of, as the verdict reads it; undefined = the service's default (GWP total). */
export type VerdictIndicator = VerdictResult['indicator'];

/**
 * What the verdict judges of one dashboard: its per-phase figures (or `perPhase` in their place: the figures after
 * a change), the stages it was asked for, its indicator and its mapping counts.
 */
export function verdictResultOf(
  dashboard: Pick<Dashboard, 'emissionPerPhase' | 'mappingStatus'>,
  stages: readonly string[],
  indicator?: VerdictIndicator,
  perPhase?: Readonly<Record<string, unknown>>,
): VerdictResult {
  const m = dashboard.mappingStatus;
  const mapped = Number(m?.Mapped ?? 0) || 0;
  const notMapped = Number(m?.['Not mapped'] ?? 0) || 0;
  return {
    perPhase: perPhase ?? dashboard.emissionPerPhase ?? {},
    stages,
    ...(indicator ? { indicator } : {}),
    ...(m ? { mapping: { mapped, total: mapped + notMapped } } : {}),
  };
}

/** The BR18 verdict of one dashboard of a project (see `verdictResultOf`). */
export function dashboardVerdict(
  rules: Br18Rules,
  codes: CodeTable,
  project: VerdictProject,
  dashboard: Pick<Dashboard, 'emissionPerPhase' | 'mappingStatus'>,
  stages: readonly string[],
  indicator?: VerdictIndicator,
  perPhase?: Readonly<Record<string, unknown>>,
): Br18Verdict {
  return br18Verdict(rules, codes, project, verdictResultOf(dashboard, stages, indicator, perPhase));
}

/** How far a verdict is from passing: the change each limit needs, in kg CO2e/m²/yr (≤ 0; 0 = passes). */
export interface Distance {
  building?: number;
  constructionProcess?: number;
}

/**
 * The change each limit needs, from the figure as judged (rounded to one decimal as the rule rounds it): the
 * verdict's own margin when it fails (−1.1 for 13.06 against 12), 0 when it passes; none without a verdict.
 */
export function distanceToPassing(verdict: Br18Verdict): Distance {
  if (verdict.kind !== 'verdict') return {};
  const need = (v: { margin: number; passes: boolean }): number => (v.passes ? 0 : Math.min(0, v.margin));
  return {
    building: need(verdict.building),
    ...(verdict.constructionProcess ? { constructionProcess: need(verdict.constructionProcess) } : {}),
  };
}

/** A building's figures per reported phase, kg CO2e/m²/yr. */
export type PhaseFigures = Partial<Record<Phase, number>>;

/** The building's figures and verdicts on one side of the change. */
export interface BuildingSide {
  /** kg CO2e/m²/yr per reported phase (D apart, as reported). */
  perPhase: PhaseFigures;
  verdict: Br18Verdict;
}

/** The effect of replacing a material on a building: its figures and verdicts before and after (core/alternatives). */
export interface BuildingEffect {
  material: string;
  replacement: { id: string; name: string };
  construction?: string;
  /** Breakdown lines changed. */
  lines: number;
  /** The change per phase, kg CO2e/m²/yr. */
  delta: PhaseFigures;
  /** The change of the figure the building is judged by (its modules; else of every counted phase but D). */
  change: number;
  before: BuildingSide;
  after: BuildingSide;
  /** Empty: exact (from the same data and formulas as the dashboard). Otherwise why it is an estimate. */
  estimate: Msg[];
}
