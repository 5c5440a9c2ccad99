// lca_search_materials: the materials the workspace knows, by words, declared unit and GWP A1-A3 range.
import { gwpCodesOf } from '../lca/construction';
import { familyOfEpd } from '../families';
import { gwpPerSet } from '../lca/line';
import type { CodeTable } from '../codeTable';
import { MaterialIndex } from '../workspace';
import { defineTool } from './define';
import { FAMILY_OPTIONAL, FAMILY_PROPERTIES, familyOut, int, limitProp, list, nullable, num, obj, orNull, round, str, textProp, unitLabel } from './shared';
import { ToolInputError } from './types';

function unitCodeOf(codes: CodeTable, text: string): number {
  const wanted = text.trim().toLowerCase().replace('²', '2').replace('³', '3');
  const unit = codes.units.find((u) => u.label.toLowerCase() === wanted || String(u.code) === wanted);
  if (!unit) throw new ToolInputError(`The declaredUnit ${JSON.stringify(text)} is not a unit of ${codes.environment || 'this environment'}: use one of ${codes.units.map((u) => u.label).join(', ')}.`);
  return unit.code;
}

const MATERIAL = obj(
  { id: str, name: str, source: str, ...FAMILY_PROPERTIES, declaredUnit: str, gwpPerDeclaredUnit: orNull(obj({ A1A3: num, C3: num, C4: num, D_apart: num })), lifespanYears: nullable('number'), massKg: nullable('number') },
  FAMILY_OPTIONAL,
);

export const searchMaterials = defineTool(
  {
    name: 'lca_search_materials',
    title: 'Search materials',
    description:
      'Searches the materials the workspace knows (material files, bulk files such as an imported BR18 Tabel 7 library, with the service ids of their bulk-create records) by words in the name or id, declared unit and a range of GWP A1-A3 per declared unit (kg CO2e). ' +
      'Returns id (empty when the material has no service id yet), name, where it is, declared unit, GWP A1-A3/C3/C4/D per declared unit, lifespan and mass. Read-only.',
    inputSchema: {
      type: 'object',
      properties: {
        query: textProp('Words that must all occur in the name or id (case-insensitive), e.g. "beton C30"'),
        declaredUnit: textProp('Declared unit label, e.g. M3, M2, KG', 20),
        gwpMin: { type: 'number', description: 'Lowest GWP A1-A3 per declared unit' },
        gwpMax: { type: 'number', description: 'Highest GWP A1-A3 per declared unit' },
        limit: limitProp(20, 200),
      },
      additionalProperties: false,
    },
    outputSchema: obj({ unit: str, matching: int, materials: list(MATERIAL), leftOut: int }, ['leftOut']),
    writes: false,
  },
  async (input, ctx) => {
    const materials = await MaterialIndex.load(ctx);
    const words = (input.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const unit = input.declaredUnit !== undefined ? unitCodeOf(ctx.codes, input.declaredUnit) : undefined;
    const min = input.gwpMin;
    const max = input.gwpMax;
    const limit = input.limit ?? 20;
    const codes = gwpCodesOf(ctx.codes);
    const found: Record<string, unknown>[] = [];
    let count = 0;
    for (const c of materials.candidates) {
      const e = c.epd;
      if (unit !== undefined && e.declaredUnit.declaredUnit !== unit) continue;
      if (words.length) {
        const hay = `${e.name} ${e.id}`.toLowerCase();
        if (!words.every((w) => hay.includes(w))) continue;
      }
      const g = gwpPerSet(e, codes);
      const dv = e.declaredUnit.declaredValue > 0 ? e.declaredUnit.declaredValue : 1;
      const a1a3 = g ? g.a1a3 / dv : undefined;
      if ((min !== undefined || max !== undefined) && a1a3 === undefined) continue;
      if (min !== undefined && a1a3! < min) continue;
      if (max !== undefined && a1a3! > max) continue;
      count++;
      if (found.length >= limit) continue;
      found.push({
        id: e.id,
        name: e.name,
        source: c.source,
        ...familyOut(familyOfEpd(e)),
        declaredUnit: `${e.declaredUnit.declaredValue} ${unitLabel(ctx.codes, e.declaredUnit.declaredUnit)}`,
        gwpPerDeclaredUnit: g ? { A1A3: round(g.a1a3 / dv), C3: round(g.c3 / dv), C4: round(g.c4 / dv), D_apart: round(g.d / dv) } : null,
        lifespanYears: e.expectedLifespan ?? null,
        massKg: e.declaredUnit.mass ?? null,
      });
    }
    return { unit: 'kg CO2e per 1 declared unit', matching: count, materials: found, ...(count > found.length ? { leftOut: count - found.length } : {}) };
  },
);
