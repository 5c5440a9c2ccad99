// The "LCA" LogOutputChannel shared by every feature. Never log tokens, passwords or secrets.
import * as vscode from 'vscode';

let channel: vscode.LogOutputChannel | undefined;

export function createLog(): vscode.LogOutputChannel {
  channel ??= vscode.window.createOutputChannel('LCA', { log: true });
  return channel;
}
