// Builds the service client for the active environment, wired to the sign-in store and the log.
import * as vscode from 'vscode';
import { LcaClient, type RequestLogEntry } from '../client';
import type { EnvironmentService } from './environments';
import type { AuthSessionStore } from './auth/session';

/** The debug line every request leaves in the LCA log: method, URL without query, status, duration; never a secret. */
export function requestLogger(log: vscode.LogOutputChannel): (e: RequestLogEntry) => void {
  return (e) => {
    const outcome = e.status !== undefined ? String(e.status) : (e.error ?? 'failed');
    log.debug(`${e.method} ${e.url} → ${outcome} (${Math.round(e.durationMs)} ms)`);
  };
}

export class ServiceClientProvider {
  constructor(
    private readonly environments: EnvironmentService,
    private readonly auth: AuthSessionStore,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async get(): Promise<LcaClient> {
    const urls = await this.environments.resolveUrls();
    return new LcaClient({
      urls,
      getToken: () => this.auth.getToken(),
      renewToken: () => this.auth.renewToken(),
      log: requestLogger(this.log),
    });
  }
}
