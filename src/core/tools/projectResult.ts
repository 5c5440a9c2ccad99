// lca_project_result: a project's BR18 result from the service's dashboard, judged by the one verdict.
import { PHASES } from '../codes';
import { defineTool } from './define';
import { idProp, limitProp, list, map, needService, nullable, num, obj, oneOfValues, orNull, str } from './shared';
import { BR18_VERDICT_SCHEMA, br18StagesOf, br18VerdictsOf } from './verdict';

const topEntries = (r: Record<string, unknown> | undefined, n: number): { name: string; value: number }[] =>
  Object.entries(r ?? {})
    .map(([name, v]) => ({ name, value: Number(v) }))
    .filter((e) => Number.isFinite(e.value))
    .sort((a, b) => b.value - a.value)
    .slice(0, n);

/** A figure as the service sends it (a decimal string or a number). */
const decimal = { type: ['number', 'string'] };
const entries = list(obj({ name: str, value: num }));

export const projectResult = defineTool(
  {
    name: 'lca_project_result',
    title: 'Project BR18 result',
    description:
      'Gives a project\'s BR18 result from the LCA service\'s dashboard: the building\'s result (kg CO2e/m²/yr) against its limit with the verdict, margin and the change needed to pass (or why there is no verdict: LCA only, not a BR18 result, no result yet), the result per phase (A1-A3, B4, B6, C3, C4 …; D apart, never counted), per construction and the hot spots (largest first), mapping status (elements mapped or not) and EPD types. ' +
      'Give the project id (lca_list_projects lists them). Read-only; needs a sign-in.',
    inputSchema: {
      type: 'object',
      properties: {
        projectId: idProp('The project id'),
        stages: { type: 'array', items: { type: 'string', enum: [...PHASES] }, maxItems: PHASES.length, description: 'Phases to include (default: the project\'s)' },
        limit: limitProp(10, 100),
      },
      required: ['projectId'],
      additionalProperties: false,
    },
    outputSchema: obj({
      projectId: str, project: nullable('string'), unit: str, referenceAreaM2: orNull(decimal), periodYears: nullable('number'), stages: list(oneOfValues(PHASES)), br18: BR18_VERDICT_SCHEMA,
      perPhase: map(decimal), moduleD_apart: orNull(decimal), perConstruction: entries, hotSpots: entries, mappingStatus: orNull({ type: 'object' }), epdTypes: orNull({ type: 'object' }),
      service: obj({ note: str, emissionBudgetUsed: orNull(decimal) }), elements: obj({ total: nullable('integer'), mapped: nullable('integer') }),
    }),
    writes: false,
  },
  async (input, ctx) => {
    const service = needService(ctx, 'lca_project_result');
    const id = input.projectId;
    const project = await service.getProject(id).catch(() => undefined);
    const stages = input.stages ?? (br18StagesOf(ctx.rules, project) as (typeof PHASES)[number][]);
    const body = { stages };
    const [dashboard, summary] = await Promise.all([service.getDashboard(id, body), service.getDashboardSummary(id, body)]);
    const total = dashboard.dashboardsPerBranchPlusTotal.Total ?? Object.values(dashboard.dashboardsPerBranchPlusTotal)[0] ?? {};
    const n = input.limit ?? 10;
    return {
      projectId: id,
      project: summary.projectName ?? null,
      unit: summary.unit ?? 'kg CO2e/m²/yr',
      referenceAreaM2: summary.referenceArea ?? null,
      periodYears: summary.considerationPeriod ?? null,
      stages,
      br18: br18VerdictsOf(ctx.rules, ctx.codes, project, total, stages),
      perPhase: total.emissionPerPhase ?? {},
      moduleD_apart: total.emissionPerPhase?.D ?? null,
      perConstruction: topEntries(total.emissionPerConstruction, n),
      hotSpots: topEntries(total.hotSpot, n),
      mappingStatus: total.mappingStatus ?? null,
      epdTypes: total.epdTypes ?? null,
      // The service's own budget figure, where it differs from the judged one; its limit and remaining are not a verdict.
      service: { note: 'the service\'s own figures as it sent them; the BR18 verdict is `br18`', emissionBudgetUsed: total.emissionBudget?.Used ?? null },
      elements: { total: summary.elements ?? null, mapped: summary.mappedElements ?? null },
    };
  },
);
