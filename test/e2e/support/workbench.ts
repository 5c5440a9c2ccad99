// Shared e2e fixture: the workbench as `npm start` brings it up (installed extension, local service), opened in
// headless Chromium; plus helpers to wait for it and save screenshots under test-results/.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { startWorkbench, type ServiceUrls } from '../../../scripts/lib/workbench';
import { launchChromium } from '../../../scripts/lib/browser';
import { repoRoot } from '../../../scripts/lib/repo';
import { onCleanup } from '../../../scripts/lib/processes';

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

/** Starts everything in a fresh temp dir and opens the workbench; call close() in an after() hook. */
export async function openWorkbench(): Promise<OpenWorkbench> {
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
