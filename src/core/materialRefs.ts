// A construction written by an import (an LCAx project) refers to each material by the EPD's UUID, which is the
// `originalUUID` of the material file written next to it — the same in every environment, unlike a service id. The
// editor resolves such an epdId to that workspace material: before the material is on the service the construction
// computes with the file's figures and its component waits for the material to be pushed; after Push Material or
// Bulk Create (whose sidecar records the service id) the id sent is the service's. No vscode.
import { isObject } from './guards';

/** A workspace material as these functions need it: its service id when known, and the material as written. */
export interface MaterialRefEntry {
  id?: string;
  record: unknown;
}

/** The originalUUID of a material as written, lower-cased (UUIDs compare without case); undefined when it has none. */
export function originalUUIDOf(record: unknown): string | undefined {
  return isObject(record) && typeof record.originalUUID === 'string' && record.originalUUID ? record.originalUUID.toLowerCase() : undefined;
}

/**
 * The materials by their originalUUID (lower case). Several with the same originalUUID (two versions, or the same
 * material in two files): the first with a service id, else the first.
 */
export function indexByOriginalUUID<T extends MaterialRefEntry>(materials: Iterable<T>): Map<string, T> {
  const index = new Map<string, T>();
  for (const m of materials) {
    const key = originalUUIDOf(m.record);
    if (!key) continue;
    const before = index.get(key);
    if (!before || (!before.id && m.id)) index.set(key, m);
  }
  return index;
}

/** What an epdId stands for when a construction is sent: a service id to send in its place, or a material to push first. */
export type EpdIdTarget = { serviceId: string } | { waitsFor: string } | undefined;

/**
 * A construction's create body with each component's epdId replaced where `target` gives a service id (undefined:
 * left as written), and the components whose material is not on the service yet (`waitsFor`: its name). The body
 * given is not changed.
 */
export function withServiceIds<T extends Record<string, unknown>>(
  body: T,
  target: (epdId: string) => EpdIdTarget,
): { body: T; replaced: number; waiting: { index: number; epdId: string; waitsFor: string }[] } {
  const components = body.constructionEpds;
  if (!Array.isArray(components)) return { body, replaced: 0, waiting: [] };
  let replaced = 0;
  const waiting: { index: number; epdId: string; waitsFor: string }[] = [];
  const next = components.map((c: unknown, index) => {
    if (!isObject(c) || typeof c.epdId !== 'string') return c;
    const t = target(c.epdId);
    if (!t) return c;
    if ('waitsFor' in t) {
      waiting.push({ index, epdId: c.epdId, waitsFor: t.waitsFor });
      return c;
    }
    if (t.serviceId === c.epdId) return c;
    replaced++;
    return { ...c, epdId: t.serviceId };
  });
  return { body: { ...body, constructionEpds: next }, replaced, waiting };
}
