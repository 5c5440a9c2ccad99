// The dashboard as a person sees it in the workbench: sign in, "LCA: Open Dashboard" on the seeded school project,
// the budget figure and a phase label visible inside the webview frame, the HTML-named material shown as literal
// text with no dialog, screenshots in a light, a dark and a high-contrast theme under test-results/, and the panel
// coming back after "Developer: Reload Window" with the stage choice it had.
import * as assert from 'assert';
import * as fs from 'fs';
import type { Dialog, Page } from 'playwright-core';
import {
  pickQuickInput,
  runCommand,
  screenshot,
  setColorTheme,
  signIn,
  useWorkbench,
  waitForExtension,
  webviewContentFrame,
  webviewFrame,
} from './support/workbench';

/** The name of the seeded demo-tenant material that probes for HTML injection (src/service/seed/materials.ts). */
const XSS = '<img src=x onerror=alert(1)>';
const SCHOOL = 'Skolen ved Søen';

/** Where the pointer rests for screenshots: the Explorer's empty space, away from chart tooltips and hovers. */
async function parkPointer(page: Page): Promise<void> {
  await page.mouse.move(170, 600);
}

/** Lets the webview lay out and paint (its charts re-render synchronously on a theme change). */
async function settleWebview(page: Page): Promise<void> {
  const frame = await webviewContentFrame(page);
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('e2e: project dashboard webview', function () {
  this.timeout(180000);
  const workbench = useWorkbench('dashboard', { needsService: true });
  /** Every JavaScript dialog (alert, confirm, prompt, beforeunload) any frame of the page opens. */
  const dialogs: string[] = [];
  const onDialog = (d: Dialog): void => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss().catch(() => undefined);
  };

  // Page-level: Playwright reports dialogs of every frame, the webview's nested iframes included.
  before(() => workbench().page.on('dialog', onDialog));

  /** Signs in and opens the school's dashboard through the palette, once: every test can run on its own. */
  let opened: Promise<void> | undefined;
  const openSchoolDashboard = (): Promise<void> =>
    (opened ??= (async () => {
      const { page } = workbench();
      await signIn(page);
      await runCommand(page, 'LCA: Open Dashboard');
      await pickQuickInput(page, SCHOOL);
    })());

  it('shows the budget figure and the phases of the seeded school project', async () => {
    const { page } = workbench();
    await openSchoolDashboard();
    const frame = webviewFrame(page);
    await frame.locator('h1#title', { hasText: SCHOOL }).waitFor({ state: 'visible', timeout: 60000 });
    const used = frame.locator('#budget-used');
    await used.waitFor({ state: 'visible', timeout: 60000 });
    assert.match((await used.textContent()) ?? '', /^-?[\d.,\s]+ kg CO₂e\/m²\/yr$/);
    const phases = frame.locator('#card-phases .card-text p').first();
    await phases.waitFor({ state: 'visible', timeout: 20000 });
    assert.ok((await phases.textContent())?.includes('A1-A3'), 'phase label A1-A3 not shown');
    // The phase chart's axis labels are drawn on a canvas; the stage filter shows the same labels as text.
    const stage = frame.locator('label.stage[for="stage-A1A3"]');
    assert.ok(await stage.isVisible(), 'stage filter A1-A3 not visible');
    assert.strictEqual((await stage.textContent())?.trim(), 'A1-A3');
  });

  it('shows a material named like HTML as literal text and fires no dialog', async () => {
    const { page } = workbench();
    await openSchoolDashboard();
    await webviewFrame(page).locator('#budget-used').waitFor({ state: 'visible', timeout: 60000 });
    const frame = webviewFrame(page);
    // A sandboxed webview may not open dialogs at all (no allow-modals), so the page's dialog events alone could
    // miss an injection: also record calls of alert/confirm/prompt and CSP violations inside the webview while the
    // table rows are drawn again.
    const content = await webviewContentFrame(page);
    await content.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { lcaProbe?: { calls: string[]; csp: string[] } };
      const probe = { calls: [] as string[], csp: [] as string[] };
      w.lcaProbe = probe;
      for (const name of ['alert', 'confirm', 'prompt']) {
        w[name] = (...args: unknown[]) => {
          probe.calls.push(`${name}(${args.map(String).join(', ')})`);
          return null;
        };
      }
      document.addEventListener('securitypolicyviolation', (e) => probe.csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    const filter = frame.locator('input.filter');
    await filter.fill('onerror');
    const cell = frame.locator('td.name .label').getByText(XSS, { exact: true }).first();
    await cell.waitFor({ state: 'visible', timeout: 20000 });
    await cell.scrollIntoViewIfNeeded();
    assert.strictEqual(await cell.textContent(), XSS);
    assert.strictEqual(await frame.locator('img').count(), 0, 'an <img> element was created from service data');
    assert.strictEqual(await frame.locator('[onerror]').count(), 0, 'an onerror attribute was created from service data');
    // An injected <img src=x> would fail to load and run its handler within milliseconds.
    await page.waitForTimeout(500);
    const probe = await content.evaluate(() => (window as unknown as { lcaProbe: { calls: string[]; csp: string[] } }).lcaProbe);
    assert.deepStrictEqual(probe.calls, [], 'the webview called a dialog function');
    assert.deepStrictEqual(probe.csp, [], 'the webview reported CSP violations');
    assert.deepStrictEqual(dialogs, [], 'a dialog fired');
    await parkPointer(page);
    await screenshot(page, 'e2e-dashboard-html-name');
    await filter.fill('');
    await content.evaluate(() => window.scrollTo(0, 0));
  });

  it('is themed in light, dark and high contrast (screenshots in test-results/)', async () => {
    const { page } = workbench();
    await openSchoolDashboard();
    const frame = webviewFrame(page);
    // The dashboard must have its data before the theme changes.
    await frame.locator('#budget-used').waitFor({ state: 'visible', timeout: 60000 });
    const shots: string[] = [];
    for (const [label, kind] of [
      ['Light Modern', 'light'],
      ['Dark Modern', 'dark'],
      // VS Code's "Default High Contrast" theme, labelled "Dark High Contrast" since 1.71.
      ['Dark High Contrast', 'high-contrast'],
    ] as const) {
      await setColorTheme(page, label, kind);
      await frame.locator(`body.vscode-${kind} #budget-used`).waitFor({ state: 'visible', timeout: 20000 });
      await frame.locator(`body.vscode-${kind} #card-phases .card-text p`).first().waitFor({ state: 'visible', timeout: 20000 });
      // No hover tooltip or focus ring from the theme picker in the picture.
      await parkPointer(page);
      await settleWebview(page);
      shots.push(await screenshot(page, `e2e-dashboard-${kind}`));
    }
    for (const f of shots) assert.ok(fs.statSync(f).size > 20000, `${f} is suspiciously small`);
    assert.ok(!fs.readFileSync(shots[0]).equals(fs.readFileSync(shots[1])), 'light and dark screenshots are identical');
    assert.ok(!fs.readFileSync(shots[1]).equals(fs.readFileSync(shots[2])), 'dark and high-contrast screenshots are identical');
    // High contrast: the cards are edged in the theme's contrast border, not a faint widget border.
    const hc = await webviewContentFrame(page);
    const edges = await hc.evaluate(() => {
      const contrast = getComputedStyle(document.documentElement).getPropertyValue('--vscode-contrastBorder').trim();
      const probe = document.body.appendChild(document.createElement('div'));
      probe.style.color = contrast;
      const want = getComputedStyle(probe).color;
      probe.remove();
      const card = document.querySelector('.card');
      return { contrast, want, card: card ? getComputedStyle(card).borderBottomColor : '' };
    });
    assert.ok(edges.contrast, 'the high-contrast theme gives the webview no --vscode-contrastBorder');
    assert.strictEqual(edges.card, edges.want, `card border ${edges.card}, contrast border ${edges.contrast}`);
    assert.deepStrictEqual(dialogs, [], 'a dialog fired');
  });

  it('says "not a BR18 result: B6 excluded" instead of a verdict when B6 is switched off, and the verdict again when it is back', async () => {
    const { page } = workbench();
    await openSchoolDashboard();
    const frame = webviewFrame(page);
    const verdict = frame.locator('#budget-verdict');
    await verdict.waitFor({ state: 'visible', timeout: 60000 });
    assert.match((await verdict.textContent()) ?? '', /^Building: (within the limit|over the limit by .+)$/, 'the BR18 set gives a verdict');
    const result = frame.locator('#summary .summary-result');
    assert.match((await result.textContent()) ?? '', /Building \(BR18\)Building: (within|over)/);
    const b6 = frame.locator('#stage-B6');
    assert.ok(await b6.isChecked(), 'stage B6 should be on for the seeded school project');
    await frame.locator('label.stage[for="stage-B6"]').click();
    await verdict.filter({ hasText: 'not a BR18 result: B6 excluded' }).waitFor({ state: 'visible', timeout: 30000 });
    await result.filter({ hasText: 'not a BR18 result: B6 excluded' }).waitFor({ state: 'visible', timeout: 30000 });
    const text = (await frame.locator('#card-budget').textContent()) ?? '';
    assert.ok(!/within the limit/.test(text), `no verdict left in the budget card: ${text}`);
    await parkPointer(page);
    await screenshot(page, 'e2e-dashboard-not-br18');
    // Back on: the verdict returns (the reload test below starts from B6 on).
    await frame.locator('label.stage[for="stage-B6"]').click();
    await verdict.filter({ hasText: /^Building: (within the limit|over the limit by .+)$/ }).waitFor({ state: 'visible', timeout: 30000 });
    assert.ok(await b6.isChecked());
  });

  it('comes back after "Developer: Reload Window" with its figures and the stage choice it had', async () => {
    const { page } = workbench();
    await openSchoolDashboard();
    const frame = webviewFrame(page);
    const used = frame.locator('#budget-used');
    await used.waitFor({ state: 'visible', timeout: 60000 });
    const before = (await used.textContent()) ?? '';
    // Switch B6 (operational energy) off, as a person does, and wait for the figures of the new query.
    const b6 = frame.locator('#stage-B6');
    assert.ok(await b6.isChecked(), 'stage B6 should be on for the seeded school project');
    await frame.locator('label.stage[for="stage-B6"]').click();
    await frame.locator('#budget-used').filter({ hasNotText: before }).waitFor({ state: 'visible', timeout: 30000 });
    const after = (await used.textContent()) ?? '';
    assert.ok(!(await b6.isChecked()), 'B6 still checked after the click');

    await runCommand(page, 'Developer: Reload Window');
    // The old workbench goes away, a new one loads and the extension's serializer restores the panel.
    await page.waitForEvent('load', { timeout: 60000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    await waitForExtension(page);
    const tab = page.locator('.tabs-container .tab', { hasText: `Dashboard: ${SCHOOL}` });
    await tab.waitFor({ state: 'visible', timeout: 60000 });
    const restored = webviewFrame(page);
    await restored.locator('h1#title', { hasText: SCHOOL }).waitFor({ state: 'visible', timeout: 60000 });
    const usedAgain = restored.locator('#budget-used');
    await usedAgain.waitFor({ state: 'visible', timeout: 60000 });
    assert.match((await usedAgain.textContent()) ?? '', /^-?[\d.,\s]+ kg CO₂e\/m²\/yr$/);
    assert.strictEqual(await usedAgain.textContent(), after, 'the restored panel shows other figures than before the reload');
    assert.strictEqual(await restored.locator('#stage-B6').isChecked(), false, 'the B6 choice was lost in the reload');
    assert.strictEqual(await restored.locator('#stage-A1A3').isChecked(), true);
    await parkPointer(page);
    await settleWebview(page);
    await screenshot(page, 'e2e-dashboard-restored');
    assert.deepStrictEqual(dialogs, [], 'a dialog fired');
  });
});
