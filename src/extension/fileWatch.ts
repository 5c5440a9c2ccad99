// The one way the editor layer watches the workspace's files: VS Code's watcher of a glob, and the files it cannot
// report. A folder created with its files at once (unzipped, checked out, copied, written by a tool) may reach the
// watcher as the folder alone: on Linux the folder is watched only once its creation is seen, and files written into
// it before that raise no event. So every created folder is looked into, once its burst of events has settled, and
// the files it holds that the glob names are handed over as `found`; a burst too large to look at path by path looks
// at the whole workspace, at most once per RESWEEP_MS.
import * as vscode from 'vscode';

export interface FileHandlers {
  onCreate?(uri: vscode.Uri): void;
  onChange?(uri: vscode.Uri): void;
  onDelete?(uri: vscode.Uri): void;
  /** A file the glob names, in a folder created since: its creation may not have been reported (default: onCreate). */
  found?(uri: vscode.Uri): void;
}

/** A burst of creations is looked at this long after its first event. */
const SETTLE_MS = 300;
/** At most this many created paths are asked whether they are folders; a larger burst looks at the whole workspace. */
const MAX_STATS = 200;
/** The whole workspace is looked at no more often than this (a build writing thousands of files). */
const RESWEEP_MS = 5000;
const EXCLUDE = '**/node_modules/**';
const MAX_FILES = 5000;

type FolderListener = (folder: vscode.Uri | vscode.WorkspaceFolder) => void;

/** One watcher of created paths for all globs, kept while any glob is watched. */
class CreatedFolders {
  private readonly listeners = new Set<FolderListener>();
  private watcher: vscode.Disposable | undefined;
  private pending = new Map<string, vscode.Uri>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastSweep = 0;

  add(listener: FolderListener): vscode.Disposable {
    this.listeners.add(listener);
    if (!this.watcher) {
      const w = vscode.workspace.createFileSystemWatcher('**/*', false, true, true);
      this.watcher = vscode.Disposable.from(w, w.onDidCreate((u) => this.created(u)));
    }
    return new vscode.Disposable(() => {
      this.listeners.delete(listener);
      if (this.listeners.size) return;
      this.watcher?.dispose();
      this.watcher = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
      this.pending.clear();
    });
  }

  private created(uri: vscode.Uri): void {
    if (uri.scheme !== 'file' || uri.path.includes('/node_modules/')) return;
    this.pending.set(uri.path, uri);
    this.timer ??= setTimeout(() => void this.settle(), SETTLE_MS);
  }

  private async settle(): Promise<void> {
    this.timer = undefined;
    const created = topmost([...this.pending.values()]);
    this.pending = new Map();
    if (created.length > MAX_STATS) {
      if (Date.now() - this.lastSweep < RESWEEP_MS) return;
      this.lastSweep = Date.now();
      for (const folder of vscode.workspace.workspaceFolders ?? []) this.fire(folder);
      return;
    }
    const kinds = await Promise.all(created.map((u) => vscode.workspace.fs.stat(u).then((s) => s.type, () => vscode.FileType.Unknown)));
    created.forEach((u, i) => {
      if (kinds[i] & vscode.FileType.Directory) this.fire(u);
    });
  }

  private fire(folder: vscode.Uri | vscode.WorkspaceFolder): void {
    for (const l of this.listeners) l(folder);
  }
}

/** The paths none of whose folders is in the list too (a new folder stands for everything in it). */
function topmost(uris: vscode.Uri[]): vscode.Uri[] {
  const paths = new Set(uris.map((u) => u.path));
  return uris.filter((u) => {
    for (let p = u.path.replace(/\/[^/]*$/, ''); p.length > 1; p = p.replace(/\/[^/]*$/, '')) if (paths.has(p)) return false;
    return true;
  });
}

const createdFolders = new CreatedFolders();

/** Watches the files `glob` names (a workspace glob such as `**\/*.project.json`), the ones in new folders too. */
export function watchFiles(glob: string, on: FileHandlers): vscode.Disposable {
  const watcher = vscode.workspace.createFileSystemWatcher(glob, !on.onCreate, !on.onChange, !on.onDelete);
  const found = on.found ?? on.onCreate;
  const owned: vscode.Disposable[] = [watcher];
  if (on.onCreate) owned.push(watcher.onDidCreate(on.onCreate));
  if (on.onChange) owned.push(watcher.onDidChange(on.onChange));
  if (on.onDelete) owned.push(watcher.onDidDelete(on.onDelete));
  if (found) {
    owned.push(
      createdFolders.add((folder) => {
        void vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), EXCLUDE, MAX_FILES).then(
          (files) => files.forEach((u) => found(u)),
          () => undefined,
        );
      }),
    );
  }
  return vscode.Disposable.from(...owned);
}
