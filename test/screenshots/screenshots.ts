// `npm run screenshots`: the pictures of docs/images/ (the README's and the guide's), made as the e2e tests drive the
// workbench — the local service with its seed, code-server with the extension installed, headless Chromium — in the
// light theme, in English and in Danish (`lca.language: da`). Run it again when the UI changes.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/lib/repo';
import { openDashboard, pickQuickInput, runCommand, signIn, useWorkbench, webviewContentFrame } from '../e2e/support/workbench';

const SCHOOL = 'Skolen ved Søen';
const OUT = path.join(repoRoot(), 'docs', 'images');

/** `pointer`: where the mouse rests, away from hovers and tooltips (the Explorer's empty space unless given). */
async function shoot(page: Page, name: string, pointer = { x: 170, y: 700 }): Promise<void> {
  await page.mouse.move(pointer.x, pointer.y);
  await new Promise((r) => setTimeout(r, 1500));
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`    docs/images/${name}.png`);
}

async function settleWebview(page: Page): Promise<void> {
  const frame = await webviewContentFrame(page);
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

for (const lang of ['en', 'da'] as const) {
  describe(`screenshots (${lang})`, function () {
    this.timeout(300_000);
    const workbench = useWorkbench(`screenshots-${lang}`, { needsService: true, settings: { 'workbench.colorTheme': 'Default Light Modern' } });

    it('the walkthrough, the dashboard, a construction and the Projects and Library views', async () => {
      const { page, workspace } = workbench();
      await page.setViewportSize({ width: 1280, height: 800 });
      await signIn(page);
      if (lang === 'da') {
        const settings = path.join(workspace, '.vscode', 'settings.json');
        fs.mkdirSync(path.dirname(settings), { recursive: true });
        fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
        await new Promise((r) => setTimeout(r, 2000));
      }
      // The walkthrough is in VS Code's display language (English here), not lca.language: English only.
      if (lang === 'en') {
        await runCommand(page, 'LCA: Get Started');
        await page.locator('.gettingStartedContainer').first().waitFor({ state: 'visible', timeout: 30000 }).catch(() => undefined);
        await shoot(page, 'walkthrough-en');
        await runCommand(page, 'View: Close All Editors');
      }

      await openDashboard(page, SCHOOL);
      await settleWebview(page);
      await shoot(page, `dashboard-${lang}`);
      await runCommand(page, 'View: Close All Editors');

      await runCommand(page, 'Go to File...');
      await page.keyboard.type('outer-wall.construction.json');
      await pickQuickInput(page, 'outer-wall.construction.json');
      await page.locator('.codelens-decoration').first().waitFor({ state: 'visible', timeout: 30000 });
      await runCommand(page, 'View: Toggle Problems');
      await shoot(page, `construction-${lang}`);
      await runCommand(page, 'View: Close All Editors');
      await runCommand(page, 'View: Toggle Problems');

      await page.locator('.activitybar .action-item[role="tab"] a.action-label[aria-label^="LCA"]').first().click();
      await new Promise((r) => setTimeout(r, 3000));
      await shoot(page, `views-${lang}`, { x: 800, y: 300 });
    });
  });
}
