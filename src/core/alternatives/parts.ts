// The building parts a material's lines are in, read from a dashboard's breakdown: each line under its classification
// levels ("(2-) Building structure > (21) Outer walls > (21.1) …"), else its construction's name. What if… and the
// project question judge a hot spot's candidates in these parts, so that a cement mortar in the brick walls is a
// masonry mortar and on the decks a screed.
import type { BreakdownNode, Dashboard } from '../api/types';
import { MATERIAL_FAMILIES, type FamilyTable, type PartId } from '../families';
import { partOfClassification, partOfWords } from '../jobs';

/** Every leaf of the breakdown with the classification levels above it (outermost first). */
export function leavesWithLevels(nodes: readonly BreakdownNode[] | undefined, levels: readonly { code?: string | null; name?: string | null }[] = []): { leaf: BreakdownNode; levels: { code?: string | null; name?: string | null }[] }[] {
  const out: { leaf: BreakdownNode; levels: { code?: string | null; name?: string | null }[] }[] = [];
  for (const n of nodes ?? []) {
    const here = n.classificationCode || n.classificationName ? [...levels, { code: n.classificationCode, name: n.classificationName }] : [...levels];
    if (Array.isArray(n.children) && n.children.length) out.push(...leavesWithLevels(n.children, here));
    else out.push({ leaf: n, levels: here });
  }
  return out;
}

/** The part of one breakdown leaf: its classification, else the words of its construction's name. */
export function partOfLeaf(leaf: BreakdownNode, levels: readonly { code?: string | null; name?: string | null }[], table: FamilyTable = MATERIAL_FAMILIES): PartId | undefined {
  return partOfClassification(levels, table)?.id ?? (leaf.constructionName ? partOfWords(leaf.constructionName, table) : undefined);
}

/** The parts of the lines of `material` (optionally in one construction of the breakdown), each once, in the breakdown's order. */
export function partsOfMaterial(dashboard: Dashboard, material: string, construction?: string, table: FamilyTable = MATERIAL_FAMILIES): PartId[] {
  const parts: PartId[] = [];
  for (const { leaf, levels } of leavesWithLevels(dashboard.projectBreakdown)) {
    if (construction !== undefined && (leaf.constructionName ?? '') !== construction) continue;
    if (!(leaf.materialsBreakdown ?? []).some((m) => m.epdName === material)) continue;
    const part = partOfLeaf(leaf, levels, table);
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts;
}
