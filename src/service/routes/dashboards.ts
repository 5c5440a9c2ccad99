// Dashboard routes on {base_url}: per-branch dashboards, the BR18 summary and the construction inspection.
import type { ProjectDetail } from '../../core/api/types';
import { INDICATOR_TYPE } from '../../core/codes';
import { verdictProjectOf } from '../../core/lca/verdictInput';
import { calculateDashboards, calculateSummary, TOTAL, type DashboardOptions, type DashboardResponse } from '../../core/lca/dashboard';
import { validated, visibleConstruction, visibleProject, type Ctx } from '../context';
import { badRequest, HttpError } from '../http';
import { projectArea, projectCalcInput } from '../projectViews';
import { INDICATOR_TYPE_MAPPINGS } from './epd';
import { ID, type Route } from './types';

interface DashboardBody {
  indicatorTypeMappingId?: string;
  stages?: string[];
}

/** The project and calculation options of a dashboard call; an empty body means "all defaults". */
async function prepare(ctx: Ctx, kind: 'dashboardRequest' | 'dashboardSummaryRequest' | 'inspectRequest') {
  const { project } = visibleProject(ctx, ctx.params[0]);
  const raw = await ctx.body();
  const body = validated<DashboardBody & { constructionId?: string }>(kind, raw === undefined && kind !== 'inspectRequest' ? {} : raw);
  let indicatorType: number = INDICATOR_TYPE.GWP_TOTAL;
  if (body.indicatorTypeMappingId) {
    const mapping = INDICATOR_TYPE_MAPPINGS.find((m) => m.id === body.indicatorTypeMappingId!.toLowerCase());
    if (!mapping) {
      throw badRequest('Unknown indicator type mapping.', [
        { pointer: '/indicatorTypeMappingId', message: 'not one of material/indicatorenums indicatorTypeMappings' },
      ]);
    }
    indicatorType = mapping.indicator;
  }
  if (!(projectArea(project) > 0)) {
    throw new HttpError(422, 'Unprocessable Content', 'The project has no reference area (heatArea and referencedAreas are empty), so no figure per m² can be given.');
  }
  const opts: DashboardOptions = { indicatorType, codes: ctx.state.codes, ...(body.stages ? { stages: body.stages } : {}) };
  return { project, body, opts };
}

/** Logs each element the dashboard could not compute (also listed in the extra field `notComputed`). */
function logNotComputed(ctx: Ctx, projectId: string, r: DashboardResponse): DashboardResponse {
  for (const n of r.dashboardsPerBranchPlusTotal[TOTAL]?.notComputed ?? []) {
    ctx.state.log(`dashboard ${projectId}: element ${n.elementId} (${n.elementName}) not computed: ${n.reason}`);
  }
  return r;
}

export const dashboardRoutes: Route[] = [
  {
    method: 'POST',
    pattern: new RegExp(`^/api/dashboard/${ID}/summary$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, opts } = await prepare(ctx, 'dashboardSummaryRequest');
      // Judged from the project's fields as its read gives them, as every client judges (core/lca/verdictInput).
      const verdictProject = verdictProjectOf(project.data as ProjectDetail);
      return calculateSummary(projectCalcInput(project, ctx.state.store), { ...opts, ...(verdictProject ? { project: verdictProject } : {}) });
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/api/dashboard/${ID}$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, opts } = await prepare(ctx, 'dashboardRequest');
      return logNotComputed(ctx, project.id, calculateDashboards(projectCalcInput(project, ctx.state.store), opts));
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/api/inspect/buildingProject/${ID}/construction$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, body, opts } = await prepare(ctx, 'inspectRequest');
      const construction = visibleConstruction(ctx, String(body.constructionId));
      return logNotComputed(ctx, project.id, calculateDashboards(projectCalcInput(project, ctx.state.store), { ...opts, constructionId: construction.id }));
    },
  },
];
