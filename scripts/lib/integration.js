// What both integration launchers prepare before VS Code starts (code-server: run-integration.js; desktop VS Code:
// run-desktop.js): a temporary folder with a copy of the test workspace, the local service when it is built, user
// settings pointing at it, and the environment of the runner module (out/test/integration/index.js). The launcher's
// cleanups (processes.js) stop the service and remove the folder.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { repoRoot } = require('./repo');
const { writeUserSettings } = require('./code-server');
const { serviceAvailable, startService, serviceSettings } = require('./service');
const { onCleanup } = require('./processes');

/** The launcher's environment variables that the runner module reads. */
const PASSED_ON = ['LCA_TEST_GREP', 'LCA_TEST_INJECT_FAILURE', 'LCA_TEST_TIMEOUT_MS'];

/** @param {string} prefix name prefix of the temporary folder */
async function prepareIntegrationRun(prefix) {
  const root = repoRoot();
  const runner = path.join(root, 'out', 'test', 'integration', 'index.js');
  if (!fs.existsSync(runner)) throw new Error(`${path.relative(root, runner)} is missing; run \`node esbuild.js --tests\` first`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const shared = path.join(root, 'test', 'fixtures', 'workspace');
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(fs.existsSync(shared) ? shared : path.join(root, 'test', 'integration', 'support', 'workspace'), workspace, { recursive: true });
  // Mocha's report of the run (test/integration/index.ts writes it there: the extension host's console is not ours).
  const outputFile = path.join(tmp, 'mocha.txt');
  /** @type {Record<string, string>} */
  const env = { LCA_TEST_OUTPUT: outputFile };
  for (const k of PASSED_ON) if (process.env[k]) env[k] = process.env[k];
  let serviceUrls;
  if (serviceAvailable()) {
    const service = await startService({ dataDir: path.join(tmp, 'service-data') });
    onCleanup(service.stop);
    serviceUrls = service.urls;
    env.LCA_TEST_SERVICE = JSON.stringify(serviceUrls);
  }
  const userDataDir = path.join(tmp, 'user-data');
  // The tests read the extension's log file under it (test/integration/support/log.ts).
  env.LCA_TEST_USER_DATA = userDataDir;
  writeUserSettings(userDataDir, serviceUrls ? serviceSettings(serviceUrls) : {});
  return { root, runner, tmp, workspace, userDataDir, outputFile, env, serviceUrls };
}

module.exports = { prepareIntegrationRun };
