// `npm run test:desktop`: runs the same integration runner module in desktop VS Code through @vscode/test-electron.
// That downloads VS Code from the internet; without it this prints why and exits non-zero instead of a stack trace.
const fs = require('fs');
const { prepareIntegrationRun, printReport, runLauncher } = require('./lib/integration');

const NO_NETWORK = /download|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|fetch|network|socket|certificate|update\.code\.visualstudio\.com/i;

runLauncher('test:desktop', async () => {
  const { root, runner, workspace, userDataDir, outputFile, env } = await prepareIntegrationRun('lca-desktop-');
  const { runTests } = require('@vscode/test-electron');
  let code = 1;
  try {
    code = await runTests({
      version: process.env.LCA_VSCODE_VERSION || 'stable',
      extensionDevelopmentPath: root,
      extensionTestsPath: runner,
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--user-data-dir', userDataDir],
      extensionTestsEnv: env,
    });
  } catch (e) {
    const text = String(e?.message ?? e).split('\n')[0];
    if (!fs.existsSync(outputFile) && NO_NETWORK.test(text)) {
      console.error('test:desktop needs internet access: @vscode/test-electron downloads a desktop VS Code from');
      console.error('update.code.visualstudio.com, which this machine cannot reach. Run `npm run test:integration` instead');
      console.error(`(the same tests in code-server, offline).\n  (${text})`);
      console.log('0 passed, 1 failed');
      return 1;
    }
    console.error(`desktop VS Code run failed: ${text}`);
  }
  console.log('\nintegration tests (desktop VS Code):');
  return printReport(outputFile, code);
});
