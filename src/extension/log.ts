// The "LCA" LogOutputChannel shared by every feature, and the line each service request leaves in it. Never log tokens,
// passwords or secrets.
import * as vscode from 'vscode';
import type { RequestLogEntry } from '../client';

let channel: vscode.LogOutputChannel | undefined;

/** The one "LCA" log channel (created on the first call). */
export function createLog(): vscode.LogOutputChannel {
  channel ??= vscode.window.createOutputChannel('LCA', { log: true });
  return channel;
}

/** The debug line every request leaves in the LCA log: method, URL without query, status, duration; never a secret. */
export function requestLogger(log: vscode.LogOutputChannel): (e: RequestLogEntry) => void {
  return (e) => {
    const outcome = e.status !== undefined ? String(e.status) : (e.error ?? 'failed');
    log.debug(`${e.method} ${e.url} → ${outcome} (${Math.round(e.durationMs)} ms)`);
  };
}
