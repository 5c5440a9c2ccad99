// `npm run test:desktop`: runs the same integration runner module in desktop VS Code through @vscode/test-electron.
// That downloads VS Code from the internet; without it this prints why and exits non-zero instead of a stack trace.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { summaryLine, readResults, printResults } = require('./lib/results');
const { serviceAvailable, startService, serviceSettings } = require('./lib/service');
const { writeUserSettings } = require('./lib/code-server');
const { onCleanup, runCleanups } = require('./lib/processes');

const NO_NETWORK = /download|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|fetch|network|socket|certificate|update\.code\.visualstudio\.com/i;

function testWorkspaceSource(root) {
  const shared = path.join(root, 'test', 'fixtures', 'workspace');
  return fs.existsSync(shared) ? shared : path.join(root, 'test', 'integration', 'support', 'workspace');
}

async function main() {
  const root = repoRoot();
  const runner = path.join(root, 'out', 'test', 'integration', 'index.js');
  if (!fs.existsSync(runner)) throw new Error('out/test/integration/index.js is missing; run `node esbuild.js --tests` first');
  const { runTests } = require('@vscode/test-electron');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-desktop-'));
  const resultsFile = path.join(tmp, 'results.jsonl');
  const workspace = path.join(tmp, 'workspace');
  fs.cpSync(testWorkspaceSource(root), workspace, { recursive: true });
  onCleanup(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const userDataDir = path.join(tmp, 'user-data');
  const env = { LCA_TEST_RESULTS: resultsFile, ...pick(process.env, ['LCA_TEST_GREP', 'LCA_TEST_INJECT_FAILURE', 'LCA_TEST_TIMEOUT_MS']) };
  let settings = {};
  if (serviceAvailable()) {
    const service = await startService({ dataDir: path.join(tmp, 'service-data') });
    onCleanup(service.stop);
    env.LCA_TEST_SERVICE = JSON.stringify(service.urls);
    settings = serviceSettings(service.urls);
  }
  writeUserSettings(userDataDir, settings);

  let code;
  try {
    code = await runTests({
      version: process.env.LCA_VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: root,
      extensionTestsPath: runner,
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', userDataDir],
      extensionTestsEnv: env,
    });
  } catch (e) {
    const text = String((e && e.message) || e);
    if (!fs.existsSync(resultsFile) && NO_NETWORK.test(text)) {
      console.error('test:desktop needs internet access: @vscode/test-electron downloads a desktop VS Code from');
      console.error('update.code.visualstudio.com, which this machine cannot reach. Run `npm run test:integration` instead');
      console.error('(the same tests in code-server, offline).');
      console.error(`  (${text.split('\n')[0]})`);
      console.log(summaryLine({ passed: 0, failed: 1 }));
      return 1;
    }
    code = 1;
    console.error(`desktop VS Code run failed: ${text.split('\n')[0]}`);
  }
  console.log('\nintegration tests (desktop VS Code):');
  const counts = printResults(readResults(resultsFile));
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  console.log(summaryLine(counts));
  return code === 0 && counts.failed === 0 ? 0 : 1;
}

function pick(env, keys) {
  return Object.fromEntries(keys.filter((k) => env[k]).map((k) => [k, env[k]]));
}

main()
  .catch((e) => {
    console.error(`test:desktop failed: ${(e && e.message) || e}`);
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
