// Reads what the BR18 export and the check are built from, through any service client (the editor's LcaClient, the
// tools' service): the project, the dashboard's Total of its included phases (else BR18's), the materials of the
// breakdown's lines. A material that cannot be read is left out: the export leaves its EPD number and expiry empty
// and the report says how many lines.
import type { Dashboard, DashboardResponse, MaterialRead, ProjectDetail } from '../../api/types';
import { BR18_DEFAULT_PHASES } from '../../codes';
import type { DashboardRequest } from '../../schemas/types';
import type { Br18ExportInput } from './types';

/** The service calls the export needs (LcaClient has them). */
export interface Br18Service {
  getProject(id: string, signal?: AbortSignal): Promise<ProjectDetail>;
  getDashboard(projectId: string, body: DashboardRequest, signal?: AbortSignal): Promise<DashboardResponse>;
  getMaterial(id: string, signal?: AbortSignal): Promise<MaterialRead>;
}

export type Br18ReadStep = { step: 'project' } | { step: 'dashboard' } | { step: 'materials'; count: number };

export interface Br18ReadOptions {
  signal?: AbortSignal;
  onStep?: (s: Br18ReadStep) => void;
  /** A material that could not be read (logged by the caller). */
  onMaterialError?: (id: string, error: unknown) => void;
}

/** The ids of the materials of the breakdown's lines (the local service sends them; another may not). */
export function lineMaterialIds(dashboard: Dashboard): string[] {
  const ids = new Set<string>();
  const walk = (nodes: Dashboard['projectBreakdown'] | null | undefined): void => {
    for (const n of nodes ?? []) {
      for (const i of n.materialsBreakdown ?? []) if (i.epdId) ids.add(i.epdId);
      walk(n.children);
    }
  };
  walk(dashboard.projectBreakdown);
  return [...ids];
}

/** The ids of the constructions of the breakdown's leaves (the local service names them). */
export function lineConstructionIds(dashboard: Dashboard): string[] {
  const ids = new Set<string>();
  const walk = (nodes: Dashboard['projectBreakdown'] | null | undefined): void => {
    for (const n of nodes ?? []) {
      if (typeof n.constructionId === 'string') ids.add(n.constructionId);
      walk(n.children);
    }
  };
  walk(dashboard.projectBreakdown);
  return [...ids];
}

/** Everything but the environment's tables and the writer's name, read from the service. */
export async function readBr18Data(
  service: Br18Service,
  projectId: string,
  options: Br18ReadOptions = {},
): Promise<Pick<Br18ExportInput, 'project' | 'dashboard' | 'stages' | 'materials'>> {
  const { signal, onStep } = options;
  onStep?.({ step: 'project' });
  const project = await service.getProject(projectId, signal);
  const included = project.emissionMetaData?.includedPhases;
  const stages = (included?.length ? included : [...BR18_DEFAULT_PHASES]) as DashboardRequest['stages'] & string[];
  onStep?.({ step: 'dashboard' });
  const answer = await service.getDashboard(projectId, { stages }, signal);
  const all = answer.dashboardsPerBranchPlusTotal;
  const dashboard = all.Total ?? Object.values(all).at(-1) ?? {};
  const queue = lineMaterialIds(dashboard);
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
  return { project, dashboard, stages, materials };
}
