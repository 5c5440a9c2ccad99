// VS Code with Danish as its display language (code-server --locale da, no setting changed): the LCA views and
// commands carry their Danish names from package.nls.da.json, and the extension's own prompts and messages follow
// (lca.language "auto") in Danish from l10n/bundle.l10n.da.json.
import * as assert from 'assert';
import * as fs from 'fs';
import { activityBarItem, answerInputBox, pickQuickInput, runCommand, screenshot, waitForExtension, useWorkbench } from './support/workbench';

describe('e2e: VS Code in Danish', function () {
  this.timeout(240000);
  const workbench = useWorkbench('danish', { locale: 'da' });

  it('shows the LCA views as Projekter and Bibliotek', async () => {
    const { page } = workbench();
    await waitForExtension(page);
    await activityBarItem(page, 'LCA').click();
    const sidebar = page.locator('#workbench\\.parts\\.sidebar');
    for (const title of ['Projekter', 'Bibliotek']) {
      const header = sidebar.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`, 'i') });
      await header.waitFor({ state: 'visible', timeout: 30000 });
    }
    // The signed-out welcome of Projekter is the Danish text, with its Danish button.
    await sidebar.locator('.welcome-view-content', { hasText: 'Log ind på LCA-tjenesten for at se dine byggeprojekter.' }).waitFor({ timeout: 20000 });
    await page.mouse.move(900, 600);
    const file = await screenshot(page, 'e2e-danish-views');
    assert.ok(fs.statSync(file).size > 10000, 'screenshot is suspiciously small');
  });

  it('finds "LCA: Log ind" in the command palette, asks in Danish and says in Danish that the sign-in failed', async () => {
    const { page } = workbench();
    await runCommand(page, 'LCA: Log ind');
    await pickQuickInput(page, 'E-mail og adgangskode');
    await answerInputBox(page, 'name@example.com', 'demo@example.com');
    const password = page.locator('.quick-input-widget input.input[type="password"]');
    await password.waitFor({ state: 'visible', timeout: 20000 });
    await password.fill('not-the-password');
    await password.press('Enter');
    const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Login mislykkedes' });
    await toast.waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await toast.innerText(), /Login mislykkedes: /);
    assert.ok(await toast.locator('a.monaco-button, .monaco-button', { hasText: 'Prøv igen' }).count(), 'a Danish Retry button');
    await screenshot(page, 'e2e-danish-sign-in-failed');
  });
  it('shows the impact preview CodeLens of a construction in Danish', async () => {
    const { page } = workbench();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 20000 });
    await input.fill('outer-wall.construction.json');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'outer-wall.construction.json' }).first().click({ timeout: 20000 });
    const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: /Forhåndsvisning af klimapåvirkning/ }).first();
    await lens.waitFor({ state: 'visible', timeout: 60000 }).catch(async (e: Error) => {
      const shown = await page.locator('.monaco-editor .codelens-decoration').allInnerTexts();
      throw new Error(`${e.message}; lenses: ${shown.join(' | ')}`);
    });
    assert.doesNotMatch(await lens.innerText(), /Impact preview/);
    await screenshot(page, 'e2e-danish-codelens');
  });
});
