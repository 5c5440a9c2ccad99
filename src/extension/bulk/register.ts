// Registers Bulk Create Materials, Push Material and Run Again at activation; their code (index.ts, pushMaterial.ts
// and the bulk-create job, built as dist/bulkCommands.js) is loaded on the first use of one of them. What must exist
// before that, or outlive a run, stays here: the report documents (a report tab restored after a reload), the files
// whose last run left something (Run Again on their context menu), and cancel of a running job.
import * as vscode from 'vscode';
import { planBulkCreate } from '../../core/bulk/plan';
import { planBulkFile } from '../../core/bulk/planFile';
import { planMaterialFile } from '../../core/bulk/single';
import { activeCodes } from '../../core/codeTable';
import { validateAgainst } from '../../core/schemas';
import * as ui from '../ui';
import type { BulkCommands, BulkCreateDeps } from './index';
import { BULK_CREATE_COMMAND, PUSH_MATERIAL_COMMAND, REPORT_SCHEME, RUN_AGAIN_COMMAND } from './names';

/** Context key: the paths (fsPath and URI path) of files whose last bulk create left materials not created. */
const UNFINISHED_CONTEXT = 'lca.bulkUnfinished';
const UNFINISHED_STATE = 'lca.bulk.unfinished';

/** What registerBulkCreate gives the composition root (and the integration tests). */
export interface BulkCreateControl {
  /** Cancels the running bulk create of `uri`, exactly as the progress notification's Cancel button does; false when none runs. */
  cancel(uri: vscode.Uri | string): boolean;
}

export function registerBulkCreate(context: vscode.ExtensionContext, deps: BulkCreateDeps): BulkCreateControl {
  // The report documents (read-only, Markdown).
  const reports = new ui.VirtualDocuments(REPORT_SCHEME);
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

  let commands: BulkCommands | undefined;
  const load = (): BulkCommands => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    commands ??= (require('./index') as typeof import('./index')).bulkCommands(deps, {
      reports,
      cancels,
      setUnfinished: async (uri, left) => {
        if (left) unfinished.add(uri.toString());
        else unfinished.delete(uri.toString());
        await publishUnfinished();
      },
      ui,
      // The checks are given the environment's code table at the time of each check, and the schema validator.
      checks: {
        planBulkCreate: (text, options) => planBulkCreate(text, { ...options, codes: activeCodes(), validate: validateAgainst }),
        planBulkFile: (file, options) => planBulkFile(file, { ...options, codes: activeCodes(), validate: validateAgainst }),
        planMaterialFile: (text, options) => planMaterialFile(text, { ...options, codes: activeCodes(), validate: validateAgainst }),
      },
    });
    return commands;
  };

  context.subscriptions.push(
    vscode.commands.registerCommand(BULK_CREATE_COMMAND, (arg?: unknown, selection?: unknown) => load().bulkCreate(arg, selection)),
    vscode.commands.registerCommand(PUSH_MATERIAL_COMMAND, (arg?: unknown, selection?: unknown) => load().pushMaterial(arg, selection)),
    vscode.commands.registerCommand(RUN_AGAIN_COMMAND, (arg?: unknown) => load().runAgain(arg)),
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
