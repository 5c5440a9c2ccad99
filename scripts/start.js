// `npm start`: from a fresh clone to a running workbench — installs what is missing, builds, starts the local LCA
// service with sample data and VS Code (code-server) with this extension installed, prints the URL. Ctrl-C stops all.
// Env: PORT (default 8080, or the next free one), LCA_START_VERBOSE=1 (echo code-server's log).
const { spawnSync } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer } = require('./lib/code-server');
const { startWorkbench } = require('./lib/workbench');
const { onCleanup, runCleanups } = require('./lib/processes');

const root = repoRoot();
const step = (title) => console.log(`▸ ${title}`);

function runOrExit(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${what} failed (exit ${r.status ?? r.signal}).`);
    process.exit(1);
  }
}

/** The first port from `start` on that is free on 127.0.0.1 (the URL is one people type); 0 (any) after 100 taken. */
async function freePortFrom(start) {
  const free = (port) => new Promise((resolve) => net.createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', function () {
    this.close(() => resolve(true));
  }));
  for (let port = start; port < start + 100; port++) if (await free(port)) return port;
  return 0;
}

/** The sample workspace is copied at the first start; after that it is the user's, and their edits are kept. */
function prepareWorkspace() {
  const workspace = path.join(root, '.start-workspace');
  if (!fs.existsSync(workspace)) console.log('  copying samples/ to .start-workspace/ (your edits there are kept on later starts)');
  // Files added to samples/ since the first start appear too; existing files are never overwritten.
  fs.cpSync(path.join(root, 'samples'), workspace, { recursive: true, force: false, errorOnExist: false });
  return workspace;
}

async function main() {
  if (!fs.existsSync(path.join(root, 'node_modules'))) {
    step('installing dependencies (npm ci)…');
    runOrExit('npm', ['ci'], 'npm ci');
  }
  step('checking VS Code (code-server)…');
  await ensureCodeServer({ log: (l) => console.log(`  ${l}`) });
  step('building (node esbuild.js)…');
  runOrExit(process.execPath, ['esbuild.js'], 'the build');
  const workbench = await startWorkbench({
    workDir: path.join(root, '.vscode-test', 'start'),
    workspace: prepareWorkspace(),
    serviceDataDir: path.join(root, '.sandbox-data'),
    port: await freePortFrom(Number(process.env.PORT) || 8080),
    progress: step,
    log: (l) => process.env.LCA_START_VERBOSE === '1' && console.log(`  | ${l}`),
  });
  onCleanup(workbench.stop);

  console.log('\n  LCA Workbench is running.\n');
  console.log(`  Open:       ${workbench.folderUrl}`);
  if (workbench.serviceUrls) {
    console.log(`  Service:    ${workbench.serviceUrls.baseUrl}  (data in .sandbox-data/)`);
    console.log('  Sign in:    demo@example.com / demo-password');
    console.log('  Account:    client id demo-client / secret demo-secret');
  } else {
    console.log('  Service:    not built yet (dist/service.js missing) — VS Code runs without it');
  }
  console.log('  Workspace:  .start-workspace/');
  console.log('\n  Press Ctrl-C to stop everything.\n');
  // Stay up until Ctrl-C (handled in lib/processes: stops code-server and the service).
  await new Promise(() => {});
}

main().catch(async (e) => {
  console.error(`npm start failed: ${(e && e.message) || e}`);
  await runCleanups();
  process.exit(1);
});
