// PENDING (not run by npm test): the palette-driven sign-in in this e2e case times out in code-server; see the issue 6 closing note.
// The dashboard as a person sees it in the workbench: sign in, "LCA: Open Dashboard" on the seeded school project,
// the budget figure and a phase label visible inside the webview frame, the HTML-named material shown as literal
// text with no dialog, and screenshots in a light and a dark theme under test-results/.
import * as assert from 'assert';
import * as fs from 'fs';
import type { FrameLocator, Page } from 'playwright-core';
import { CREDENTIALS, PROJECT_IDS } from '../../src/service/seed/ids';
import { openWorkbench, screenshot, type OpenWorkbench } from './support/workbench';

const XSS = '<img src=x onerror=alert(1)>';

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 20000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 20000 });
  await page.keyboard.press('Enter');
}

/** Answers the next quick input (pick or text box) with `text` + Enter. */
async function answer(page: Page, text: string, expectRow?: string): Promise<void> {
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 20000 });
  await input.fill(text);
  if (expectRow) await page.locator('.quick-input-list .monaco-list-row', { hasText: expectRow }).first().waitFor({ timeout: 20000 });
  await page.keyboard.press('Enter');
}

/** The dashboard's document: code-server nests it in the webview host iframe's active frame. */
function dashboardFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

async function setTheme(page: Page, theme: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await answer(page, theme, theme);
  await page.waitForTimeout(1500);
}

describe('e2e: project dashboard webview', function () {
  this.timeout(240000);
  let wb: OpenWorkbench;
  const dialogs: string[] = [];

  before(async function () {
    wb = await openWorkbench();
    if (!wb.serviceUrls) this.skip();
    wb.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && wb) await screenshot(wb.page, 'e2e-dashboard-failure').catch(() => undefined);
  });

  after(async () => {
    await wb?.close();
  });

  it('shows the budget figure and the phases of the seeded school project', async () => {
    const { page } = wb;
    await runCommand(page, 'LCA: Sign In');
    await answer(page, '', 'E-mail and password');
    await answer(page, CREDENTIALS.demoUser.email);
    await answer(page, CREDENTIALS.demoUser.password);
    await page.locator('.notifications-toasts', { hasText: 'Signed in' }).waitFor({ timeout: 30000 });

    await runCommand(page, 'LCA: Open Dashboard');
    await answer(page, PROJECT_IDS.school, PROJECT_IDS.school);
    const frame = dashboardFrame(page);
    const used = frame.locator('#budget-used');
    await used.waitFor({ state: 'visible', timeout: 60000 });
    assert.match((await used.textContent()) ?? '', /^-?[\d.,\s]+ kg CO2e\/m²\/yr$/);
    const phases = frame.locator('#card-phases .card-text p').first();
    assert.ok(await phases.isVisible());
    assert.ok((await phases.textContent())?.includes('A1-A3'), 'phase label A1-A3 not shown');
  });

  it('shows a material named like HTML as literal text and fires no dialog', async () => {
    const { page } = wb;
    const frame = dashboardFrame(page);
    await frame.locator('input.filter').fill('onerror');
    const cell = frame.locator('td.name .label', { hasText: XSS }).first();
    await cell.waitFor({ state: 'visible', timeout: 20000 });
    assert.ok(((await cell.textContent()) ?? '').includes(XSS));
    assert.strictEqual(await frame.locator('img').count(), 0);
    await page.waitForTimeout(500);
    assert.deepStrictEqual(dialogs, []);
    await frame.locator('input.filter').fill('');
  });

  it('is themed in light and dark (screenshots in test-results/)', async () => {
    const { page } = wb;
    const frame = dashboardFrame(page);
    await page.mouse.move(5, 5);
    await setTheme(page, 'Light Modern');
    await frame.locator('body.vscode-light #budget-used').waitFor({ timeout: 20000 });
    const light = await screenshot(page, 'e2e-dashboard-light');
    await setTheme(page, 'Dark Modern');
    await frame.locator('body.vscode-dark #budget-used').waitFor({ timeout: 20000 });
    const dark = await screenshot(page, 'e2e-dashboard-dark');
    for (const f of [light, dark]) assert.ok(fs.statSync(f).size > 20000, `${f} is suspiciously small`);
    assert.ok(!fs.readFileSync(light).equals(fs.readFileSync(dark)), 'light and dark screenshots are identical');
  });
});
