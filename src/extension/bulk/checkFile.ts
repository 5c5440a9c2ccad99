// The check of a *.materials.json before Bulk Create Materials sends it: the editor's text (unsaved edits included)
// when the file is open, else the file on disk, read item by item — a big one with a cancellable progress notification.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BulkItemRef } from '../../core/bulk/items';
import type { BulkFileOptions, BulkFilePlan, FileBulkItem } from '../../core/bulk/planFile';
import { loadBulk } from '../bundles';
import { validateAgainst } from '../../core/schemas';
import type { Material } from '../../core/schemas/types';

/** From this size a file's check before sending shows a progress notification (a second or more). */
const SHOW_CHECK_PROGRESS_BYTES = 32 * 1024 * 1024;

type CheckOptions = Omit<BulkFileOptions, 'onProgress' | 'signal' | 'validate'>;

/** The file as checked: its problems, or its items split by the sidecar. */
export type CheckedPlan = Pick<BulkFilePlan, 'problems' | 'known'> & { items: readonly BulkItemRef[]; toSend: readonly BulkItemRef[]; created: readonly BulkItemRef[]; templates: readonly BulkItemRef[] };

export interface CheckedFile {
  plan: CheckedPlan;
  /** Reads the materials of `items` back from the file on disk (absent: the items carry their materials). */
  materials?: (items: readonly BulkItemRef[]) => Promise<Material[]>;
}

/** Undefined when the user cancelled the check; throws when the file cannot be read. */
export async function checkMaterialsFile(uri: vscode.Uri, options: CheckOptions): Promise<CheckedFile | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { plan: loadBulk().planBulkCreate(open.getText(), { ...options, validate: validateAgainst }) };
  const onDisk = await planFromDisk(uri, options);
  if (!onDisk) return undefined;
  return { plan: onDisk, materials: (items) => loadBulk().readFileMaterials(onDisk.file, items as readonly FileBulkItem[]) };
}

/**
 * The file on disk checked item by item as it is read (never held whole: a national database of 100,000 materials
 * is ~470 MB); a big one with a cancellable progress notification. Undefined when the user cancelled.
 */
async function planFromDisk(uri: vscode.Uri, options: CheckOptions): Promise<BulkFilePlan | undefined> {
  const { size } = await vscode.workspace.fs.stat(uri);
  if (size < SHOW_CHECK_PROGRESS_BYTES) return loadBulk().planBulkFile(uri.fsPath, { ...options, validate: validateAgainst });
  const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Checking {0}', path.basename(uri.fsPath)), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      let reported = 0;
      try {
        return await loadBulk().planBulkFile(uri.fsPath, {
          ...options,
          validate: validateAgainst,
          signal: abort.signal,
          onProgress: (bytes, total) => {
            const pct = (bytes / total) * 100;
            progress.report({ message: `${mb(bytes)} / ${mb(total)} MB`, increment: pct - reported });
            reported = pct;
          },
        });
      } catch (e) {
        if (abort.signal.aborted) return undefined;
        throw e;
      } finally {
        sub.dispose();
      }
    },
  );
}
