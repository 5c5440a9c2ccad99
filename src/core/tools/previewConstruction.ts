// lca_preview_construction: a construction file's GWP per module as the editor's impact preview computes it, and what
// if a component's material were another.
import { componentsOf, constructionFigures, minus, type ConstructionFigures } from '../lca/construction';
import type { CodeTable } from '../codeTable';
import { MaterialIndex } from '../workspace';
import { defineTool } from './define';
import { gwpOut, gwpSchema, int, list, nullable, num, obj, orNull, pathProp, periodProp, readDocument, round, sentence, str, unitLabel } from './shared';
import { ToolInputError } from './types';
import { periodForCall } from '../workspace';

function figuresOut(f: ConstructionFigures, codes: CodeTable): Record<string, unknown> {
  return {
    construction: f.name,
    per: `${f.declaredValue} ${unitLabel(codes, f.declaredUnit)}`,
    unit: `kg CO2e per ${f.declaredValue} ${unitLabel(codes, f.declaredUnit)} of the construction`,
    periodYears: f.period,
    components: f.components.map((c) => ({
      index: c.index,
      epdId: c.epdId,
      material: c.name,
      ...(c.replacedEpdId !== undefined ? { replaces: c.replacedEpdId } : {}),
      amount: c.quantity.amount,
      unit: unitLabel(codes, c.quantity.unit),
      resultSets: round(c.sets),
      lifespanYears: c.lifespan ?? null,
      replacements: c.replacements,
      gwp: gwpOut(c.gwp),
    })),
    notComputed: f.problems.map((p) => ({ index: p.index, epdId: p.epdId, reason: sentence(p.reason) })),
    total: f.total ? gwpOut(f.total) : null,
    ...(f.total ? {} : { totalMissingBecause: 'A component cannot be computed; a partial sum would understate the construction.' }),
  };
}

const FIGURES = {
  construction: str,
  per: str,
  unit: str,
  periodYears: num,
  components: list(
    obj(
      { index: int, epdId: str, material: str, replaces: str, amount: num, unit: str, resultSets: num, lifespanYears: nullable('number'), replacements: int, gwp: gwpSchema },
      ['replaces'],
    ),
  ),
  notComputed: list(obj({ index: int, epdId: str, reason: str })),
  total: orNull(gwpSchema),
  totalMissingBecause: str,
};

export const previewConstruction = defineTool(
  {
    name: 'lca_preview_construction',
    title: 'Preview construction impact',
    description:
      'Computes a construction file (*.construction.json) the way the editor\'s impact preview does: GWP total (kg CO2e) per declared unit of the construction for modules A1-A3, B4 (replacements over the period from each component\'s lifespan), C3, C4, and D reported apart (never in the total), per component and in total. ' +
      'Optional substitutions answer "what if": replace component N\'s material by another material id (its own lifespan is used) and get the new figures and the change. Materials come from the workspace files and, when signed in, the service. ' +
      'A component that cannot be computed is named with its reason (never counted as zero). Read-only: it changes no file.',
    inputSchema: {
      type: 'object',
      properties: {
        path: pathProp('The *.construction.json file'),
        substitutions: {
          type: 'array',
          maxItems: 50,
          description: 'What if: component index (0-based) → material id to compute it with',
          items: {
            type: 'object',
            properties: { component: { type: 'integer', minimum: 0 }, epdId: { type: 'string', minLength: 1, maxLength: 200 } },
            required: ['component', 'epdId'],
            additionalProperties: false,
          },
        },
        period: periodProp,
      },
      required: ['path'],
      additionalProperties: false,
    },
    outputSchema: obj({ file: str, ...FIGURES, whatIf: obj(FIGURES, ['totalMissingBecause']), change: orNull(gwpSchema) }, ['totalMissingBecause', 'whatIf', 'change']),
    writes: false,
  },
  async (input, ctx) => {
    const doc = await readDocument(ctx, input.path, ['construction']);
    const subs = input.substitutions ?? [];
    const materials = await MaterialIndex.load(ctx);
    const parts = componentsOf(doc.value);
    await materials.ensure([...parts.map((c) => c.epdId), ...subs.map((s) => s.epdId)]);
    const period = await periodForCall(ctx, doc.abs, input.period);
    const before = constructionFigures(doc.value, materials.lookup, { codes: ctx.codes, period });
    const out = { file: doc.shown, ...figuresOut(before, ctx.codes) };
    if (!subs.length) return out;
    const substitutions = new Map<number, NonNullable<ReturnType<typeof materials.lookup>>>();
    for (const s of subs) {
      if (s.component >= parts.length) throw new ToolInputError(`In substitutions, component ${s.component} does not exist (the construction has ${parts.length} components, 0–${parts.length - 1}): give an existing index.`);
      const epd = materials.lookup(s.epdId);
      if (!epd) throw new ToolInputError(`In substitutions, ${materials.notKnown(s.epdId)}: use lca_search_materials to find one.`);
      substitutions.set(s.component, epd);
    }
    const after = constructionFigures(doc.value, materials.lookup, { codes: ctx.codes, period, substitutions });
    return {
      ...out,
      whatIf: figuresOut(after, ctx.codes),
      change: before.total && after.total ? gwpOut(minus(after.total, before.total)) : null,
    };
  },
);
