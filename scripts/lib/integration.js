// What both integration launchers share (code-server: run-integration.js; desktop VS Code: run-desktop.js): before VS
// Code starts, a temporary folder with a copy of the test workspace, the local service when it is built, user settings
// pointing at it, and the environment of the runner module (out/test/integration/index.js); after, the runner's report.
// The cleanups (processes.js) stop the service and remove the folder on every exit path.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { repoRoot } = require('./repo');
const { writeUserSettings } = require('./code-server');
const { serviceAvailable, startService, serviceSettings } = require('./service');
const { onCleanup, runCleanups } = require('./processes');

/** @param {string} prefix name prefix of the temporary folder */
async function prepareIntegrationRun(prefix) {
  const root = repoRoot();
  const runner = path.join(root, 'out', 'test', 'integration', 'index.js');
  if (!fs.existsSync(runner)) throw new Error(`${path.relative(root, runner)} is missing; run \`node esbuild.js --tests\` first`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(path.join(root, 'test', 'integration', 'support', 'workspace'), workspace, { recursive: true });
  const userDataDir = path.join(tmp, 'user-data');
  // Mocha's report (the runner writes it there: the extension host's console is not ours); the extension's log files
  // under the user data, which the tests read (test/integration/support/log.ts); the launcher's variables the runner reads.
  const outputFile = path.join(tmp, 'mocha.txt');
  /** @type {Record<string, string>} */
  const env = { LCA_TEST_OUTPUT: outputFile, LCA_TEST_USER_DATA: userDataDir };
  for (const k of ['LCA_TEST_GREP', 'LCA_TEST_INJECT_FAILURE', 'LCA_TEST_TIMEOUT_MS']) if (process.env[k]) env[k] = process.env[k];
  let serviceUrls;
  if (serviceAvailable()) {
    const service = await startService({ dataDir: path.join(tmp, 'service-data') });
    onCleanup(service.stop);
    serviceUrls = service.urls;
    env.LCA_TEST_SERVICE = JSON.stringify(serviceUrls);
  }
  writeUserSettings(userDataDir, serviceUrls ? serviceSettings(serviceUrls) : {});
  return { root, runner, tmp, workspace, userDataDir, outputFile, env, serviceUrls };
}

/**
 * Prints the runner's report, which ends with `N passed, M failed`; a run that did not get there (a timeout, a crash:
 * `failure`) is one failure. Returns the launcher's exit code.
 */
function printReport(outputFile, code, failure) {
  const report = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8').trimEnd() : '';
  console.log(report);
  if (!failure && /(^|\n)\d+ passed, \d+ failed$/.test(report)) return code === 0 ? 0 : 1;
  console.log(`✗ ${failure ?? `the runner did not finish (exit code ${code})`}`);
  console.log('0 passed, 1 failed');
  return 1;
}

/** Runs a launcher's `main` (resolving with its exit code), stops what it started and exits. */
function runLauncher(name, main) {
  main()
    .catch((e) => {
      console.error(`${name} failed: ${e?.stack ?? e}`);
      console.log('0 passed, 1 failed');
      return 1;
    })
    .then(async (code) => {
      await runCleanups();
      process.exit(code);
    });
}

module.exports = { prepareIntegrationRun, printReport, runLauncher };
