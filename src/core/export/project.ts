// A project with its dashboard and materials: the project as the service reads it, its dashboard's Total of its
// included phases (else BR18's), the materials of the breakdown's lines and the environment's tables — what the BR18
// documentation and the LCAx project of a project's breakdown are built from — read through any service client (the
// editor's LcaClient, the tools' service). A material that cannot be read is left out: the BR18 export leaves its EPD
// number and expiry empty and its report says how many lines; the LCAx project writes the line without its EPD.
import type { BreakdownNode, Dashboard, DashboardResponse, MaterialRead, ProjectDetail } from '../api/types';
import type { CodeTable } from '../codeTable';
import { BR18_DEFAULT_PHASES } from '../codes';
import type { Br18Rules } from '../lca/br18Rules';
import type { DashboardRequest } from '../schemas/types';
import { softwareOf } from './frame';

export interface ProjectWithDashboard {
  /** The service's project read. */
  project: ProjectDetail;
  /** The dashboard answer's Total (the building's figures and its materials breakdown). */
  dashboard: Dashboard;
  /** The stages the dashboard was asked for. */
  stages: readonly string[];
  /** The indicator of the figures; undefined = the service's default (GWP total). */
  indicator?: { name: string; gwpTotal: boolean };
  /** The active environment's BR18 table (its override applied) and code table. */
  rules: Br18Rules;
  codes: CodeTable;
  /** The materials of the breakdown's lines by service id (for EPD number and validity), where they could be read. */
  materials?: ReadonlyMap<string, MaterialRead>;
  /** What wrote the file: "LCA Workbench" and its version. */
  software: { name: string; version: string };
}

/** The service calls the reading needs (LcaClient has them). */
export interface ProjectService {
  getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail>;
  getDashboard(projectId: string, body: DashboardRequest, signal?: AbortSignal): Promise<DashboardResponse>;
  getMaterial(id: string, signal?: AbortSignal): Promise<MaterialRead>;
}

export type ProjectReadStep = { step: 'project' } | { step: 'dashboard' } | { step: 'materials'; count: number };

export interface ProjectReadOptions {
  signal?: AbortSignal;
  onStep?: (s: ProjectReadStep) => void;
  /** A material that could not be read (logged by the caller). */
  onMaterialError?: (id: string, error: unknown) => void;
  /** False: the lines' materials are not read (a comparison needs the dashboard's figures only). */
  materials?: boolean;
}

/** The environment a project is read in: its tables and the version of the writer. */
export interface ProjectEnvironment {
  rules: Br18Rules;
  codes: CodeTable;
  version: string;
}

/** The ids `of` gives for the breakdown's nodes (a leaf's materials' epdId, a construction's id). */
function idsOf(dashboard: Dashboard, of: (n: BreakdownNode) => readonly unknown[]): string[] {
  const ids = new Set<string>();
  const walk = (nodes: readonly BreakdownNode[] | null | undefined): void => {
    for (const n of nodes ?? []) {
      for (const id of of(n)) if (typeof id === 'string' && id) ids.add(id);
      walk(n.children);
    }
  };
  walk(dashboard.projectBreakdown);
  return [...ids];
}

/** The ids of the materials of the breakdown's lines (the local service sends them; another may not). */
export const lineMaterialIds = (dashboard: Dashboard): string[] => idsOf(dashboard, (n) => (n.materialsBreakdown ?? []).map((i) => i.epdId));

/** The ids of the constructions of the breakdown's leaves (the local service names them). */
export const lineConstructionIds = (dashboard: Dashboard): string[] => idsOf(dashboard, (n) => [n.constructionId]);

/** Reads a project with its dashboard and the materials of its lines from the service. */
export async function readProjectWithDashboard(service: ProjectService, projectId: string, env: ProjectEnvironment, options: ProjectReadOptions = {}): Promise<ProjectWithDashboard> {
  const { signal, onStep } = options;
  onStep?.({ step: 'project' });
  const project = await service.getProject(projectId, signal);
  const included = project.emissionMetaData?.includedPhases;
  const stages = (included?.length ? included : [...BR18_DEFAULT_PHASES]) as DashboardRequest['stages'] & string[];
  onStep?.({ step: 'dashboard' });
  const answer = await service.getDashboard(projectId, { stages }, signal);
  const all = answer.dashboardsPerBranchPlusTotal;
  const dashboard = all.Total ?? Object.values(all).at(-1) ?? {};
  const queue = options.materials === false ? [] : lineMaterialIds(dashboard);
  onStep?.({ step: 'materials', count: queue.length });
  const materials = new Map<string, MaterialRead>();
  const worker = async (): Promise<void> => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        materials.set(id, await service.getMaterial(id, signal));
      } catch (e) {
        if (signal?.aborted) throw e;
        options.onMaterialError?.(id, e);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { project, dashboard, stages, materials, rules: env.rules, codes: env.codes, software: softwareOf(env.version) };
}
