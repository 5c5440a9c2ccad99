// The environment as the editor's features see it, one value: which environment is active, who is signed in to it,
// the service client, the code table and the BR18 rule table of that environment, and one event when any of them
// changes. The composition root (extension.ts) builds it once and passes it in every feature's `deps`; only the
// environments' and the sign-in's own commands hold the parts (EnvironmentService, LcaAuthenticationProvider).
import * as vscode from 'vscode';
import type { LcaClient } from '../client';
import type { CodeTable } from '../core/codeTable';
import { applyBr18Override, BR18_RULES, type Br18Rules } from '../core/lca/br18Rules';
import type { SignedInAccount, LcaAuthenticationProvider } from './auth/provider';
import { CodeTables } from './codes';
import { Disposable } from './disposable';
import type { Environment, EnvironmentService } from './environments';
import { ServiceClientProvider } from './serviceClient';
import { readSettings } from './settings';

/**
 * What changed: `environment` — the active environment, its settings or the local service's URLs (the BR18 rule table
 * may be another); `signIn` — who is signed in (or a sign-in was confirmed); `codes` — the code table.
 */
export type SessionChange = 'environment' | 'signIn' | 'codes';

export interface LcaSession {
  /** The active environment: name, URLs (undefined for Local while its service is not running) and settings problems. */
  readonly environment: Environment;
  /** Its EPD host when its settings can be used: a service id counts only for the host it was created or read on. */
  readonly epdUrl: string | undefined;
  /** The account signed in to the active environment, undefined when nobody is (or the stored sign-in is not read yet). */
  readonly account: SignedInAccount | undefined;
  readonly signedIn: boolean;
  /** Whether someone is signed in, once the sign-in stored at activation has been read. */
  whenKnown(): Promise<boolean>;
  /** The signed-in login (an e-mail or a client id). */
  readonly login: string | undefined;
  /** Who is signed in, as people read it: `login (environment)`; what dashboards and `lca:` documents were opened by. */
  readonly identity: string | undefined;
  /** The service client of the active environment and sign-in (starts the built-in service when Local needs it). */
  client(): Promise<LcaClient>;
  /** The environment's code table: its service's, else its `codes` override, else the assumed one. */
  readonly codes: CodeTable;
  /** The environment's BR18 rule table: the built-in one with its `br18` override applied. */
  readonly br18Rules: Br18Rules;
  readonly onDidChange: vscode.Event<SessionChange>;
}

/** The built-in BR18 rule table with the `br18` override of the environment's settings entry. */
function br18RulesOf(environment: string): Br18Rules {
  const setting = readSettings().environments.find((e) => e.name === environment);
  return setting ? applyBr18Override(BR18_RULES, setting.br18, environment) : BR18_RULES;
}

export interface SessionDeps {
  environments: EnvironmentService;
  auth: LcaAuthenticationProvider;
  /** Where the code tables the services served are kept between sessions. */
  state: vscode.Memento;
  log: vscode.LogOutputChannel;
}

export class Session extends Disposable implements LcaSession {
  private readonly changed = this.register(new vscode.EventEmitter<SessionChange>());
  readonly onDidChange = this.changed.event;
  private readonly environments: EnvironmentService;
  private readonly auth: LcaAuthenticationProvider;
  private readonly clients: ServiceClientProvider;
  private readonly codeTables: CodeTables;

  constructor(deps: SessionDeps) {
    super();
    this.environments = deps.environments;
    this.auth = deps.auth;
    this.clients = this.register(new ServiceClientProvider({ environments: deps.environments, auth: deps.auth, log: deps.log }));
    this.codeTables = this.register(new CodeTables({ state: deps.state, environments: deps.environments, clients: this.clients, log: deps.log }));
    // The code table follows the environment first (CodeTables listens before this), then the rest hear of the change.
    this.register(this.codeTables.onDidChange(() => this.changed.fire('codes')));
    this.register(deps.environments.onDidChange(() => this.changed.fire('environment')));
    this.register(
      deps.auth.onDidChangeAccount(() => {
        // After a sign-in, the service's own code table (read once, cached per environment).
        if (deps.auth.current) void this.codeTables.refreshFromService();
        this.changed.fire('signIn');
      }),
    );
  }

  get environment(): Environment {
    return this.environments.current();
  }

  get epdUrl(): string | undefined {
    const env = this.environments.current();
    return env.problems.length ? undefined : env.urls?.epdUrl;
  }

  get account(): SignedInAccount | undefined {
    return this.auth.current;
  }

  get signedIn(): boolean {
    return !!this.auth.current;
  }

  async whenKnown(): Promise<boolean> {
    await this.auth.whenKnown();
    return !!this.auth.current;
  }

  get login(): string | undefined {
    return this.auth.current?.login;
  }

  get identity(): string | undefined {
    const account = this.auth.current;
    return account ? `${account.login} (${account.environment})` : undefined;
  }

  client(): Promise<LcaClient> {
    return this.clients.get();
  }

  get codes(): CodeTable {
    return this.codeTables.current;
  }

  /** Read on use, from the settings: they are cheap to read, and a lazily loaded bundle never holds a stale copy. */
  get br18Rules(): Br18Rules {
    return br18RulesOf(this.environments.current().name);
  }
}
