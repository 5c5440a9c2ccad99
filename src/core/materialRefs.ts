// A construction written by an import (an LCAx project) refers to each material by the EPD's UUID, which is the
// `originalUUID` of the material file written next to it — the same in every environment, unlike a service id. The
// editor's catalog resolves such an epdId to that workspace material (`MaterialInfo.waitsForPush` while it is not on
// the service; its service id once Push Material or Bulk Create recorded one), and Push Construction sends the
// service id in its place. No vscode.
import type { EpdResolver } from './rules/types';

/**
 * The material whose originalUUID is `epdId` (UUIDs compare without case), from lists of materials. Several (two
 * versions, or the same material in two files): the first with a service id, else the first.
 */
export function byOriginalUUID<T extends { id?: string; record: unknown }>(lists: Iterable<readonly T[]>, epdId: string): T | undefined {
  const key = epdId.toLowerCase();
  let found: T | undefined;
  for (const list of lists) {
    for (const m of list) {
      const uuid = (m.record as { originalUUID?: unknown } | null)?.originalUUID;
      if (typeof uuid === 'string' && uuid.toLowerCase() === key && (!found || (!found.id && m.id))) found = m;
    }
  }
  return found;
}

/**
 * A construction's create body with each component's epdId replaced by the id `resolve` gives for it (an originalUUID
 * by its material's service id), and the names of the materials that still wait for their push. The body given is
 * not changed. It has passed the schema check (constructionEpds, when present, is a list).
 */
export function withServiceIds<T extends { constructionEpds?: unknown }>(body: T, resolve: EpdResolver): { body: T; waiting: string[] } {
  const waiting: string[] = [];
  const constructionEpds = ((body.constructionEpds ?? []) as ({ epdId?: unknown } | null)[]).map((c) => {
    const r = typeof c?.epdId === 'string' ? resolve(c.epdId) : undefined;
    if (!r || r === 'unknown') return c;
    if (r.waitsForPush) waiting.push(r.name);
    return r.waitsForPush || r.id === c?.epdId ? c : { ...c, epdId: r.id };
  });
  return { body: { ...body, constructionEpds }, waiting };
}
