// What Push Material shows before it sends: for a single material, a diff of what will be sent against the file; then
// the question — which service, where the id is recorded, how the service recognises a material it already holds,
// how many are already there, and what becomes of a sidecar that cannot be used.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { BulkItem } from '../../core/bulk/items';
import { materialCount } from './wording';
import { confirmModal } from '../ui';
import type { PushMaterialDeps, PushSource } from './types';

/** The diff of the one material to send (left: what will be sent, right: the file). */
export async function showPushDiff(source: PushSource, material: BulkItem['material'], deps: PushMaterialDeps): Promise<void> {
  if (!deps.docs) return;
  const stem = path.basename(source.target.uri.fsPath).replace(/\.(material|materials)\.json$/i, '');
  const left = deps.docs.set(`/material/new/${stem}.to-send.json`, JSON.stringify(material, null, 2) + '\n');
  try {
    await vscode.commands.executeCommand('vscode.diff', left, source.target.uri, l10n.t('{0}: what will be sent ↔ your file', source.name), { preview: true });
  } catch (e) {
    deps.log.warn(`Push Material: could not show the diff: ${(e as Error).message}`);
  }
}

/** Asks whether to create `toSend` (of `count` materials, ids recorded in `sidecars`); `confirm` answers without asking. */
export async function confirmPush(
  push: { sources: PushSource[]; toSend: BulkItem[]; count: number; sidecars: string[]; epdUrl: string },
  confirm: boolean | undefined,
): Promise<boolean> {
  const { toSend, count } = push;
  const detail = [
    l10n.t(
      'Service: {0}. The id is recorded in {1} next to the file (the file itself is not changed), so a second push knows it is on the service.',
      push.epdUrl,
      push.sidecars.join(', '),
    ),
    l10n.t('The service identifies a material by originalUUID + originalVersion: one it already holds is not created again; its id is recorded instead.'),
    count > toSend.length ? l10n.t('{0} already on the service (not sent).', String(count - toSend.length)) : '',
    ...push.sources.flatMap((s) => (s.stateNote ? [s.stateNote] : [])),
  ].filter(Boolean).join('\n\n');
  return (
    confirm ??
    (await confirmModal(
      toSend.length === 1 ? l10n.t('Create material "{0}" on the LCA service?', String(toSend[0].material.name ?? '')) : l10n.t('Create {0} on the LCA service?', materialCount(toSend.length)),
      detail,
      l10n.t('Create'),
    ))
  );
}
