// The .vsix holds only what runs (no sources, tests, maps), stays small, and installs offline into code-server.
import * as assert from 'assert';
import { execFileSync, fork } from 'child_process';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as os from 'os';
import * as path from 'path';
import { packageVsix } from '../../scripts/lib/extension';
import { installExtension } from '../../scripts/lib/code-server';
import { REPO_ROOT } from '../fixtures/paths';

const { LAZY_BUNDLES } = createRequire(__filename)(path.join(REPO_ROOT, 'esbuild.js')) as { LAZY_BUNDLES: Record<string, string> };

/** The files `vsce` puts in the .vsix (through .vscodeignore), as `vsce ls` lists them: paths in the repository. */
function packagedFiles(): string[] {
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  return execFileSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('extension package (.vsix)', function () {
  // Packaging takes seconds; installing needs code-server, installed on first use.
  this.timeout(10 * 60 * 1000);
  let tmp: string;
  let vsix: string;
  let entries: string[];

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-vsix-'));
    vsix = await packageVsix(path.join(tmp, 'lca-workbench.vsix'));
    entries = packagedFiles();
  });

  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is under 2 MB as it ships: built with --production (npm run package), in a copy of the repository', async () => {
    // The tests' own build (dist/, not minified) stays as it is for the layers after this one.
    const copy = path.join(tmp, 'production');
    for (const entry of ['package.json', 'package.nls.json', 'package.nls.da.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'esbuild.js', 'tsconfig.json', '.vscodeignore', 'src', 'schemas', 'media', 'l10n']) {
      fs.cpSync(path.join(REPO_ROOT, entry), path.join(copy, entry), { recursive: true, filter: (f) => !f.includes(`${path.sep}media${path.sep}dist`) });
    }
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    execFileSync(process.execPath, ['esbuild.js', '--production'], { cwd: copy, stdio: 'pipe' });
    const shipped = await packageVsix(path.join(tmp, 'production.vsix'), copy);
    assert.ok(fs.statSync(shipped).size < 2 * 1024 * 1024, `${fs.statSync(shipped).size} bytes`);
    for (const name of ['main', 'service', 'mcp', ...Object.keys(LAZY_BUNDLES)]) assert.ok(fs.statSync(path.join(copy, 'dist', `${name}.js`)).size > 1000, `dist/${name}.js built`);
  });

  it('holds the manifest, the bundles (with the dashboard webview script and stylesheet), README, CHANGELOG, LICENSE and the icon', () => {
    for (const required of [
      'package.json',
      'dist/extension.js',
      // The extension itself, which dist/extension.js loads with V8's code cache.
      'dist/main.js',
      'dist/service.js',
      // The bundles the extension requires on first use (a missing file would fail only then): ajv + the schemas, the
      // EPD importers.
      ...Object.keys(LAZY_BUNDLES).map((name) => `dist/${name}.js`),
      // The Danish texts: manifest (VS Code in Danish) and the extension's own (lca.language da), read at run time.
      'package.nls.json',
      'package.nls.da.json',
      'l10n/bundle.l10n.da.json',
      'media/dist/dashboard.js',
      'media/dist/dashboard.css',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'media/icon.png',
      // The Get Started walkthrough's step images, English and Danish.
      ...['en', 'da'].flatMap((lang) => ['sign-in', 'dashboard', 'construction', 'import', 'alternatives', 'agents'].map((step) => `media/walkthrough/${lang}/${step}.jpg`)),
    ]) {
      assert.ok(entries.includes(required), `${required} missing from ${entries.join(', ')}`);
    }
  });

  it('holds no sources, tests, source maps, caches or dependencies', () => {
    const unwanted = entries.filter((e) => /\.map$|\.ts$|^(src|test|out|scripts|node_modules|\.vscode-test|\.ci|test-results)\//.test(e));
    assert.deepStrictEqual(unwanted, []);
    const allowed = new RegExp(String.raw`^(package\.json|package\.nls(\.[\w-]+)?\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/(extension|main|service|mcp|${Object.keys(LAZY_BUNDLES).join('|')})\.js|schemas\/.+|media\/.+|l10n\/.+)$`);
    assert.deepStrictEqual(entries.filter((e) => !allowed.test(e)), []);
  });

  it('ships an extension bundle that carries neither the local service nor ajv (each has its own bundle)', () => {
    const bundle = fs.readFileSync(path.join(REPO_ROOT, 'dist', 'main.js'), 'utf8');
    for (const marker of ['GraphQLSchema', 'strict mode', 'ajv']) assert.ok(!bundle.includes(marker), `dist/main.js contains "${marker}"`);
    assert.ok(bundle.includes('require("./validation.js")'), 'the validators are required from dist/validation.js');
  });

  it('installs offline with code-server --install-extension', async () => {
    const extensionsDir = path.join(tmp, 'extensions');
    await installExtension(vsix, { userDataDir: path.join(tmp, 'user-data'), extensionsDir });
    const installed = JSON.parse(fs.readFileSync(path.join(extensionsDir, 'extensions.json'), 'utf8')) as { identifier: { id: string }; relativeLocation: string }[];
    const entry = installed.find((e) => e.identifier.id === 'lca-workbench.lca-workbench');
    assert.ok(entry, 'not listed in extensions.json');
    const installedDir = path.join(extensionsDir, entry.relativeLocation);
    assert.ok(fs.existsSync(path.join(installedDir, 'dist', 'extension.js')));

    // A .vsix-only user: the local service runs from the installed bundle, as the extension forks it, and answers.
    const child = fork(path.join(installedDir, 'dist', 'service.js'), ['--port', '0', '--data', path.join(tmp, 'service-data')], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]);
        });
        child.once('exit', (code) => reject(new Error(`service exited with ${code}`)));
      });
      const urls = JSON.parse(line) as { authUrl: string };
      const answer = await fetch(`${urls.authUrl}/v1/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }) });
      assert.strictEqual(answer.status, 200, await answer.text());
    } finally {
      child.kill('SIGTERM');
    }
    // The validators load from the installed dist/validation.js and report a problem with its place.
    const validation = createRequire(__filename)(path.join(installedDir, 'dist', 'validation.js')) as { validateAgainst(kind: string, value: unknown): { pointer: string }[] };
    assert.ok(validation.validateAgainst('material', { name: 1 }).some((p) => p.pointer === '/name'));
  });
});
