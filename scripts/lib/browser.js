// Opens the code-server workbench in Debian's Chromium through playwright-core (no `playwright install` offline).
const fs = require('fs');
const { onCleanup } = require('./processes');

/** Launches headless Chromium; it is closed on every exit path of the launcher. */
async function launchChromium() {
  const { chromium } = require('playwright-core');
  const executablePath = [process.env.LCA_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((c) => c && fs.existsSync(c));
  if (!executablePath) throw new Error('Chromium is not installed; on Debian: apt-get install -y chromium (or set LCA_CHROMIUM)');
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    // Our own signal handlers close the browser in order with everything else; playwright's would exit midway.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onCleanup(() => browser.close().catch(() => {}));
  return browser;
}

/**
 * The workbench URL that opens `folder` (when given) with extra workbench payload entries (e.g.
 * extensionDevelopmentPath).
 * @param {string} serverUrl @param {string | undefined} folder @param {[string, string][]} payload
 */
function workbenchUrl(serverUrl, folder, payload = []) {
  const url = new URL(serverUrl);
  if (folder) url.searchParams.set('folder', folder);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** The `vscode-remote://host:port/abs/path` form; plain paths make the workbench find no extension host for tests. */
const remoteUri = (serverUrl, absPath) => `vscode-remote://${new URL(serverUrl).host}${absPath}`;

module.exports = { launchChromium, workbenchUrl, remoteUri };
