// The alternatives of a construction's component as every caller gathers them: the candidates are the materials the
// workspace knows (MaterialIndex: files, bulk-create sidecar ids) and, when signed in, the service's answers for the
// construction's own ids. The agents' lca_find_alternatives and the editor's Find Lower-Carbon Alternatives… both ask
// here, so the two never disagree on what the workspace offers. Given a project's dashboard in which the construction
// is used, each alternative also gets its effect on the building (buildingEffect, restricted to that construction).
import type { BreakdownNode, Dashboard, ProjectDetail } from '../api/types';
import type { Br18Rules } from '../lca/br18Rules';
import { projectFacts } from '../lca/projectFacts';
import type { BuildingEffect } from '../lca/verdictInput';
import { msg, type Msg } from '../l10n';
import { MaterialIndex, type MaterialSource } from '../workspace';
import { buildingEffect, type BuildingBasis } from './building';
import { componentsOf } from './construction';
import { alternativesForComponent, type AlternativesOptions, type AlternativesResult } from './rank';

/** Ranked alternatives for component `index` of `construction` (its parsed value), with the effect on the construction. */
export async function componentAlternatives(
  ctx: MaterialSource,
  construction: unknown,
  index: number,
  options: AlternativesOptions,
): Promise<AlternativesResult | { problem: Msg }> {
  return (await gather(ctx, construction, index, options)).result;
}

async function gather(ctx: MaterialSource, construction: unknown, index: number, options: AlternativesOptions): Promise<{ materials: MaterialIndex; result: AlternativesResult | { problem: Msg } }> {
  const materials = await MaterialIndex.load(ctx);
  await materials.ensure(componentsOf(construction).map((c) => c.epdId));
  return { materials, result: alternativesForComponent(construction, index, materials.lookup, materials.candidates, options) };
}

/** A project's dashboard (as its panel loads it) and the service id of the construction whose component is replaced. */
export interface ComponentProject {
  /** The project's name, for what is said. */
  name: string;
  dashboard: Dashboard;
  /** The project read (reference area, period, wastage, BR18 fields). */
  detail?: ProjectDetail;
  stages: readonly string[];
  indicator?: { name: string; gwpTotal: boolean };
  rules: Br18Rules;
  /** The service id of the construction (its file's link). */
  constructionId: string;
}

/** The building's result after each alternative, in the order of `result.alternatives`. */
export interface ComponentBuilding {
  project: string;
  /** The construction's name in the dashboard's breakdown (only its lines change). */
  construction: string;
  effects: (BuildingEffect | { problem: Msg })[];
}

const leaves = (nodes: readonly BreakdownNode[] | undefined): BreakdownNode[] =>
  (nodes ?? []).flatMap((n) => (Array.isArray(n.children) && n.children.length ? leaves(n.children) : [n]));

/** The name the dashboard's breakdown gives the construction with service id `id`, or undefined when it is not used. */
export function breakdownNameOf(dashboard: Dashboard, id: string): string | undefined {
  return leaves(dashboard.projectBreakdown).find((l) => l.constructionId === id && typeof l.constructionName === 'string')?.constructionName ?? undefined;
}

/**
 * As componentAlternatives, and given a project's dashboard, the building's result after each alternative in the
 * construction's lines of the breakdown — or why it cannot be given (the construction is not used in the project).
 */
export async function componentAlternativesInProject(
  ctx: MaterialSource,
  construction: unknown,
  index: number,
  options: AlternativesOptions,
  project: ComponentProject,
): Promise<{ result: AlternativesResult | { problem: Msg }; building?: ComponentBuilding | { problem: Msg } }> {
  const { materials, result } = await gather(ctx, construction, index, options);
  if ('problem' in result) return { result };
  const name = breakdownNameOf(project.dashboard, project.constructionId);
  if (name === undefined) return { result, building: { problem: msg('the construction is not used in {0}', project.name) } };
  const current = materials.lookup(result.subject.id);
  if (!current) return { result, building: { problem: msg('the material {0} is not known', result.subject.id) } };
  const basis: BuildingBasis = {
    dashboard: project.dashboard,
    facts: projectFacts(project.detail, project.rules),
    stages: project.stages,
    ...(project.indicator ? { indicator: project.indicator } : {}),
    rules: project.rules,
    codes: options.codes,
  };
  const effects = result.alternatives.map((a) => {
    const epd = materials.candidates.find((c) => c.source === a.source && c.epd.id === a.id && c.epd.name === a.name)?.epd;
    if (!epd) return { problem: msg('the EPD of {0} is not known', a.name) };
    return buildingEffect(basis, { current, replacement: epd, construction: name });
  });
  return { result, building: { project: project.name, construction: name, effects } };
}
