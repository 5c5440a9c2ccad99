// `npm run screenshots`: the pictures of docs/images/ (the README's and the guide's), made as the e2e tests drive the
// workbench — the local service with its seed, code-server with the extension installed, headless Chromium — in the
// light theme, in English and in Danish (`lca.language: da`). Run it again when the UI changes. It also makes the images
// of the Get Started walkthrough's six steps, media/walkthrough/<lang>/<step>.jpg, small enough for the .vsix.
import * as fs from 'fs';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../scripts/lib/repo';
import { CREDENTIALS } from '../../src/service/seed/ids';
import { answerFileDialog, clearNotifications, openDashboard, pickQuickInput, runCommand, screenshot, signIn, useWorkbench, webviewContentFrame } from '../e2e/support/workbench';

const SCHOOL = 'Skolen ved Søen';
const OUT = path.join(repoRoot(), 'docs', 'images');
/** The walkthrough's step images: a small window, JPEG, so that the twelve stay well under 600 KB in the .vsix. */
const STEP_VIEWPORT = { width: 1024, height: 640 };
const STEP_QUALITY = 60;
const STEP_SCALE = 0.75;

/** `pointer`: where the mouse rests, away from hovers and tooltips (the Explorer's empty space unless given). */
async function shoot(page: Page, name: string, pointer = { x: 170, y: 700 }): Promise<void> {
  await page.mouse.move(pointer.x, pointer.y);
  await new Promise((r) => setTimeout(r, 1500));
  fs.mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  console.log(`    docs/images/${name}.png`);
}

/** One walkthrough step's image, media/walkthrough/<lang>/<step>.jpg. */
async function shootStep(page: Page, lang: string, step: string, pointer = { x: 1010, y: 300 }): Promise<void> {
  await page.mouse.move(pointer.x, pointer.y);
  await new Promise((r) => setTimeout(r, 1500));
  const dir = path.join(repoRoot(), 'media', 'walkthrough', lang);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${step}.jpg`);
  await page.screenshot({ path: file, type: 'jpeg', quality: STEP_QUALITY });
  // A PNG of the same, to look at where no JPEG viewer is at hand (test-results/ is not committed).
  fs.mkdirSync(path.join(repoRoot(), 'test-results'), { recursive: true });
  await page.screenshot({ path: path.join(repoRoot(), 'test-results', `walkthrough-${lang}-${step}.png`) });
  console.log(`    media/walkthrough/${lang}/${step}.jpg (${Math.round(fs.statSync(file).size / 1024)} KB)`);
}

/** Opens a file with File: Open File… and waits for its tab (again when the dialog did not take it). */
async function openFile(page: Page, file: string): Promise<void> {
  const tab = page.locator('.tabs-container .tab', { hasText: path.basename(file) }).first();
  for (let attempt = 1; ; attempt++) {
    await runCommand(page, 'File: Open File...');
    await answerFileDialog(page, file);
    if (await tab.waitFor({ state: 'visible', timeout: 10000 }).then(() => true, () => false)) return;
    if (attempt === 3) throw new Error(`${file} did not open`);
    await page.keyboard.press('Escape');
  }
}

/** Puts the cursor on line `line`, `fromEnd` characters before its end. */
async function cursorAt(page: Page, line: number, fromEnd: number): Promise<void> {
  await runCommand(page, 'Go to Line/Column...');
  await page.keyboard.type(String(line));
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  for (let i = 0; i < fromEnd; i++) await page.keyboard.press('ArrowLeft');
}

async function settleWebview(page: Page): Promise<void> {
  const frame = await webviewContentFrame(page);
  await frame.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Signed in as the demo user (once), and in Danish the workspace setting `lca.language: da`. */
async function prepare(page: Page, workspace: string, lang: 'en' | 'da'): Promise<void> {
  if (!(await page.locator('#workbench\\.parts\\.statusbar', { hasText: CREDENTIALS.demoUser.email }).isVisible())) await signIn(page);
  const settings = path.join(workspace, '.vscode', 'settings.json');
  if (lang === 'da' && !fs.existsSync(settings)) {
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** The tools-for-agents snippet of docs/tools-for-agents.md, as a workspace's .vscode/mcp.json. */
const MCP_JSON = {
  inputs: [{ type: 'promptString', id: 'lca-password', description: 'LCA password', password: true }],
  servers: {
    'lca-workbench': {
      type: 'stdio',
      command: 'node',
      args: ['/path/to/lca-workbench/dist/mcp.js', '--workspace', '${workspaceFolder}'],
      env: { LCA_EMAIL: 'demo@example.com', LCA_PASSWORD: '${input:lca-password}' },
    },
  },
};

/** The six images of the walkthrough's steps, in the order of the steps. */
async function stepImages(page: Page, workspace: string, lang: 'en' | 'da'): Promise<void> {
  await prepare(page, workspace, lang);
  await runCommand(page, 'View: Close All Editors');
  const sidebar = page.locator('#workbench\\.parts\\.sidebar');
  const construction = path.join(workspace, 'outer-wall.construction.json');
  const original = fs.readFileSync(construction);

  // Sign in: the Projects view of the signed-in account, the account in the status bar.
  await page.locator('.activitybar .action-item[role="tab"] a.action-label[aria-label^="LCA"]').first().click();
  await sidebar.locator('.monaco-list-row', { hasText: SCHOOL }).first().waitFor({ state: 'visible', timeout: 30000 });
  // (The status-bar item's hover says who is signed in where.)
  const account = page.locator('#workbench\\.parts\\.statusbar .statusbar-item', { hasText: CREDENTIALS.demoUser.email }).first();
  const accountBox = await account.boundingBox();
  if (!accountBox) throw new Error('no account in the status bar');
  const onAccount = { x: accountBox.x + accountBox.width / 2, y: accountBox.y + accountBox.height / 2 };
  await page.mouse.move(onAccount.x, onAccount.y);
  await page.locator('.workbench-hover, .monaco-hover', { hasText: CREDENTIALS.demoUser.email }).first().waitFor({ state: 'visible', timeout: 20000 });
  await shootStep(page, lang, 'sign-in', onAccount);

  // The dashboard, with the side bar closed so that the verdicts have the width.
  await openDashboard(page, SCHOOL);
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  await settleWebview(page);
  await shootStep(page, lang, 'dashboard');
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');

  // Import EPDs: the sample Tabel 7, chosen in VS Code's file dialog; its report beside the materials written.
  await runCommand(page, 'LCA: Import EPDs…');
  await answerFileDialog(page, path.join(workspace, 'br18-tabel7.csv'));
  await page.locator('.tabs-container .tab', { hasText: /report/i }).first().waitFor({ state: 'visible', timeout: 60000 });
  await shootStep(page, lang, 'import');
  await runCommand(page, 'View: Close All Editors');

  // Find Lower-Carbon Alternatives… on a component's epdId: its quick pick over the construction.
  await openFile(page, construction);
  await page.locator('.codelens-decoration', { hasText: /A1-A3 [\d.,]+/ }).first().waitFor({ state: 'visible', timeout: 30000 });
  let shown = false;
  for (const line of [18, 27, 36, 47]) {
    await cursorAt(page, line, 4);
    await runCommand(page, 'LCA: Find Lower-Carbon Alternatives…');
    const title = page.locator('.quick-input-widget .quick-input-title', { hasText: lang === 'da' ? 'Alternativer til' : 'Lower-carbon alternatives to' });
    if (await title.waitFor({ state: 'visible', timeout: 20000 }).then(() => true, () => false)) {
      shown = true;
      break;
    }
    await page.keyboard.press('Escape');
    await clearNotifications(page);
  }
  if (!shown) throw new Error('no component of outer-wall.construction.json has a lower-carbon alternative');
  await shootStep(page, lang, 'alternatives', { x: 1010, y: 630 });
  await page.keyboard.press('Escape');

  // The construction's preview and the error of a percentage of 150, its message in the hover. (Side bar closed, so
  // that the lines from the preview down to the error fit.)
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  await cursorAt(page, 22, 1);
  await page.keyboard.press('Control+Shift+ArrowLeft');
  await page.keyboard.type('150');
  await page.keyboard.press('Control+Home');
  const squiggle = page.locator('.monaco-editor .squiggly-error').first();
  await squiggle.waitFor({ state: 'attached', timeout: 30000 });
  const box = await squiggle.boundingBox();
  if (!box) throw new Error('the error is not on screen');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(at.x, at.y);
  await page.locator('.monaco-hover', { hasText: '150' }).first().waitFor({ state: 'visible', timeout: 20000 });
  await shootStep(page, lang, 'construction', at);
  await page.keyboard.press('Escape');
  await runCommand(page, 'File: Revert File');
  await page.locator('.tabs-container .tab.dirty').waitFor({ state: 'detached', timeout: 10000 });
  await runCommand(page, 'View: Close All Editors');
  await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
  fs.writeFileSync(construction, original);

  // The tools for agents: the MCP server of the same tools, configured for VS Code in .vscode/mcp.json.
  const mcp = path.join(workspace, '.vscode', 'mcp.json');
  fs.mkdirSync(path.dirname(mcp), { recursive: true });
  fs.writeFileSync(mcp, JSON.stringify(MCP_JSON, null, 2) + '\n');
  await openFile(page, mcp);
  await shootStep(page, lang, 'agents');
  await runCommand(page, 'View: Close All Editors');
  fs.rmSync(mcp);
}

for (const lang of ['en', 'da'] as const) {
  describe(`screenshots (${lang})`, function () {
    this.timeout(300_000);
    const workbench = useWorkbench(`screenshots-${lang}`, { needsService: true, settings: { 'workbench.colorTheme': 'Default Light Modern' } });

    it('the walkthrough, the dashboard, a construction and the Projects and Library views', async () => {
      const { page, workspace } = workbench();
      await page.setViewportSize({ width: 1280, height: 800 });
      await prepare(page, workspace, lang);
      // The README shows the English walkthrough (the Danish one, under lca.language: da, has the same layout).
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

      // Compare with Project…: the seeded office against its timber variant, the verdict changing.
      await runCommand(page, 'View: Close All Editors');
      await openDashboard(page, 'Kontorhus Havnegade');
      await runCommand(page, 'LCA: Compare with Project…');
      await pickQuickInput(page, 'Kontorhus Havnegade, variant i træ');
      await page.locator('.tabs-container .tab', { hasText: /→/ }).first().waitFor({ state: 'visible', timeout: 30000 });
      await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
      await settleWebview(page);
      await shoot(page, `compare-${lang}`, { x: 1270, y: 790 });
      await runCommand(page, 'View: Toggle Primary Side Bar Visibility');
      await runCommand(page, 'View: Close All Editors');
    });

    it("the walkthrough's step images (media/walkthrough)", async () => {
      const { page: main, workspace } = workbench();
      // A page of its own drawn at 3/4 scale: the images are shown scaled down beside the steps anyway, and a quarter
      // fewer pixels each way makes them about half the size.
      const browser = main.context().browser();
      if (!browser) throw new Error('no browser');
      const context = await browser.newContext({ viewport: STEP_VIEWPORT, deviceScaleFactor: STEP_SCALE });
      // The new page signs in again (its own browser storage), with the English labels signIn() picks: lca.language
      // is set again after.
      fs.rmSync(path.join(workspace, '.vscode', 'settings.json'), { force: true });
      try {
        const page = await context.newPage();
        await page.goto(main.url());
        await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
        await stepImages(page, workspace, lang).catch(async (e: unknown) => {
          await screenshot(page, `screenshots-steps-${lang}-failure`);
          throw e;
        });
      } finally {
        await context.close();
      }
    });
  });
}
