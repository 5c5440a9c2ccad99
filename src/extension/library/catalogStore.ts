// The service records the catalog keeps across sessions (workspace state): pulled, pushed, created, looked-up and
// opened materials and constructions, each with the identity that read or created it.
import type * as vscode from 'vscode';
import { isObject } from '../../core/guards';
import type { CatalogSource } from './catalogTypes';

export interface StoredRecord {
  kind: 'material' | 'construction';
  id: string;
  source: CatalogSource;
  record: unknown;
  at: number;
  /** identityKey of who read or created it (absent in records stored before identities were kept). */
  by?: string;
}

const STATE_KEY = 'lca.catalog.records';
const MAX_STORED = 500;

export class StoredRecords {
  private list: StoredRecord[];

  constructor(private readonly state: vscode.Memento) {
    const raw = this.state.get<unknown>(STATE_KEY, []);
    this.list = Array.isArray(raw) ? raw.filter((r): r is StoredRecord => isObject(r) && typeof r.id === 'string' && (r.kind === 'material' || r.kind === 'construction')) : [];
  }

  /**
   * The records to show: signed in (`who`), those of the current identity first and none another identity read or
   * created (another tenant's records are not shown to this one); signed out, all of them.
   */
  visible(who: string | undefined): StoredRecord[] {
    if (!who) return this.list;
    return [...this.list.filter((r) => r.by === who), ...this.list.filter((r) => r.by === undefined)];
  }

  /** Whether identity `who` read or created record `id` of this kind. */
  readBy(kind: 'material' | 'construction', id: string, who: string): boolean {
    const key = id.toLowerCase();
    return this.list.some((r) => r.kind === kind && r.by === who && r.id.toLowerCase() === key);
  }

  /** The ids (lower-case) of this kind that identity `who` read or created. */
  idsReadBy(kind: 'material' | 'construction', who: string): Set<string> {
    return new Set(this.list.filter((r) => r.kind === kind && r.by === who).map((r) => r.id.toLowerCase()));
  }

  /** Keeps a record, newest first: one per id and identity (what another identity read stays its own). */
  add(entry: StoredRecord): void {
    this.list = [entry, ...this.list.filter((r) => !(r.kind === entry.kind && r.id === entry.id && r.by === entry.by))].slice(0, MAX_STORED);
    void this.state.update(STATE_KEY, this.list);
  }
}
