// The reference period of the impact preview's B4: the `considerationPeriod` of the project a construction belongs to
// when the workspace says which (one *.project.json beside the construction, or in the nearest folder above it that
// holds exactly one), else the `lca.preview.referencePeriod` setting (BR18's 50 years by default).
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import { parseDocument } from '../../core/document';
import { currentText, referencePeriod } from './documents';

const PROJECT_GLOB = '**/*.project.json';

export interface PeriodChoice {
  years: number;
  /** The project file the period comes from; undefined when it is the setting. */
  project?: vscode.Uri;
}

/**
 * A project file's `calculationType.considerationPeriod` (where schemas/project.schema.json puts it): a whole number of
 * years ≥ 1 (anything else counts as not given).
 */
export function considerationPeriodOf(text: string): number | undefined {
  const value = parseDocument(text) as { calculationType?: { considerationPeriod?: unknown } } | null | undefined;
  const years = value?.calculationType?.considerationPeriod;
  return typeof years === 'number' && Number.isInteger(years) && years >= 1 && years <= 1000 ? years : undefined;
}

const dirOf = (uri: vscode.Uri): string => uri.with({ path: uri.path.replace(/\/[^/]*$/, '') || '/' }).toString();

export class ProjectPeriods extends Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  /** Project file → its period (undefined when it gives none), grouped by folder. */
  private readonly byFolder = new Map<string, Map<string, { uri: vscode.Uri; years: number | undefined }>>();

  constructor() {
    super();
    const watcher = vscode.workspace.createFileSystemWatcher(PROJECT_GLOB);
    for (const d of [
      this.changed,
      watcher,
      watcher.onDidCreate((u) => void this.readFile(u)),
      watcher.onDidChange((u) => void this.readFile(u)),
      watcher.onDidDelete((u) => this.set(u, undefined, true)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (/\.project\.json$/i.test(e.document.uri.path) && e.document.uri.scheme === 'file') this.set(e.document.uri, considerationPeriodOf(e.document.getText()));
      }),
    ]) this.register(d);
  }

  /** Folders whose *.project.json files have been read (later changes arrive through the watcher). */
  private readonly readFolders = new Set<string>();

  /**
   * Reads the project files of a folder the first time a construction in or below it asks: only the folders that
   * matter are read, and a project file written before the construction was opened is found without the watcher.
   */
  private async readFolder(folder: string): Promise<void> {
    if (this.readFolders.has(folder)) return;
    this.readFolders.add(folder);
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

  /**
   * The period for a construction file: its project's, else the setting. Folders not read yet are read now and the
   * answer follows through onDidChange.
   */
  periodFor(construction: vscode.Uri): PeriodChoice {
    const root = vscode.workspace.getWorkspaceFolder(construction)?.uri.toString();
    let folder = dirOf(construction);
    for (let depth = 0; depth < 64; depth++) {
      if (!this.readFolders.has(folder)) void this.readFolder(folder);
      const files = [...(this.byFolder.get(folder)?.values() ?? [])];
      if (files.length === 1 && files[0].years !== undefined) return { years: files[0].years, project: files[0].uri };
      // Two projects side by side, or one without a period: the workspace does not say which applies.
      if (files.length > 0) break;
      if (!root || folder === root || !folder.startsWith(root)) break;
      const parent = dirOf(vscode.Uri.parse(folder));
      if (parent === folder) break;
      folder = parent;
    }
    return { years: referencePeriod(construction) };
  }
}
