// `npm run test:integration`: runs out/test/integration/index.js inside VS Code (code-server in headless Chromium),
// prints mocha's report of it, which ends with `N passed, M failed`, exits non-zero on any failure or timeout, and
// stops all it started.
// Env: LCA_TEST_GREP (mocha grep), LCA_TEST_INJECT_FAILURE=1 (adds a failing test),
//      LCA_INTEGRATION_TIMEOUT_MS (whole run, default 15 min), LCA_TEST_VERBOSE=1 (echo code-server's log).
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer, startCodeServer } = require('./lib/code-server');
const { prepareIntegrationRun } = require('./lib/integration');
const { launchChromium, workbenchUrl, remoteUri } = require('./lib/browser');
const { onCleanup, runCleanups } = require('./lib/processes');

const root = repoRoot();
const timeoutMs = Number(process.env.LCA_INTEGRATION_TIMEOUT_MS) || 15 * 60 * 1000;
const resultsDir = path.join(root, 'test-results');

/** Resolves with the runner's exit code, or rejects on timeout / a dead server. */
function waitForExit(exitCode, server, ms, totalMs) {
  let timer;
  let poll;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: the run took longer than ${Math.round(totalMs / 1000)} s (LCA_INTEGRATION_TIMEOUT_MS)`)), Math.max(ms, 0));
    poll = setInterval(() => {
      if (server.process.exitCode !== null) reject(new Error(`code-server exited with ${server.process.exitCode} during the tests`));
    }, 500);
  });
  return Promise.race([exitCode, timeout]).finally(() => {
    clearTimeout(timer);
    clearInterval(poll);
  });
}

async function main() {
  if (!fs.existsSync(path.join(root, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing; run `node esbuild.js` first');
  await ensureCodeServer();
  // The clock starts after the one-time install, which has its own progress and errors.
  const started = Date.now();

  const { runner, tmp, workspace, userDataDir, outputFile, env, serviceUrls } = await prepareIntegrationRun('lca-integration-');
  console.log(serviceUrls ? `local LCA service: ${serviceUrls.baseUrl}` : 'local LCA service: dist/service.js not built yet, tests run without it');
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

  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('console', (m) => log(`[browser ${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log(`[browser pageerror] ${e.message}`));
  let reportExit;
  const exitCode = new Promise((resolve) => (reportExit = resolve));
  // The workbench calls this with the runner's exit code (0 = run() resolved) when the tests end.
  await page.exposeFunction('codeAutomationExit', (code) => reportExit(Number(code)));
  const url = workbenchUrl(server.url, workspace, [
    ['extensionDevelopmentPath', remoteUri(server.url, root)],
    ['extensionTestsPath', remoteUri(server.url, runner)],
  ]);
  // On a busy machine the workbench may take more than Playwright's default 30 s to load.
  await page.goto(url, { timeout: Math.max(timeoutMs - (Date.now() - started), 1) });

  let code;
  let failure;
  try {
    code = await waitForExit(exitCode, server, timeoutMs - (Date.now() - started), timeoutMs);
  } catch (e) {
    failure = e.message;
  }
  await page
    .screenshot({ path: path.join(resultsDir, 'integration-final.png') })
    .catch((e) => console.error(`screenshot failed: ${e.message}`));

  console.log(`\nintegration tests inside VS Code (${((Date.now() - started) / 1000).toFixed(1)} s; screenshot test-results/integration-final.png):`);
  const report = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8').trimEnd() : '';
  console.log(report);
  // The runner's last line is its count; a run that did not get there (a timeout, a crash) is one failure.
  if (failure || !/\n\d+ passed, \d+ failed$/.test(`\n${report}`)) {
    console.log(`✗ ${failure ?? `the runner did not finish (exit code ${code}); see ${path.relative(root, logFile)}`}`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  return code === 0 ? 0 : 1;
}

main()
  .catch((e) => {
    console.error(`integration launcher failed: ${e && e.stack ? e.stack : e}`);
    console.log('0 passed, 1 failed');
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
