// The alternatives of a construction's component as every caller gathers them: the candidates are the materials the
// workspace knows (MaterialIndex: files, bulk-create sidecar ids) and, when signed in, the service's answers for the
// construction's own ids. The agents' lca_find_alternatives and the editor's Find Lower-Carbon Alternatives… both ask
// here, so the two never disagree on what the workspace offers.
import { alternativesForComponent, componentsOf, type AlternativesOptions, type AlternativesResult } from '../alternatives';
import type { Msg } from '../l10n';
import { MaterialIndex } from './materials';
import type { ToolContext } from './types';

/** Ranked alternatives for component `index` of `construction` (its parsed value), with the effect on the construction. */
export async function componentAlternatives(
  ctx: ToolContext,
  construction: unknown,
  index: number,
  options: AlternativesOptions,
): Promise<AlternativesResult | { problem: Msg }> {
  const materials = await MaterialIndex.load(ctx);
  await materials.ensure(componentsOf(construction).map((c) => c.epdId));
  return alternativesForComponent(construction, index, materials.lookup, materials.candidates, options);
}
