// The run of Bulk Create Materials once confirmed: a sidecar that cannot be used is kept aside as .bak, then the job
// sends in requests with a cancellable progress notification (BulkCreateControl's cancel aborts it too) and records the
// created ids in the sidecar after every request.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BulkItemRef } from '../../core/bulk/items';
import type { BulkJobResult } from '../../core/bulk/job';
import type { Sidecar } from '../../core/bulk/sidecar';
import { loadBulk } from '../bundles';
import type { Material } from '../../core/schemas/types';
import { isLcaServiceError, type LcaClient } from '../../client';
import { CANCEL_GRACE_MS } from './names';
import type { CheckedPlan } from './checkFile';
import { materialCount } from './wording';

export interface FileRun {
  uri: vscode.Uri;
  source: string;
  sidecarFile: string;
  epdUrl: string;
  createdBy: string | undefined;
  /** The sidecar's records that count, and whether the sidecar on disk must be kept as .bak before it is replaced. */
  previous: Sidecar | undefined;
  keepAside: boolean;
  client: LcaClient;
  plan: CheckedPlan;
  materials?: (items: readonly BulkItemRef[]) => Promise<Material[]>;
  requestSize: number;
}

/** Sends what `run.plan` leaves to send; the result, and when the run started (for the report). */
export async function runFile(run: FileRun, cancels: Map<string, () => void>, log: vscode.LogOutputChannel): Promise<{ result: BulkJobResult; startedAt: Date }> {
  const { uri, source, sidecarFile, epdUrl, createdBy, plan, materials } = run;
  const sidecarName = path.basename(sidecarFile);
  // A sidecar that is broken or belongs to another service is kept aside before it is replaced.
  if (run.keepAside) {
    try {
      await vscode.workspace.fs.copy(vscode.Uri.file(sidecarFile), vscode.Uri.file(`${sidecarFile}.bak`), { overwrite: true });
    } catch (e) {
      log.warn(`Could not keep ${sidecarName} as ${sidecarName}.bak: ${(e as Error).message}`);
    }
  }

  const recorder = new (loadBulk().SidecarRecorder)(sidecarFile, { source, epdUrl, ...(createdBy ? { createdBy } : {}) }, run.previous);
  const startedAt = new Date();
  log.info(`Bulk create of ${source}: sending ${plan.toSend.length} materials to ${epdUrl} (${plan.created.length} already created)`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Bulk create: {0}', source), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      cancels.set(uri.toString(), () => abort.abort());
      let reported = 0;
      try {
        return await loadBulk().runBulkCreate({
          cancelGraceMs: CANCEL_GRACE_MS,
          onCancelWait: (inFlight) =>
            progress.report({
              message: l10n.t('Cancelling: waiting up to {0} s for the answer to the request in flight ({1})…', String(CANCEL_GRACE_MS / 1000), materialCount(inFlight)),
            }),
          client: run.client,
          isServiceFailure: isLcaServiceError,
          items: plan.items,
          ...(materials ? { materials } : {}),
          // planBulkCreate has just checked these very items against the materials schema (and refused otherwise).
          itemsChecked: true,
          alreadyCreated: plan.known,
          chunkSize: run.requestSize,
          signal: abort.signal,
          onRecord: (records) => recorder.add(records),
          onProgress: (p) => {
            const pct = p.total ? (p.done / p.total) * 100 : 0;
            progress.report({
              message: l10n.t('{0} / {1} materials ({2}/s)', l10n.formatNumber(p.done), l10n.formatNumber(p.total), l10n.formatNumber(Math.round(p.rate))),
              increment: pct - reported,
            });
            reported = pct;
          },
        });
      } finally {
        sub.dispose();
        cancels.delete(uri.toString());
        await recorder.flush().catch((e: Error) => log.warn(`Could not flush ${sidecarName}: ${e.message}`));
      }
    },
  );
  return { result, startedAt };
}
