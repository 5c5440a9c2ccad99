// Packages an extension as a .vsix (through .vscodeignore, like `npm run package`) and installs it offline, so that
// `npm start` and the e2e tests see the extension exactly as an installed user would.
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./repo');
const { installExtension } = require('./code-server');
const { exec } = require('./processes');

/**
 * vsce rewrites the README's relative links and images to absolute URLs, which it derives only from a GitHub or
 * GitLab `repository`; for any other it refuses to package a README with relative links unless given the bases. They
 * are taken from package.json's `repository` (docs/screenshots.md).
 */
function baseUrls(folder) {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const url = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (!url || /github\.com|gitlab\.com/.test(url)) return [];
  const base = url.replace(/\.git$/, '');
  return ['--baseContentUrl', `${base}/blob/HEAD`, '--baseImagesUrl', `${base}/raw/HEAD`];
}

/** Packages the extension in `folder` (default: this repository's build) as `outFile`. */
async function packageVsix(outFile, folder = repoRoot()) {
  const own = folder === repoRoot();
  if (own && !fs.existsSync(path.join(folder, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing; run `node esbuild.js` first');
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const vsce = path.join(repoRoot(), 'node_modules', '@vscode', 'vsce', 'vsce');
  await exec(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', ...(own ? [] : ['--skip-license']), ...baseUrls(folder), '-o', outFile], { cwd: folder });
  return outFile;
}

/**
 * Packages the extension in `folder` (default: the build) into `workDir` and installs it into `extensionsDir`. A
 * language pack (a test fixture) is also entered in `languagepacks.json`, where VS Code looks up the display languages
 * it can start in: installing from the command line does not write it (the running workbench does).
 * @param {{workDir: string, userDataDir: string, extensionsDir: string}} dirs
 */
async function installPackaged({ workDir, userDataDir, extensionsDir }, folder = repoRoot()) {
  const manifest = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const vsix = await packageVsix(path.join(workDir, `${manifest.name}.vsix`), folder);
  await installExtension(vsix, { userDataDir, extensionsDir });
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
}

module.exports = { packageVsix, installPackaged };
