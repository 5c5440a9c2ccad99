// `npm run test:desktop`: runs the same integration runner module in desktop VS Code through @vscode/test-electron.
// That downloads VS Code from the internet; without it this prints why and exits non-zero instead of a stack trace.
const fs = require('fs');
const { summaryLine, readResults, printResults } = require('./lib/results');
const { prepareIntegrationRun } = require('./lib/integration');
const { runCleanups } = require('./lib/processes');

const NO_NETWORK = /download|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|fetch|network|socket|certificate|update\.code\.visualstudio\.com/i;

async function main() {
  const { root, runner, workspace, userDataDir, resultsFile, env } = await prepareIntegrationRun('lca-desktop-');
  const { runTests } = require('@vscode/test-electron');

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

main()
  .catch((e) => {
    console.error(`test:desktop failed: ${(e && e.message) || e}`);
    return 1;
  })
  .then(async (code) => {
    await runCleanups();
    process.exit(code);
  });
