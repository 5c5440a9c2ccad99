// The "LCA" LogOutputChannel shared by every feature, and the line each service request leaves in it. Never log tokens,
// passwords or secrets.
// The last lines written are also kept in memory so that the secret-hygiene test can read what the log holds.
import * as vscode from 'vscode';
import type { RequestLogEntry } from '../client';

const KEPT_LINES = 5000;
const WRITERS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

let channel: vscode.LogOutputChannel | undefined;
const recent: string[] = [];

function keep(args: unknown[]): void {
  recent.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  if (recent.length > KEPT_LINES) recent.splice(0, recent.length - KEPT_LINES);
}

export function createLog(): vscode.LogOutputChannel {
  if (!channel) {
    const real = vscode.window.createOutputChannel('LCA', { log: true });
    channel = new Proxy(real, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof prop === 'string' && WRITERS.has(prop) && typeof value === 'function') {
          return (...args: unknown[]) => {
            keep(args);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }
  return channel;
}

/** What was written to the LCA log in this session (the last few thousand lines). */
export function recentLogText(): string {
  return recent.join('\n');
}

/** The debug line every request leaves in the LCA log: method, URL without query, status, duration; never a secret. */
export function requestLogger(log: vscode.LogOutputChannel): (e: RequestLogEntry) => void {
  return (e) => {
    const outcome = e.status !== undefined ? String(e.status) : (e.error ?? 'failed');
    log.debug(`${e.method} ${e.url} → ${outcome} (${Math.round(e.durationMs)} ms)`);
  };
}
