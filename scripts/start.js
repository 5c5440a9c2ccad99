// `npm start`: from a fresh clone to a running workbench — installs what is missing, builds, starts the local LCA
// service with sample data and VS Code (code-server) with this extension installed, prints the URL. Ctrl-C stops all.
// Env: PORT (default 8080, or the next free one).
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer, freePortFrom } = require('./lib/code-server');
const { startWorkbench } = require('./lib/workbench');
const { onCleanup, runCleanups } = require('./lib/processes');

const root = repoRoot();

function step(title) {
  console.log(`▸ ${title}`);
}

function runOrExit(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${what} failed (exit ${r.status ?? r.signal}).`);
    process.exit(1);
  }
}

/** The sample workspace is copied once; after that it is the user's, and their edits are kept. */
function prepareWorkspace() {
  const workspace = path.join(root, '.start-workspace');
  const samples = path.join(root, 'samples');
  if (!fs.existsSync(workspace)) {
    if (fs.existsSync(samples)) {
      fs.cpSync(samples, workspace, { recursive: true });
      console.log(`  copied samples/ to .start-workspace/ (your edits there are kept on later starts)`);
    } else {
      fs.mkdirSync(workspace, { recursive: true });
      console.log('  samples/ does not exist yet: starting with an empty .start-workspace/');
    }
  } else if (fs.existsSync(samples)) {
    // Files added to samples/ since the first start appear too; existing files are never overwritten.
    fs.cpSync(samples, workspace, { recursive: true, force: false, errorOnExist: false });
  }
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
  const workspace = prepareWorkspace();
  const port = await freePortFrom(Number(process.env.PORT) || 8080);
  const workbench = await startWorkbench({
    workDir: path.join(root, '.vscode-test', 'start'),
    workspace,
    serviceDataDir: path.join(root, '.sandbox-data'),
    port,
    progress: (l) => step(l),
    log: (l) => {
      if (process.env.LCA_START_VERBOSE === '1') console.log(`  | ${l}`);
    },
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
