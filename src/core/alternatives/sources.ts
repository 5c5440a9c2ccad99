// The one candidate set of Find Lower-Carbon Alternatives…, What if… and lca_find_alternatives (per component and per
// project): the workspace's material files (MaterialIndex), the Library's materials and constructions (in the editor:
// what it has read from the service or pulled), and the service — the ids asked about, the materials of the
// constructions of the project in question and of the signed-in identity's projects (its favourites, then the most
// recently changed, read once per identity and kept in the caller's cache). Every caller asks here, so the same
// component gets the same candidates wherever it is asked about.
import type { ConstructionRead, Dashboard, DashboardResponse, ProjectListItem } from '../api/types';
import { BR18_DEFAULT_PHASES } from '../codes';
import type { GetProjectListVariables } from '../graphql/getProjectList';
import { epdDataOf } from '../lca/epd';
import type { EpdData } from '../lca/types';
import type { DashboardRequest } from '../schemas/types';
import { MaterialIndex, type CandidateMaterial, type MaterialSource } from '../workspace';
import { leavesWithLevels } from './parts';
import { knownConstructions, type KnownConstruction } from './buildUps';
import { isConstructionPath, parseDocument } from '../document';
import { shownPath } from '../workspace';

/** The service calls the candidate set reads (LcaClient has them); each is optional but `getMaterial`. */
export interface CandidateService {
  getMaterial: NonNullable<MaterialSource['service']>['getMaterial'];
  getConstruction?(id: string): Promise<ConstructionRead>;
  listProjects?(variables: GetProjectListVariables): Promise<ProjectListItem[]>;
  getDashboard?(projectId: string, body: DashboardRequest): Promise<DashboardResponse>;
}

/** What the service's constructions held when last read, kept by the caller for its life (the editor: per session). */
export type CandidateCache = Map<string, { constructions: string[]; materials: Map<string, EpdData[]> }>;

/** Where the candidates are read from. */
export interface CandidateContext extends MaterialSource {
  environment: { epdUrl: string; login?: string };
  service?: CandidateService;
  /** The Library's materials and constructions (in the editor): what it has read from the service or pulled. */
  libraryMaterials?(): readonly { id?: string; epd: EpdData; record: unknown }[];
  libraryConstructions?(): readonly { id?: string; record: unknown }[];
  /** The caller's cache of the service's constructions (none: read at every call). */
  candidateCache?: CandidateCache;
}

/** What a call asks about: the ids of its construction's components, the constructions of its project. */
export interface CandidateScope {
  ids?: Iterable<string>;
  constructionIds?: Iterable<string>;
}

/** The identity's projects whose constructions are candidates: its favourites, then the most recently changed. */
export const CANDIDATE_PROJECTS = 5;
/** At most this many constructions are read from the service per call. */
const CONSTRUCTIONS = 200;

const idsOf = (record: unknown): string[] => {
  const components = (record as { constructionEpds?: unknown } | undefined)?.constructionEpds;
  return Array.isArray(components) ? components.map((c) => (c as { epdId?: unknown }).epdId).filter((id): id is string => typeof id === 'string' && id !== '') : [];
};

/** The service constructions a dashboard's breakdown uses. */
export function constructionIdsOf(dashboard: Dashboard | undefined): string[] {
  const ids = leavesWithLevels(dashboard?.projectBreakdown).map(({ leaf }) => leaf.constructionId).filter((id): id is string => typeof id === 'string' && id !== '');
  return [...new Set(ids)];
}

/** The cache holds what one identity of one environment may read. */
const cacheKey = (ctx: CandidateContext): string => `${ctx.environment.epdUrl}\u0000${ctx.environment.login ?? ''}`;

/** The constructions of the identity's first projects, read once per identity (the cache's key). */
async function projectConstructions(ctx: CandidateContext): Promise<string[]> {
  const service = ctx.service;
  if (!service?.listProjects || !service.getDashboard) return [];
  const key = cacheKey(ctx);
  const kept = ctx.candidateCache?.get(key);
  if (kept) return kept.constructions;
  const any = {};
  const projects = await service
    .listProjects({ orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }], whereBuildingType: any, whereCalculation: any, whereFavorite: any, whereLocation: any, whereName: any, whereProjectStatus: any, whereRole: any })
    .catch(() => []);
  const ids: string[] = [];
  for (const p of projects.slice(0, CANDIDATE_PROJECTS)) {
    const response = await service.getDashboard(p.id, { stages: [...BR18_DEFAULT_PHASES] }).catch(() => undefined);
    for (const id of constructionIdsOf(response?.dashboardsPerBranchPlusTotal?.Total)) if (!ids.includes(id)) ids.push(id);
  }
  ctx.candidateCache?.set(key, { constructions: ids, materials: new Map() });
  return ids;
}

/** The materials of a service construction (its components' EPDs as the service reads them), kept in the cache. */
async function constructionMaterials(ctx: CandidateContext, id: string): Promise<EpdData[]> {
  const service = ctx.service;
  if (!service?.getConstruction) return [];
  const cache = ctx.candidateCache?.get(cacheKey(ctx))?.materials;
  const kept = cache?.get(id);
  if (kept) return kept;
  const construction = await service.getConstruction(id).catch(() => undefined);
  const out: EpdData[] = [];
  for (const component of construction?.constructionEpds ?? []) {
    const read = component.epd;
    if (read?.id) out.push(epdDataOf(read, ctx.codes, read.id));
  }
  if (construction) cache?.set(id, out);
  return out;
}

/**
 * The candidates for a call: the workspace's files, the Library's materials, the service's answers for `scope.ids`
 * and the materials of the service's constructions in scope and of the identity's projects, each material once (by
 * id; a workspace file's first).
 */
export async function candidateSet(ctx: CandidateContext, scope: CandidateScope = {}): Promise<MaterialIndex> {
  const index = await MaterialIndex.load(ctx);
  const seen = new Set(index.candidates.map((c) => c.epd.id).filter(Boolean));
  const add = (epd: EpdData, source: string, record?: unknown): void => {
    if (!epd.id || seen.has(epd.id)) return;
    seen.add(epd.id);
    if (!index.byId.has(epd.id)) index.byId.set(epd.id, epd);
    index.candidates.push({ epd, source, ...(record !== undefined ? { record } : {}) } satisfies CandidateMaterial);
  };
  for (const m of ctx.libraryMaterials?.() ?? []) add(m.id ? { ...m.epd, id: m.id } : m.epd, 'Library', m.record);
  const libraryIds = (ctx.libraryConstructions?.() ?? []).flatMap((c) => idsOf(c.record));
  await index.ensure([...(scope.ids ?? []), ...libraryIds]);
  for (const c of index.candidates) if (c.epd.id) seen.add(c.epd.id);
  const constructions = [...new Set([...(scope.constructionIds ?? []), ...(await projectConstructions(ctx))])].slice(0, CONSTRUCTIONS);
  for (const id of constructions) for (const epd of await constructionMaterials(ctx, id)) add(epd, 'service');
  return index;
}

/** At most this many construction files of the workspace are read for whole build-ups. */
const CONSTRUCTION_FILES = 200;

/**
 * The constructions the workspace knows whose building part is known — its construction files and the Library's
 * (read from the service, pulled) — for whole build-ups; with the ids of their components, which the candidate set
 * must resolve.
 */
export async function workspaceConstructions(ctx: CandidateContext): Promise<{ constructions: KnownConstruction[]; ids: string[] }> {
  const files: { value: unknown; source: string; id?: string }[] = [];
  for (const root of ctx.workspace.roots) {
    const found = (await ctx.workspace.listFiles(root).catch(() => [] as string[])).filter(isConstructionPath);
    for (const f of found.slice(0, CONSTRUCTION_FILES - files.length)) {
      const text = await ctx.workspace.readText(f).catch(() => undefined);
      if (text !== undefined) files.push({ value: parseDocument(text), source: shownPath(f, ctx.workspace.roots) });
    }
  }
  for (const c of ctx.libraryConstructions?.() ?? []) files.push({ value: c.record, source: 'Library', ...(c.id ? { id: c.id } : {}) });
  const constructions = knownConstructions(files);
  return { constructions, ids: [...new Set(constructions.flatMap((c) => idsOf(c.value)))] };
}
