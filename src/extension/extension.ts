// Composition root: creates the shared services once and registers every feature.
import * as vscode from 'vscode';
import { createLog } from './log';
import { registerCodesReference } from './codesReference';
import { registerCommand } from './commands';
import { registerLocalService, type LocalServiceController } from './localService';
import { EnvironmentService } from './environments';
import { registerEnvironments } from './environments/statusBar';
import { LcaAuthenticationProvider, registerAuth } from './auth';
import { Session } from './session';
import { registerProjects } from './projects';
import type { ProjectsTreeProvider } from './projects/tree';
import { registerDashboards } from './dashboards';
import { VirtualDocuments } from './ui';
import { Catalog } from './library/catalog';
import { registerLibrary } from './library';
import type { LibraryTreeProvider } from './library/tree';
import { registerEditing } from './editing';
import { ProjectPeriods } from './editing/projectPeriod';
import type { CheckRecord } from './editing/diagnostics';
import { languageAnswers, type LanguageAnswer } from './editing/completion';
import { registerBulkCreate, type BulkCreateControl } from './bulk';
import { registerImport } from './import';
import { registerBr18Export, registerExchangeExport } from './export';
import * as l10n from './l10n';
import type { BootInfo } from './bootInfo';
import { registerTools } from './tools';
import { registerCompare } from './compare';
import { registerWalkthrough } from './walkthrough';
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
  const auth = new LcaAuthenticationProvider({ secrets: context.secrets, environments, log });
  context.subscriptions.push(environments, auth, environments.onDidChange(() => void auth.refresh()));
  registerAuth(context, { auth });
  // The environment as every feature reads it: the sign-in, the service client, the code table (the service's, read
  // after sign-in and cached; its `codes` override; the assumed one) and the BR18 rule table, with one change event.
  const session = new Session({ environments, auth, state: context.globalState, log });
  context.subscriptions.push(session);
  registerEnvironments(context, { environments, session });
  // What dashboards and `lca:` documents remember they were opened by.
  docs.bindIdentity(() => session.identity);
  context.subscriptions.push(session.onDidChange((change) => change === 'signIn' && void docs.closeForeign()));

  registerCodesReference(context, { session });
  const catalog = new Catalog({ state: context.workspaceState, session, log });
  context.subscriptions.push(catalog);
  void catalog.ready();
  const dashboards = registerDashboards(context, { session, log, catalog });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '');
  const activeDashboardProject = () => {
    const p = dashboards.resolve();
    return p?.panel.active && p.target.kind === 'project' ? { id: p.target.projectId, name: p.target.projectName } : undefined;
  };
  const projectsTree = registerProjects(context, { session, docs, log });
  context.subscriptions.push(registerCommand('lca.showLog', () => log.show()));

  const libraryTree = registerLibrary(context, { catalog, session, docs, log });
  // The reference period of a construction (its project's, else the setting): one for the lens, the exports and the tools.
  const periods = new ProjectPeriods();
  context.subscriptions.push(periods);
  const semantic = registerEditing(context, { catalog, session, log, periods });
  registerExchangeExport(context, { catalog, session, log, version, activeDashboardProject, periods });
  const checks: CheckRecord[] = [];
  context.subscriptions.push(semantic.onDidCheck((r) => checks.push(r) > 200 && checks.shift()));
  const bulk = registerBulkCreate(context, { session, log, docs, catalog });
  registerImport(context, { docs, log, session, catalog });
  registerBr18Export(context, { session, log, catalog, version, activeDashboardProject, docs });
  registerCompare(context, { session, catalog, periods, version, extensionUri: context.extensionUri, activeDashboardProject });
  registerTools(context, { session, periods, catalog, distDir: path.join(context.extensionPath, 'dist') });
  registerWalkthrough(context, { auth, log });

  const problems = session.environment.problems;
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

  return { testing: testingApi(context, auth, checks, { localService, projectsTree, catalog, libraryTree, bulk }) };
}

/** What the integration tests read or do (LcaExtensionApi.testing): the parts activate made, and reads of its state. */
function testingApi(
  context: vscode.ExtensionContext,
  auth: LcaAuthenticationProvider,
  checks: readonly CheckRecord[],
  parts: Pick<LcaExtensionApi['testing'], 'localService' | 'projectsTree' | 'catalog' | 'libraryTree' | 'bulk'>,
): LcaExtensionApi['testing'] {
  const dump = (m: vscode.Memento) => Object.fromEntries(m.keys().map((k) => [k, m.get(k)]));
  return {
    ...parts,
    storedState: () => ({ text: JSON.stringify({ workspace: dump(context.workspaceState), global: dump(context.globalState) }), globalStorage: context.globalStorageUri.fsPath }),
    secretKeys: () => auth.storedSecretKeys(),
    secrets: context.extensionMode === vscode.ExtensionMode.Test ? context.secrets : undefined,
    checks: () => [...checks],
    languageAnswers: () => [...languageAnswers],
    ready: async () => {
      await auth.whenKnown();
    },
  };
}

export function deactivate(): void {
  // Disposables registered on context.subscriptions (the local service among them) are released by VS Code.
}
