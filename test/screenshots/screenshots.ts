// `npm run screenshots`: the pictures of docs/images/ (the README's and the guide's), made as the e2e tests drive the
// workbench — the local service with its seed, code-server with the extension installed, headless Chromium — in the
// light theme, in English and in Danish (`lca.language: da`). Run it again when the UI changes.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/lib/repo';
import { openDashboard, pickQuickInput, runCommand, setColorTheme, signIn, useWorkbench, webviewContentFrame } from '../e2e/support/workbench';

const SCHOOL = 'Skolen ved Søen';
const OUT = path.join(repoRoot(), 'docs', 'images');

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(170, 700);
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
    const workbench = useWorkbench(`screenshots-${lang}`, { needsService: true });

    it('the walkthrough, the dashboard, a construction and the Projects and Library views', async () => {
      const { page, workspace } = workbench();
      await page.setViewportSize({ width: 1280, height: 800 });
      await setColorTheme(page, 'Light Modern', 'light');
      await signIn(page);
      if (lang === 'da') {
        const settings = path.join(workspace, '.vscode', 'settings.json');
        fs.mkdirSync(path.dirname(settings), { recursive: true });
        fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
        await new Promise((r) => setTimeout(r, 2000));
      }
      await runCommand(page, 'LCA: Get Started');
      await page.locator('.gettingStartedContainer').first().waitFor({ state: 'visible', timeout: 30000 }).catch(() => undefined);
      await shoot(page, `walkthrough-${lang}`);
      await runCommand(page, 'View: Close All Editors');

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

      await page.locator('.activitybar .action-item[role="tab"] a.action-label[aria-label^="LCA"]').first().click();
      await new Promise((r) => setTimeout(r, 3000));
      await shoot(page, `views-${lang}`);
    });
  });
}
