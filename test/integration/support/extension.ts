// The extension under test, activated: its testing hooks (LcaExtensionApi.testing).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LcaExtensionApi } from '../../../src/extension/extension';

export const EXTENSION_ID = 'lca-workbench.lca-workbench';

export async function api(): Promise<LcaExtensionApi> {
  const ext = vscode.extensions.getExtension<LcaExtensionApi>(EXTENSION_ID);
  assert.ok(ext, 'extension is installed');
  const api = await ext.activate();
  // Activation does not wait for the stored sign-in to be read; what the tests check does.
  await api.testing.ready();
  return api;
}
