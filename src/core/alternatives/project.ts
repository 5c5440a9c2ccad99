// The alternatives of a construction's component as every caller gathers them: the one candidate set (sources.ts:
// the workspace's files, the Library, the service's answers for the construction's own ids and the materials of the
// project's and the identity's projects' constructions) — the agents' lca_find_alternatives, the editor's Find
// Lower-Carbon Alternatives… and What if… all draw from it. The component is judged in the building part its
// construction tells, else the part of its line in the project's breakdown. Given a project's dashboard in which the
// construction is used, each alternative also gets its effect on the building (buildingEffect, restricted to that
// construction).
import type { BreakdownNode, Dashboard, ProjectDetail } from '../api/types';
import type { Br18Rules } from '../lca/br18Rules';
import { projectFacts } from '../lca/projectFacts';
import type { BuildingEffect } from '../lca/verdictInput';
import { msg, type Msg } from '../l10n';
import type { MaterialIndex } from '../workspace';
import { buildingEffect, type BuildingBasis } from './building';
import { componentsOf } from '../lca/construction';
import { leavesWithLevels, partOfLeaf } from './parts';
import { candidateSet, constructionIdsOf, type CandidateContext } from './sources';
import { alternativesForComponent, type AlternativesOptions, type AlternativesResult } from './rank';

/** Ranked alternatives for component `index` of `construction` (its parsed value), with the effect on the construction. */
export async function componentAlternatives(
  ctx: CandidateContext,
  construction: unknown,
  index: number,
  options: AlternativesOptions,
): Promise<AlternativesResult | { problem: Msg }> {
  return (await gather(ctx, construction, index, options)).result;
}

async function gather(ctx: CandidateContext, construction: unknown, index: number, options: AlternativesOptions, project?: ComponentProject): Promise<{ materials: MaterialIndex; result: AlternativesResult | { problem: Msg } }> {
  const ids = componentsOf(construction).map((c) => c.epdId).filter((id): id is string => typeof id === 'string');
  const materials = await candidateSet(ctx, { ids, constructionIds: project ? constructionIdsOf(project.dashboard) : [] });
  const leaf = project ? leavesWithLevels(project.dashboard.projectBreakdown).find((l) => l.leaf.constructionId === project.constructionId) : undefined;
  const part = leaf ? partOfLeaf(leaf.leaf, leaf.levels) : undefined;
  return { materials, result: alternativesForComponent(construction, index, materials.lookup, materials.candidates, options, part) };
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
  ctx: CandidateContext,
  construction: unknown,
  index: number,
  options: AlternativesOptions,
  project: ComponentProject,
): Promise<{ result: AlternativesResult | { problem: Msg }; building?: ComponentBuilding | { problem: Msg } }> {
  const { materials, result } = await gather(ctx, construction, index, options, project);
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
    // The component's amount in the candidate's unit, per result set of the current material (insulation: at equal
    // thermal resistance), as the ranking worked it out.
    const perSet = a.basis.factor !== undefined ? { perSet: a.amount / a.declaredValue / result.subject.figures.sets } : {};
    return buildingEffect(basis, { current, replacement: epd, construction: name, ...perSet });
  });
  return { result, building: { project: project.name, construction: name, effects } };
}
