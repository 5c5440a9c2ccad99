// The local service's persistence: in-memory maps backed by JSON files written atomically (temp file, fsync,
// rename), so a crash mid-write leaves the previous file intact. Materials are stored one immutable file per
// bulk create and constructions one file each, so a write costs what it adds, not the size of the store.
import * as fs from 'fs';
import * as path from 'path';
import type { ConstructionRec, MaterialRec, ProjectRec, StateDoc, StreamRec, TenantRec, TokenRec, UserRec, AccountRec } from './model';
import { writeFileAtomicSync as writeFileAtomic } from '../core/atomicFile';

const STATE_FILE = 'state.json';
const TOKENS_FILE = 'tokens.json';
const MATERIALS_DIR = 'materials';
const CONSTRUCTIONS_DIR = 'constructions';

function readJson<T>(file: string): T | undefined {
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
}

/** Leftovers of writes interrupted by a crash; the renamed files are complete, the temp files are not. */
function removeTempFiles(dir: string): void {
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.tmp')) fs.rmSync(path.join(dir, f), { force: true });
}

export const materialKey = (tenantId: string, originalUUID: string, originalVersion: string): string =>
  `${tenantId}|${originalUUID.toLowerCase()}|${originalVersion}`;

export class Store {
  tenants = new Map<string, TenantRec>();
  users = new Map<string, UserRec>();
  accounts = new Map<string, AccountRec>();
  streams = new Map<string, StreamRec>();
  projects = new Map<string, ProjectRec>();
  materials = new Map<string, MaterialRec>();
  /** tenant|originalUUID|originalVersion → material id (duplicates are refused per tenant). */
  materialKeys = new Map<string, string>();
  constructions = new Map<string, ConstructionRec>();
  tokens = new Map<string, TokenRec>();
  /** Tokens issued since start (a count only: the store never keeps a token itself). */
  tokensIssued = 0;
  refreshTokens = new Map<string, TokenRec>();
  private batchSeq = 0;

  constructor(readonly dir: string) {}

  /** True when the folder holds no store yet (first start: seed it). */
  isEmpty(): boolean {
    return !fs.existsSync(path.join(this.dir, STATE_FILE));
  }

  load(): void {
    fs.mkdirSync(path.join(this.dir, MATERIALS_DIR), { recursive: true });
    fs.mkdirSync(path.join(this.dir, CONSTRUCTIONS_DIR), { recursive: true });
    for (const d of [this.dir, path.join(this.dir, MATERIALS_DIR), path.join(this.dir, CONSTRUCTIONS_DIR)]) removeTempFiles(d);
    this.clearMemory();
    const state = readJson<StateDoc>(path.join(this.dir, STATE_FILE));
    if (state) {
      for (const t of state.tenants) this.tenants.set(t.id, t);
      for (const u of state.users) this.users.set(u.id, u);
      for (const a of state.accounts) this.accounts.set(a.id, a);
      for (const s of state.streams) this.streams.set(s.id, s);
      for (const p of state.projects) this.projects.set(p.id, p);
    }
    for (const t of readJson<TokenRec[]>(path.join(this.dir, TOKENS_FILE)) ?? []) this.indexToken(t);
    const batches = fs.readdirSync(path.join(this.dir, MATERIALS_DIR)).filter((f) => f.endsWith('.json')).sort();
    for (const f of batches) {
      for (const m of readJson<MaterialRec[]>(path.join(this.dir, MATERIALS_DIR, f)) ?? []) this.indexMaterial(m);
      this.batchSeq = Math.max(this.batchSeq, Number.parseInt(f, 10) || 0);
    }
    for (const f of fs.readdirSync(path.join(this.dir, CONSTRUCTIONS_DIR)).filter((n) => n.endsWith('.json'))) {
      const c = readJson<ConstructionRec>(path.join(this.dir, CONSTRUCTIONS_DIR, f));
      if (c) this.constructions.set(c.id, c);
    }
  }

  /** Deletes everything on disk and in memory (reset before a reseed). */
  wipe(): void {
    for (const f of [STATE_FILE, TOKENS_FILE]) fs.rmSync(path.join(this.dir, f), { force: true });
    for (const d of [MATERIALS_DIR, CONSTRUCTIONS_DIR]) fs.rmSync(path.join(this.dir, d), { recursive: true, force: true });
    this.batchSeq = 0;
    this.load();
  }

  private clearMemory(): void {
    for (const m of [this.tenants, this.users, this.accounts, this.streams, this.projects, this.materials, this.materialKeys,
      this.constructions, this.tokens, this.refreshTokens]) {
      m.clear();
    }
  }

  private indexMaterial(m: MaterialRec): void {
    this.materials.set(m.id, m);
    this.materialKeys.set(materialKey(m.tenantId, m.originalUUID, m.originalVersion), m.id);
  }

  private indexToken(t: TokenRec): void {
    this.tokens.set(t.accessHash, t);
    this.refreshTokens.set(t.refreshHash, t);
  }

  /** Writes tenants, identities, streams and projects (the scale project stays in memory only). */
  saveState(): void {
    const doc: StateDoc = {
      version: 1,
      tenants: [...this.tenants.values()],
      users: [...this.users.values()],
      accounts: [...this.accounts.values()],
      streams: [...this.streams.values()],
      projects: [...this.projects.values()].filter((p) => !p.transient),
    };
    writeFileAtomic(path.join(this.dir, STATE_FILE), JSON.stringify(doc));
  }

  addToken(t: TokenRec): void {
    this.indexToken(t);
    this.saveTokens();
  }

  removeToken(t: TokenRec): void {
    this.tokens.delete(t.accessHash);
    this.refreshTokens.delete(t.refreshHash);
    this.saveTokens();
  }

  /** Tokens whose refresh period is over are dropped on every write, so the file stays small. */
  saveTokens(now = Date.now()): void {
    for (const t of [...this.tokens.values()]) {
      if (t.refreshExpiresAt < now && t.expiresAt < now) {
        this.tokens.delete(t.accessHash);
        this.refreshTokens.delete(t.refreshHash);
      }
    }
    writeFileAtomic(path.join(this.dir, TOKENS_FILE), JSON.stringify([...this.tokens.values()]));
  }

  /**
   * Stores a bulk create as one file; only after it is on disk do the records become visible. Returns the JSON
   * text written, which is also the response body, so that it is serialized once.
   */
  addMaterials(records: MaterialRec[]): string {
    const text = JSON.stringify(records);
    if (!records.length) return text;
    const seq = ++this.batchSeq;
    const name = `${String(seq).padStart(8, '0')}.json`;
    writeFileAtomic(path.join(this.dir, MATERIALS_DIR, name), text);
    for (const m of records) this.indexMaterial(m);
    return text;
  }

  addConstruction(c: ConstructionRec): void {
    writeFileAtomic(path.join(this.dir, CONSTRUCTIONS_DIR, `${c.id}.json`), JSON.stringify(c));
    this.constructions.set(c.id, c);
  }
}
