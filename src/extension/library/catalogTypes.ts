// What the catalog holds about one material or construction, and whose ids count for whom.
import type * as vscode from 'vscode';
import { epdDataOf, gwpA1A3, type EpdData } from '../../core/lca';
import type { CodeTable } from '../../core/codeTable';
import { isObject } from '../../core/guards';

export type CatalogSource = 'file' | 'service' | 'pulled' | 'pushed' | 'created' | 'opened';

export interface CatalogMaterial {
  /** Service id, when known (service records, pulled files, bulk-created items per the sidecar). */
  id?: string;
  name: string;
  epd: EpdData;
  /** kg CO2e per declared unit, module A1-A3. */
  gwpA1A3?: number;
  /** Workspace file holding it, and its index in a *.materials.json. */
  uri?: vscode.Uri;
  index?: number;
  source: CatalogSource;
  /** The material as written in the file or as read from the service. */
  record: unknown;
  /** The identity (identityKey) that created or read `id`; undefined when not known (e.g. an id typed into a file). */
  learnedBy?: string;
}

export interface CatalogConstruction {
  id?: string;
  name: string;
  uri?: vscode.Uri;
  source: CatalogSource;
  record: unknown;
  /** The identity (identityKey) that created or read `id`; undefined when not known. */
  learnedBy?: string;
}

/**
 * Whether the signed-in identity can read an id: yes (confirmed), no (the service refused it), other (another identity
 * created or read it and this one has not: not offered, marked as not readable), or not known yet.
 */
export type Readability = 'yes' | 'no' | 'other' | 'unknown';

/**
 * Who a service id belongs to: the service (its EPD host) and the signed-in login (core/identity.ts). Ids learnt from
 * sidecars, pulls, pushes and lookups count only for the identity that created or read them; others are checked with
 * the service.
 */
export { identityKey } from '../../core/identity';

export const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

export function nameOf(record: unknown, fallback: string | undefined): string {
  return (isObject(record) ? str(record.name) : undefined) ?? fallback ?? '(unnamed)';
}

/** A material record as the catalog keeps it; its indicators are read with `codes`, the active environment's table. */
export function materialOf(record: unknown, codes: CodeTable, source: CatalogSource, id?: string, uri?: vscode.Uri, index?: number, learnedBy?: string): CatalogMaterial {
  const epd = epdDataOf(record, codes, id);
  return { id, name: nameOf(record, id), epd, gwpA1A3: gwpA1A3(epd), uri, index, source, record, ...(learnedBy ? { learnedBy } : {}) };
}
