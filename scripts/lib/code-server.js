// Installs code-server (a complete VS Code build from the npm registry) into a git-ignored cache and starts it.
// The install recipe is the one verified offline in ../shared/docs/testing-in-vscode.md. Also the mocha global set-up
// of the e2e tests (test/e2e/.mocharc.js), so that the first install is not inside a test's timeout.
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./repo');
const { track, stopGroup, exec } = require('./processes');

const VERSION = '4.100.3';
const NATIVE_MODULES = ['node-pty', '@parcel/watcher', '@vscode/spdlog', 'native-watchdog', '@vscode/deviceid'];
const cacheDir = () => process.env.LCA_CODE_SERVER_CACHE || path.join(repoRoot(), '.vscode-test', 'code-server');
const codeServerDir = () => path.join(cacheDir(), 'node_modules', 'code-server');
const entryScript = () => path.join(codeServerDir(), 'out', 'node', 'entry.js');
const installed = () => fs.existsSync(path.join(cacheDir(), `.complete-${VERSION}`)) && fs.existsSync(entryScript());

/** Env for nested npm calls: drops the npm_* variables of an enclosing `npm run`, which would redirect the prefix. */
function npmEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  // node-gyp would download Node's headers; use the ones installed with Node when they exist (offline machines).
  const nodeDir = path.resolve(path.dirname(process.execPath), '..');
  if (fs.existsSync(path.join(nodeDir, 'include', 'node', 'common.gypi'))) env.npm_config_nodedir = nodeDir;
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false', ...extra };
}

function findRipgrep() {
  const found = [...(process.env.PATH || '').split(path.delimiter).map((d) => path.join(d, 'rg')), '/usr/bin/rg'].find((f) => fs.existsSync(f));
  if (!found) throw new Error('ripgrep (rg) is not installed; on Debian: apt-get install -y ripgrep');
  return found;
}

/** A lock left by a process that is gone (killed mid-install) or older than any install takes. */
function lockIsStale(lock) {
  try {
    const age = Date.now() - fs.statSync(lock).mtimeMs;
    if (age > 15 * 60 * 1000) return true;
    // No pid yet: young, unless its owner died between creating the lock and writing the pid.
    if (!fs.existsSync(path.join(lock, 'pid'))) return age > 10 * 1000;
    process.kill(Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8')), 0);
    return false;
  } catch (e) {
    return e.code === 'ESRCH'; // ENOENT: released meanwhile
  }
}

/** Runs `fn` holding a lock directory, so that two launchers started at once do not install over each other. */
async function withInstallLock(fn, log) {
  const lock = `${cacheDir()}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  for (let waited = false; ; waited = true) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    if (lockIsStale(lock)) {
      fs.rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) log('[code-server] another process is installing code-server; waiting…');
    await new Promise((r) => setTimeout(r, 2000));
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Installs code-server on first use; later calls return at once. Returns the path of its entry script. */
async function ensureCodeServer({ log = (line) => console.log(line) } = {}) {
  if (installed()) return entryScript();
  return withInstallLock(() => (installed() ? entryScript() : install(log)), log);
}

async function install(log) {
  const started = Date.now();
  const cache = cacheDir();
  const vscodeDir = path.join(codeServerDir(), 'lib', 'vscode');
  const npm = (args, cwd, extra) => exec('npm', args, { cwd, env: npmEnv(extra) });
  const steps = [
    [`npm install code-server@${VERSION} --ignore-scripts`, async () => {
      // A half-finished earlier attempt is thrown away: the steps are not all safe to repeat.
      fs.rmSync(cache, { recursive: true, force: true });
      fs.mkdirSync(cache, { recursive: true });
      // Without its own package.json npm would walk up and install into the repository.
      fs.writeFileSync(path.join(cache, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));
      await npm(['install', `code-server@${VERSION}`, '--ignore-scripts', '--no-package-lock'], cache);
    }],
    ['install VS Code dependencies (lib/vscode)', () => npm(['install', '--omit=dev', '--ignore-scripts'], vscodeDir)],
    ['put ripgrep where @vscode/ripgrep expects it', async () => {
      const bin = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
      fs.mkdirSync(bin, { recursive: true });
      fs.copyFileSync(findRipgrep(), path.join(bin, 'rg'));
      fs.chmodSync(path.join(bin, 'rg'), 0o755);
    }],
    [`rebuild native modules (${NATIVE_MODULES.join(', ')})`, () => npm(['rebuild', ...NATIVE_MODULES], vscodeDir, { npm_config_yes: 'true' })],
    ['link node_modules.asar', async () => {
      const link = path.join(vscodeDir, 'node_modules.asar');
      if (!fs.existsSync(link)) fs.symlinkSync('node_modules', link);
    }],
    ['install built-in extensions dependencies', () => npm(['install', '--omit=dev'], path.join(vscodeDir, 'extensions'))],
    ['rebuild argon2', () => npm(['rebuild', 'argon2'], cache, { npm_config_yes: 'true' })],
  ];
  log(`[code-server] installing code-server ${VERSION} into ${cache} (first use only, about 2 minutes)`);
  for (const [i, [title, step]] of steps.entries()) {
    const t = Date.now();
    log(`[code-server] ${i + 1}/${steps.length} ${title}…`);
    await step();
    log(`[code-server]     done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  fs.writeFileSync(path.join(cache, `.complete-${VERSION}`), new Date().toISOString() + '\n');
  log(`[code-server] installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return entryScript();
}

/** Writes `<userDataDir>/User/settings.json`: quiet defaults plus `extra`, keeping what is already there. */
function writeUserSettings(userDataDir, extra = {}) {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let current = {};
  try {
    current = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Missing or not plain JSON (a person may have added comments): start from the defaults.
  }
  const quiet = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'telemetry.telemetryLevel': 'off',
    'security.workspace.trust.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'update.mode': 'none',
    'chat.disableAIFeatures': true,
    'git.enabled': false,
    'window.restoreWindows': 'none',
  };
  fs.writeFileSync(file, JSON.stringify({ ...quiet, ...current, ...extra }, null, 2) + '\n');
}

/**
 * Starts code-server on `port` (0: any free one) and resolves once it listens, with its URL.
 * @param {{port?: number, userDataDir: string, extensionsDir: string, folder?: string, env?: Record<string, string>,
 *          log?: (line: string) => void, extraArgs?: string[], timeoutMs?: number}} options
 */
async function startCodeServer({ port = 0, userDataDir, extensionsDir, folder, env = {}, log = () => {}, extraArgs = [], timeoutMs = 60000 }) {
  const entry = await ensureCodeServer();
  if (!fs.existsSync(path.join(userDataDir, 'User', 'settings.json'))) writeUserSettings(userDataDir);
  fs.mkdirSync(extensionsDir, { recursive: true });
  const args = ['--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override'];
  args.push('--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, ...extraArgs, ...(folder ? [folder] : []));
  // Its own process group, so that stop() reaches the extension hosts it forks.
  const child = track(spawn(process.execPath, [entry, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true }));
  const stop = () => stopGroup(child);
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not listen within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const keep = (d) => {
      output = (output + d).slice(-20000);
      for (const line of String(d).split('\n')) if (line.trim()) log(line);
      // Logged once the port is bound, with the port chosen.
      const listening = /HTTP server listening on (http:\/\/[^\s/]+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve(`${listening[1]}/`);
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => reject(new Error(`code-server exited with ${code} before listening:\n${output}`)));
    child.on('error', reject);
  }).catch(async (e) => {
    await stop();
    throw e;
  });
  return { url, process: child, stop };
}

/** Installs a .vsix offline into an extensions dir with code-server's own CLI. */
async function installExtension(vsixPath, { userDataDir, extensionsDir }) {
  const entry = await ensureCodeServer();
  return exec(process.execPath, [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsixPath, '--force']);
}

/** Mocha's global set-up hook, for the suites that start code-server themselves. */
const mochaGlobalSetup = () => ensureCodeServer();

module.exports = { ensureCodeServer, startCodeServer, installExtension, writeUserSettings, mochaGlobalSetup };
