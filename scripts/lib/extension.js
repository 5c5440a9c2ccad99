// Packages the current build as a .vsix (through .vscodeignore, like `npm run package`) and installs it offline,
// so `npm start` and the e2e tests see the extension exactly as an installed user would.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./repo');
const { installExtension } = require('./code-server');

/** Packages the extension in `folder` (default: this repository's build) as `outFile`. */
function packageVsix(outFile, folder = repoRoot()) {
  const root = repoRoot();
  if (folder === root && !fs.existsSync(path.join(root, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing; run `node esbuild.js` first');
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  return new Promise((resolve, reject) => {
    const args = [vsce, 'package', '--no-dependencies', '--allow-missing-repository', ...(folder === root ? [] : ['--skip-license']), '-o', outFile];
    const child = spawn(process.execPath, args, {
      cwd: folder,
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

/**
 * Packages the extension in `folder` (a test fixture such as a language pack) and installs it into `extensionsDir`.
 * A language pack is also entered in `languagepacks.json`, where VS Code looks up the display languages it can start
 * in: installing from the command line does not write it (the running workbench does, when it installs one).
 */
async function installFolderExtension(folder, { workDir, userDataDir, extensionsDir }) {
  const vsix = await packageVsix(path.join(workDir, `${path.basename(folder)}.vsix`), folder);
  await installExtension(vsix, { userDataDir, extensionsDir });
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}`;
  const installed = path.join(extensionsDir, `${id}-${manifest.version}`.toLowerCase());
  const packs = path.join(userDataDir, 'languagepacks.json');
  for (const loc of manifest.contributes?.localizations ?? []) {
    const current = fs.existsSync(packs) ? JSON.parse(fs.readFileSync(packs, 'utf8')) : {};
    current[loc.languageId] = {
      hash: `${id}-${manifest.version}`,
      extensions: [{ extensionIdentifier: { id }, version: manifest.version }],
      translations: Object.fromEntries(loc.translations.map((t) => [t.id, path.join(installed, t.path)])),
      label: loc.localizedLanguageName ?? loc.languageName ?? loc.languageId,
    };
    fs.writeFileSync(packs, JSON.stringify(current, null, 2));
  }
  return vsix;
}

module.exports = { packageVsix, installBuiltExtension, installFolderExtension };
