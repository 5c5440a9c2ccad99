// `npm run test:integration`: runs out/test/integration/index.js inside VS Code (code-server in headless Chromium),
// prints each result and `N passed, M failed`, exits non-zero on any failure or timeout, and stops all it started.
// Env: LCA_TEST_GREP (mocha grep), LCA_TEST_INJECT_FAILURE=1 (adds a failing test),
//      LCA_INTEGRATION_TIMEOUT_MS (whole run, default 15 min), LCA_TEST_VERBOSE=1 (echo code-server's log).
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer, startCodeServer } = require('./lib/code-server');
const { prepareIntegrationRun } = require('./lib/integration');
const { launchChromium, workbenchUrl, remoteUri } = require('./lib/browser');
const { readResults, printResults, summaryLine } = require('./lib/results');
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

  const { runner, tmp, workspace, userDataDir, resultsFile, env, serviceUrls } = await prepareIntegrationRun('lca-integration-');
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
  await page.goto(url);

  const results = [];
  let code;
  try {
    code = await waitForExit(exitCode, server, timeoutMs - (Date.now() - started), timeoutMs);
  } catch (e) {
    results.push({ type: 'test', title: 'integration run', state: 'failed', error: e.message });
  }
  await page
    .screenshot({ path: path.join(resultsDir, 'integration-final.png') })
    .catch((e) => console.error(`screenshot failed: ${e.message}`));

  results.unshift(...readResults(resultsFile));
  if (code !== undefined) {
    const ended = results.some((r) => r.type === 'end');
    const counted = results.filter((r) => r.type === 'test' && r.state === 'failed').length;
    if (!ended) results.push({ type: 'test', title: 'integration run', state: 'failed', error: `the runner module did not finish (exit code ${code}); see ${path.relative(root, logFile)}` });
    else if (code !== 0 && counted === 0) results.push({ type: 'test', title: 'integration run', state: 'failed', error: `the runner exited with code ${code}` });
  }
  console.log('\nintegration tests (inside VS Code):');
  const counts = printResults(results);
  if (counts.passed + counts.failed === 0) {
    results.push({ type: 'test', title: 'integration run', state: 'failed', error: 'no tests ran' });
    counts.failed++;
    console.log('  ✗ no tests ran');
  }
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s; screenshot test-results/integration-final.png)`);
  console.log(summaryLine(counts));
  return counts.failed === 0 && code === 0 ? 0 : 1;
}

main()
  .catch((e) => {
    console.error(`integration launcher failed: ${e && e.stack ? e.stack : e}`);
    console.log(summaryLine({ passed: 0, failed: 1 }));
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
