// Builds the service client for the active environment, wired to the sign-in store and the log.
import * as vscode from 'vscode';
import { LcaClient } from '../client';
import type { EnvironmentService } from './environments';
import type { AuthSessionStore } from './auth/session';

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
      log: (e) => {
        const outcome = e.status !== undefined ? String(e.status) : (e.error ?? 'failed');
        this.log.debug(`${e.method} ${e.url} → ${outcome} (${Math.round(e.durationMs)} ms)`);
      },
    });
  }
}
