// The materials of a bulk file as the job sends them: an item (its place and identity, with the material or only
// what names it) and how a report names one.
import type { Material } from '../schemas/types';
import { materialKey } from './sidecar';

/** One material of the file. */
export interface BulkItem {
  /** Position in the materials file. */
  index: number;
  /** materialKey(originalUUID, originalVersion). */
  key: string;
  material: Material;
}

/**
 * An item known by its identity only: its material is read when its request is made (BulkJobOptions.materials), so
 * that a file too big to hold is sent without being held.
 */
export interface BulkItemRef {
  index: number;
  key: string;
  material: Pick<Material, 'originalUUID' | 'originalVersion' | 'name'>;
}

/** A material named in a report. */
export interface MaterialRef {
  index: number;
  key: string;
  originalUUID: string;
  originalVersion: string;
  name: string;
}

export function refOf(item: BulkItemRef): MaterialRef {
  return {
    index: item.index,
    key: item.key,
    originalUUID: String(item.material.originalUUID),
    originalVersion: String(item.material.originalVersion),
    name: String(item.material.name ?? ''),
  };
}

/** Duplicate keys among items (the service would refuse the second one): "key" → file indexes. */
export function duplicateKeys(items: readonly BulkItem[]): Map<string, number[]> {
  const at = new Map<string, number[]>();
  for (const it of items) at.set(it.key, [...(at.get(it.key) ?? []), it.index]);
  return new Map([...at].filter(([, v]) => v.length > 1));
}

/** Items from a parsed materials file (which must be an array of objects). */
export function bulkItemsOf(value: unknown): BulkItem[] {
  // A programming error: callers pass only what the bulk-create check found to be an array.
  if (!Array.isArray(value)) throw new TypeError('bulkItemsOf: not an array');
  return value.map((m, index) => {
    const r = (m ?? {}) as Record<string, unknown>;
    return { index, key: materialKey(String(r.originalUUID), String(r.originalVersion)), material: m as Material };
  });
}
