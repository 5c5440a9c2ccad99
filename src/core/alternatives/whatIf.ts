// The dashboard's What if…: the material behind a hot spot (found among the materials of the project's constructions
// on the service and the workspace's materials), what could take its place (the alternatives' candidates, as the
// agents' and the editor's alternatives gather them) each with its effect on the building, and the largest single
// changes available over the hot spots, up to the user's choice (the QuickPick is the editor's). Pure but for the
// reading of the materials.
import type { ConstructionRead, Dashboard, DashboardResponse, IndicatorEnums, ProjectDetail } from '../api/types';
import type { Phase } from '../codes';
import type { DashboardRequest } from '../schemas/types';
import { isGwpTotalMapping } from '../dashboard/verdictText';
import { projectPhases } from '../dashboard/br18View';
import type { CodeTable } from '../codeTable';
import type { WhatIfAnswer } from '../dashboard/messages';
import type { Br18Rules } from '../lca/br18Rules';
import { projectFacts } from '../lca/projectFacts';
import { dashboardVerdict, distanceToPassing, type BuildingEffect } from '../lca/verdictInput';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import type { CandidateMaterial } from '../workspace';
import { candidateSet, constructionIdsOf, workspaceConstructions, type CandidateContext, type CandidateService } from './sources';
import { buildUpsOf, type BuildUps, type KnownConstruction } from './buildUps';
import type { MaterialLookup } from '../lca/construction';
import { leavesWithLevels, partsOfMaterial } from './parts';
import { buildingEffect, isBuildingProblem, type BuildingBasis } from './building';
import { whatWouldPass, type PassAnswer } from './whatWouldPass';
import { alternativesForMaterial, describeJob, isProblem, type Alternative } from './rank';
import type { FamilyOf } from '../families';
import type { Job } from '../jobs';

/**
 * What the page shows of the project question: the three largest single changes (each with the building's judged
 * figure after it and whether it passes then) and whether they together reach the limit.
 */
export function passSummary(pass: PassAnswer): Pick<WhatIfAnswer, 'largest' | 'combination' | 'worthChecking'> {
  const side = (v: PassAnswer['before']): { building?: number; passes?: boolean } =>
    v.kind === 'verdict' ? { building: v.building.value, passes: v.building.passes && (v.constructionProcess?.passes ?? true) } : {};
  return {
    largest: pass.largest.map((c) => ({ material: c.material, replacement: c.replacement.name || c.replacement.id, change: c.change, ...side(c.effect.after.verdict) })),
    worthChecking: pass.worthChecking.map((c) => ({
      material: c.material,
      replacement: c.replacement.name || c.replacement.id,
      change: c.change,
      check: c.check,
      withChanges: c.withCombination.changes,
      ...side(c.withCombination.verdict),
    })),
    ...(pass.combination
      ? {
          combination: {
            changes: pass.combination.changes,
            passes: pass.combination.passes,
            ...side(pass.combination.verdict),
            ...(pass.combination.needed.building !== undefined ? { needed: pass.combination.needed.building } : {}),
          },
        }
      : {}),
  };
}

/** The whole build-ups of the asked material (in its construction, when one is asked), as the page shows them. */
function buildUpSummary(basis: BuildingBasis, materials: WhatIfMaterials, request: { material: string; construction?: string }): Pick<WhatIfAnswer, 'buildUps'> {
  if (!materials.constructions?.length || !materials.lookup) return {};
  const found = buildUpsOf(basis, request.material, materials.constructions, { byName: materials.byName, lookup: materials.lookup }, request.construction);
  if (!found.length) return {};
  const side = (e: BuildingEffect): { building?: number; passes?: boolean } =>
    e.after.verdict.kind === 'verdict' ? { building: e.after.verdict.building.value, passes: e.after.verdict.building.passes && (e.after.verdict.constructionProcess?.passes ?? true) } : {};
  return {
    buildUps: found.map((b: BuildUps) => ({
      construction: b.construction,
      part: b.partName,
      options: b.options.map((o) => ('problem' in o.effect ? { name: o.name, source: o.source, problem: o.effect.problem } : { name: o.name, source: o.source, change: o.effect.change, ...side(o.effect) })),
    })),
  };
}

/** The materials a dashboard's What if… can work with. */
export interface WhatIfMaterials {
  /** Material name (as the hot spots and the breakdown name it) → its EPD. */
  byName: Map<string, EpdData>;
  candidates: CandidateMaterial[];
  /** The constructions of a known building part the workspace knows (whole build-ups), and how their ids resolve. */
  constructions?: KnownConstruction[];
  lookup?: MaterialLookup;
}

/**
 * The candidates for the dashboard's materials — the one candidate set (sources.ts) with the constructions of its
 * breakdown in scope and the breakdown's own material ids asked about — and its materials by name.
 */
export async function whatIfMaterials(ctx: CandidateContext, dashboard: Dashboard): Promise<WhatIfMaterials> {
  const lines = leavesWithLevels(dashboard.projectBreakdown).flatMap(({ leaf }) => leaf.materialsBreakdown ?? []);
  const ids = lines.map((l) => l.epdId).filter((id): id is string => typeof id === 'string' && id !== '');
  // The workspace's constructions (whole build-ups): their components' materials are asked about too.
  const known = await workspaceConstructions(ctx);
  const index = await candidateSet(ctx, { ids: [...ids.slice(0, 200), ...known.ids.slice(0, 200)], constructionIds: constructionIdsOf(dashboard) });
  const byName = new Map<string, EpdData>();
  // A line's own id names its material first; then the candidates by name.
  for (const l of lines) {
    const epd = typeof l.epdId === 'string' && l.epdId ? index.lookup(l.epdId) : undefined;
    if (epd && typeof l.epdName === 'string' && !byName.has(l.epdName)) byName.set(l.epdName, epd);
  }
  for (const c of index.candidates) if (c.epd.name && !byName.has(c.epd.name)) byName.set(c.epd.name, c.epd);
  return { byName, candidates: index.candidates, constructions: known.constructions, lookup: index.lookup };
}

/** One candidate of the What if… with its effect on the building, or why it cannot be had. */
export interface WhatIfOption {
  alternative: Alternative;
  epd: EpdData;
  effect: BuildingEffect | { problem: Msg };
}

/**
 * The EPD of a ranked alternative, by its source, id and name: one index of the candidates per list, rather than a scan
 * of all of them for each of the (up to 200) alternatives.
 */
function epdFinder(candidates: readonly CandidateMaterial[]): (a: Alternative) => EpdData | undefined {
  const key = (source: string, id: string, name: string): string => `${source}\u0000${id}\u0000${name}`;
  const index = new Map<string, EpdData>();
  for (const c of candidates) {
    const k = key(c.source, c.epd.id, c.epd.name);
    if (!index.has(k)) index.set(k, c.epd);
  }
  return (a) => index.get(key(a.source, a.id, a.name));
}

/** The building effect of each ranked alternative, the largest reduction of the judged figure first (those that cannot be had after). */
function optionsOf(
  basis: BuildingBasis,
  current: EpdData,
  alternatives: readonly Alternative[],
  epdOf: (a: Alternative) => EpdData | undefined,
  construction: string | undefined,
): WhatIfOption[] {
  const options: WhatIfOption[] = [];
  for (const alternative of alternatives) {
    const epd = epdOf(alternative);
    if (!epd) continue;
    const perSet = alternative.basis.factor !== undefined ? { perSet: alternative.amount / alternative.declaredValue } : {};
    options.push({ alternative, epd, effect: buildingEffect(basis, { current, replacement: epd, ...perSet, ...(construction !== undefined ? { construction } : {}) }) });
  }
  const key = (o: WhatIfOption): number => (isBuildingProblem(o.effect) ? Number.POSITIVE_INFINITY : o.effect.change);
  return options.sort((a, b) => key(a) - key(b) || a.alternative.name.localeCompare(b.alternative.name));
}

/**
 * The candidates for `material` with their effect on the building, the largest reduction of the judged figure first
 * (those that cannot be had after, with the reason); or why none can be looked for.
 */
export function whatIfOptions(
  basis: BuildingBasis,
  materials: WhatIfMaterials,
  material: string,
  period: number,
  construction?: string,
  limit = 30,
): { current: EpdData; options: WhatIfOption[]; comparable: number; notComparable: number; otherKinds: number; family: FamilyOf & { sameOnly: boolean }; job: Job } | { problem: Msg } {
  const current = materials.byName.get(material);
  if (!current) return { problem: msg('the EPD of {0} is not known: it is neither in the workspace nor in a construction of the project read from the service', material) };
  const ranked = alternativesForMaterial(current, materials.candidates, { codes: basis.codes, period, onlyLower: false, limit: 200 }, partsOfMaterial(basis.dashboard, material, construction));
  if (isProblem(ranked)) return { problem: ranked.problem };
  const options = optionsOf(basis, current, ranked.alternatives, epdFinder(materials.candidates), construction);
  return { current, options: options.slice(0, limit), comparable: ranked.counts.comparable, notComparable: ranked.counts.notComparable, otherKinds: ranked.counts.otherKinds, family: ranked.family, job: ranked.subject.job };
}

/** At most this many candidates are shown for what is typed (each with its building effect); the others are counted. */
export const WHAT_IF_SHOWN = 100;

/** The What if… candidates for what is typed: those shown (largest reduction first) and how many comparable ones match. */
export interface WhatIfFound {
  options: WhatIfOption[];
  /** Comparable candidates whose name or id has every word typed (`options` shows at most WHAT_IF_SHOWN of them). */
  matching: number;
}

/**
 * Search over every comparable candidate for `current`: the candidates whose name or id has every word of `text`
 * (case-insensitive, the ranking's own `query`), the lowest `shown` of them by GWP of the functional amount given their
 * building effect, largest reduction first. Per call: one ranking pass and the building effect of at most `shown` —
 * never of every candidate.
 */
export function whatIfFinder(
  basis: BuildingBasis,
  materials: WhatIfMaterials,
  current: EpdData,
  period: number,
  construction?: string,
  shown = WHAT_IF_SHOWN,
): (text: string) => WhatIfFound {
  const candidates = materials.candidates;
  const epdOf = epdFinder(candidates);
  const parts = partsOfMaterial(basis.dashboard, current.name, construction);
  return (text) => {
    const ranked = alternativesForMaterial(current, candidates, { codes: basis.codes, period, onlyLower: false, limit: shown, query: text }, parts);
    if (isProblem(ranked)) return { options: [], matching: 0 };
    return { options: optionsOf(basis, current, ranked.alternatives, epdOf, construction), matching: ranked.counts.comparable };
  };
}

/** The dashboard a What if… is asked on: its answer's branches, the stages asked for, the project read and the indicator. */
export interface WhatIfDashboard {
  all: Readonly<Record<string, Dashboard>>;
  stages: readonly string[];
  detail?: ProjectDetail;
  indicator?: { name: string; gwpTotal: boolean };
}

/**
 * The basis every building effect of a dashboard's branch is computed on: the dashboard, the project read's facts
 * (`projectFacts`: the verdict's fields, reference area, period, wastage), the stages and the indicator — one
 * definition for the dashboard's What if… and the agents' project question. Undefined when the branch has no dashboard.
 */
export function whatIfBasis(source: WhatIfDashboard, branch: string, env: { rules: Br18Rules; codes: CodeTable }): BuildingBasis | undefined {
  const d = source.all[branch];
  if (!d) return undefined;
  const { detail, indicator, stages } = source;
  return { dashboard: d, facts: projectFacts(detail, env.rules), stages, ...(indicator ? { indicator } : {}), rules: env.rules, codes: env.codes };
}

/** What the project question reads from the service (`LcaClient` has it). */
export interface ProjectQuestionService {
  getProject(id: string): Promise<ProjectDetail>;
  getDashboard(projectId: string, body: DashboardRequest): Promise<DashboardResponse>;
  getIndicatorEnums?(): Promise<IndicatorEnums>;
  getConstruction?(id: string): Promise<ConstructionRead>;
  getMaterial: CandidateService['getMaterial'];
  listProjects?: CandidateService['listProjects'];
}

/** A project's question as its dashboard panel asks it: the dashboard of its own phases and GWP total, the Total. */
export interface ProjectQuestion {
  projectName: string | undefined;
  stages: Phase[];
  basis: BuildingBasis;
  period: number;
  answer: PassAnswer;
}

/**
 * "What would make project `projectId` pass": its dashboard read as the dashboard panel reads it (the project's own
 * phases, the GWP total indicator mapping), the materials as What if… gathers them, and `whatWouldPass` on the
 * Total — the figures the dashboard's What if… shows.
 */
export async function projectWhatWouldPass(
  ctx: CandidateContext & { service: ProjectQuestionService },
  projectId: string,
  env: { rules: Br18Rules; codes: CodeTable },
): Promise<ProjectQuestion | { problem: Msg }> {
  const service = ctx.service;
  const detail = await service.getProject(projectId);
  const stages = projectPhases(detail);
  const enums = service.getIndicatorEnums ? await service.getIndicatorEnums().catch(() => undefined) : undefined;
  const mappings = (enums?.indicatorTypeMappings ?? []).filter((m) => typeof m.id === 'string' && typeof m.name === 'string').map((m) => ({ id: m.id as string, name: m.name as string, indicator: m.indicator === undefined ? undefined : String(m.indicator) }));
  const gwp = mappings.find(isGwpTotalMapping) ?? mappings[0];
  const response = await service.getDashboard(projectId, { stages, ...(gwp ? { indicatorTypeMappingId: gwp.id } : {}) });
  const all = response.dashboardsPerBranchPlusTotal ?? {};
  const source: WhatIfDashboard = { all, stages, detail, ...(gwp ? { indicator: { name: gwp.name, gwpTotal: isGwpTotalMapping(gwp) } } : {}) };
  const basis = whatIfBasis(source, 'Total', env);
  if (!basis) return { problem: msg('the service answered no dashboard for the project') };
  const materials = await whatIfMaterials(ctx, basis.dashboard);
  const period = basis.facts.period;
  return { projectName: detail.projectName ?? undefined, stages, basis, period, answer: whatWouldPass(basis, materials, { period }) };
}

/** What a What if… on a hot spot offers before the user chooses: the answer so far and the candidates. */
export interface WhatIfPlan {
  /** The answer without a chosen change: the hot spot, the branch, the distance to passing and the largest single changes. */
  answer: WhatIfAnswer;
  period: number;
  /**
   * The candidates of the same job, largest reduction first, how many are comparable and how many of other kinds
   * are not offered; absent when the answer says a problem.
   */
  found?: { current: EpdData; options: WhatIfOption[]; comparable: number; otherKinds: number; family: FamilyOf & { sameOnly: boolean }; job: Job };
  /** The project question's full answer (the hot spots' candidates, the largest changes, the combination). */
  pass: PassAnswer;
  /** A search over every comparable candidate (by the words typed). */
  find?: (text: string) => WhatIfFound;
}

/** The branch a What if… is answered in: the one asked for when the answer has it, else the Total. */
export function whatIfBranch(all: WhatIfDashboard['all'], asked: string | undefined): string {
  return asked && Object.hasOwn(all, asked) ? asked : 'Total';
}

/**
 * The dashboard's What if… on a hot spot (`request.material`, optionally in one construction, of the shown branch)
 * up to the choice: the current verdict's distance to passing, the largest single changes over the hot spots, and
 * the candidates for the material with the building's result after each (or the problem, in the answer). The editor
 * asks which one (src/extension/dashboards/whatIf.ts) and answers with its effect. Undefined when no project
 * dashboard is shown.
 */
export function whatIfPlan(
  source: WhatIfDashboard,
  materials: WhatIfMaterials,
  request: { material: string; construction?: string; branch?: string },
  env: { rules: Br18Rules; codes: CodeTable },
): WhatIfPlan | undefined {
  const branch = whatIfBranch(source.all, request.branch);
  const basis = whatIfBasis(source, branch, env);
  if (!basis) return undefined;
  const period = basis.facts.period;
  const current = dashboardVerdict(env.rules, env.codes, basis.facts.verdictProject, basis.dashboard, basis.stages, basis.indicator);
  const pass = whatWouldPass(basis, materials, { period });
  const answer: WhatIfAnswer = {
    material: request.material,
    ...(request.construction !== undefined ? { construction: request.construction } : {}),
    branch,
    needed: distanceToPassing(current),
    ...passSummary(pass),
    ...buildUpSummary(basis, materials, request),
  };
  const found = whatIfOptions(basis, materials, request.material, period, request.construction);
  if ('problem' in found) return { answer: { ...answer, problem: found.problem }, period, pass };
  if (!found.options.length) {
    const problem = found.family.sameOnly
      ? msg('nothing that does the job of {0} ({1}) that the workspace, the Library or the service\'s constructions know can take its place', request.material, describeJob(found.job))
      : msg('no material the workspace or the project\'s constructions know can take the place of {0}', request.material);
    return { answer: { ...answer, problem }, period, pass };
  }
  return { answer, period, found, pass, find: whatIfFinder(basis, materials, found.current, period, request.construction) };
}
