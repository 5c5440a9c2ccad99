// The reference period of a construction in the editor — the lens's B4, Find Lower-Carbon Alternatives…, the LCAbyg and
// LCAx exports and the tools for agents: the `considerationPeriod` of the project a construction belongs to when the
// workspace says which (the rule of core/workspace/period.ts: one *.project.json beside the construction, or in the
// nearest folder above it that holds any), else the `lca.preview.referencePeriod` setting (BR18's 50 years by default).
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import { watchFiles } from '../fileWatch';
import { choosePeriod, considerationPeriodOf } from '../../core/lca/period';
import { currentText, referencePeriod } from './documents';

const PROJECT_GLOB = '**/*.project.json';

export interface PeriodChoice {
  years: number;
  /** The project file the period comes from; undefined when it is the setting. */
  project?: vscode.Uri;
}

const dirOf = (uri: vscode.Uri): string => uri.with({ path: uri.path.replace(/\/[^/]*$/, '') || '/' }).toString();

export class ProjectPeriods extends Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Project file → its period (undefined when it gives none), grouped by folder. */
  private readonly byFolder = new Map<string, Map<string, { uri: vscode.Uri; years: number | undefined }>>();

  constructor() {
    super();
    for (const d of [
      this.changed,
      watchFiles(PROJECT_GLOB, {
        onCreate: (u) => void this.readFile(u),
        onChange: (u) => void this.readFile(u),
        onDelete: (u) => this.set(u, undefined, true),
        found: (u) => {
          if (!this.byFolder.get(dirOf(u))?.has(u.toString())) void this.readFile(u);
        },
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (/\.project\.json$/i.test(e.document.uri.path) && e.document.uri.scheme === 'file') this.set(e.document.uri, considerationPeriodOf(e.document.getText()));
      }),
    ]) this.register(d);
  }

  /** Folders whose *.project.json files are read or being read (later changes arrive through the watcher). */
  private readonly readFolders = new Map<string, Promise<void>>();

  /**
   * Reads the project files of a folder the first time a construction in or below it asks: only the folders that
   * matter are read, and a project file written before the construction was opened is found without the watcher.
   */
  private readFolder(folder: string): Promise<void> {
    let reading = this.readFolders.get(folder);
    if (!reading) this.readFolders.set(folder, (reading = this.readProjects(folder)));
    return reading;
  }

  private async readProjects(folder: string): Promise<void> {
    const dir = vscode.Uri.parse(folder);
    try {
      const entries = await vscode.workspace.fs.readDirectory(dir);
      await Promise.all(
        entries
          .filter(([name, type]) => type === vscode.FileType.File && /\.project\.json$/i.test(name))
          .map(([name]) => this.readFile(vscode.Uri.joinPath(dir, name))),
      );
    } catch {
      // An unreadable folder gives no period; the setting applies.
    }
  }

  private async readFile(uri: vscode.Uri): Promise<void> {
    try {
      this.set(uri, considerationPeriodOf(await currentText(uri)));
    } catch {
      this.set(uri, undefined, true);
    }
  }

  private set(uri: vscode.Uri, years: number | undefined, gone = false): void {
    const folder = dirOf(uri);
    const files = this.byFolder.get(folder) ?? new Map<string, { uri: vscode.Uri; years: number | undefined }>();
    const before = files.get(uri.toString());
    if (gone) files.delete(uri.toString());
    else files.set(uri.toString(), { uri, years });
    if (files.size) this.byFolder.set(folder, files);
    else this.byFolder.delete(folder);
    if (gone ? before !== undefined : before?.years !== years) this.changed.fire();
  }

  /** The folders from the construction's own up to its workspace folder (none outside a workspace folder). */
  private foldersUp(construction: vscode.Uri): string[] {
    const root = vscode.workspace.getWorkspaceFolder(construction)?.uri.toString();
    const out: string[] = [];
    let folder = dirOf(construction);
    for (let depth = 0; depth < 64; depth++) {
      out.push(folder);
      if (!root || folder === root || !folder.startsWith(root)) break;
      const parent = dirOf(vscode.Uri.parse(folder));
      if (parent === folder) break;
      folder = parent;
    }
    return out;
  }

  /** The choice by what has been read so far. */
  private choose(construction: vscode.Uri, folders: string[]): PeriodChoice {
    const chosen = choosePeriod(folders.map((f) => [...(this.byFolder.get(f)?.values() ?? [])].map((x) => ({ project: x.uri, years: x.years }))));
    return chosen ?? { years: referencePeriod(construction) };
  }

  /**
   * The period for a construction file: its project's, else the setting. Folders not read yet are read now and the
   * answer follows through onDidChange (the lens); `periodForNow` waits for them (an export, a tool call).
   */
  periodFor(construction: vscode.Uri): PeriodChoice {
    const folders = this.foldersUp(construction);
    for (const f of folders) void this.readFolder(f);
    return this.choose(construction, folders);
  }

  /** The period for a construction file once the project files of its folders have been read. */
  async periodForNow(construction: vscode.Uri): Promise<PeriodChoice> {
    const folders = this.foldersUp(construction);
    await Promise.all(folders.map((f) => this.readFolder(f)));
    return this.choose(construction, folders);
  }
}
