// `npm run test:desktop`: runs the same integration runner module in desktop VS Code through @vscode/test-electron.
// That downloads VS Code from the internet; without it this prints why and exits non-zero instead of a stack trace.
const fs = require('fs');
const { prepareIntegrationRun } = require('./lib/integration');
const { runCleanups } = require('./lib/processes');

const NO_NETWORK = /download|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|getaddrinfo|fetch|network|socket|certificate|update\.code\.visualstudio\.com/i;

async function main() {
  const { root, runner, workspace, userDataDir, outputFile, env } = await prepareIntegrationRun('lca-desktop-');
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
    if (!fs.existsSync(outputFile) && NO_NETWORK.test(text)) {
      console.error('test:desktop needs internet access: @vscode/test-electron downloads a desktop VS Code from');
      console.error('update.code.visualstudio.com, which this machine cannot reach. Run `npm run test:integration` instead');
      console.error('(the same tests in code-server, offline).');
      console.error(`  (${text.split('\n')[0]})`);
      console.log('0 passed, 1 failed');
      return 1;
    }
    code = 1;
    console.error(`desktop VS Code run failed: ${text.split('\n')[0]}`);
  }
  console.log('\nintegration tests (desktop VS Code):');
  const report = fs.existsSync(outputFile) ? fs.readFileSync(outputFile, 'utf8').trimEnd() : '';
  console.log(report);
  // The runner's last line is its count; a run that did not get there is one failure.
  if (!/\n\d+ passed, \d+ failed$/.test(`\n${report}`)) console.log('0 passed, 1 failed');
  return code === 0 ? 0 : 1;
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
