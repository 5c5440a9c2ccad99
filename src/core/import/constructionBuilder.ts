// The construction builder of the importers (LCAx projects, LCAbyg components): a construction of the code table it
// is given from a draft whose components name materials of the same import, and the link from those materials to the
// ids the service gave them. No vscode.
import type { CodeTable } from '../codeTable';
import type { Msg } from '../l10n';
import type { ConstructionComponent, ConstructionCreate } from '../schemas/types';
import type { ImportedConstruction, ImportedMaterial, Place } from './types';
import { Codes, unitCodeOf } from './texts';

export interface ComponentDraft {
  /** The id the source gives the EPD this component uses: the `sourceId` of a material of the same import. */
  sourceId: string;
  /** That material's originalUUID, written as the component's epdId until the editor resolves it to a service id. */
  originalUUID: string;
  unit: string;
  amount: number;
  lifespan?: number;
  where: Place;
}

export interface ConstructionDraft {
  name: string;
  description?: string;
  declaredUnit: string;
  components: ComponentDraft[];
  tags: string[];
  where: Place;
}

/** Builds a construction of `table`'s codes; throws a FieldError (what and where) for a unit it cannot read. */
export function buildConstruction(draft: ConstructionDraft, table: CodeTable, source: string, warnings: Msg[]): ImportedConstruction {
  const codes = new Codes(table);
  const components: ConstructionComponent[] = draft.components.map((c) => ({
    epdId: c.originalUUID,
    ...(c.lifespan !== undefined ? { expectedLifespan: c.lifespan } : {}),
    constructionUnit: { unit: unitCodeOf(c.unit, codes, c.where) as ConstructionComponent['constructionUnit']['unit'], amount: c.amount },
  }));
  const construction: ConstructionCreate = {
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    isPublic: false,
    isCustom: true,
    tags: draft.tags,
    declaredUnit: { declaredUnit: unitCodeOf(draft.declaredUnit, codes, draft.where), declaredValue: 1 },
    constructionEpds: components,
  };
  const note = codes.note();
  return { construction, source, warnings: note ? [...warnings, note] : warnings, componentSources: draft.components.map((c) => c.sourceId) };
}

/**
 * The materials of the same import that a construction's components use, in the order of `constructionEpds`
 * (undefined where the import has no material of that source id).
 */
export function componentMaterials(construction: ImportedConstruction, materials: readonly ImportedMaterial[]): (ImportedMaterial | undefined)[] {
  return construction.componentSources.map((id) => materials.find((m) => m.sourceId === id));
}

/**
 * Replaces each component's `epdId` that is an imported material's originalUUID by the id the service gave it
 * (e.g. from the bulk-create sidecar's items); returns the originalUUIDs that had no id.
 */
export function resolveEpdIds(construction: ConstructionCreate, idByOriginalUUID: ReadonlyMap<string, string>): string[] {
  const missing: string[] = [];
  for (const c of construction.constructionEpds) {
    const id = idByOriginalUUID.get(c.epdId);
    if (id) c.epdId = id;
    else missing.push(c.epdId);
  }
  return missing;
}
