// The run of Push Material once confirmed: sidecars that cannot be used kept aside as .bak, then the bulk-create job
// over every item with a cancellable progress notification, each created id recorded in the sidecar of its own file.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BulkJobResult } from '../../core/bulk/job';
import { materialKey, type SidecarItem } from '../../core/bulk/sidecar';
import type { SidecarRecorder } from '../../core/bulk/sidecarFile';
import { loadBulk } from '../bundles';
import { isLcaServiceError, type LcaClient } from '../../client';
import type { PushItem } from './pushCheck';
import type { PushSource } from './types';

/** Sends what is left to send of `push.all` (`sending` materials). */
export async function runPush(
  push: { sources: PushSource[]; all: PushItem[]; sending: number; label: string; client: LcaClient; epdUrl: string; createdBy?: string },
  log: vscode.LogOutputChannel,
): Promise<BulkJobResult> {
  const { sources, epdUrl, createdBy } = push;
  for (const s of sources) {
    if (s.stateNote) {
      try {
        await vscode.workspace.fs.copy(vscode.Uri.file(s.sidecarFile), vscode.Uri.file(`${s.sidecarFile}.bak`), { overwrite: true });
      } catch (e) {
        log.warn(`Could not keep ${path.basename(s.sidecarFile)} as .bak: ${(e as Error).message}`);
      }
    }
  }
  const recorders = new Map<string, SidecarRecorder>();
  for (const s of sources) {
    if (!recorders.has(s.sidecarFile)) recorders.set(s.sidecarFile, new (loadBulk().SidecarRecorder)(s.sidecarFile, { source: path.basename(s.target.uri.fsPath), epdUrl, ...(createdBy ? { createdBy } : {}) }, s.previous));
  }
  const recorderOf = new Map<string, SidecarRecorder>();
  for (const s of sources) for (const it of s.items) recorderOf.set(it.key, recorders.get(s.sidecarFile)!);
  const known = new Map<string, SidecarItem>();
  for (const s of sources) for (const it of s.items) if (s.known.has(it.key)) known.set(it.key, s.known.get(it.key)!);
  const items = push.all.map((it, index) => ({ index, key: it.key, material: it.material }));
  log.info(`Push Material: sending ${push.sending} material(s) to ${epdUrl}`);
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Push Material: {0}', push.label), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await loadBulk().runBulkCreate({
          client: push.client,
          isServiceFailure: isLcaServiceError,
          items,
          itemsChecked: true,
          alreadyCreated: known,
          signal: abort.signal,
          cancelGraceMs: 10_000,
          onRecord: async (records) => {
            const by = new Map<SidecarRecorder, SidecarItem[]>();
            for (const r of records) {
              const rec = recorderOf.get(materialKey(r.originalUUID, r.originalVersion));
              if (rec) by.set(rec, [...(by.get(rec) ?? []), r]);
            }
            for (const [rec, batch] of by) await rec.add(batch);
          },
          onProgress: (p) => progress.report({ message: l10n.t('{0} / {1} materials', l10n.formatNumber(p.done), l10n.formatNumber(p.total)) }),
        });
      } finally {
        sub.dispose();
        for (const rec of recorders.values()) await rec.flush().catch((e: Error) => log.warn(`Could not flush ${rec.file}: ${e.message}`));
      }
    },
  );
}
