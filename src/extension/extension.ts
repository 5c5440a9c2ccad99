// Composition root: creates the shared services once and registers every feature.
import * as vscode from 'vscode';
import { createLog } from './log';
import { CodeTables } from './codes';
import { registerCodesReference } from './codesReference';
import { registerCommand } from './commands';
import { registerLocalService, type LocalServiceController } from './localService';
import { EnvironmentService, registerEnvironments } from './environments';
import { LcaAuthenticationProvider, registerAuth } from './auth';
import { ServiceClientProvider } from './serviceClient';
import { registerProjects } from './projects';
import type { ProjectsTreeProvider } from './projects/tree';
import { registerDashboards } from './dashboards';
import { VirtualDocuments } from './ui';
import { Catalog } from './library/catalog';
import { registerLibrary } from './library';
import type { LibraryTreeProvider } from './library/tree';
import { registerEditing } from './editing';
import type { CheckRecord } from './editing/diagnostics';
import { languageAnswers, type LanguageAnswer } from './editing/completion';
import { registerBulkCreate, type BulkCreateControl } from './bulk';
import { registerImport } from './import';
import { registerBr18Export } from './export';
import * as l10n from './l10n';
import type { BootInfo } from './bootInfo';
import { registerTools, type ToolDeps } from './tools';
import * as path from 'path';

/**
 * What `activate` returns: no API for other extensions yet. `testing` holds what the integration tests read or do and
 * have no other way to: the trees' items and the catalog (VS Code does not expose a tree view's items), whether the
 * built-in service runs, the bulk-create Cancel (its notification's button), stored state and secret names, the
 * semantic checks' timings, and the end of the stored sign-in's read. What the user is asked and told, and what the
 * dashboards post to their webviews, the tests read from wrappers on vscode.window; the accounts, from
 * vscode.authentication; the log, from its file.
 */
export interface LcaExtensionApi {
  testing: {
    /** The built-in service: `urls` while it runs (Start and Stop are its commands). */
    localService: Pick<LocalServiceController, 'urls'>;
    projectsTree: ProjectsTreeProvider;
    catalog: Catalog;
    libraryTree: LibraryTreeProvider;
    /** Cancels a running bulk create as its notification's Cancel button does. */
    bulk: BulkCreateControl;
    /** Everything the extension keeps in workspace and global state, and where its global storage is. */
    storedState: () => { text: string; globalStorage: string };
    /** Names (never values) of the SecretStorage keys that hold an LCA sign-in: one per signed-in environment (and any key of the legacy layout left). */
    secretKeys: () => Promise<string[]>;
    /** The extension's own SecretStorage, to change a sign-in as another window would; only when run by the tests (ExtensionMode.Test). */
    secrets: vscode.SecretStorage | undefined;
    /** The latest semantic checks (newest last): incremental or full, items checked, extension-host ms. */
    checks: () => CheckRecord[];
    /** The latest answers of the completion and hover providers (newest last): when each started, its extension-host ms. */
    languageAnswers: () => LanguageAnswer[];
    /** Resolves once the sign-in stored at activation has been read (activate does not wait for it). */
    ready: () => Promise<void>;
  };
}

/** `boot`: how dist/extension.js (boot.ts) loaded this bundle, when it did. */
export async function activate(context: vscode.ExtensionContext, boot?: BootInfo): Promise<LcaExtensionApi> {
  const started = performance.now();
  const log = createLog();
  context.subscriptions.push(log);
  log.info(`LCA Workbench ${context.extension.packageJSON.version} activating`);
  l10n.initL10n(context, (problem) => log.warn(problem));

  const docs = new VirtualDocuments();
  context.subscriptions.push(docs, vscode.workspace.registerTextDocumentContentProvider(VirtualDocuments.scheme, docs));

  const localService = registerLocalService(context, { log });
  const environments = new EnvironmentService(localService);
  const auth = new LcaAuthenticationProvider(context.secrets, environments, log);
  const clients = new ServiceClientProvider(environments, auth, log);
  context.subscriptions.push(environments, auth, clients, environments.onDidChange(() => void auth.refresh()));
  registerAuth(context, { auth });
  registerEnvironments(context, { environments, accountLabel: () => auth.current?.login, onAccountChange: auth.onDidChangeAccount });
  // Who is signed in, as people read it: what dashboards and `lca:` documents remember they were opened by.
  const identity = (): string | undefined => (auth.current ? `${auth.current.login} (${auth.current.environment})` : undefined);
  docs.bindIdentity(identity);
  context.subscriptions.push(auth.onDidChangeAccount(() => void docs.closeForeign()));
  // The environment's code table: the service's (read after sign-in, cached), its `codes` override, the assumed one.
  const codeTables = new CodeTables(context.globalState, environments, clients, log);
  context.subscriptions.push(
    codeTables,
    auth.onDidChangeAccount(() => {
      if (auth.current) void codeTables.refreshFromService();
    }),
  );

  registerCodesReference(context, codeTables);
  const toolDeps: ToolDeps = {
    client: async () => (auth.current ? clients.get() : undefined),
    environment: () => {
      const env = environments.current();
      return { name: env.name, epdUrl: env.urls?.epdUrl ?? '', ...(auth.current ? { login: auth.current.login } : {}) };
    },
    distDir: path.join(context.extensionPath, 'dist'),
    codes: () => codeTables.current,
  };
  const dashboards = registerDashboards(context, { clients, log, codes: codeTables, identity, onIdentityChange: auth.onDidChangeAccount, tools: toolDeps });
  registerBr18Export(context, {
    clients,
    codes: codeTables,
    log,
    version: String((context.extension.packageJSON as { version?: unknown }).version ?? ''),
    activeDashboardProject: () => {
      const p = dashboards.resolve();
      return p?.panel.active && p.target.kind === 'project' ? { id: p.target.projectId, name: p.target.projectName } : undefined;
    },
  });
  // Who is signed in is read from SecretStorage (a round trip to the window) after activate returns; the tree waits for
  // it rather than showing the Sign In welcome to someone signed in.
  const signedIn = async (): Promise<boolean> => {
    await auth.whenKnown();
    return !!auth.current;
  };
  const projectsTree = registerProjects(context, { clients, codes: codeTables, docs, log, isSignedIn: signedIn, onSignInChange: auth.onDidChangeAccount });
  context.subscriptions.push(registerCommand('lca.showLog', () => log.show()));

  const catalog = new Catalog(
    context.workspaceState,
    clients,
    log,
    codeTables,
    () => !!auth.current,
    () => {
      const env = environments.current();
      return env.problems.length ? undefined : env.urls?.epdUrl;
    },
    () => auth.current?.login,
  );
  context.subscriptions.push(
    catalog,
    auth.onDidChangeAccount(() => catalog.forgetLookups()),
    // Another service: the bulk-created ids recorded for the previous one no longer count.
    environments.onDidChange(() => void catalog.reloadSidecars()),
  );
  void catalog.ready();
  const libraryTree = registerLibrary(context, { catalog, clients, docs, log, isSignedIn: () => !!auth.current, onSignInChange: auth.onDidChangeAccount });
  const semantic = registerEditing(context, { catalog, clients, log, codes: codeTables, tools: toolDeps });
  const checks: CheckRecord[] = [];
  context.subscriptions.push(semantic.onDidCheck((r) => checks.push(r) > 200 && checks.shift()));
  const bulk = registerBulkCreate(context, { clients, log, codes: codeTables, docs, catalog, login: () => auth.current?.login });
  registerImport(context, { docs, log, codes: codeTables });
  registerTools(context, toolDeps);

  const problems = environments.current().problems;
  if (problems.length) {
    void vscode.window
      .showWarningMessage(l10n.t('LCA settings need attention: {0}', problems.join('; ')), l10n.t('Open Settings'))
      .then((c) => c && vscode.commands.executeCommand('workbench.action.openSettings', 'lca.'));
  }
  // Not awaited: activation does not wait for SecretStorage; what the sign-in changes follows auth.onDidChangeAccount, and the
  // service client and the Projects tree wait for it (auth.whenKnown).
  auth.refresh().catch((e: Error) => log.error(`Could not read the LCA sign-in: ${e.message}`));
  log.info(
    `LCA Workbench activated in ${Math.round(performance.now() - started)} ms` +
      (boot ? ` (bundle loaded in ${Math.round(boot.loadMs)} ms before that, code cache ${boot.codeCache})` : ''),
  );

  const storedState = () => {
    const dump = (m: vscode.Memento) => Object.fromEntries(m.keys().map((k) => [k, m.get(k)]));
    return { text: JSON.stringify({ workspace: dump(context.workspaceState), global: dump(context.globalState) }), globalStorage: context.globalStorageUri.fsPath };
  };
  return {
    testing: {
      localService,
      projectsTree,
      catalog,
      libraryTree,
      bulk,
      storedState,
      secretKeys: () => auth.storedSecretKeys(),
      secrets: context.extensionMode === vscode.ExtensionMode.Test ? context.secrets : undefined,
      checks: () => [...checks],
      languageAnswers: () => [...languageAnswers],
      ready: async () => {
        await auth.whenKnown();
      },
    },
  };
}

export function deactivate(): void {
  // Disposables registered on context.subscriptions (the local service among them) are released by VS Code.
}
