// `node dist/mcp.js --workspace <folder> [--workspace <folder2>]`: the LCA tools for any MCP client (Claude Desktop,
// Cursor, VS Code's mcp.json) over stdio. Signs in from the environment variables (signIn.ts); logs to stderr only
// (stdout is the protocol), never a password, secret or token.
import type { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { MaterialCache, ToolContext } from '../core/tools';
import type { CandidateCache } from '../core/alternatives/sources';
import { createServer } from './server';
import { LineTransport } from './transport';
import type { Identity } from './signIn';

const USAGE = 'usage: node dist/mcp.js --workspace <folder> [--workspace <folder>…]';

function workspacesOf(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--workspace') {
      const v = argv[++i];
      if (!v) throw new Error(`--workspace needs a folder; ${USAGE}`);
      out.push(v);
    } else if (a.startsWith('--workspace=')) out.push(a.slice('--workspace='.length));
    else throw new Error(`unknown argument ${JSON.stringify(a)}; ${USAGE}`);
  }
  if (!out.length) throw new Error(`no workspace folder given; ${USAGE}`);
  return out.map((w) => {
    const abs = path.resolve(w);
    if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) throw new Error(`--workspace ${JSON.stringify(w)} is not a folder`);
    return fs.realpathSync(abs);
  });
}

async function main(): Promise<void> {
  const log = (line: string): void => void process.stderr.write(`[lca-mcp] ${line}\n`);
  let roots: string[];
  try {
    roots = workspacesOf(process.argv.slice(2));
  } catch (e) {
    log(e instanceof Error ? e.message : String(e));
    process.exit(2);
  }
  const children: ChildProcess[] = [];
  /** Stops the local service it started (if any) and exits, saying why on stderr. */
  const stop = (why: string, code: number): void => {
    log(`${why}: stopping${children.length ? ' (and the local service it started)' : ''}`);
    for (const c of children) c.kill();
    process.exit(code);
  };
  // Every way out stops the local service with the server: a signal, the client's end, an error nothing caught. (Were
  // the server killed outright, the service stops on its own when its IPC channel to the server closes.)
  process.on('SIGINT', () => stop('interrupted (SIGINT)', 0));
  process.on('SIGTERM', () => stop('terminated (SIGTERM)', 0));
  process.on('uncaughtException', (e) => stop(`an uncaught error (${e instanceof Error ? e.message : String(e)})`, 1));
  process.on('unhandledRejection', (e) => stop(`an unhandled rejection (${e instanceof Error ? e.message : String(e)})`, 1));
  // The session ends with stdin, or when stdout can no longer be written: the client has gone. It never outlives its
  // client, nor keeps its service running.
  const transport = new LineTransport();
  transport.onclose = () => {
    const end = transport.ended;
    if (end?.kind === 'error') stop(`${end.stream} failed (${end.error.message})`, 1);
    else stop('the client closed the connection (stdin ended)', 0);
  };

  // The sign-in runs beside the handshake: initialize is answered at once, a tool call waits for it.
  // The client and the tools are loaded after the transport is up, so that initialize is answered first.
  const identity: Promise<Identity> = new Promise<void>((r) => setImmediate(r))
    .then(() => import('./signIn'))
    .then(({ signIn }) => signIn({ env: process.env, distDir: __dirname, log, children }))
    .catch(async (e: unknown) => (await import('./signIn')).notSignedIn(process.env, log, e instanceof Error ? e.message : String(e)));
  void identity.then((i) => log(i.client ? `signed in to ${i.environment} as ${i.login}` : `not signed in to ${i.environment}: ${i.problem}`));
  // The workspace materials read, per file, for the server's life (each file read again when it changes).
  const materialCache: MaterialCache = new Map();
  // The service's constructions the alternatives read, for the server's life (one identity).
  const candidateCache: CandidateCache = new Map();
  const context = async (): Promise<ToolContext> => {
    const i = await identity;
    const { diskWorkspace } = await import('../core/workspace');
    return {
      workspace: diskWorkspace(roots, materialCache),
      codes: i.codes,
      rules: i.rules,
      ...(i.client ? { service: i.client } : {}),
      environment: { name: i.environment, epdUrl: i.urls?.epdUrl ?? '', ...(i.login ? { login: i.login } : {}) },
      candidateCache,
    };
  };
  const server = createServer(process.env.npm_package_version ?? '0.1.0', context);
  await server.connect(transport);
  // What the transport refuses (a message over the limit, a line that is not JSON-RPC) is answered and logged.
  server.onerror = (e) => log(`refused a message: ${e.message}`);
  log(`ready; workspace ${roots.join(', ')}`);
}

void main();
