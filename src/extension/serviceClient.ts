// The service client for the active environment, wired to the sign-in (the LCA authentication provider) and the log.
// Features reach it through the session (session.ts), which owns it.
import * as path from 'path';
import * as vscode from 'vscode';
import { readSettings } from './settings';
import { LcaClient } from '../client';
import { requestLogger } from './log';
import type { EnvironmentService } from './environments';
import type { LcaAuthenticationProvider } from './auth/provider';
import * as l10n from './l10n';
import { errorMessage } from './ui';
import { Disposable } from './disposable';

/** Where an environment's `projectListQuery` file is: absolute, or relative to the first workspace folder. */
function queryFileUri(file: string): vscode.Uri {
  if (path.isAbsolute(file)) return vscode.Uri.file(file);
  const root = vscode.workspace.workspaceFolders?.[0]?.uri;
  return root ? vscode.Uri.joinPath(root, file) : vscode.Uri.file(path.resolve(file));
}

export interface ServiceClientDeps {
  environments: EnvironmentService;
  auth: LcaAuthenticationProvider;
  log: vscode.LogOutputChannel;
}

/**
 * The service client of the active environment and sign-in: built once and handed to every caller until the
 * environment, the settings or the sign-in change (or the environment's project list query file says something else).
 */
export class ServiceClientProvider extends Disposable {
  private cached: { key: string; client: LcaClient } | undefined;
  private readonly environments: EnvironmentService;
  private readonly auth: LcaAuthenticationProvider;
  private readonly log: vscode.LogOutputChannel;

  constructor({ environments, auth, log }: ServiceClientDeps) {
    super();
    this.environments = environments;
    this.auth = auth;
    this.log = log;
    const forget = (): void => {
      this.cached = undefined;
    };
    // environments.onDidChange also fires on every change of the lca settings and of the local service.
    this.register(environments.onDidChange(forget));
    this.register(auth.onDidChangeAccount(forget));
  }

  /** The text of the active environment's `projectListQuery` file, if it names one; a clear error when unreadable. */
  private async projectListQuery(): Promise<string | undefined> {
    const name = this.environments.current().name;
    const file = readSettings().environments.find((e) => e.name === name)?.projectListQuery;
    if (!file) return undefined;
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(queryFileUri(file)));
      if (!/\bGetProjectList\b/.test(text)) throw new Error(l10n.t('it has no GetProjectList operation'));
      return text;
    } catch (e) {
      throw new Error(
        l10n.t('The project list query file "{0}" (lca.environments["{1}"].projectListQuery) cannot be used: {2}', file, name, errorMessage(e)),
      );
    }
  }

  async get(): Promise<LcaClient> {
    // A command that activated the extension may run before the stored sign-in has been read: what it does with the
    // service, and who it records as having done it, follow the sign-in.
    await this.auth.whenKnown();
    const urls = await this.environments.resolveUrls();
    // Read on every call: the file can change without any event this provider hears.
    const projectListQuery = await this.projectListQuery();
    const key = JSON.stringify([this.environments.current().name, this.auth.current?.login, urls, projectListQuery]);
    if (this.cached?.key === key) return this.cached.client;
    const client = new LcaClient({
      urls,
      ...(projectListQuery ? { projectListQuery } : {}),
      getToken: () => this.auth.getToken(),
      renewToken: () => this.auth.renewToken(),
      log: requestLogger(this.log),
    });
    this.cached = { key, client };
    return client;
  }
}
