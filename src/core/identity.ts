// Whose a service id is. Ids the workspace learns — from a sidecar's `createdBy` (Bulk Create, Push Material), a pull,
// a push, a lookup — belong to the identity that created or read them: the service (its EPD host) and the signed-in
// login. Another identity may not be able to read them (another tenant's private material): such ids are not offered
// to it (epdId completion, Pick Material) and the Library marks them. Pure; the catalog (src/extension/library) asks.
import { normaliseEpdUrl } from './bulk/sidecar';

/** The identity of a sign-in: the service's EPD host and the login (case-insensitive), e.g. `http://x/epd demo@example.com`. */
export function identityKey(epdUrl: string, login: string): string {
  return `${normaliseEpdUrl(epdUrl)} ${login.trim().toLowerCase()}`;
}

/** The login of an identityKey (what a user recognises: `demo@example.com`). */
export function loginOfIdentity(key: string): string {
  const space = key.lastIndexOf(' ');
  return space < 0 ? key : key.slice(space + 1);
}

/**
 * How an id stands for the signed-in identity: `own` — it created or read it (or nobody is signed in, so nothing can
 * be checked and every id counts); `other` — another identity created or read it, and this one has not; `unknown` —
 * nobody is known to have (a sidecar written before `createdBy` existed, an id typed into a file).
 */
export type Ownership = 'own' | 'other' | 'unknown';

/**
 * The ownership of an id learnt by `learnedBy` (an identityKey, or undefined when not known) for the identity signed
 * in now (`current`, undefined when signed out); `readByCurrent` says whether the current identity read it since.
 */
export function ownershipOf(learnedBy: string | undefined, current: string | undefined, readByCurrent: boolean): Ownership {
  if (!current || learnedBy === current || readByCurrent) return 'own';
  return learnedBy ? 'other' : 'unknown';
}

/** Something known with a service id, and who learnt the id. */
export interface LearntId {
  id?: string;
  learnedBy?: string;
}

/**
 * The entries to offer the current identity, one per id (ids compared case-insensitively) in the order first seen:
 * none of another identity's (unless `readByCurrent`, the ids the current identity read, lower-case, holds it), those
 * of unknown owner marked as such. When an id is known several times, its best standing counts (own, then unknown)
 * and the first entry with it is offered.
 */
export function offeredIds<T extends LearntId>(entries: Iterable<T>, current: string | undefined, readByCurrent: ReadonlySet<string>): { entry: T & { id: string }; owner: 'own' | 'unknown' }[] {
  const best = new Map<string, { entry: T & { id: string }; owner: Ownership }>();
  const rank: Record<Ownership, number> = { own: 2, unknown: 1, other: 0 };
  for (const entry of entries) {
    if (!entry.id) continue;
    const key = entry.id.toLowerCase();
    const owner = ownershipOf(entry.learnedBy, current, readByCurrent.has(key));
    const seen = best.get(key);
    if (!seen) best.set(key, { entry: entry as T & { id: string }, owner });
    else if (rank[owner] > rank[seen.owner]) best.set(key, { entry: entry as T & { id: string }, owner });
  }
  const out: { entry: T & { id: string }; owner: 'own' | 'unknown' }[] = [];
  for (const { entry, owner } of best.values()) if (owner !== 'other') out.push({ entry, owner });
  return out;
}
