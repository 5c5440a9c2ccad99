// Packages the current build as a .vsix (through .vscodeignore, like `npm run package`) and installs it offline,
// so `npm start` and the e2e tests see the extension exactly as an installed user would.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./repo');
const { installExtension } = require('./code-server');

function packageVsix(outFile) {
  const root = repoRoot();
  if (!fs.existsSync(path.join(root, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing; run `node esbuild.js` first');
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '-o', outFile], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(outFile) : reject(new Error(`vsce package exited with ${code}:\n${output}`))));
  });
}

/** Packages the build into `workDir` and installs it into `extensionsDir`; returns the .vsix path. */
async function installBuiltExtension({ workDir, userDataDir, extensionsDir }) {
  const vsix = await packageVsix(path.join(workDir, 'lca-workbench-dev.vsix'));
  await installExtension(vsix, { userDataDir, extensionsDir });
  return vsix;
}

module.exports = { packageVsix, installBuiltExtension };
