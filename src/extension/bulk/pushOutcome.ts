// What Push Material says when it ends, in the service's terms: already on the service (nothing sent), created (with
// the id and Copy Id), or stopped/cancelled with a report and Push Again; and the state of each material it returns.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { materialKey } from '../../core/bulk/sidecar';
import type { BulkItem } from '../../core/bulk/items';
import type { BulkJobResult } from '../../core/bulk/job';
import { renderReport, summaryLine } from '../../core/bulk/report';
import { showInfo, showWarning } from '../ui';
import { PUSH_MATERIAL_COMMAND } from './names';
import type { PushedMaterial, PushMaterialDeps, PushMaterialOutcome, PushSource } from './types';

/** Each material of `sources` with its id and state as `state` says. */
export function materialsOf(sources: PushSource[], state: (s: PushSource, it: BulkItem) => Pick<PushedMaterial, 'id' | 'state'>): PushedMaterial[] {
  return sources.flatMap((s) => s.items.map((it) => ({ uri: s.target.uri.toString(), name: String(it.material.name ?? s.name), ...state(s, it) })));
}

/** Every material is recorded as on this service: nothing is sent. */
export function alreadyRecorded(sources: PushSource[], count: number, label: string): PushMaterialOutcome {
  const ids = sources.flatMap((s) => s.items.map((it) => s.known.get(it.key)?.id ?? ''));
  const message =
    count === 1
      ? l10n.t('{0} is already on the service ({1}, recorded in {2}); nothing to push.', label, ids[0], path.basename(sources[0].sidecarFile))
      : l10n.t('All {0} are already on the service (recorded next to their files); nothing to push.', label);
  offerCopy(message, count === 1 ? ids[0] : undefined);
  return { outcome: 'already-on-service', message, materials: materialsOf(sources, (s, it) => ({ id: s.known.get(it.key)?.id, state: 'already-on-service' })) };
}

/** What a run did (`count` materials of `label`, ids recorded in `sidecars`), said and returned. */
export async function pushOutcome(
  result: BulkJobResult,
  run: { sources: PushSource[]; count: number; label: string; sidecars: string[]; epdUrl: string },
  deps: PushMaterialDeps,
): Promise<PushMaterialOutcome> {
  const { sources, label } = run;
  const { log } = deps;
  const created = new Map(result.created.map((r) => [materialKey(r.originalUUID, r.originalVersion), r.id]));
  const there = new Map(result.alreadyThere.map((r) => [materialKey(r.originalUUID, r.originalVersion), r.id]));
  const materials = materialsOf(sources, (s, it) => {
    const id = created.get(it.key) ?? there.get(it.key) ?? s.known.get(it.key)?.id;
    const state = created.has(it.key) ? 'created' : there.has(it.key) || s.known.has(it.key) ? 'already-on-service' : 'not-created';
    return { ...(id ? { id } : {}), state };
  });
  await deps.catalog?.reread(sources.map((s) => s.target.uri)).catch(() => undefined);
  log.info(`Push Material: ${summaryLine(result)}`);
  if (run.count === 1) {
    const [m] = materials;
    const sidecar = path.basename(sources[0].sidecarFile);
    if (m.state === 'created') {
      const message = l10n.t('Created material "{0}" ({1}); the id is recorded in {2}.', m.name, m.id ?? '', sidecar);
      offerCopy(message, m.id);
      return { outcome: 'created', message, materials, result };
    }
    if (m.state === 'already-on-service') {
      const message = l10n.t('"{0}" is already on the service as {1} (same originalUUID + originalVersion): nothing was created; the id is now recorded in {2}.', m.name, m.id ?? '', sidecar);
      offerCopy(message, m.id);
      return { outcome: 'already-on-service', message, materials, result };
    }
  }
  const line = summaryLine(result, l10n.phrasing());
  const left = result.notSent.length > 0;
  if (left) {
    const report = renderReport(result, { source: label, sidecar: run.sidecars.join(', '), epdUrl: run.epdUrl }, l10n.phrasing());
    await deps.showReport(`${l10n.t('{0} — push report', label)}.md`, report).catch((e: Error) => log.warn(`Could not open the push report: ${e.message}`));
    const message = result.cancelled
      ? l10n.t('Push Material of {0} cancelled: {1}. Push again to send the rest.', label, line)
      : l10n.t('Push Material of {0} stopped: {1}. Push again to send the rest.', label, line);
    const again = l10n.t('Push Again');
    void showWarning(message, again).then((c) => c === again && vscode.commands.executeCommand(PUSH_MATERIAL_COMMAND, sources[0].target.uri, sources.map((s) => s.target.uri)));
    return { outcome: 'stopped', message, materials, result };
  }
  const message = l10n.t('Push Material: {0}.', line);
  void showInfo(message);
  return { outcome: 'created', message, materials, result };
}

function offerCopy(message: string, id: string | undefined): void {
  const copy = l10n.t('Copy Id');
  void (id ? showInfo(message, copy) : showInfo(message)).then((c) => (c === copy && id ? vscode.commands.executeCommand('lca.copyId', id) : undefined));
}
