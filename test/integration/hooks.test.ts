// Root hooks for every integration test: confirmation (and QuickPick) answers a test queued but did not use are forgotten, so a
// failing test cannot answer the next test's dialog (and the leftover is reported in the test output).
import * as vscode from 'vscode';
import type { LcaExtensionApi } from '../../src/extension/extension';

afterEach(async function () {
  const ext = vscode.extensions.getExtension<LcaExtensionApi>('lca-workbench.lca-workbench');
  if (!ext?.isActive) return;
  const left = ext.exports.testing.clearConfirmationAnswers();
  if (left > 0) console.warn(`"${this.currentTest?.fullTitle() ?? 'a test'}" left ${left} queued confirmation answer(s) unused`);
  const picks = ext.exports.testing.clearQuickPickAnswers();
  if (picks > 0) console.warn(`"${this.currentTest?.fullTitle() ?? 'a test'}" left ${picks} queued QuickPick answer(s) unused`);
});
