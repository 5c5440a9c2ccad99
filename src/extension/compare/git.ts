// A file's text at a commit and its commits, through VS Code's built-in Git extension (its API, version 1): no git
// of our own. Where Git is not available (disabled, a virtual workspace) the commands say so.
import * as vscode from 'vscode';
import * as l10n from '../l10n';

interface GitRepository {
  rootUri: vscode.Uri;
  show(ref: string, path: string): Promise<string>;
  log(options: { path?: string; maxEntries?: number }): Promise<{ hash: string; message: string; authorDate?: Date }[]>;
}
interface GitApi {
  state?: 'uninitialized' | 'initialized';
  onDidChangeState?: vscode.Event<'uninitialized' | 'initialized'>;
  getRepository(uri: vscode.Uri): GitRepository | null;
  openRepository?(root: vscode.Uri): Promise<GitRepository | null>;
}

/** Resolves once the Git extension has looked for the workspace's repositories (at most `ms`). */
function initialized(api: GitApi, ms = 10_000): Promise<void> {
  if (api.state !== 'uninitialized' || !api.onDidChangeState) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const sub = api.onDidChangeState!((s) => s === 'initialized' && done());
    function done(): void {
      clearTimeout(timer);
      sub.dispose();
      resolve();
    }
  });
}

async function repositoryOf(uri: vscode.Uri): Promise<GitRepository> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi; enabled?: boolean }>('vscode.git');
  if (!extension) throw new Error(l10n.t('Git is not available in this window: the comparison with a commit needs VS Code\'s Git extension.'));
  const git = extension.isActive ? extension.exports : await extension.activate();
  let api: GitApi;
  try {
    api = git.getAPI(1);
  } catch {
    // The extension is there but has no git to run ("Git model not found": disabled, or no git installed).
    throw new Error(l10n.t('Git is not available in this window: the comparison with a commit needs VS Code\'s Git extension.'));
  }
  await initialized(api);
  // A repository the Git extension has not opened (a nested one, or made after the window opened): open it, as
  // "Git: Open Repository" would, from the file's folder.
  const repository = api.getRepository(uri) ?? (await api.openRepository?.(vscode.Uri.joinPath(uri, '..')).catch(() => null)) ?? null;
  if (!repository) throw new Error(l10n.t('{0} is not in a git repository.', vscode.workspace.asRelativePath(uri)));
  return repository;
}

/** The file's text at `ref`. */
export async function gitShow(uri: vscode.Uri, ref: string): Promise<string> {
  const repository = await repositoryOf(uri);
  try {
    return await repository.show(ref, uri.fsPath);
  } catch (e) {
    throw new Error(l10n.t('Git cannot give {0} at {1}: {2}', vscode.workspace.asRelativePath(uri), ref, (e as Error).message?.split('\n')[0] ?? String(e)));
  }
}

/** The file's commits, newest first (at most 100). */
export async function commitsOf(uri: vscode.Uri): Promise<{ hash: string; message: string; date?: string }[]> {
  const repository = await repositoryOf(uri);
  const commits = await repository.log({ path: uri.fsPath, maxEntries: 100 });
  if (!commits.length) throw new Error(l10n.t('{0} has no commits yet.', vscode.workspace.asRelativePath(uri)));
  return commits.map((c) => ({ hash: c.hash, message: c.message, ...(c.authorDate ? { date: c.authorDate.toISOString().slice(0, 10) } : {}) }));
}
