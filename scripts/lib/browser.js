// Opens the code-server workbench in Debian's Chromium through playwright-core (no `playwright install` offline).
const fs = require('fs');
const { onCleanup } = require('./processes');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function chromiumPath() {
  const candidates = [process.env.LCA_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((c) => c && fs.existsSync(c));
  if (!found) throw new Error('Chromium is not installed; on Debian: apt-get install -y chromium (or set LCA_CHROMIUM)');
  return found;
}

/** Launches headless Chromium; it is closed on every exit path of the launcher. */
async function launchChromium({ headless = true } = {}) {
  const { chromium } = require('playwright-core');
  // Our own signal handlers close the browser in order with everything else; playwright's would exit midway.
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless,
    args: CHROMIUM_ARGS,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onCleanup(() => browser.close().catch(() => {}));
  return browser;
}

/** Workbench URL that opens `folder` with extra workbench payload entries (e.g. extensionDevelopmentPath). */
function workbenchUrl(serverUrl, folder, payload = []) {
  const url = new URL(serverUrl);
  if (folder) url.searchParams.set('folder', folder);
  if (payload.length) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** The `vscode-remote://host:port/abs/path` form; plain paths make the workbench find no extension host for tests. */
function remoteUri(serverUrl, absPath) {
  const { host } = new URL(serverUrl);
  return `vscode-remote://${host}${absPath}`;
}

module.exports = { launchChromium, workbenchUrl, remoteUri, chromiumPath, CHROMIUM_ARGS };
