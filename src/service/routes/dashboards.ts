// Dashboard routes on {base_url}: per-branch dashboards, the BR18 summary and the construction inspection.
import { INDICATOR_TYPE } from '../../core/codes';
import { calculateDashboards, calculateSummary, TOTAL, type DashboardOptions, type DashboardResponse } from '../../core/lca/dashboard';
import { validated, visibleConstruction, visibleProject, type Ctx } from '../context';
import { badRequest, HttpError } from '../http';
import { projectCalcInput } from '../projectViews';
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
  const input = projectCalcInput(project, ctx.state.store);
  if (input.facts.referenceArea === undefined) {
    throw new HttpError(422, 'Unprocessable Content', 'The project has no reference area (heatArea and referencedAreas are empty), so no figure per m² can be given.');
  }
  const opts: DashboardOptions = { indicatorType, codes: ctx.state.codes, ...(body.stages ? { stages: body.stages } : {}) };
  return { project, input, body, opts };
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
      // Judged from the project's facts as every client reads them (core/lca/projectFacts).
      const { input, opts } = await prepare(ctx, 'dashboardSummaryRequest');
      return calculateSummary(input, opts);
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/api/dashboard/${ID}$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, input, opts } = await prepare(ctx, 'dashboardRequest');
      return logNotComputed(ctx, project.id, calculateDashboards(input, opts));
    },
  },
  {
    method: 'POST',
    pattern: new RegExp(`^/api/inspect/buildingProject/${ID}/construction$`, 'i'),
    auth: true,
    async handle(ctx) {
      const { project, input, body, opts } = await prepare(ctx, 'inspectRequest');
      const construction = visibleConstruction(ctx, String(body.constructionId));
      return logNotComputed(ctx, project.id, calculateDashboards(input, { ...opts, constructionId: construction.id }));
    },
  },
];
