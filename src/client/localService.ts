// Starting the built-in local service (dist/service.js) as a child process, for the editor and the MCP server alike:
// its arguments (a remembered port on 127.0.0.1, the data folder), the ready line with its four URLs on stdout, and
// why a start failed. What each does with the process afterwards (stopping it, its log) is its own.
import { fork, type ChildProcess } from 'child_process';
import { format, msg, type Msg } from '../core/l10n';
import type { ServiceUrls } from './types';

/** A start that failed: `reason` in words the caller says in its language. */
export class LocalServiceStartError extends Error {
  constructor(readonly reason: Msg) {
    super(format(reason));
  }
}

export interface LocalServiceStart {
  /** The service's bundle, dist/service.js. */
  script: string;
  dataDir: string;
  /** How long the service may take to print its URLs before the start counts as failed. */
  timeoutMs: number;
  /** Log each request (`--verbose`). */
  verbose?: boolean;
  env?: NodeJS.ProcessEnv;
  /** Every line the service writes but its ready line. */
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void;
}

function isUrls(v: unknown): v is ServiceUrls {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'].every((k) => typeof o[k] === 'string');
}

function lines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  let buffered = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      onLine(buffered.slice(0, nl));
      buffered = buffered.slice(nl + 1);
    }
  });
}

/**
 * Forks the service; `ready` resolves with the URLs of its first stdout line that holds them, or rejects with a
 * LocalServiceStartError (no ready line in time: the process is killed; it exited first: with its last stderr line)
 * or the error of the fork itself.
 */
export function startLocalServiceProcess(o: LocalServiceStart): { child: ChildProcess; ready: Promise<ServiceUrls> } {
  const args = ['--port', '0', '--remember-port', '--host', '127.0.0.1', '--data', o.dataDir, ...(o.verbose ? ['--verbose'] : [])];
  const child = fork(o.script, args, { ...(o.env ? { env: o.env } : {}), stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
  let stderrTail = '';
  lines(child.stderr, (line) => {
    stderrTail = (stderrTail + line + '\n').slice(-2000);
    o.onLine?.(line, 'stderr');
  });
  const ready = new Promise<ServiceUrls>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new LocalServiceStartError(msg('the service did not report ready within {0} s', o.timeoutMs / 1000)));
    }, o.timeoutMs);
    lines(child.stdout, (line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        if (isUrls(parsed)) {
          clearTimeout(timer);
          resolve({ baseUrl: parsed.baseUrl, epdUrl: parsed.epdUrl, authUrl: parsed.authUrl, graphqlUrl: parsed.graphqlUrl });
          return;
        }
      } catch {
        // not the ready line
      }
      o.onLine?.(line, 'stdout');
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const why = stderrTail.trim().split('\n').pop() ?? '';
      reject(new LocalServiceStartError(msg('the service exited ({0}) before it was ready{1}', signal ?? msg('code {0}', String(code)), why ? `: ${why}` : '')));
    });
  });
  return { child, ready };
}
