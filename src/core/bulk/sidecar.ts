// The bulk-create sidecar `X.materials.created.json`: the service ids of the materials of `X.materials.json`
// that were created, keyed by originalUUID + originalVersion (so reordering or reformatting the materials
// file changes nothing), for one service (its epdUrl) and one signed-in identity (createdBy). Pure functions; reading and writing files is in
// sidecarFile.ts. The Library tree reads this file too: keep the shape and these exports stable.
import { isObject } from '../guards';
import { msg, type Msg } from '../l10n';

/** One created material as the sidecar records it. */
export interface SidecarItem {
  originalUUID: string;
  originalVersion: string;
  /** The service's id of the material. */
  id: string;
  name: string;
  /** When the service created it (its `createdAt`), or, for a material found to exist already (409), when that was learnt. */
  createdAt: string;
  /** Present (true) when the id was learnt from a 409 `existingId` rather than from a create response. */
  recovered?: boolean;
}

export interface Sidecar {
  $comment: string;
  /** The materials file's name, e.g. "walls.materials.json". */
  source: string;
  /** The EPD host the ids belong to; ids of another environment do not count as created. */
  epdUrl: string;
  /**
   * The login (e-mail or client id) signed in when the ids were created: they count only for that identity, since
   * another tenant's user cannot read them. Absent in sidecars written before this field existed (then the ids are
   * checked with the service before they are trusted).
   */
  createdBy?: string;
  items: SidecarItem[];
}

export type SidecarReadResult =
  | {
      ok: true;
      sidecar: Sidecar;
      /** Entries left out because they lack a string originalUUID, originalVersion or id. */
      skipped: number;
    }
  | { ok: false; error: Msg };

export const SIDECAR_SUFFIX = '.materials.created.json';
export const MATERIALS_SUFFIX = '.materials.json';

/** `${originalUUID}@${originalVersion}`; the UUID lower-cased, since the service compares it case-insensitively. */
export function materialKey(originalUUID: string, originalVersion: string): string {
  return `${originalUUID.toLowerCase()}@${originalVersion}`;
}

/** A material's key (`materialKey`) when it has a string originalUUID and originalVersion. */
export function itemKeyOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const { originalUUID, originalVersion } = item as { originalUUID?: unknown; originalVersion?: unknown };
  return typeof originalUUID === 'string' && typeof originalVersion === 'string' ? materialKey(originalUUID, originalVersion) : undefined;
}

/**
 * The service id of an item of a bulk file: the one its sidecar records for this service, else the item's own `id`
 * (a pulled record's). The editor's catalog and the tools for agents both read a bulk file's ids this way.
 */
export function bulkItemIdOf(item: unknown, sidecarIds: ReadonlyMap<string, string>): { id: string; from: 'sidecar' | 'item' } | undefined {
  const key = itemKeyOf(item);
  const recorded = key ? sidecarIds.get(key) : undefined;
  if (recorded) return { id: recorded, from: 'sidecar' };
  const own = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof own === 'string' && own ? { id: own, from: 'item' } : undefined;
}

/** `a/b/walls.materials.json` → `a/b/walls.materials.created.json` (works on paths and URI paths). */
export function sidecarPathFor(materialsPath: string): string {
  if (materialsPath.toLowerCase().endsWith(MATERIALS_SUFFIX)) {
    return materialsPath.slice(0, -MATERIALS_SUFFIX.length) + SIDECAR_SUFFIX;
  }
  return materialsPath.replace(/\.json$/i, '') + '.created.json';
}

/** The comment written into every sidecar. */
export function sidecarComment(source: string): string {
  return `Written by LCA Workbench: ids of the materials of ${source} created on the service. Do not edit.`;
}

/** The epdUrl as compared: no trailing slashes, scheme and host lower-cased. */
export function normaliseEpdUrl(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  try {
    const u = new URL(trimmed);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return trimmed;
  }
}

export function sameEpdUrl(a: string, b: string): boolean {
  return normaliseEpdUrl(a) === normaliseEpdUrl(b);
}

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * Reads a sidecar's text. Never throws: text that is not JSON, or not a sidecar, gives `{ok: false, error}`
 * with a sentence for the user; entries without the fields that matter are skipped (and counted).
 */
export function readSidecar(text: string): SidecarReadResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, error: msg('the sidecar is not valid JSON ({0})', why) };
  }
  if (!isObject(value)) return { ok: false, error: msg('the sidecar is not a JSON object with "items"') };
  if (!Array.isArray(value.items)) return { ok: false, error: msg('the sidecar has no "items" list') };
  if (!nonEmpty(value.epdUrl)) return { ok: false, error: msg('the sidecar does not say which service ("epdUrl") its ids belong to') };
  const items: SidecarItem[] = [];
  let skipped = 0;
  for (const entry of value.items) {
    if (!isObject(entry) || !nonEmpty(entry.originalUUID) || !nonEmpty(entry.originalVersion) || !nonEmpty(entry.id)) {
      skipped++;
      continue;
    }
    items.push({
      originalUUID: entry.originalUUID,
      originalVersion: entry.originalVersion,
      id: entry.id,
      name: typeof entry.name === 'string' ? entry.name : '',
      createdAt: typeof entry.createdAt === 'string' ? entry.createdAt : '',
      ...(entry.recovered === true ? { recovered: true } : {}),
    });
  }
  const source = typeof value.source === 'string' ? value.source : '';
  const createdBy = nonEmpty(value.createdBy) ? { createdBy: value.createdBy } : {};
  return {
    ok: true,
    sidecar: { $comment: typeof value.$comment === 'string' ? value.$comment : sidecarComment(source), source, epdUrl: value.epdUrl, ...createdBy, items },
    skipped,
  };
}

/** Whether two logins are the same identity (e-mail addresses compare case-insensitively). */
export function sameLogin(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether a sidecar was written by another identity than `createdBy`: false when either is not known (a sidecar
 * written before `createdBy` existed, or a caller that does not say who is signed in).
 */
export function otherIdentity(sidecar: Sidecar | undefined, createdBy: string | undefined): boolean {
  return !!sidecar?.createdBy && !!createdBy && !sameLogin(sidecar.createdBy, createdBy);
}

/**
 * The records of a sidecar that count for `epdUrl` and the identity `createdBy`, by key: none when it was written for
 * another service or by another identity (see otherIdentity).
 */
export function createdKeys(sidecar: Sidecar | undefined, epdUrl: string, createdBy?: string): Map<string, SidecarItem> {
  const out = new Map<string, SidecarItem>();
  if (!sidecar || !sameEpdUrl(sidecar.epdUrl, epdUrl) || otherIdentity(sidecar, createdBy)) return out;
  for (const item of sidecar.items) out.set(materialKey(item.originalUUID, item.originalVersion), item);
  return out;
}

/**
 * The service ids a sidecar's text records for `epdUrl`, by materialKey: none when the text is not a sidecar, when it
 * was written for another service, or when `epdUrl` is not known (then no id can be trusted). What the Library,
 * epdId completion and the epdId rules count as bulk-created.
 */
export function createdIdsFor(text: string, epdUrl: string | undefined): Map<string, string> {
  return sidecarIdsFor(text, epdUrl).ids;
}

/** createdIdsFor, with the login the sidecar says created them (undefined for a sidecar older than `createdBy`). */
export function sidecarIdsFor(text: string, epdUrl: string | undefined): { ids: Map<string, string>; createdBy?: string } {
  const ids = new Map<string, string>();
  if (!epdUrl) return { ids };
  const read = readSidecar(text);
  if (!read.ok) return { ids };
  for (const [key, item] of createdKeys(read.sidecar, epdUrl)) ids.set(key, item.id);
  return read.sidecar.createdBy ? { ids, createdBy: read.sidecar.createdBy } : { ids };
}

/**
 * The sidecar after adding records: the previous one's items when it is for the same service (a later record
 * of the same key replaces an earlier one), else only the new ones.
 */
export function mergeSidecar(previous: Sidecar | undefined, meta: SidecarMeta, records: readonly SidecarItem[]): Sidecar {
  const byKey = createdKeys(previous, meta.epdUrl, meta.createdBy);
  for (const r of records) byKey.set(materialKey(r.originalUUID, r.originalVersion), r);
  const createdBy = meta.createdBy ? { createdBy: meta.createdBy.trim() } : {};
  return { $comment: sidecarComment(meta.source), source: meta.source, epdUrl: normaliseEpdUrl(meta.epdUrl), ...createdBy, items: [...byKey.values()] };
}

/** What a sidecar is written for: the materials file, the service, and (when signed in) who created the ids. */
export interface SidecarMeta {
  source: string;
  epdUrl: string;
  createdBy?: string;
}

/** The sidecar's text: one item per line, so that diffs stay readable and writing stays fast. */
export function serializeSidecar(sidecar: Sidecar): string {
  const by = sidecar.createdBy ? `\n  "createdBy": ${JSON.stringify(sidecar.createdBy)},` : '';
  const head = `{\n  "$comment": ${JSON.stringify(sidecar.$comment)},\n  "source": ${JSON.stringify(sidecar.source)},\n  "epdUrl": ${JSON.stringify(sidecar.epdUrl)},${by}\n  "items": [`;
  if (sidecar.items.length === 0) return `${head}]\n}\n`;
  const lines = sidecar.items.map((i) => `    ${JSON.stringify(i)}`);
  return `${head}\n${lines.join(',\n')}\n  ]\n}\n`;
}
