// Shared e2e fixture: the workbench as `npm start` brings it up (installed extension, local service), opened in
// headless Chromium; plus helpers to wait for it and save screenshots under test-results/.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import type { ServiceUrls } from '../../../src/core/api/types';
import { startWorkbench } from '../../../scripts/lib/workbench';
import { launchChromium } from '../../../scripts/lib/browser';
import { repoRoot } from '../../../scripts/lib/repo';
import { onCleanup } from '../../../scripts/lib/processes';
import { CREDENTIALS } from '../../../src/service/seed/ids';

export interface OpenWorkbench {
  page: Page;
  serviceUrls: ServiceUrls | undefined;
  workspace: string;
  close(): Promise<void>;
}

function workspaceSource(root: string): string {
  for (const candidate of [path.join(root, 'samples'), path.join(root, 'test', 'integration', 'support', 'workspace')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('no sample workspace folder found');
}

/**
 * Starts everything in a fresh temp dir and opens the workbench; call close() in an after() hook. `locale`: VS Code's
 * display language (code-server `--locale`); `settings`: more user settings.
 */
export async function openWorkbench(options: { locale?: string; settings?: Record<string, unknown> } = {}): Promise<OpenWorkbench> {
  const root = repoRoot();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-e2e-'));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(workspaceSource(root), workspace, { recursive: true });
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const logFile = fs.createWriteStream(path.join(root, 'test-results', 'e2e-code-server.log'));
  // Output may still trickle in from a server that is being stopped after the log is closed.
  const log = (line: string): void => {
    if (!logFile.writableEnded) logFile.write(line + '\n');
  };
  let browser: Browser | undefined;
  let workbench: Awaited<ReturnType<typeof startWorkbench>> | undefined;
  let closed: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closed ??= (async () => {
      await browser?.close().catch(() => undefined);
      await workbench?.stop();
      await new Promise((r) => logFile.end(r));
      fs.rmSync(tmp, { recursive: true, force: true });
    })());
  // Ctrl-C skips mocha's after() hooks.
  onCleanup(close);
  try {
    workbench = await startWorkbench({
      workDir: path.join(tmp, 'vscode'),
      workspace,
      serviceDataDir: path.join(tmp, 'service-data'),
      log,
      ...(options.settings ? { settings: options.settings } : {}),
      // VS Code has no Danish language pack: a fixture pack makes `da` a display language it can start in.
      ...(options.locale ? { extraArgs: ['--locale', options.locale], extensions: [path.join(root, 'test', 'fixtures', `language-pack-${options.locale}`)] } : {}),
    });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => log(`[browser ${m.type()}] ${m.text()}`));
    await page.goto(workbench.folderUrl);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    return { page, serviceUrls: workbench.serviceUrls, workspace, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The set-up every e2e suite shares, as mocha hooks of the calling `describe`: the workbench opened before its tests
 * (`needsService`: the suite is skipped without the local service), a screenshot `test-results/e2e-<name>-failure.png`
 * of each failed test, and everything closed after. Returns the open workbench's getter, for the tests.
 */
export function useWorkbench(name: string, options: { locale?: string; settings?: Record<string, unknown>; needsService?: boolean } = {}): () => OpenWorkbench {
  let wb: OpenWorkbench | undefined;
  before(async function () {
    const { needsService, ...open } = options;
    wb = await openWorkbench(open);
    if (needsService && !wb.serviceUrls) this.skip();
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && wb) await screenshot(wb.page, `e2e-${name}-failure`).catch(() => undefined);
  });
  after(async () => {
    await wb?.close();
  });
  return () => {
    if (!wb) throw new Error('the workbench did not open');
    return wb;
  };
}

/** The activity-bar entry of a view container, by its title. */
export function activityBarItem(page: Page, title: string) {
  // The label sits on the inner link ("Explorer (Ctrl+Shift+E)"), not on the tab itself.
  return page.locator(`.activitybar .action-item[role="tab"] a.action-label[aria-label^="${title}"]`).first();
}

/** Saves a screenshot as test-results/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(repoRoot(), 'test-results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

// ---- driving the workbench like a person: activity bar, command palette, quick inputs ----

const QUICK_INPUT = '.quick-input-widget';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A row of the open quick pick whose label is exactly `label`. */
function quickPickRow(page: Page, label: string) {
  const exact = new RegExp('^' + escapeRegExp(label) + '$');
  // The visible row: a list VS Code has hidden (a quick input closed a moment ago) may still hold the same label.
  return page.locator(`${QUICK_INPUT} .quick-input-list .monaco-list-row`).filter({ has: page.locator('.label-name', { hasText: exact }), visible: true }).first();
}

/**
 * Resolves once the installed extension's contributions are in the workbench (its activity-bar icon is shown).
 * Until then the command palette answers "No matching commands" for its commands, and keeps that answer.
 */
export async function waitForExtension(page: Page, timeout = 60000): Promise<void> {
  await activityBarItem(page, 'LCA').waitFor({ state: 'visible', timeout });
}

/**
 * Runs a command through the command palette (F1) by its exact title ("LCA: Sign In"). The palette computes its
 * rows when the filter changes, so a command contributed a moment later is not found: then it is reopened.
 */
export async function runCommand(page: Page, title: string, timeout = 30000): Promise<void> {
  const deadline = Date.now() + timeout;
  const input = page.locator(`${QUICK_INPUT} input.input`);
  const row = quickPickRow(page, title);
  for (let attempt = 1; ; attempt++) {
    const wait = Math.min(5000, Math.max(1000, deadline - Date.now()));
    try {
      await page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: wait });
      await input.fill(`>${title}`);
      await row.waitFor({ state: 'visible', timeout: wait });
    } catch (e) {
      if (Date.now() >= deadline) throw new Error(`command "${title}" not found in the command palette after ${attempt} attempt(s): ${(e as Error).message}`);
      await page.keyboard.press('Escape');
      await input.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
      continue;
    }
    // Click the exact row: Enter would take the first fuzzy match, e.g. "Preferences: Browse Color Themes in
    // Marketplace" for "Preferences: Color Theme".
    await row.click();
    return;
  }
}

/** Picks the row labelled exactly `label` in the quick pick that is (or is about to be) open. */
export async function pickQuickInput(page: Page, label: string, timeout = 20000): Promise<void> {
  const row = quickPickRow(page, label);
  await row.waitFor({ state: 'visible', timeout });
  await row.click();
}

/**
 * Answers an input box: waits until the box with `placeholder` is shown (the previous step of a multi-step input
 * must not receive the text), types `text` and presses Enter.
 */
export async function answerInputBox(page: Page, placeholder: string, text: string, timeout = 20000): Promise<void> {
  const input = page.locator(`${QUICK_INPUT} input.input[placeholder="${placeholder.replace(/"/g, '\\"')}"]`);
  await input.waitFor({ state: 'visible', timeout });
  await input.fill(text);
  await input.press('Enter');
}

/**
 * "LCA: Sign In" with e-mail and password (the seeded demo user unless given) through the palette and its quick inputs,
 * as a person does; resolves once the status bar shows the signed-in account and the notifications are cleared.
 */
export async function signIn(page: Page, email: string = CREDENTIALS.demoUser.email, password: string = CREDENTIALS.demoUser.password): Promise<void> {
  await waitForExtension(page);
  await runCommand(page, 'LCA: Sign In');
  await pickQuickInput(page, 'E-mail and password');
  await answerInputBox(page, 'name@example.com', email);
  const secret = page.locator(`${QUICK_INPUT} input.input[type="password"]`);
  await secret.waitFor({ state: 'visible', timeout: 20000 });
  await secret.fill(password);
  await secret.press('Enter');
  await page.locator('#workbench\\.parts\\.statusbar', { hasText: email }).waitFor({ state: 'visible', timeout: 30000 });
  await clearNotifications(page);
}

/** "LCA: Open Dashboard" on the project named `project`; resolves with the webview's document once it shows the name. */
export async function openDashboard(page: Page, project: string): Promise<FrameLocator> {
  await runCommand(page, 'LCA: Open Dashboard');
  await pickQuickInput(page, project);
  const frame = webviewFrame(page);
  await frame.locator('h1#title', { hasText: project }).waitFor({ state: 'visible', timeout: 60000 });
  return frame;
}

/** Closes every notification toast (they would cover part of a screenshot). */
export async function clearNotifications(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'hidden', timeout: 10000 }).catch(() => undefined);
}

/** The workbench's class for each kind of colour theme. */
const WORKBENCH_THEME_CLASS = { light: 'vs', dark: 'vs-dark', 'high-contrast': 'hc-black', 'high-contrast-light': 'hc-light' } as const;

/**
 * Chooses a colour theme with "Preferences: Color Theme" by its label ("Light Modern", "Dark Modern", "Dark High
 * Contrast") and waits until the workbench wears it.
 */
export async function setColorTheme(page: Page, label: string, kind: keyof typeof WORKBENCH_THEME_CLASS): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  await pickQuickInput(page, label);
  await page.locator(`.monaco-workbench.${WORKBENCH_THEME_CLASS[kind]}`).waitFor({ state: 'attached', timeout: 20000 });
  await page.locator(`${QUICK_INPUT}`).waitFor({ state: 'hidden', timeout: 10000 });
}

/**
 * The document of the visible webview: code-server hosts each webview in an iframe (`pre/index.html`) whose
 * `active-frame` iframe (`pre/fake.html`) holds the extension's HTML.
 */
export function webviewFrame(page: Page): FrameLocator {
  return page.locator('iframe.webview.ready').filter({ visible: true }).contentFrame().locator('iframe#active-frame').contentFrame();
}

/** The same document as a Playwright Frame, for evaluating scripts in it. */
export async function webviewContentFrame(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe.webview.ready').filter({ visible: true }).contentFrame().locator('iframe#active-frame').elementHandle({ timeout: 30000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the webview has no content frame');
  return frame;
}

/** Answers VS Code's file dialog of the browser (a quick input taking a path) with `file`. */
export async function answerFileDialog(page: Page, file: string): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  const input = widget.locator('input.input');
  await input.waitFor({ state: 'visible', timeout: 20000 });
  // VS Code's own file dialog fills in its proposed name after it has read the folder, and ignores Enter while it
  // is still looking the typed path up (busy); on a loaded machine both take seconds. So: type the path, wait for
  // the dialog to have it and be idle, press Enter, and again while the dialog stays open.
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    if ((await input.inputValue()) !== file) await input.fill(file);
    await new Promise((r) => setTimeout(r, 1000));
    if ((await input.inputValue()) !== file) continue;
    if (await widget.locator('.quick-input-progress .progress-bit:visible').count()) continue;
    await input.press('Enter');
    try {
      await widget.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch {
      // still open: the dialog was busy or took the Enter as "go to this folder"; try again
    }
  }
  throw new Error(`the file dialog did not take ${file}`);
}
