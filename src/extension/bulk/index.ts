// "LCA: Bulk Create Materials": checks the current text of a *.materials.json, says what will be sent, asks,
// sends in chunks with a cancellable progress notification, records the created ids in the sidecar
// X.materials.created.json after every chunk (the materials file is never touched), and ends with a report; Run Again
// stays on the file's context menu and the report's title bar while something is left. Several selected
// *.material.json go through Push Material (pushMaterial.ts), which uses the same job.
// The job itself is src/core/bulk (no editor). Here: the three commands, what outlives a run (the report documents —
// a report tab restored after a reload —, the files whose last run left something, cancel of a running job) and which
// command applies to what; the steps of a run are createFile.ts (check: checkFile.ts, question: wording.ts, run:
// runFile.ts, report: finishRun.ts).
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { registerCommand } from '../commands';
import { showError, VirtualDocuments } from '../ui';
import { pushMaterials } from './pushMaterial';
import { BULK_CREATE_COMMAND, PUSH_MATERIAL_COMMAND, REPORT_SCHEME, RUN_AGAIN_COMMAND } from './names';
import { selectedUris } from '../commandArgs';
import { argsOf, epdUrlOf, isMaterialsFile, isSingleMaterialFile, pushTargetsOf } from './args';
import { bulkCreateFile, type BulkContext } from './createFile';
import { refusal } from './wording';
import type { BulkCommands, BulkCreateArgs, BulkCreateDeps, BulkCreateOutcome, BulkHost, PushMaterialDeps } from './types';

export type { BulkCommands, BulkCreateArgs, BulkCreateDeps, BulkCreateOutcome, BulkHost, PushMaterialOutcome } from './types';

/** Context key: the paths (fsPath and URI path) of files whose last bulk create left materials not created. */
const UNFINISHED_CONTEXT = 'lca.bulkUnfinished';
const UNFINISHED_STATE = 'lca.bulk.unfinished';

/** What registerBulkCreate gives the composition root (and the integration tests). */
export interface BulkCreateControl {
  /** Cancels the running bulk create of `uri`, exactly as the progress notification's Cancel button does; false when none runs. */
  cancel(uri: vscode.Uri | string): boolean;
}

/** Registers Bulk Create Materials, Push Material and Run Again. */
export function registerBulkCreate(context: vscode.ExtensionContext, deps: BulkCreateDeps): BulkCreateControl {
  // The report documents (read-only, Markdown).
  const reports = new VirtualDocuments(REPORT_SCHEME);
  const cancels = new Map<string, () => void>();
  context.subscriptions.push(reports, vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, reports));

  // Files whose last run left something: Run Again stays on their context menu after the notification is gone.
  const unfinished = new Set<string>(context.workspaceState.get<string[]>(UNFINISHED_STATE, []));
  const publishUnfinished = async (): Promise<void> => {
    const paths = [...unfinished].flatMap((u) => {
      const uri = vscode.Uri.parse(u);
      return [uri.fsPath, uri.path];
    });
    await vscode.commands.executeCommand('setContext', UNFINISHED_CONTEXT, paths);
    await context.workspaceState.update(UNFINISHED_STATE, [...unfinished]);
  };
  // At activation only when a file was left unfinished (the context key is empty by default).
  if (unfinished.size) void publishUnfinished();

  const commands = bulkCommands(deps, {
    reports,
    cancels,
    setUnfinished: async (uri, left) => {
      if (left) unfinished.add(uri.toString());
      else unfinished.delete(uri.toString());
      await publishUnfinished();
    },
  });
  context.subscriptions.push(
    registerCommand(BULK_CREATE_COMMAND, (arg?: unknown, selection?: unknown) => commands.bulkCreate(arg, selection), () => l10n.t('Could not bulk-create the materials')),
    registerCommand(PUSH_MATERIAL_COMMAND, (arg?: unknown, selection?: unknown) => commands.pushMaterial(arg, selection), () => l10n.t('Could not push the material')),
    registerCommand(RUN_AGAIN_COMMAND, (arg?: unknown) => commands.runAgain(arg), () => l10n.t('Could not bulk-create the materials')),
  );
  return {
    cancel(target) {
      const key = (typeof target === 'string' ? vscode.Uri.parse(target) : target).toString();
      const cancel = cancels.get(key);
      cancel?.();
      return !!cancel;
    },
  };
}

function bulkCommands(deps: BulkCreateDeps, host: BulkHost): BulkCommands {
  const { session, log } = deps;
  const { reports } = host;
  const running = new Set<string>();
  const ctx: BulkContext = { deps, host, refuse: refusal(log), reportSources: new Map<string, vscode.Uri>() };

  async function bulkCreate(arg: unknown, selection?: unknown): Promise<BulkCreateOutcome> {
    const { uri, confirm, showReport } = argsOf(arg);
    // Several *.material.json selected in the Explorer (or one): created together through Push Material's path.
    const selected = selectedUris(selection);
    const singles = (selected.length > 1 ? selected : uri ? [uri] : []).filter(isSingleMaterialFile);
    if (singles.length && singles.length === (selected.length > 1 ? selected.length : 1)) {
      const pushed = await pushMaterials(singles.map((u) => ({ uri: u })), pushDeps, { ...(confirm !== undefined ? { confirm } : {}), diff: false, command: 'bulk' });
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
      return await bulkCreateFile(ctx, uri, confirm, showReport === true);
    } finally {
      running.delete(key);
    }
  }

  const pushDeps: PushMaterialDeps = {
    session,
    log,
    ...(deps.docs ? { docs: deps.docs } : {}),
    ...(deps.catalog ? { catalog: deps.catalog } : {}),
    epdUrl: (client) => epdUrlOf(deps, client),
    refuse: ctx.refuse,
    showReport: async (name, content) => {
      await reports.show(reports.set(`/${name}`, content), 'markdown');
    },
  };

  /** Push Material: a *.material.json (editor, Explorer with its selection, palette) or a material of the Library. */
  async function pushMaterial(arg?: unknown, selection?: unknown) {
    const { targets, confirm } = pushTargetsOf(arg, selection);
    if (!targets.length || targets.some((t) => t.index === undefined && !isSingleMaterialFile(t.uri))) {
      void showError(l10n.t('Push Material works on a *.material.json file: open one, or select it (or several) in the Explorer or the Library.'));
      return { outcome: 'error' as const, error: 'no *.material.json file' };
    }
    return pushMaterials(targets, pushDeps, { ...(confirm !== undefined ? { confirm } : {}), diff: true });
  }

  /** Run Again: from a report (its title bar), a materials file (its context menu) or the palette (the active editor). */
  async function runAgain(arg?: unknown): Promise<BulkCreateOutcome> {
    const { uri } = argsOf(arg ?? vscode.window.activeTextEditor?.document.uri);
    const source = uri && uri.scheme === REPORT_SCHEME ? ctx.reportSources.get(uri.toString()) : uri;
    if (!source) {
      void showError(l10n.t('Run Again works on a bulk create report or a *.materials.json file whose last bulk create left materials not created.'));
      return { outcome: 'error', error: 'no materials file' };
    }
    return bulkCreate(arg && typeof arg === 'object' && 'uri' in arg ? { ...(arg as BulkCreateArgs), uri: source } : source);
  }

  return { bulkCreate, pushMaterial, runAgain };
}
