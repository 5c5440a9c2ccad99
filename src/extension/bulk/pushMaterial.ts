// "LCA: Push Material": one `*.material.json` — or several selected ones, or one material of a `*.materials.json` from
// the Library — sent through the bulk-create path: the same check (refused with the error count and Show Problems),
// a diff of what will be sent and a confirmation, the same job (a 409 `existingId` means "already on the service"),
// and the ids recorded in the sidecar next to each file (`X.material.created.json`, or the materials file's own), so
// that a second push says the material is already on the service instead of sending it again.
import * as path from 'path';
import * as vscode from 'vscode';
import { duplicateKeys, runBulkCreate, type BulkItem, type BulkJobResult } from '../../core/bulk/job';
import type { BulkPlanProblems, planBulkCreate } from '../../core/bulk/plan';
import { bulkReports } from './reports';
import { materialKey, sameEpdUrl, sidecarPathFor, type Sidecar, type SidecarItem } from '../../core/bulk/sidecar';
import { SidecarRecorder, loadSidecarFile } from '../../core/bulk/sidecarFile';
import type { planBulkFile } from '../../core/bulk/planFile';
import type { planMaterialFile } from '../../core/bulk/single';
import { isLcaServiceError, type LcaClient } from '../../client';
import type { ServiceClientProvider } from '../serviceClient';
import type { Catalog } from '../library/catalog';
import type { VirtualDocuments } from '../ui';
import { PUSH_MATERIAL_COMMAND } from './names';
import * as l10n from '../l10n';

/** ui.ts, passed in: its confirmations and messages are what the tests read and script (one copy, in dist/extension.js). */
export type Ui = typeof import('../ui');

/** The checks before sending (the rules and the environment's code table live in dist/extension.js): passed in. */
export interface BulkChecks {
  planBulkCreate: typeof planBulkCreate;
  planBulkFile: typeof planBulkFile;
  planMaterialFile: typeof planMaterialFile;
}

/** One material to push: a `*.material.json`, or item `index` of a `*.materials.json`. */
export interface PushTarget {
  uri: vscode.Uri;
  index?: number;
}

/** What Push Material returns (tests, other commands). */
export interface PushMaterialOutcome {
  outcome: 'invalid' | 'declined' | 'already-on-service' | 'created' | 'stopped' | 'error';
  /** Per material: its name, its id on the service (when known) and whether this push created it. */
  materials?: { uri: string; name: string; id?: string; state: 'created' | 'already-on-service' | 'not-created' }[];
  problems?: BulkPlanProblems;
  result?: BulkJobResult;
  message?: string;
  error?: string;
}

export interface PushMaterialDeps {
  clients: ServiceClientProvider;
  log: vscode.LogOutputChannel;
  ui: Ui;
  checks: BulkChecks;
  docs?: VirtualDocuments;
  catalog?: Catalog;
  epdUrl: (client: LcaClient) => string | Promise<string>;
  /** Shows the refusal of a file with errors (the bulk create's message and Show Problems). */
  refuse: (uri: vscode.Uri, problems: BulkPlanProblems) => Promise<void>;
  /** Opens a Markdown report (when several materials were pushed and something was left). */
  showReport: (name: string, content: string) => Promise<void>;
}

interface Source {
  target: PushTarget;
  name: string;
  sidecarFile: string;
  previous: Sidecar | undefined;
  stateNote?: string;
  items: BulkItem[];
  toSend: BulkItem[];
  known: Map<string, SidecarItem>;
}

/** "1 material" / "3 materials" in the chosen language. */
const materialCount = (n: number): string => (n === 1 ? l10n.t('1 material') : l10n.t('{0} materials', l10n.formatNumber(n)));

export function isSingleMaterialFile(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.material.json');
}

async function currentText(uri: vscode.Uri): Promise<string> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** Pushes `targets`; `confirm` answers the confirmation (absent: ask); the diff is shown for a single material when asked. */
export async function pushMaterials(targets: PushTarget[], deps: PushMaterialDeps, options: { confirm?: boolean; diff?: boolean } = {}): Promise<PushMaterialOutcome> {
  const { clients, log } = deps;
  const { confirmModal, errorMessage, showError, showInfo, showServiceError, showWarning } = deps.ui;
  const { planBulkCreate, planMaterialFile } = deps.checks;
  const offerCopyId = (message: string, id: string | undefined): void => offerCopy(showInfo, message, id);
  const notOnDisk = targets.find((t) => t.uri.scheme !== 'file');
  if (notOnDisk) {
    void showError(l10n.t('Save {0} in a folder first: the created id is recorded in a file next to it.', path.basename(notOnDisk.uri.path)));
    return { outcome: 'error', error: 'not a file on disk' };
  }
  let client: LcaClient;
  let epdUrl: string;
  try {
    client = await clients.get();
    epdUrl = await deps.epdUrl(client);
  } catch (e) {
    void showServiceError(l10n.t('Push Material could not start'), e, log);
    return { outcome: 'error', error: (e as Error).message };
  }

  // 1. Check every file (its current text in the editor), as bulk create does; any error refuses the whole push.
  const sources: Source[] = [];
  for (const target of targets) {
    const file = path.basename(target.uri.fsPath);
    const sidecarFile = sidecarPathFor(target.uri.fsPath);
    const state = await loadSidecarFile(sidecarFile);
    const previous = state.exists && state.ok ? state.sidecar : undefined;
    let text: string;
    try {
      text = await currentText(target.uri);
    } catch (e) {
      void showError(l10n.t('Could not read {0}: {1}', file, errorMessage(e)));
      return { outcome: 'error', error: (e as Error).message };
    }
    const plan = isSingleMaterialFile(target.uri)
      ? planMaterialFile(text, { fileName: file, epdUrl, ...(previous ? { sidecar: previous } : {}) })
      : planBulkCreate(text, { fileName: file, epdUrl, ...(previous ? { sidecar: previous } : {}) });
    if (plan.problems) {
      await deps.refuse(target.uri, plan.problems);
      return { outcome: 'invalid', problems: plan.problems };
    }
    const items = target.index === undefined ? plan.items : plan.items.filter((it) => it.index === target.index);
    if (items.length === 0) {
      void showError(l10n.t('{0} has no material {1}; nothing was sent.', file, String(target.index)));
      return { outcome: 'error', error: 'no such item' };
    }
    const toSend = items.filter((it) => plan.toSend.includes(it));
    const stateNote =
      state.exists && !state.ok
        ? l10n.t('{0} cannot be used ({1}); it is kept as {0}.bak.', path.basename(sidecarFile), l10n.say(state.error))
        : previous && !sameEpdUrl(previous.epdUrl, epdUrl)
          ? l10n.t('{0} records ids on another service ({1}); it is kept as {0}.bak and replaced.', path.basename(sidecarFile), previous.epdUrl)
          : undefined;
    const name = items.length === 1 ? String(items[0].material.name ?? file) : file;
    sources.push({ target, name, sidecarFile, previous, ...(stateNote ? { stateNote } : {}), items, toSend, known: plan.known });
  }

  // Two selected files describing the same material would make the service refuse the request.
  const all = sources.flatMap((s) => s.items.map((it) => ({ ...it, source: s })));
  const dups = duplicateKeys(all.map((it, index) => ({ ...it, index })));
  if (dups.size) {
    const [key, at] = [...dups][0];
    const files = at.map((i) => path.basename(all[i].source.target.uri.fsPath)).join(', ');
    void showError(l10n.t('{0} describe the same material (originalUUID@originalVersion {1}); nothing was sent. Give one of them another originalVersion.', files, key));
    return { outcome: 'invalid' };
  }

  const label = sources.length === 1 && sources[0].items.length === 1 ? `"${sources[0].name}"` : materialCount(all.length);
  const materialsOf = (state: (s: Source, it: BulkItem) => { id?: string; state: 'created' | 'already-on-service' | 'not-created' }) =>
    sources.flatMap((s) => s.items.map((it) => ({ uri: s.target.uri.toString(), name: String(it.material.name ?? s.name), ...state(s, it) })));

  // 2. Already recorded for this service: nothing to send.
  const toSend = sources.flatMap((s) => s.toSend);
  if (toSend.length === 0) {
    const ids = sources.flatMap((s) => s.items.map((it) => s.known.get(it.key)?.id ?? ''));
    const message =
      all.length === 1
        ? l10n.t('{0} is already on the service ({1}, recorded in {2}); nothing to push.', label, ids[0], path.basename(sources[0].sidecarFile))
        : l10n.t('All {0} are already on the service (recorded next to their files); nothing to push.', label);
    offerCopyId(message, all.length === 1 ? ids[0] : undefined);
    return { outcome: 'already-on-service', message, materials: materialsOf((s, it) => ({ id: s.known.get(it.key)?.id, state: 'already-on-service' })) };
  }

  // 3. What will be sent, and the question.
  if (options.diff !== false && deps.docs && sources.length === 1 && toSend.length === 1) {
    const stem = path.basename(sources[0].target.uri.fsPath).replace(/\.(material|materials)\.json$/i, '');
    const left = deps.docs.set(`/material/new/${stem}.to-send.json`, JSON.stringify(toSend[0].material, null, 2) + '\n');
    try {
      await vscode.commands.executeCommand('vscode.diff', left, sources[0].target.uri, l10n.t('{0}: what will be sent ↔ your file', sources[0].name), { preview: true });
    } catch (e) {
      log.warn(`Push Material: could not show the diff: ${(e as Error).message}`);
    }
  }
  const sidecars = [...new Set(sources.map((s) => path.basename(s.sidecarFile)))];
  const detail = [
    l10n.t(
      'Service: {0}. The id is recorded in {1} next to the file (the file itself is not changed), so a second push knows it is on the service.',
      epdUrl,
      sidecars.join(', '),
    ),
    l10n.t('The service identifies a material by originalUUID + originalVersion: one it already holds is not created again; its id is recorded instead.'),
    all.length > toSend.length ? l10n.t('{0} already on the service (not sent).', String(all.length - toSend.length)) : '',
    ...sources.flatMap((s) => (s.stateNote ? [s.stateNote] : [])),
  ].filter(Boolean).join('\n\n');
  const go =
    options.confirm ??
    (await confirmModal(
      toSend.length === 1 ? l10n.t('Create material "{0}" on the LCA service?', String(toSend[0].material.name ?? '')) : l10n.t('Create {0} on the LCA service?', materialCount(toSend.length)),
      detail,
      l10n.t('Create'),
    ));
  if (!go) return { outcome: 'declined' };

  // 4. The bulk-create job over every item; each record goes to the sidecar of its file.
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
    if (!recorders.has(s.sidecarFile)) recorders.set(s.sidecarFile, new SidecarRecorder(s.sidecarFile, { source: path.basename(s.target.uri.fsPath), epdUrl }, s.previous));
  }
  const recorderOf = new Map<string, SidecarRecorder>();
  for (const s of sources) for (const it of s.items) recorderOf.set(it.key, recorders.get(s.sidecarFile)!);
  const known = new Map<string, SidecarItem>();
  for (const s of sources) for (const it of s.items) if (s.known.has(it.key)) known.set(it.key, s.known.get(it.key)!);
  const items = all.map((it, index) => ({ index, key: it.key, material: it.material }));
  log.info(`Push Material: sending ${toSend.length} material(s) to ${epdUrl}`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: l10n.t('Push Material: {0}', label), cancellable: true },
    async (progress, token) => {
      const abort = new AbortController();
      const sub = token.onCancellationRequested(() => abort.abort());
      try {
        return await runBulkCreate({
          client,
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

  // 5. Say what happened, in the service's terms.
  const created = new Map(result.created.map((r) => [materialKey(r.originalUUID, r.originalVersion), r.id]));
  const there = new Map(result.alreadyThere.map((r) => [materialKey(r.originalUUID, r.originalVersion), r.id]));
  const materials = materialsOf((s, it) => {
    const id = created.get(it.key) ?? there.get(it.key) ?? s.known.get(it.key)?.id;
    const state = created.has(it.key) ? 'created' : there.has(it.key) || s.known.has(it.key) ? 'already-on-service' : 'not-created';
    return { ...(id ? { id } : {}), state };
  });
  await deps.catalog?.reread(sources.map((s) => s.target.uri)).catch(() => undefined);
  log.info(`Push Material: ${bulkReports().summaryLine(result)}`);
  if (all.length === 1) {
    const [m] = materials;
    const sidecar = path.basename(sources[0].sidecarFile);
    if (m.state === 'created') {
      const message = l10n.t('Created material "{0}" ({1}); the id is recorded in {2}.', m.name, m.id ?? '', sidecar);
      offerCopyId(message, m.id);
      return { outcome: 'created', message, materials, result };
    }
    if (m.state === 'already-on-service') {
      const message = l10n.t('"{0}" is already on the service as {1} (same originalUUID + originalVersion): nothing was created; the id is now recorded in {2}.', m.name, m.id ?? '', sidecar);
      offerCopyId(message, m.id);
      return { outcome: 'already-on-service', message, materials, result };
    }
  }
  const line = bulkReports().summaryLine(result, l10n.phrasing());
  const left = result.notSent.length > 0;
  if (left) {
    const report = bulkReports().renderReport(result, { source: label, sidecar: sidecars.join(', '), epdUrl }, l10n.phrasing());
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

function offerCopy(showInfo: Ui['showInfo'], message: string, id: string | undefined): void {
  const copy = l10n.t('Copy Id');
  void (id ? showInfo(message, copy) : showInfo(message)).then((c) => (c === copy && id ? vscode.commands.executeCommand('lca.copyId', id) : undefined));
}
