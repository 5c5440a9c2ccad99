// A state to compare, read as its own surface reads it: a project as its dashboard (the project's facts by
// `projectFacts`, the Total's figures and breakdown as the service answered, the verdict by `dashboardVerdict`), a
// construction as its lens (`previewConstruction`, per its declared unit over its reference period).
import type { BreakdownNode, Dashboard, ProjectDetail } from '../api/types';
import { PHASES, type Phase } from '../codes';
import type { CodeTable } from '../codeTable';
import type { ComponentQuantity } from '../units';
import { partOfConstruction } from '../jobs';
import { classificationLabel } from '../dashboard/viewModel';
import { isObject, num } from '../guards';
import { format, msg, type Msg } from '../l10n';
import type { Br18Rules, Br18Verdict, LimitVerdict } from '../lca/br18Rules';
import { SUMMARY_UNIT } from '../lca/dashboard';
import { projectFacts } from '../lca/projectFacts';
import { dashboardVerdict, type PhaseFigures, type VerdictIndicator } from '../lca/verdictInput';
import type { ConstructionPreview } from '../preview/impact';
import type { CompareLimit, CompareLine, CompareState, CompareVerdict } from './types';

const decimal = (v: unknown): number | undefined => (typeof v === 'string' && v.trim() !== '' ? num(Number(v)) : num(v));

const limitOf = (v: LimitVerdict): CompareLimit => ({ value: v.value, limit: v.limit, margin: v.margin, passes: v.passes, modules: [...v.modules] });

/** A verdict as a comparison (and a baseline file) keeps it: plain data. */
export function compareVerdictOf(v: Br18Verdict): CompareVerdict {
  if (v.kind === 'none') return { kind: 'none', ...(v.ruleSet ? { ruleSet: v.ruleSet.id } : {}), reason: v.reason };
  return {
    kind: 'verdict',
    ruleSet: v.ruleSet.id,
    ruleSetLabel: v.ruleSet.label,
    building: limitOf(v.building),
    ...(v.constructionProcess ? { constructionProcess: limitOf(v.constructionProcess) } : {}),
  };
}

/** The sum of `figures` over `modules`. */
export const sumOf = (figures: PhaseFigures, modules: readonly Phase[]): number => modules.reduce((s, m) => s + (figures[m] ?? 0), 0);

export interface ProjectSide {
  project: ProjectDetail;
  /** The dashboard answer's Total. */
  dashboard: Dashboard;
  /** The stages the dashboard was asked for. */
  stages: readonly string[];
  indicator?: VerdictIndicator;
  rules: Br18Rules;
  codes: CodeTable;
  /** Where it was read, as the page names it (e.g. "project 0b1c…"). */
  source: string;
}

/** A construction node's lines (its materials), each with the building part above it. */
function breakdownLines(nodes: readonly BreakdownNode[] | null | undefined, judged: readonly Phase[], part = ''): CompareLine[] {
  const out: CompareLine[] = [];
  for (const n of nodes ?? []) {
    const construction = typeof n.constructionName === 'string' || !Array.isArray(n.children);
    if (!construction) {
      out.push(...breakdownLines(n.children, judged, classificationLabel(n)));
      continue;
    }
    for (const m of n.materialsBreakdown ?? []) {
      // The line's judged modules where the answer gives its figures per module (the local service), else its total.
      const perPhase = isObject(m.co2PerPhase) ? m.co2PerPhase : undefined;
      const figure = perPhase ? judged.reduce((s, p) => s + (decimal(perPhase[p]) ?? 0), 0) : (decimal(m.co2PerYearPerSquareMeter) ?? 0);
      const amount = decimal(m.mappedMaterialAmount);
      out.push({
        part,
        construction: n.constructionName ?? '',
        material: m.epdName ?? '',
        ...(m.epdId ? { epdId: m.epdId } : {}),
        ...(amount !== undefined ? { amount, ...(m.mappedMaterialUnit ? { unit: m.mappedMaterialUnit } : {}) } : {}),
        ...(typeof m.lifetime === 'number' ? { lifetime: m.lifetime } : {}),
        figure,
      });
    }
  }
  return out;
}

/** A project as its dashboard shows it. */
export function projectState(side: ProjectSide): CompareState {
  const facts = projectFacts(side.project, side.rules);
  const verdict = dashboardVerdict(side.rules, side.codes, facts.verdictProject, side.dashboard, side.stages, side.indicator);
  const stages = PHASES.filter((p) => side.stages.includes(p));
  const perPhase: PhaseFigures = {};
  for (const p of stages) {
    const v = decimal(side.dashboard.emissionPerPhase?.[p]);
    if (v !== undefined) perPhase[p] = v;
  }
  const judged = verdict.kind === 'verdict' ? [...verdict.building.modules] : stages.filter((p) => p !== 'D');
  return {
    kind: 'project',
    name: side.project.projectName ?? side.source,
    source: side.source,
    unit: SUMMARY_UNIT,
    basis: {
      ...(facts.ruleSet ? { ruleSet: facts.ruleSet.id } : {}),
      ...(facts.referenceArea !== undefined ? { referenceArea: facts.referenceArea } : {}),
      period: facts.period,
      indicator: side.indicator?.name ?? 'GWP total',
      stages,
    },
    perPhase,
    figure: verdict.kind === 'verdict' ? verdict.building.exact : sumOf(perPhase, judged),
    verdict: compareVerdictOf(verdict),
    lines: breakdownLines(side.dashboard.projectBreakdown, judged.filter((p) => p !== 'B6')),
  };
}

/** A construction file's part: its classification when it states one, else none. */
function partOf(value: unknown): string {
  const c = isObject(value) && isObject(value.classification) ? value.classification : undefined;
  const words = [c?.code, c?.name].filter((x): x is string => typeof x === 'string' && x !== '');
  return words.join(' ');
}

/**
 * A component's quantity as written, all of it: the amount times its share and its thickness, height and width (1 m² at
 * 0.195 m is 0.195 "M2·m"), so that a thicker layer or a smaller share is a change of quantity, and the same layer
 * written another way (0.195 m² at 1 m) is none. In the unit as written, not the material's: a material replaced at
 * the same quantity is that alone.
 */
function statedQuantity(q: ComponentQuantity, codes: CodeTable): { amount: number; unit: string } {
  const dims = [q.height, q.width].filter((x): x is number => x !== undefined);
  const amount = dims.reduce((a, x) => a * x, (q.amount * (q.percentage ?? 100)) / 100);
  return { amount, unit: [codes.unitByCode(q.unit)?.label ?? String(q.unit), ...dims.map(() => 'm')].join('·') };
}

/** A construction as its lens shows it, or why it cannot be compared (a component its lens cannot compute). */
export function constructionState(value: unknown, preview: ConstructionPreview, source: string, codes: CodeTable): CompareState | { problem: Msg } {
  const first = preview.problems[0];
  if (first) return { problem: msg('{0}: component {1} cannot be computed: {2}', source, first.index + 1, first.reason) };
  const t = preview.total ?? { a1a3: 0, b4: 0, c3: 0, c4: 0, d: 0 };
  const perPhase: PhaseFigures = { A1A3: t.a1a3, B4: t.b4, C3: t.c3, C4: t.c4, D: t.d };
  const declared = `${preview.declaredValue} ${format(msg('{0}', preview.declaredUnitSymbol))}`;
  const name = isObject(value) && typeof value.name === 'string' ? value.name : source;
  const part = partOf(value);
  // No classification stated: the part the construction's name or tags show (an outer wall's "(21) external walls").
  const partId = part ? undefined : partOfConstruction(value)?.id;
  return {
    kind: 'construction',
    name,
    source,
    unit: `kg CO2e / ${declared}`,
    basis: { declaredUnit: declared, period: preview.period, indicator: 'GWP total', stages: ['A1A3', 'B4', 'C3', 'C4', 'D'] },
    perPhase,
    figure: t.a1a3 + t.b4 + t.c3 + t.c4,
    lines: preview.components.map((c) => ({
      part,
      ...(partId !== undefined ? { partId } : {}),
      construction: name,
      material: c.name,
      epdId: c.epdId,
      ...statedQuantity(c.quantity, codes),
      ...(c.lifespan !== undefined ? { lifetime: c.lifespan } : {}),
      figure: c.gwp.a1a3 + c.gwp.b4 + c.gwp.c3 + c.gwp.c4,
    })),
  };
}
