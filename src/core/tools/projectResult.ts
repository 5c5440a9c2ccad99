// lca_project_result: a project's BR18 result from the service's dashboard, judged by the one verdict.
import { PHASES } from '../codes';
import { toNumber } from '../dashboard/viewModel';
import { defineTool } from './define';
import { idProp, limitProp, list, map, needService, nullable, num, obj, oneOfValues, orNull, str } from './shared';
import { BR18_VERDICT_SCHEMA, br18StagesOf, br18VerdictsOf } from './verdict';

// The service sends its figures as decimal strings (no precision lost on the wire); a model is given numbers.
/** A figure the service sent, as a number; null when it sent none or not a number. */
const figure = (v: unknown): number | null => {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : null;
};
/** A map of figures the service sent (per phase, per mapping status …), as numbers; an entry that is not one is left out. */
const figures = (r: Record<string, unknown> | undefined): Record<string, number> =>
  Object.fromEntries(
    Object.entries(r ?? {}).flatMap(([k, v]) => {
      const n = figure(v);
      return n === null ? [] : [[k, n] as const];
    }),
  );

const topEntries = (r: Record<string, unknown> | undefined, n: number): { name: string; value: number }[] =>
  Object.entries(figures(r))
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => b.value - a.value)
    .slice(0, n);

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
      projectId: str, project: nullable('string'), unit: str, referenceAreaM2: nullable('number'), periodYears: nullable('number'), stages: list(oneOfValues(PHASES)), br18: BR18_VERDICT_SCHEMA,
      perPhase: map(num), moduleD_apart: nullable('number'), perConstruction: entries, hotSpots: entries, mappingStatus: orNull(map(num)), epdTypes: orNull(map(num)),
      service: obj({ note: str, emissionBudgetUsed: nullable('number') }), elements: obj({ total: nullable('integer'), mapped: nullable('integer') }),
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
      referenceAreaM2: figure(summary.referenceArea),
      periodYears: figure(summary.considerationPeriod),
      stages,
      br18: br18VerdictsOf(ctx.rules, ctx.codes, project, total, stages),
      perPhase: figures(total.emissionPerPhase),
      moduleD_apart: figure(total.emissionPerPhase?.D),
      perConstruction: topEntries(total.emissionPerConstruction, n),
      hotSpots: topEntries(total.hotSpot, n),
      mappingStatus: total.mappingStatus ? figures(total.mappingStatus) : null,
      epdTypes: total.epdTypes ? figures(total.epdTypes) : null,
      // The service's own budget figure, where it differs from the judged one; its limit and remaining are not a verdict.
      service: { note: 'The service\'s own figure; the BR18 verdict is `br18`.', emissionBudgetUsed: figure(total.emissionBudget?.Used) },
      elements: { total: figure(summary.elements), mapped: figure(summary.mappedElements) },
    };
  },
);
