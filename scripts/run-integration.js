// `npm run test:integration`: runs out/test/integration/index.js inside VS Code (code-server in headless Chromium),
// prints mocha's report of it, which ends with `N passed, M failed`, exits non-zero on any failure or timeout, and
// stops all it started.
// Env: LCA_TEST_GREP (mocha grep), LCA_TEST_INJECT_FAILURE=1 (adds a failing test),
//      LCA_INTEGRATION_TIMEOUT_MS (whole run, default 15 min), LCA_TEST_VERBOSE=1 (echo code-server's log).
const fs = require('fs');
const path = require('path');
const { startCodeServer, ensureCodeServer } = require('./lib/code-server');
const { prepareIntegrationRun, printReport, runLauncher } = require('./lib/integration');
const { launchChromium, workbenchUrl, remoteUri } = require('./lib/browser');
const { onCleanup } = require('./lib/processes');

const timeoutMs = Number(process.env.LCA_INTEGRATION_TIMEOUT_MS) || 15 * 60 * 1000;

runLauncher('integration launcher', async () => {
  if (!fs.existsSync(path.join(__dirname, '..', 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing; run `node esbuild.js` first');
  await ensureCodeServer();
  // The clock starts after the one-time install, which has its own progress and errors.
  const started = Date.now();
  const left = () => Math.max(timeoutMs - (Date.now() - started), 1);
  const { root, runner, tmp, workspace, userDataDir, outputFile, env, serviceUrls } = await prepareIntegrationRun('lca-integration-');
  console.log(serviceUrls ? `local LCA service: ${serviceUrls.baseUrl}` : 'local LCA service: dist/service.js not built yet, tests run without it');
  const resultsDir = path.join(root, 'test-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, 'integration-code-server.log');
  const logStream = fs.createWriteStream(logFile);
  onCleanup(() => new Promise((r) => logStream.end(r)));
  const log = (line) => {
    // Output may still trickle in from a server that is being stopped after the log is closed.
    if (!logStream.writableEnded) logStream.write(line + '\n');
    if (process.env.LCA_TEST_VERBOSE === '1') console.log(`    | ${line}`);
  };

  const server = await startCodeServer({ userDataDir, extensionsDir: path.join(tmp, 'extensions'), env, log });
  onCleanup(server.stop);
  console.log(`code-server ${server.url} (ready after ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const page = await (await launchChromium()).newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => log(`[browser ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log(`[browser pageerror] ${e.message}`));
  // The workbench calls this with the runner's exit code (0 = run() resolved) when the tests end; a timeout or a dead
  // server ends the wait too.
  let exit;
  let timer;
  const exited = new Promise((resolve) => (exit = resolve));
  await page.exposeFunction('codeAutomationExit', (code) => exit(Number(code)));
  const ended = new Promise((_, reject) => {
    server.process.once('exit', (code) => reject(new Error(`code-server exited with ${code} during the tests`)));
    timer = setTimeout(() => reject(new Error(`timed out: the run took longer than ${Math.round(timeoutMs / 1000)} s (LCA_INTEGRATION_TIMEOUT_MS)`)), left());
  });
  ended.catch(() => {}); // also when nobody waits for it any more (the page did not load)
  const url = workbenchUrl(server.url, workspace, [
    ['extensionDevelopmentPath', remoteUri(server.url, root)],
    ['extensionTestsPath', remoteUri(server.url, runner)],
  ]);
  // On a busy machine the workbench may take more than Playwright's default 30 s to load.
  const code = await page
    .goto(url, { timeout: left() })
    .then(() => Promise.race([exited, ended]))
    .catch((e) => e)
    .finally(() => clearTimeout(timer));
  await page.screenshot({ path: path.join(resultsDir, 'integration-final.png') }).catch((e) => console.error(`screenshot failed: ${e.message}`));
  console.log(`\nintegration tests inside VS Code (${((Date.now() - started) / 1000).toFixed(1)} s; screenshot test-results/integration-final.png):`);
  const failure = code instanceof Error ? `${code.message}; see ${path.relative(root, logFile)}` : undefined;
  return printReport(outputFile, code, failure);
});
