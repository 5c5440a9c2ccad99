// The active code table of the current environment: what the service serves (fetched after sign-in and cached per
// environment), else the environment's `codes` override, else the assumed table. The extension owns it: `CodeTables`
// keeps it in step with the environment and the sign-in, features read `current` and pass it to the core functions
// they call, and `onDidChange` announces a new table. Features read it through the session (../session.ts), which owns it.
import { format } from '../../core/l10n';
import * as vscode from 'vscode';
import { ASSUMED_CODES, buildCodeTable, type CodeLayer, type CodeTable } from '../../core/codeTable';
import { readServedCodes } from '../../client';
import type { EnvironmentService } from '../environments';
import type { ServiceClientProvider } from '../serviceClient';
import { readSettings } from '../settings';
import * as l10n from '../l10n';
import { Disposable } from '../disposable';

const CACHE_KEY = 'lca.servedCodes';

interface Cached {
  [environment: string]: { layer: CodeLayer; fetchedAt: string };
}

export interface CodeTablesDeps {
  /** Where the tables the services served are kept, per environment. */
  state: vscode.Memento;
  environments: EnvironmentService;
  clients: ServiceClientProvider;
  log: vscode.LogOutputChannel;
}

export class CodeTables extends Disposable {
  private fetching: Promise<void> | undefined;
  private table: CodeTable = ASSUMED_CODES;
  private readonly changed = new vscode.EventEmitter<CodeTable>();
  /** Fires with the new table when the environment, its override or what its service serves changes it. */
  readonly onDidChange = this.changed.event;

  private readonly state: vscode.Memento;
  private readonly environments: EnvironmentService;
  private readonly clients: ServiceClientProvider;
  private readonly log: vscode.LogOutputChannel;

  constructor(deps: CodeTablesDeps) {
    super();
    ({ state: this.state, environments: this.environments, clients: this.clients, log: this.log } = deps);
    this.register(this.changed);
    this.register(this.environments.onDidChange(() => this.apply()));
    this.apply();
  }

  /** The code table of the active environment. */
  get current(): CodeTable {
    return this.table;
  }

  /** Recomputes the active table from the cache and the settings (no request). */
  apply(): void {
    const env = this.environments.current();
    const settings = readSettings();
    const setting = settings.environments.find((e) => e.name === env.name);
    this.reportOverrideProblems(settings.problems.filter((p) => /^lca\.environments\[\d+\]\.codes/.test(p)));
    const cached = this.state.get<Cached>(CACHE_KEY, {})[env.name];
    const table = buildCodeTable({ environment: env.name, service: cached?.layer, override: setting?.codes });
    this.table = table;
    this.changed.fire(table);
  }

  private reported = '';

  /** Each bad `codes` entry once in the log and in a warning that opens the setting (the good entries still apply). */
  private reportOverrideProblems(problems: string[]): void {
    const key = problems.join('\n');
    if (key === this.reported) return;
    this.reported = key;
    if (!problems.length) return;
    for (const p of problems) this.log.warn(`settings: ${p}`);
    const open = l10n.t('Open Settings');
    void vscode.window
      .showWarningMessage(l10n.t('Some entries of a codes override were left out: {0}', problems.slice(0, 3).join('; ')), open)
      .then((choice) => choice === open && vscode.commands.executeCommand('workbench.action.openSettings', 'lca.environments'));
  }

  /** Fetches the service's enumerations (after sign-in), caches them for the environment and applies them. */
  refreshFromService(): Promise<void> {
    return (this.fetching ??= this.fetch().finally(() => (this.fetching = undefined)));
  }

  private async fetch(): Promise<void> {
    const env = this.environments.current();
    try {
      const client = await this.clients.get();
      const { layer, problems } = await readServedCodes(client);
      for (const p of problems) this.log.warn(`codes served by "${env.name}": ${p.path} ${format(p.message)}`);
      const all = { ...this.state.get<Cached>(CACHE_KEY, {}), [env.name]: { layer, fetchedAt: new Date().toISOString() } };
      await this.state.update(CACHE_KEY, all);
      this.log.info(`code table of "${env.name}" read from the service`);
    } catch (e) {
      // Reads stay usable: the cached table (if any), the override and the assumed table still apply.
      this.log.warn(`could not read the code tables of "${env.name}": ${(e as Error).message}; using the cached, overridden or assumed codes`);
    }
    this.apply();
  }
}
