// What the bulk-create commands were invoked on: a materials file (editor, Explorer, a report's source), several
// selected *.material.json, a material of the Library, or a programmatic argument with the confirmation's answer.
import * as vscode from 'vscode';
import type { LcaClient } from '../../client';
import { selectedUris, uriOf } from '../commandArgs';
import type { BulkCreateArgs, BulkCreateDeps, PushTarget } from './types';

export function isMaterialsFile(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.materials.json');
}

export function isSingleMaterialFile(uri: vscode.Uri): boolean {
  return uri.path.toLowerCase().endsWith('.material.json');
}

export function argsOf(arg: unknown): { uri?: vscode.Uri; confirm?: boolean; showReport?: boolean } {
  const direct = uriOf(arg);
  if (direct) return { uri: direct };
  if (arg && typeof arg === 'object' && 'uri' in arg) {
    const a = arg as BulkCreateArgs;
    const uri = uriOf(a.uri) ?? (a.uri as unknown as vscode.Uri);
    return { uri, ...(a.confirm !== undefined ? { confirm: a.confirm } : {}), ...(a.showReport !== undefined ? { showReport: a.showReport } : {}) };
  }
  return { uri: vscode.window.activeTextEditor?.document.uri };
}

/** The EPD host sent to (`deps.epdUrl`, by default the client's): sidecar records count only for the service they were created on. */
export function epdUrlOf(deps: Pick<BulkCreateDeps, 'epdUrl'>, client: LcaClient): string | Promise<string> {
  return deps.epdUrl ? deps.epdUrl(client) : client.urls.epdUrl;
}

/**
 * What Push Material applies to: a material of the Library (its file and index), else the Explorer's selection or the
 * argument's file (with the confirmation's answer when it carried one). Not checked here to be *.material.json.
 */
export function pushTargetsOf(arg: unknown, selection: unknown): { targets: PushTarget[]; confirm?: boolean } {
  const selected = selectedUris(selection);
  const node = arg as { kind?: unknown; material?: { uri?: vscode.Uri; index?: number } } | undefined;
  if (node && node.kind === 'material' && node.material) {
    return { targets: node.material.uri ? [{ uri: node.material.uri, ...(node.material.index !== undefined ? { index: node.material.index } : {}) }] : [] };
  }
  const args = argsOf(arg);
  const targets = (selected.length > 1 ? selected : args.uri ? [args.uri] : []).map((u) => ({ uri: u }));
  return { targets, ...(args.confirm !== undefined ? { confirm: args.confirm } : {}) };
}
