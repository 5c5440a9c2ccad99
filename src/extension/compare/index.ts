// Compare LCA: two states side by side in a page of the dashboard family — two construction files (Explorer
// multi-select, or Compare LCA with… on one), a construction file against an earlier commit (Compare LCA with
// Commit…, the text read through VS Code's Git extension), a project against another (Compare with Project…) or
// against a pinned baseline (Pin as Baseline writes `<name>.baseline.lca.json` of a project or a construction file;
// Compare with Baseline… picks one).
// Each side is read by the one reader of core/compare (the lens's materials and period for a file, the dashboard's
// reading for a project); the commands return the comparison (what the integration tests read).
import * as vscode from 'vscode';
import { isConstructionPath } from '../../core/document';
import * as l10n from '../l10n';
import type { Comparison, CompareState, SideReader, SideSpec } from '../../core/compare';
import { fileStem } from '../../core/templates/names';
import { invokedUris } from '../commandArgs';
import { registerCommand } from '../commands';
import { loadCompare } from '../bundles';
import { currentText } from '../editing/documents';
import { catalogResolver } from '../editing/preview';
import type { ProjectPeriods } from '../editing/projectPeriod';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import { commitsOf, gitShow } from './git';
import { exportComparison, showComparison } from './page';

export { COMPARE_VIEW_TYPE } from './page';

export interface CompareDeps {
  session: LcaSession;
  catalog: Catalog;
  periods: ProjectPeriods;
  version: string;
  extensionUri: vscode.Uri;
  /** The project of the active dashboard, if one is active. */
  activeDashboardProject(): { id: string; name?: string } | undefined;
}

/** The side reader of the editor: unsaved text, the Library's materials (as the lens), the project's period, Git, the signed-in client. */
async function readerOf(deps: CompareDeps): Promise<SideReader> {
  const { catalog, session } = deps;
  const uriOf = (p: string): vscode.Uri => vscode.Uri.parse(p);
  return {
    codes: catalog.codes,
    rules: session.br18Rules,
    readText: async (p) => currentText(uriOf(p)),
    readAtRef: async (p, ref) => gitShow(uriOf(p), ref),
    shown: (p) => vscode.workspace.asRelativePath(uriOf(p)),
    ensure: async (ids) => {
      await catalog.ready();
      for (const id of ids) await catalog.resolveEpdNow(id);
    },
    resolve: catalogResolver(catalog),
    periodOf: async (p) => (await deps.periods.periodForNow(uriOf(p))).years,
    ...(session.signedIn ? { service: await session.client() } : {}),
    version: deps.version,
  };
}

async function compareAndShow(deps: CompareDeps, a: SideSpec, b: SideSpec): Promise<Comparison | undefined> {
  const core = loadCompare();
  const reader = await readerOf(deps);
  const sides = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: l10n.t('Comparing…'), cancellable: true }, async (_p, token) => {
    const abort = new AbortController();
    const sub = token.onCancellationRequested(() => abort.abort());
    try {
      return [await core.readSide(a, reader, abort.signal), await core.readSide(b, reader, abort.signal)] as const;
    } catch (e) {
      if (e instanceof core.SideProblem) throw new Error(l10n.say(e.problem));
      throw e;
    } finally {
      sub.dispose();
    }
  });
  const c = core.compareStates(sides[0], sides[1]);
  if ('problem' in c) throw new Error(l10n.say(c.problem));
  showComparison(c, deps.extensionUri);
  return c;
}

async function pickFile(glob: string, title: string, exclude?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const files = (await vscode.workspace.findFiles(glob, '**/node_modules/**', 500)).filter((u) => u.toString() !== exclude?.toString());
  if (!files.length) throw new Error(l10n.t('No {0} file in the workspace to compare with.', glob.replace('**/', '')));
  const picked = await vscode.window.showQuickPick(
    files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })),
    { title, placeHolder: l10n.t('Type to search'), matchOnDescription: true },
  );
  return picked?.uri;
}

const activeConstruction = (): vscode.Uri | undefined => {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri && isConstruction(uri) ? uri : undefined;
};

/** Two construction files: the Explorer's selection of two, else the one given (or active) and one picked. */
async function compareConstructions(deps: CompareDeps, arg?: unknown, selection?: unknown): Promise<Comparison | undefined> {
  const uris = invokedUris(arg, selection).filter(isConstruction);
  if (uris.length > 2) throw new Error(l10n.t('Select two construction files to compare ({0} are selected).', uris.length));
  const first = uris[0] ?? activeConstruction() ?? (await pickFile('**/*.construction.json', l10n.t('Compare LCA: the first construction (A)')));
  if (!first) return undefined;
  const second = uris[1] ?? (await pickFile('**/*.construction.json', l10n.t('Compare {0} with… (B)', vscode.workspace.asRelativePath(first)), first));
  if (!second) return undefined;
  return compareAndShow(deps, { path: first.toString() }, { path: second.toString() });
}

export function registerCompare(context: vscode.ExtensionContext, deps: CompareDeps): void {
  const failed = () => l10n.t('Could not compare');
  context.subscriptions.push(
    registerCommand('lca.compareConstructions', (arg?: unknown, selection?: unknown) => compareConstructions(deps, arg, selection), failed),
    registerCommand('lca.compareWithCommit', (arg?: unknown, ref?: unknown) => compareWithCommit(deps, arg, ref), failed),
    registerCommand('lca.compareWithProject', (arg?: unknown, selection?: unknown) => compareProjects(deps, arg, selection), failed),
    registerCommand('lca.pinBaseline', (arg?: unknown, target?: unknown) => pinBaseline(deps, arg, target), () => l10n.t('Could not pin the baseline')),
    registerCommand('lca.compareWithBaseline', (arg?: unknown) => compareWithBaseline(deps, arg), failed),
    registerCommand('lca.exportComparison', (kind?: unknown, target?: unknown) => exportComparison(kind, target), () => l10n.t('Could not export the comparison')),
  );
}

/** A construction file against an earlier commit of it: the commit given (a hash or ref), else one picked from the file's commits. */
async function compareWithCommit(deps: CompareDeps, arg?: unknown, ref?: unknown): Promise<Comparison | undefined> {
  const uri = (arg instanceof vscode.Uri ? arg : undefined) ?? activeConstruction();
  if (!uri) throw new Error(l10n.t('Open or select a construction file to compare with a commit.'));
  if (typeof ref === 'string' && ref) return compareAndShow(deps, { path: uri.toString(), ref }, { path: uri.toString() });
  const commits = await commitsOf(uri);
  const picked = await vscode.window.showQuickPick(
    commits.map((c) => ({ label: c.message.split('\n')[0], description: `${c.hash.slice(0, 7)} · ${c.date ?? ''}`, hash: c.hash })),
    { title: l10n.t('Compare LCA of {0} with the commit…', vscode.workspace.asRelativePath(uri)), matchOnDescription: true },
  );
  if (!picked) return undefined;
  return compareAndShow(deps, { path: uri.toString(), ref: picked.hash }, { path: uri.toString() });
}

/** The project of the active dashboard (or the one given) against another project picked from the service. */
async function compareProjects(deps: CompareDeps, arg?: unknown, selection?: unknown): Promise<Comparison | undefined> {
  const ids = projectIdsOf(arg, selection);
  if (ids.length > 2) throw new Error(l10n.t('Select two projects to compare ({0} are selected).', ids.length));
  const first = ids[0] ?? deps.activeDashboardProject()?.id;
  if (!first) throw new Error(l10n.t('Open a project\'s dashboard (or select a project in the Projects view) to compare it with another.'));
  let second = ids[1];
  if (!second) {
    // The picker opens at once and fills as the list arrives; it stays open when the dashboard takes the focus back
    // (run from the palette over a dashboard, the webview's focus can return after the picker has opened).
    const items = deps.session
      .client()
      .then((client) => client.listProjects({}))
      .then((list) => list.filter((p) => p.id !== first).map((p) => ({ label: p.name || p.id, description: p.id, id: p.id })));
    const picked = await vscode.window.showQuickPick(items, { title: l10n.t('Compare with Project…'), matchOnDescription: true, ignoreFocusOut: true });
    if (!picked) return undefined;
    second = picked.id;
  }
  return compareAndShow(deps, { projectId: first }, { projectId: second });
}

/** Project ids given: a string, a list of them, or Projects view nodes (the view's multi-select gives the selection). */
function projectIdsOf(arg: unknown, selection?: unknown): string[] {
  const one = (x: unknown): string | undefined => {
    const node = x as { projectId?: unknown; id?: unknown; kind?: unknown; project?: { id?: unknown } } | undefined;
    if (typeof x === 'string') return x;
    if (node?.kind === 'project' && typeof node.project?.id === 'string') return node.project.id;
    return typeof node?.projectId === 'string' ? node.projectId : typeof node?.id === 'string' ? node.id : undefined;
  };
  const list = Array.isArray(selection) && selection.length > 1 ? selection : Array.isArray(arg) ? arg : [arg];
  return list.map(one).filter((x): x is string => x !== undefined);
}

/**
 * A state written as `<name>.baseline.lca.json`: the construction file given (or the active editor's), else the
 * project given (or the active dashboard's); the file written.
 */
/** What Pin as Baseline pins: the construction file it was run on (or the active one), else the project. */
function pinnedOf(deps: CompareDeps, arg: unknown): { file: vscode.Uri } | { projectId: string } {
  const file = arg instanceof vscode.Uri ? (isConstruction(arg) ? arg : undefined) : arg === undefined ? activeConstruction() : undefined;
  if (file) return { file };
  const projectId = projectIdsOf(arg)[0] ?? deps.activeDashboardProject()?.id;
  if (!projectId) throw new Error(l10n.t('Open a project\'s dashboard or a construction file to pin it as a baseline.'));
  return { projectId };
}

async function pinBaseline(deps: CompareDeps, arg?: unknown, target?: unknown): Promise<vscode.Uri | undefined> {
  const pinned = pinnedOf(deps, arg);
  const file = 'file' in pinned ? pinned.file : undefined;
  const core = loadCompare();
  const state: CompareState = await core.readSide('file' in pinned ? { path: pinned.file.toString() } : pinned, await readerOf(deps));
  const name = `${fileStem(state.name, file ? 'construction' : 'project')}${core.BASELINE_SUFFIX}`;
  // Beside the construction; a project's in the first workspace folder.
  const folder = file ? vscode.Uri.joinPath(file, '..') : vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri =
    target instanceof vscode.Uri
      ? target
      : await vscode.window.showSaveDialog({ defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined, filters: { [l10n.t('LCA baseline')]: ['lca.json'] }, title: l10n.t('Pin as Baseline') });
  if (!uri) return undefined;
  // Never overwritten without asking (the save dialog asks itself; a given target is asked here).
  if (target instanceof vscode.Uri && (await exists(uri))) {
    const replace = l10n.t('Replace');
    if ((await vscode.window.showWarningMessage(l10n.t('{0} exists. Replace the baseline it holds?', vscode.workspace.asRelativePath(uri)), { modal: true }, replace)) !== replace) return undefined;
  }
  const subject =
    'file' in pinned
      ? { construction: { path: vscode.workspace.asRelativePath(pinned.file, false), name: state.name } }
      : { project: { id: pinned.projectId, name: state.name, environment: deps.session.environment.name } };
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(core.baselineText(core.baselineOf(state, subject, new Date()))));
  void vscode.window.showInformationMessage(
    file
      ? l10n.t('Pinned {0} as a baseline in {1}: commit it to keep the construction\'s history.', state.name, vscode.workspace.asRelativePath(uri))
      : l10n.t('Pinned {0} as a baseline in {1}: commit it to keep the project\'s history.', state.name, vscode.workspace.asRelativePath(uri)),
  );
  return uri;
}

const isConstruction = (uri: vscode.Uri): boolean => isConstructionPath(uri.path);

const exists = (uri: vscode.Uri): Thenable<boolean> => vscode.workspace.fs.stat(uri).then(() => true, () => false);

/** A baseline (given, or picked among the workspace's) against its project as the service has it now, or its construction file as it is. */
async function compareWithBaseline(deps: CompareDeps, arg?: unknown): Promise<Comparison | undefined> {
  const uri = (arg instanceof vscode.Uri ? arg : undefined) ?? (await pickFile(`**/*${loadCompare().BASELINE_SUFFIX}`, l10n.t('Compare with Baseline…')));
  if (!uri) return undefined;
  const read = loadCompare().readBaseline(await currentText(uri), vscode.workspace.asRelativePath(uri));
  if ('problem' in read) throw new Error(l10n.say(read.problem));
  const current = loadCompare().currentOf(read.baseline);
  if ('projectId' in current) return compareAndShow(deps, { baseline: uri.toString() }, current);
  // The construction's path is relative to the workspace folder the baseline is in.
  const folder = vscode.workspace.getWorkspaceFolder(uri)?.uri ?? vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error(l10n.t('Open the workspace folder of {0} to compare it with its construction file.', vscode.workspace.asRelativePath(uri)));
  return compareAndShow(deps, { baseline: uri.toString() }, { path: vscode.Uri.joinPath(folder, current.path).toString() });
}
