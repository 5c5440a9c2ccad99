// Starts the local service on a free port with a temporary data folder and talks to it over real HTTP.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../../../../src/service/server';
import { CREDENTIALS } from '../../../../src/service/seed/ids';

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Harness {
  service: LocalService;
  origin: string;
  dataDir: string;
  /** Stops the service; the data folder stays until `cleanup`. */
  stop(): Promise<void>;
  /** Starts again on the same data folder (persistence tests). */
  restart(extra?: Partial<LocalServiceOptions>): Promise<void>;
  cleanup(): Promise<void>;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'lca-service-test-'));
}

export async function startHarness(extra: Partial<LocalServiceOptions> = {}): Promise<Harness> {
  const dataDir = extra.dataDir ?? tempDir();
  let service = await startLocalService({ port: 0, dataDir, ...extra });
  const h: Harness = {
    service,
    origin: new URL(service.urls.baseUrl).origin,
    dataDir,
    stop: () => h.service.close(),
    async restart(more = {}) {
      await h.service.close();
      service = await startLocalService({ port: 0, dataDir, ...extra, ...more });
      h.service = service;
      h.origin = new URL(service.urls.baseUrl).origin;
    },
    async cleanup() {
      await h.service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return h;
}

/** One HTTP call; `body` is sent as JSON unless it is a string (sent as is). */
export async function call<T = unknown>(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export interface TokenBody {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires: string;
  token_type: string;
}

export async function signIn(h: Harness, who: 'demo' | 'lars' | 'other' = 'demo'): Promise<string> {
  const cred = who === 'demo' ? CREDENTIALS.demoUser : who === 'lars' ? CREDENTIALS.larsUser : CREDENTIALS.otherUser;
  const r = await call<TokenBody>('POST', `${h.service.urls.authUrl}/v1/user`, { body: cred });
  if (r.status !== 200) throw new Error(`sign-in as ${who} answered ${r.status}: ${r.text}`);
  return r.body.access_token;
}

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { pointer: string; message: string; existingId?: string }[];
}

/** The pointers of a problem response, sorted. */
export function pointers(r: Reply<unknown>): string[] {
  return ((r.body as Problem).errors ?? []).map((e) => e.pointer).sort();
}

export async function stats(h: Harness): Promise<Record<string, { projects: number; materials: number; constructions: number; streams: number }>> {
  return (await call<{ tenants: Record<string, { projects: number; materials: number; constructions: number; streams: number }> }>('GET', `${h.origin}/__sandbox/stats`)).body.tenants;
}
