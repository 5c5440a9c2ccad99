// "LCA: Bulk Create Materials": checks the current text of a *.materials.json, says what will be sent, asks,
// sends in chunks with a cancellable progress notification, records the created ids in the sidecar
// X.materials.created.json after every chunk (the materials file is never touched), and ends with a report; Run Again
// stays on the file's context menu and the report's title bar while something is left. Several selected
// *.material.json go through Push Material (pushMaterial.ts), which uses the same job.
// The job itself is src/core/bulk (no editor). This module and what it imports are dist/bulkCommands.js, loaded on the
// first use of a command (register.ts registers them): it imports nothing that keeps state (ui.ts, the code table,
// the rules), which register.ts passes in instead.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { format } from '../../core/l10n';
import { chunkSizeFor, runBulkCreate, type BulkItemRef, type BulkJobResult } from '../../core/bulk/job';
import type { BulkPlanProblems } from '../../core/bulk/plan';
import { readFileMaterials } from '../../core/bulk/fileItems';
import type { BulkFileOptions, BulkFilePlan, FileBulkItem } from '../../core/bulk/planFile';
import type { Material } from '../../core/schemas/types';
import { otherIdentity, sameEpdUrl, sidecarPathFor, type Sidecar } from '../../core/bulk/sidecar';
import { SidecarRecorder, loadSidecarFile } from '../../core/bulk/sidecarFile';
import { isLcaServiceError, type LcaClient } from '../../client';
import { bulkReports } from './reports';
import type { ServiceClientProvider } from '../serviceClient';
import type { Catalog } from '../library/catalog';
import type { VirtualDocuments } from '../ui';
import { isSingleMaterialFile, pushMaterials, type BulkChecks, type PushMaterialDeps, type PushTarget, type Ui } from './pushMaterial';
import { BULK_CREATE_COMMAND, CANCEL_GRACE_MS, REPORT_SCHEME } from './names';
import { selectedUris, uriOf } from '../commandArgs';

export type { PushMaterialOutcome } from './pushMaterial';

/** From this size a file's check before sending shows a progress notification (a second or more). */
const SHOW_CHECK_PROGRESS_BYTES = 32 * 1024 * 1024;

export interface BulkCreateDeps {
  clients: ServiceClientProvider;
  log: vscode.LogOutputChannel;
  /** Virtual documents (the diff of Push Material) and the catalog (which learns pushed ids). */
  docs?: VirtualDocuments;
  catalog?: Catalog;
  /** The EPD host of the active environment; by default taken from the client. */
  epdUrl?: (client: LcaClient) => string | Promise<string>;
  /** The login signed in now: the sidecar records who created its ids, and ids of another identity do not count. */
  login?: () => string | undefined;
}

/** Programmatic argument (tests, other commands): the file, and optionally the answer to the confirmation. */
export interface BulkCreateArgs {
  uri: vscode.Uri | string;
  /** true: do not ask; false: behave as if the user declined; absent: ask. */
  confirm?: boolean;
  /** Open the report document even when everything was created (default: only when something was left). */
  showReport?: boolean;
}

/** What the command returns. */
export interface BulkCreateOutcome {
  outcome: 'invalid' | 'declined' | 'nothing-to-send' | 'ran' | 'error' | 'busy';
  uri?: string;
  problems?: BulkPlanProblems;
  /** Materials the run set out to send, and how many the sidecar already recorded. */
  toSend?: number;
  alreadyCreated?: number;
  result?: BulkJobResult;
  report?: string;
  reportUri?: string;
  sidecar?: string;
  error?: string;
}

/** What register.ts keeps across runs and hands over: the report documents, cancel, Run Again's file list, ui.ts, the checks. */
export interface BulkHost {
  reports: { set(name: string, content: string): vscode.Uri; open(uri: vscode.Uri): Promise<void> };
  /** Cancel of each running job, by file URI (register.ts's `cancel` calls them). */
  cancels: Map<string, () => void>;
  /** Records whether the last run of `uri` left materials not created (Run Again on its context menu). */
  setUnfinished(uri: vscode.Uri, left: boolean): Promise<void>;
  ui: Ui;
  checks: BulkChecks;
}

/** The commands' handlers. */
export interface BulkCommands {
  bulkCreate(arg?: unknown, selection?: unknown): Promise<BulkCreateOutcome>;
  pushMaterial(arg?: unknown, selection?: unknown): Promise<unknown>;
  runAgain(arg?: unknown): Promise<BulkCreateOutcome>;
}

function isMaterialsFile(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.materials.json');
}

function argsOf(arg: unknown): { uri?: vscode.Uri; confirm?: boolean; showReport?: boolean } {
  const direct = uriOf(arg);
  if (direct) return { uri: direct };
  if (arg && typeof arg === 'object' && 'uri' in arg) {
    const a = arg as BulkCreateArgs;
    const uri = a.uri instanceof vscode.Uri ? a.uri : (uriOf(a.uri) ?? (a.uri as unknown as vscode.Uri));
    return { uri, ...(a.confirm !== undefined ? { confirm: a.confirm } : {}), ...(a.showReport !== undefined ? { showReport: a.showReport } : {}) };
  }
  return { uri: vscode.window.activeTextEditor?.document.uri };
}

/** The active environment's EPD host: sidecar records count only for the service they were created on. */
function clientEpdUrl(client: LcaClient): string {
  return client.urls.epdUrl;
}

/** "1 material" / "3 materials" in the chosen language. */
const materialCount = (n: number): string => (n === 1 ? l10n.t('1 material') : l10n.t('{0} materials', l10n.formatNumber(n)));
const errors = (n: number): string => (n === 1 ? l10n.t('1 error') : l10n.t('{0} errors', l10n.formatNumber(n)));

export function bulkCommands(deps: BulkCreateDeps, host: BulkHost): BulkCommands {
  const { clients, log } = deps;
  const { reports, cancels } = host;
  const { confirmModal, showError, showInfo, showServiceError, showWarning } = host.ui;
  const { planBulkCreate, planBulkFile } = host.checks;
  const running = new Set<string>();
  /** The materials file of each report. */
  const reportSources = new Map<string, vscode.Uri>();

  async function refuse(uri: vscode.Uri, problems: BulkPlanProblems): Promise<void> {
    const name = path.basename(uri.fsPath);
    const first = problems.samples[0] ? ` ${l10n.t('First: {0}', l10n.say(problems.samples[0]))}` : '';
    log.warn(`Bulk create of ${name} refused: ${problems.count} error(s). ${problems.samples.map(format).join(' | ')}`);
    const show = l10n.t('Show Problems');
    void showError(
      l10n.t('{0} has {1} — nothing was sent. Fix them and run Bulk Create Materials again.{2}', name, errors(problems.count), first),
      show,
    ).then(async (choice) => {
      if (choice !== show) return;
      await vscode.window.showTextDocument(uri, { preview: false });
      await vscode.commands.executeCommand('workbench.actions.view.problems');
    });
  }

  async function bulkCreate(arg: unknown, selection?: unknown): Promise<BulkCreateOutcome> {
    const { uri, confirm, showReport } = argsOf(arg);
    // Several *.material.json selected in the Explorer (or one): created together through Push Material's path.
    const selected = selectedUris(selection);
    const singles = (selected.length > 1 ? selected : uri ? [uri] : []).filter(isSingleMaterialFile);
    if (singles.length && singles.length === (selected.length > 1 ? selected.length : 1)) {
      const pushed = await pushMaterials(singles.map((u) => ({ uri: u })), pushDeps, { ...(confirm !== undefined ? { confirm } : {}), diff: false });
      return {
        outcome: pushed.outcome === 'invalid' || pushed.outcome === 'declined' || pushed.outcome === 'error' ? pushed.outcome : pushed.outcome === 'already-on-service' && !pushed.result ? 'nothing-to-send' : 'ran',
        ...(pushed.result ? { result: pushed.result } : {}),
        ...(pushed.problems ? { problems: pushed.problems } : {}),
        ...(pushed.error ? { error: pushed.error } : {}),
      };
    }
    if (selected.length > 1) {
      void showError(l10n.t('Bulk Create Materials takes one *.materials.json, or several *.material.json files selected together.'));
      return { outcome: 'error', error: 'mixed selection' };
    }
    if (!uri || !isMaterialsFile(uri)) {
      void showError(l10n.t('Bulk Create Materials works on a *.materials.json file: open one or right-click it in the Explorer.'));
      return { outcome: 'error', error: 'no *.materials.json file' };
    }
    if (uri.scheme !== 'file') {
      void showError(l10n.t('Save {0} in a folder first: the created ids are recorded in a file next to it.', path.basename(uri.path)));
      return { outcome: 'error', uri: uri.toString(), error: 'not a file on disk' };
    }
    const key = uri.toString();
    if (running.has(key)) {
      void vscode.window.showInformationMessage(l10n.t('A bulk create of {0} is already running.', path.basename(uri.fsPath)));
      return { outcome: 'busy', uri: key };
    }
    running.add(key);
    try {
      return await bulkCreateFile(uri, confirm, showReport === true);
    } finally {
      running.delete(key);
    }
  }

  /**
   * The file on disk checked item by item as it is read (never held whole: a national database of 100,000 materials
   * is ~470 MB); a big one with a cancellable progress notification. Undefined when the user cancelled.
   */
  async function planFromDisk(uri: vscode.Uri, options: Omit<BulkFileOptions, 'onProgress' | 'signal'>): Promise<BulkFilePlan | undefined> {
    const { size } = await vscode.workspace.fs.stat(uri);
    if (size < SHOW_CHECK_PROGRESS_BYTES) return planBulkFile(uri.fsPath, options);
    const mb = (bytes: number): string => (bytes / 1e6).toFixed(0);
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: l10n.t('Checking {0}', path.basename(uri.fsPath)), cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        const sub = token.onCancellationRequested(() => abort.abort());
        let reported = 0;
        try {
          return await planBulkFile(uri.fsPath, {
            ...options,
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

  async function bulkCreateFile(uri: vscode.Uri, confirm: boolean | undefined, alwaysShowReport: boolean): Promise<BulkCreateOutcome> {
    const source = path.basename(uri.fsPath);
    const sidecarFile = sidecarPathFor(uri.fsPath);
    const sidecarName = path.basename(sidecarFile);
    const base = { uri: uri.toString(), sidecar: sidecarFile };
    let client: LcaClient;
    let epdUrl: string;
    try {
      client = await clients.get();
      epdUrl = deps.epdUrl ? await deps.epdUrl(client) : clientEpdUrl(client);
    } catch (e) {
      void showServiceError(l10n.t('Bulk create of {0} could not start', source), e, log);
      return { ...base, outcome: 'error', error: (e as Error).message };
    }

    const state = await loadSidecarFile(sidecarFile);
    const previous: Sidecar | undefined = state.exists && state.ok ? state.sidecar : undefined;
    const createdBy = deps.login?.();
    const planOptions = { fileName: source, epdUrl, ...(createdBy ? { createdBy } : {}), ...(previous ? { sidecar: previous } : {}) };
    // The editor's text (unsaved edits included) when the file is open, else the file on disk, read item by item.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let plan: Pick<BulkFilePlan, 'problems' | 'known'> & { items: readonly BulkItemRef[]; toSend: readonly BulkItemRef[]; created: readonly BulkItemRef[] };
    let materials: ((items: readonly BulkItemRef[]) => Promise<Material[]>) | undefined;
    try {
      if (open) plan = planBulkCreate(open.getText(), planOptions);
      else {
        const onDisk = await planFromDisk(uri, planOptions);
        if (!onDisk) {
          log.info(`Bulk create of ${source}: the check was cancelled, nothing sent`);
          return { ...base, outcome: 'declined' };
        }
        plan = onDisk;
        materials = (items) => readFileMaterials(onDisk.file, items as readonly FileBulkItem[]);
      }
    } catch (e) {
      void showError(l10n.t('Could not read {0}: {1}', source, (e as Error).message));
      return { ...base, outcome: 'error', error: (e as Error).message };
    }
    const foreign = !!previous && sameEpdUrl(previous.epdUrl, epdUrl) && otherIdentity(previous, createdBy);
    if (plan.problems) {
      await refuse(uri, plan.problems);
      return { ...base, outcome: 'invalid', problems: plan.problems };
    }
    const counts = { toSend: plan.toSend.length, alreadyCreated: plan.created.length };
    const requestSize = chunkSizeFor(plan.toSend.length);
    if (plan.toSend.length === 0) {
      void vscode.window.showInformationMessage(
        l10n.t('All {0} of {1} are already created on {2} (recorded in {3}); nothing to send.', materialCount(plan.items.length), source, epdUrl, sidecarName),
      );
      return { ...base, ...counts, outcome: 'nothing-to-send' };
    }

    const notes: string[] = [];
    if (state.exists && !state.ok) notes.push(l10n.t('{0} cannot be used ({1}); it is kept as {0}.bak. Materials the service already holds are recognised by it and recorded again, not created twice.', sidecarName, l10n.say(state.error)));
    else if (previous && !sameEpdUrl(previous.epdUrl, epdUrl)) notes.push(l10n.t('{0} records ids on another service ({1}); it is kept as {0}.bak and replaced.', sidecarName, previous.epdUrl));
    else if (foreign) notes.push(l10n.t('{0} records ids created by {1}, which {2} cannot use; it is kept as {0}.bak and replaced.', sidecarName, previous.createdBy ?? '', createdBy ?? ''));
    else if (state.exists && state.ok && state.skipped) notes.push(l10n.t('{0} unreadable entries of {1} are ignored.', String(state.skipped), sidecarName));
    const detail = [
      l10n.t('{0} new; {1} already created per {2} (not sent).', materialCount(plan.toSend.length), String(plan.created.length), sidecarName),
      l10n.t('Service: {0}. Sent in requests of {1}; the ids are recorded in {2} after each request. {3} itself is not changed.', epdUrl, String(requestSize), sidecarName, source),
      ...notes,
    ].join('\n\n');
    const go =
      confirm ??
      (await confirmModal(l10n.t('Create {0} from {1} on the service?', materialCount(plan.toSend.length), source), detail, l10n.t('Create')));
    if (!go) {
      log.info(`Bulk create of ${source}: declined, nothing sent`);
      return { ...base, ...counts, outcome: 'declined' };
    }

    // A sidecar that is broken or belongs to another service is kept aside before it is replaced.
    if (state.exists && (!state.ok || foreign || (previous && !sameEpdUrl(previous.epdUrl, epdUrl)))) {
      try {
        await vscode.workspace.fs.copy(vscode.Uri.file(sidecarFile), vscode.Uri.file(`${sidecarFile}.bak`), { overwrite: true });
      } catch (e) {
        log.warn(`Could not keep ${sidecarName} as ${sidecarName}.bak: ${(e as Error).message}`);
      }
    }

    const recorder = new SidecarRecorder(sidecarFile, { source, epdUrl, ...(createdBy ? { createdBy } : {}) }, previous);
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
          return await runBulkCreate({
            cancelGraceMs: CANCEL_GRACE_MS,
            onCancelWait: (inFlight) =>
              progress.report({
                message: l10n.t('Cancelling: waiting up to {0} s for the answer to the request in flight ({1})…', String(CANCEL_GRACE_MS / 1000), materialCount(inFlight)),
              }),
            client,
            isServiceFailure: isLcaServiceError,
            items: plan.items,
            ...(materials ? { materials } : {}),
            // planBulkCreate has just checked these very items against the materials schema (and refused otherwise).
            itemsChecked: true,
            alreadyCreated: plan.known,
            chunkSize: requestSize,
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

    const report = bulkReports().renderReport(result, { source, sidecar: sidecarName, epdUrl, startedAt }, l10n.phrasing());
    const reportUri = reports.set(`${l10n.t('{0} — bulk create report', source)}.md`, report);
    reportSources.set(reportUri.toString(), uri);
    const line = bulkReports().summaryLine(result, l10n.phrasing());
    log.info(`Bulk create of ${source}: ${bulkReports().summaryLine(result)}`);
    const left = result.notSent.length > 0;
    await host.setUnfinished(uri, left);
    if (left || alwaysShowReport) {
      try {
        await reports.open(reportUri);
      } catch (e) {
        log.warn(`Could not open the bulk create report: ${(e as Error).message}`);
      }
    }
    const again = l10n.t('Run Again');
    const showReportLabel = l10n.t('Show Report');
    if (left) {
      const message = result.cancelled
        ? l10n.t('Bulk create of {0} cancelled: {1}. Run Again sends the rest (also on the file\'s context menu and in the report).', source, line)
        : l10n.t('Bulk create of {0} stopped: {1}. Run Again sends the rest (also on the file\'s context menu and in the report).', source, line);
      void showWarning(message, again, showReportLabel).then((choice) => {
        if (choice === again) void vscode.commands.executeCommand(BULK_CREATE_COMMAND, uri);
        else if (choice === showReportLabel) void reports.open(reportUri);
      });
    } else {
      void showInfo(l10n.t('Bulk create of {0}: {1}.', source, line), showReportLabel).then((choice) => {
        if (choice === showReportLabel) void reports.open(reportUri);
      });
    }
    return { ...base, ...counts, outcome: 'ran', result, report, reportUri: reportUri.toString() };
  }

  const pushDeps: PushMaterialDeps = {
    clients,
    log,
    ui: host.ui,
    checks: host.checks,
    ...(deps.docs ? { docs: deps.docs } : {}),
    ...(deps.catalog ? { catalog: deps.catalog } : {}),
    epdUrl: (client) => (deps.epdUrl ? deps.epdUrl(client) : clientEpdUrl(client)),
    refuse,
    showReport: async (name, content) => reports.open(reports.set(name, content)),
  };

  /** Push Material: a *.material.json (editor, Explorer with its selection, palette) or a material of the Library. */
  async function pushMaterial(arg?: unknown, selection?: unknown) {
    const selected = selectedUris(selection);
    let targets: PushTarget[];
    let confirm: boolean | undefined;
    const node = arg as { kind?: unknown; material?: { uri?: vscode.Uri; index?: number } } | undefined;
    if (node && node.kind === 'material' && node.material) {
      targets = node.material.uri ? [{ uri: node.material.uri, ...(node.material.index !== undefined ? { index: node.material.index } : {}) }] : [];
    } else {
      const args = argsOf(arg);
      confirm = args.confirm;
      targets = (selected.length > 1 ? selected : args.uri ? [args.uri] : []).map((u) => ({ uri: u }));
    }
    if (!targets.length || targets.some((t) => t.index === undefined && !isSingleMaterialFile(t.uri))) {
      void showError(l10n.t('Push Material works on a *.material.json file: open one, or select it (or several) in the Explorer or the Library.'));
      return { outcome: 'error' as const, error: 'no *.material.json file' };
    }
    return pushMaterials(targets, pushDeps, { ...(confirm !== undefined ? { confirm } : {}), diff: true });
  }

  /** Run Again: from a report (its title bar), a materials file (its context menu) or the palette (the active editor). */
  async function runAgain(arg?: unknown): Promise<BulkCreateOutcome> {
    const { uri } = argsOf(arg ?? vscode.window.activeTextEditor?.document.uri);
    const source = uri && uri.scheme === REPORT_SCHEME ? reportSources.get(uri.toString()) : uri;
    if (!source) {
      void showError(l10n.t('Run Again works on a bulk create report or a *.materials.json file whose last bulk create left materials not created.'));
      return { outcome: 'error', error: 'no materials file' };
    }
    return bulkCreate(arg && typeof arg === 'object' && 'uri' in arg ? { ...(arg as BulkCreateArgs), uri: source } : source);
  }

  return { bulkCreate, pushMaterial, runAgain };
}
