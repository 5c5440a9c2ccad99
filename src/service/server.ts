// The local LCA service: every endpoint of the interface on one port (/auth, /api, /epd, /graphql), persisted in
// a data folder, with loopback-only fault injection under /__sandbox. Plain Node `http`, no vscode.
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import type { AddressInfo } from 'net';
import type { Duplex } from 'stream';
import { principalOf } from './auth';
import { makeBodyReader, type Ctx, type ServiceState } from './context';
import { HttpError, MAX_BODY_BYTES, isLoopback, notFound, problemText, sendJson, sendProblem, unauthorized } from './http';
import { authRoutes } from './routes/auth';
import { dashboardRoutes } from './routes/dashboards';
import { epdRoutes } from './routes/epd';
import { projectRoutes } from './routes/projects';
import { sandboxRoutes } from './routes/sandbox';
import type { Route } from './routes/types';
import { addManyProjects, addScaleProject, seedStore } from './seed';
import { Store } from './store';
import type { ServiceUrls } from '../core/api/types';
import { ASSUMED_CODES, type CodeTable } from '../core/codeTable';

export interface LocalServiceOptions {
  /** 0 = a free port (with `rememberPort`, the one of the previous run when it is free). */
  port?: number;
  /**
   * Keep the port in the data folder and take it again at the next start: the service stays at the same URLs across
   * restarts, so the ids recorded against them (sidecars, Library links) stay valid. The editor's built-in service
   * and `npm start` use it.
   */
  rememberPort?: boolean;
  /** Default 127.0.0.1. */
  host?: string;
  dataDir: string;
  /** Access token lifetime; default 3600. */
  tokenTtlSeconds?: number;
  /** Add the generated 20,000-element project. */
  scale?: boolean;
  /** Elements of the generated scale project instead of 20,000 (implies `scale`). */
  scaleElements?: number;
  /** Add this many generated projects of the demo tenant (memory only). */
  projects?: number;
  log?: (line: string) => void;
  /** The code table the service calculates with and serves; default: the assumed one (src/core/codes.ts). */
  codes?: CodeTable;
}

export interface LocalService {
  urls: ServiceUrls;
  port: number;
  close(): Promise<void>;
}

const ROUTES: Route[] = [...authRoutes, ...projectRoutes, ...dashboardRoutes, ...epdRoutes];
const SANDBOX_PREFIX = '/__sandbox/';

function findRoute(routes: Route[], method: string, path: string): { route: Route; params: string[] } | 'method' | undefined {
  let pathMatched = false;
  for (const route of routes) {
    const m = route.pattern.exec(path);
    if (!m) continue;
    if (route.method === method) return { route, params: m.slice(1).map(decodeParam) };
    pathMatched = true;
  }
  return pathMatched ? 'method' : undefined;
}

/** A path parameter; a malformed escape cannot name a record, so it reads as an unknown id (404), not a 500. */
function decodeParam(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Applies injected latency, connection resets and failures; true when the request was answered (or dropped). */
async function injectFaults(state: ServiceState, req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> {
  const f = state.faults;
  if (f.latencyMs > 0) await sleep(f.latencyMs);
  const reset = f.resetConnections.find((r) => path.includes(r.path) && r.count > 0);
  if (reset) {
    reset.count--;
    f.resetConnections = f.resetConnections.filter((r) => r.count > 0);
    req.socket.destroy();
    return true;
  }
  const fail = f.fail.find((r) => path.includes(r.path) && r.count > 0);
  if (fail) {
    fail.count--;
    f.fail = f.fail.filter((r) => r.count > 0);
    const headers: Record<string, string> = fail.retryAfter !== undefined ? { 'Retry-After': String(fail.retryAfter) } : {};
    req.resume();
    sendProblem(res, new HttpError(fail.status, http.STATUS_CODES[fail.status] ?? 'Error', 'Injected failure (local service fault injection).', undefined, headers));
    return true;
  }
  return false;
}

async function handle(state: ServiceState, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const started = Date.now();
  const method = req.method ?? 'GET';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://local');
  } catch {
    url = new URL('http://local/');
  }
  const path = url.pathname.replace(/\/+$/, '') || '/';
  try {
    const sandbox = path.startsWith(SANDBOX_PREFIX);
    if (sandbox && !isLoopback(req.socket.remoteAddress)) throw notFound();
    if (!sandbox && (await injectFaults(state, req, res, path))) return;
    const found = findRoute(sandbox ? sandboxRoutes : ROUTES, method, path);
    if (found === undefined) throw notFound(`No endpoint ${method} ${path}.`);
    if (found === 'method') throw new HttpError(405, 'Method Not Allowed', `${method} is not allowed on ${path}.`);
    const principal = found.route.auth ? principalOf(state.store, req.headers.authorization) : undefined;
    if (found.route.auth && !principal) {
      req.resume();
      throw unauthorized(req.headers.authorization ? 'The token is not valid or has expired.' : 'An Authorization: Bearer token is required.');
    }
    const ctx: Ctx = { req, res, url, params: found.params, principal, state, body: makeBodyReader(req) };
    const result = await found.route.handle(ctx);
    sendJson(res, 200, result);
  } catch (e) {
    // Answered before the whole body was read (413, 401, …): the connection is closed after this answer, so say
    // so (`Connection: close`) — a keep-alive client would otherwise send its next request into a reset socket.
    const unread = !req.complete;
    const extra: Record<string, string> = unread ? { Connection: 'close' } : {};
    if (e instanceof HttpError) {
      sendProblem(res, e, extra);
    } else {
      state.log(`error on ${method} ${path}: ${(e as Error).stack ?? String(e)}`);
      sendProblem(res, new HttpError(500, 'Internal Server Error'), extra);
    }
    if (unread) drainThenClose(req, res);
  } finally {
    state.log(`${method} ${path} ${res.statusCode} ${Date.now() - started} ms`);
  }
}

/** After an early answer, at most this much more of the body is read and thrown away before the connection closes. */
export const DRAIN_MAX_BYTES = 2 * MAX_BODY_BYTES;
/** … and for at most this long. */
export const DRAIN_MAX_MS = 10_000;

/**
 * Closes the connection of a request answered before its body was read (413, 401, …) — but only once the client has
 * stopped sending, or after a bound. Closing a socket with unread data in it sends a reset, and a client that is still
 * sending loses the answer that was already on its way (it sees "connection reset" instead of the 413). So the rest of
 * the body is read and discarded, up to `DRAIN_MAX_BYTES` more or `DRAIN_MAX_MS`, whichever comes first.
 */
function drainThenClose(req: http.IncomingMessage, res: http.ServerResponse): void {
  // Node closes a `Connection: close` connection as soon as the answer is written (destroySoon): let it end only our
  // side, and close the connection once the rest of the body has been read.
  const socket = req.socket as Duplex & { destroySoon?: () => void };
  socket.destroySoon = () => socket.end();
  res.once('finish', () => {
    let drained = 0;
    const close = (): void => {
      clearTimeout(timer);
      req.removeListener('data', count);
      socket.destroy();
    };
    const count = (chunk: Buffer): void => {
      drained += chunk.length;
      if (drained > DRAIN_MAX_BYTES) close();
    };
    const timer = setTimeout(close, DRAIN_MAX_MS);
    timer.unref();
    if (req.complete) return close();
    req.on('data', count);
    req.once('end', close);
    req.once('error', close);
    req.resume();
  });
}

const PORT_FILE = 'service-port.json';

/** The port the service of `dataDir` listened on last time (see startLocalService), if one is recorded. */
function rememberedPort(dataDir: string): number | undefined {
  try {
    const port = (JSON.parse(fs.readFileSync(path.join(dataDir, PORT_FILE), 'utf8')) as { port?: unknown }).port;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

function rememberPort(dataDir: string, port: number): void {
  try {
    fs.writeFileSync(path.join(dataDir, PORT_FILE), `${JSON.stringify({ port })}\n`);
  } catch {
    // Only the next start's port depends on it.
  }
}

export async function startLocalService(opts: LocalServiceOptions): Promise<LocalService> {
  const log = opts.log ?? (() => undefined);
  const state = openState(opts, log);
  const server = http.createServer((req, res) => void handle(state, req, res));
  server.on('clientError', answerClientError);
  server.keepAliveTimeout = 5_000;
  const host = opts.host ?? '127.0.0.1';
  const port = await listen(server, host, opts, log);
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const urls: ServiceUrls = {
    baseUrl: `${origin}/api`,
    epdUrl: `${origin}/epd`,
    authUrl: `${origin}/auth`,
    graphqlUrl: `${origin}/graphql`,
  };
  let closing: Promise<void> | undefined;
  return {
    urls,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}

/** The service's state over the store of `opts.dataDir`: seeded when new, with the generated projects asked for. */
function openState(opts: LocalServiceOptions, log: (line: string) => void): ServiceState {
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const codes = opts.codes ?? ASSUMED_CODES;
  const store = new Store(opts.dataDir);
  const fresh = store.isEmpty();
  store.load();
  if (fresh) {
    seedStore(store, codes);
    log(`seeded a new store in ${opts.dataDir}`);
  }
  const addGenerated = (): void => {
    if (opts.scale || opts.scaleElements) addScaleProject(store, opts.scaleElements);
    if (opts.projects) addManyProjects(store, opts.projects);
  };
  addGenerated();

  const state: ServiceState = {
    store,
    codes,
    tokenTtlSeconds: opts.tokenTtlSeconds ?? 3600,
    scale: opts.scale === true || !!opts.scaleElements,
    faults: { latencyMs: 0, fail: [], resetConnections: [] },
    log,
    reseed() {
      store.wipe();
      seedStore(store, codes);
      addGenerated();
      state.faults = { latencyMs: 0, fail: [], resetConnections: [] };
    },
  };
  return state;
}

/**
 * What Node's HTTP parser refuses before any handler runs (request line and headers over 16 KB, e.g. a very long id in
 * the path; text that is not HTTP) is answered with a problem body too, not a bare status line.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const problem =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new HttpError(431, 'Request Header Fields Too Large', 'The request line and headers are over 16 KB; no path or id of this service is that long.')
      : new HttpError(400, 'Bad Request', 'The request is not valid HTTP.');
  const text = problemText(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * Listens on `opts.port`, or — with `rememberPort` — on the port this data folder's service had before when it is
 * free (the ids recorded against the service's URLs, in sidecars and links, stay valid across restarts), else on any
 * free port; returns the port.
 */
async function listen(server: http.Server, host: string, opts: LocalServiceOptions, log: (line: string) => void): Promise<number> {
  const on = (port: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const remembered = opts.rememberPort && !opts.port ? rememberedPort(opts.dataDir) : undefined;
  if (remembered !== undefined) {
    try {
      await on(remembered);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' && (e as NodeJS.ErrnoException).code !== 'EACCES') throw e;
      log(`port ${remembered} of the previous run is taken; using another`);
      await on(0);
    }
  } else {
    await on(opts.port ?? 0);
  }
  const port = (server.address() as AddressInfo).port;
  if (opts.rememberPort && !opts.port) rememberPort(opts.dataDir, port);
  return port;
}
