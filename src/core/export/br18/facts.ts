// What the export and the check read from a project and its dashboard: figures per phase, the verdict, the project's
// facts (areas, period, rule set: `projectFacts`, as every surface reads them), energy, and the material lines of the
// breakdown with where they sit. One reading for both, so that the report and the workbook never disagree.
import type { BreakdownNode, Dashboard, MaterialsBreakdownItem } from '../../api/types';
import { carrierOfSupply, energyOverPeriod } from '../../lca/br18';
import { allowanceOf, type Br18Verdict } from '../../lca/br18Rules';
import { NOT_MAPPED } from '../../lca/dashboard';
import { projectFacts, type ProjectFacts } from '../../lca/projectFacts';
import { dashboardVerdict } from '../../lca/verdictInput';
import type { EnergyCarrier } from '../../lca/types';
import type { Br18ExportInput, LinePlace } from './types';
import type { ProjectWithDashboard } from '../project';

const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
export const decimal = (v: unknown): number | undefined =>
  typeof v === 'number' ? finite(v) : typeof v === 'string' && v.trim() !== '' ? finite(Number(v)) : undefined;
const obj = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export interface MaterialLine {
  item: MaterialsBreakdownItem;
  place: LinePlace;
  /** The service id of the construction the line is in (the local service's breakdown says it). */
  constructionId?: string;
}

/** Every material line of the breakdown with where it sits (building part levels, construction, material). */
export function materialLines(dashboard: Dashboard): MaterialLine[] {
  const out: MaterialLine[] = [];
  const walk = (nodes: readonly BreakdownNode[] | null | undefined, parts: string[]): void => {
    for (const n of nodes ?? []) {
      if (Array.isArray(n.children) && n.children.length) {
        walk(n.children, [...parts, [n.classificationCode, n.classificationName].filter(Boolean).join(' ')]);
      } else if (Array.isArray(n.materialsBreakdown)) {
        const partsHere = n.constructionName === null && n.classificationCode ? [...parts, [n.classificationCode, n.classificationName].filter(Boolean).join(' ')] : parts;
        for (const item of n.materialsBreakdown) out.push({ item, place: { parts: partsHere, construction: n.constructionName ?? '', material: item.epdName ?? '' }, ...(typeof n.constructionId === 'string' ? { constructionId: n.constructionId } : {}) });
      }
    }
  };
  walk(dashboard.projectBreakdown, []);
  return out;
}

/** The building parts of the breakdown's "Not mapped" leaves, with their element counts. */
export function notMappedPlaces(dashboard: Dashboard): { parts: string[]; elements: number }[] {
  const out: { parts: string[]; elements: number }[] = [];
  const walk = (nodes: readonly BreakdownNode[] | null | undefined, parts: string[]): void => {
    for (const n of nodes ?? []) {
      const here = [...parts, [n.classificationCode, n.classificationName].filter(Boolean).join(' ')];
      if (Array.isArray(n.children) && n.children.length) walk(n.children, here);
      else if (n.constructionName === NOT_MAPPED) out.push({ parts, elements: Number(n.elements ?? 0) || 0 });
    }
  };
  walk(dashboard.projectBreakdown, []);
  return out;
}

/** The project's facts (`projectFacts`) with what the export and the check add: the figures, verdict and energy. */
export interface ProjectFigures extends ProjectFacts {
  /** kg CO2e/m²/yr per reported phase. */
  perPhase: Record<string, number>;
  verdict: Br18Verdict;
  /** Operational energy, kWh per year. */
  electricity?: number;
  heat?: number;
  /** The heat supply's carrier, when the project names it. */
  heatCarrier?: EnergyCarrier;
  extraAllowances: number;
}

/** The figures and facts of a project as the export and the check read them. */
export function projectFigures(input: ProjectWithDashboard): ProjectFigures {
  const { project, dashboard, rules, codes } = input;
  const perPhase: Record<string, number> = {};
  for (const [p, v] of Object.entries(dashboard.emissionPerPhase ?? {})) {
    const n = decimal(v);
    if (n !== undefined) perPhase[p] = n;
  }
  const facts = projectFacts(project, rules);
  const verdict = dashboardVerdict(rules, codes, facts.verdictProject, dashboard, input.stages, input.indicator);
  const energy = obj(project.projectEnergyData);
  const operational = obj(energy.operational);
  const supply = [energy.operationHeatSupply, energy.heatSupply, operational.heatSupply].find((s): s is string => typeof s === 'string');
  return {
    ...facts,
    perPhase,
    verdict,
    ...(finite(operational.electricity) !== undefined ? { electricity: operational.electricity as number } : {}),
    ...(finite(operational.heat) !== undefined ? { heat: operational.heat as number } : {}),
    ...(carrierOfSupply(supply) ? { heatCarrier: carrierOfSupply(supply) } : {}),
    extraAllowances: allowanceOf(facts.verdictProject),
  };
}

/** A line's material: the service's read, else the workspace file's item with that service id. */
export function materialOf(input: Pick<Br18ExportInput, 'materials' | 'workspace'>, id: string | undefined): unknown {
  if (!id) return undefined;
  return input.materials?.get(id) ?? input.workspace?.materials.get(id)?.record;
}

/** B6 per carrier, kg CO2e/m²/yr, in the shares the emission factors give, scaled to the dashboard's B6. */
export function operationalByCarrier(f: ProjectFigures): { carrier: EnergyCarrier; kwhPerYear: number; perM2: number }[] | undefined {
  const b6 = f.perPhase.B6;
  if (b6 === undefined || f.firstYear === undefined) return undefined;
  const heatCarrier = f.heatCarrier ?? 'districtHeating';
  const parts = [
    { carrier: 'electricity' as const, kwhPerYear: f.electricity ?? 0 },
    { carrier: heatCarrier, kwhPerYear: f.heat ?? 0 },
  ].filter((p) => p.kwhPerYear > 0);
  const kg = parts.map((p) => energyOverPeriod(p.kwhPerYear, p.carrier, f.firstYear!, f.period));
  const sum = kg.reduce((s, x) => s + x, 0);
  if (!(sum > 0)) return undefined;
  return parts.map((p, i) => ({ ...p, perM2: (b6 * kg[i]) / sum }));
}

/** The sum of the figures over `modules` (a module without a figure counts 0). */
export function sumPhases(perPhase: Readonly<Record<string, number>>, modules: readonly string[]): number {
  return Number(modules.reduce((s, m) => s + (perPhase[m] ?? 0), 0).toPrecision(12));
}

export { obj, finite };
