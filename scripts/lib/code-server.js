// Installs code-server (a complete VS Code build from the npm registry) into a git-ignored cache and starts it.
// The install recipe is the one verified offline in ../shared/docs/testing-in-vscode.md.
const { spawn } = require('child_process');
const fs = require('fs');
const http = require('http');
const net = require('net');
const path = require('path');
const { repoRoot } = require('./repo');
const { track } = require('./processes');

const VERSION = '4.100.3';
const NATIVE_MODULES = ['node-pty', '@parcel/watcher', '@vscode/spdlog', 'native-watchdog', '@vscode/deviceid'];

function cacheDir() {
  return process.env.LCA_CODE_SERVER_CACHE || path.join(repoRoot(), '.vscode-test', 'code-server');
}

function codeServerDir() {
  return path.join(cacheDir(), 'node_modules', 'code-server');
}

function markerFile() {
  return path.join(cacheDir(), `.complete-${VERSION}`);
}

function entryScript() {
  return path.join(codeServerDir(), 'out', 'node', 'entry.js');
}

/** Env for nested npm calls: drops the npm_* variables of an enclosing `npm run`, which would redirect the prefix. */
function npmEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  // node-gyp would download Node's headers; use the ones installed with Node when they exist (offline machines).
  const nodeDir = path.resolve(path.dirname(process.execPath), '..');
  if (fs.existsSync(path.join(nodeDir, 'include', 'node', 'common.gypi'))) env.npm_config_nodedir = nodeDir;
  return { ...env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false', ...extra };
}

function run(cmd, args, cwd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d) => {
      output = (output + d.toString()).slice(-20000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${cmd} ${args.join(' ')} (in ${cwd}) exited with ${code}\n${output}`));
    });
  });
}

function findRipgrep() {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    const candidate = path.join(dir, 'rg');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  if (fs.existsSync('/usr/bin/rg')) return '/usr/bin/rg';
  throw new Error('ripgrep (rg) is not installed; on Debian: apt-get install -y ripgrep');
}

function installed() {
  return fs.existsSync(markerFile()) && fs.existsSync(entryScript());
}

/** A lock left by a process that is gone (killed mid-install) or older than any install takes. */
function lockIsStale(lock) {
  try {
    const pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
    if (pid) process.kill(pid, 0);
    return Date.now() - fs.statSync(lock).mtimeMs > 15 * 60 * 1000;
  } catch (e) {
    // ESRCH: the owner is gone. ENOENT: released meanwhile, or the pid is not written yet (then it is young).
    if (e.code === 'ESRCH') return true;
    try {
      return Date.now() - fs.statSync(lock).mtimeMs > 10 * 1000 && !fs.existsSync(path.join(lock, 'pid'));
    } catch {
      return false;
    }
  }
}

/** Runs `fn` holding a lock directory, so that two launchers started at once do not install over each other. */
async function withInstallLock(fn, log) {
  const lock = `${cacheDir()}.lock`;
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  let told = false;
  for (;;) {
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
    if (!told) log('[code-server] another process is installing code-server; waiting…');
    told = true;
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
  const steps = [
    [`npm install code-server@${VERSION} --ignore-scripts`, async () => {
      // A half-finished earlier attempt is thrown away: the steps are not all safe to repeat.
      fs.rmSync(cache, { recursive: true, force: true });
      fs.mkdirSync(cache, { recursive: true });
      // Without its own package.json npm would walk up and install into the repository.
      fs.writeFileSync(path.join(cache, 'package.json'), JSON.stringify({ name: 'code-server-cache', private: true }, null, 2));
      await run('npm', ['install', `code-server@${VERSION}`, '--ignore-scripts', '--no-package-lock'], cache, npmEnv());
    }],
    ['install VS Code dependencies (lib/vscode)', () => run('npm', ['install', '--omit=dev', '--ignore-scripts'], vscodeDir, npmEnv())],
    ['put ripgrep where @vscode/ripgrep expects it', async () => {
      const bin = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
      fs.mkdirSync(bin, { recursive: true });
      fs.copyFileSync(findRipgrep(), path.join(bin, 'rg'));
      fs.chmodSync(path.join(bin, 'rg'), 0o755);
    }],
    [`rebuild native modules (${NATIVE_MODULES.join(', ')})`, () =>
      run('npm', ['rebuild', ...NATIVE_MODULES], vscodeDir, npmEnv({ npm_config_yes: 'true' }))],
    ['link node_modules.asar', async () => {
      const link = path.join(vscodeDir, 'node_modules.asar');
      if (!fs.existsSync(link)) fs.symlinkSync('node_modules', link);
    }],
    ['install built-in extensions dependencies', () => run('npm', ['install', '--omit=dev'], path.join(vscodeDir, 'extensions'), npmEnv())],
    ['rebuild argon2', () => run('npm', ['rebuild', 'argon2'], cache, npmEnv({ npm_config_yes: 'true' }))],
  ];
  log(`[code-server] installing code-server ${VERSION} into ${cache} (first use only, about 2 minutes)`);
  for (const [i, [title, step]] of steps.entries()) {
    const t = Date.now();
    log(`[code-server] ${i + 1}/${steps.length} ${title}…`);
    await step();
    log(`[code-server]     done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  fs.writeFileSync(markerFile(), new Date().toISOString() + '\n');
  log(`[code-server] installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return entryScript();
}

/** A free TCP port on 127.0.0.1 (preferring `wanted` when given and free). */
function freePort(wanted = 0) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', (e) => {
      if (wanted && e.code === 'EADDRINUSE') resolve(freePort(0));
      else reject(e);
    });
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Next free port at or after `start` (for `npm start`, whose URL people type). */
async function freePortFrom(start) {
  for (let port = start; port < start + 100; port++) {
    if ((await freePort(port)) === port) return port;
  }
  return freePort(0);
}

function httpAnswers(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

const DEFAULT_SETTINGS = {
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
  const settings = { ...DEFAULT_SETTINGS, ...current, ...extra };
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
  return file;
}

/** Stops a process and everything in its process group: TERM, then KILL after `graceMs`. */
function stopGroup(child, graceMs = 5000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      // Children that ignored TERM (extension hosts, pty host) must not outlive the server.
      kill('SIGKILL');
      resolve();
    });
    kill('SIGTERM');
  });
}

/**
 * Starts code-server and resolves once it answers HTTP.
 * @returns {Promise<{url: string, port: number, process: import('child_process').ChildProcess, stop: () => Promise<void>}>}
 */
async function startCodeServer({ port = 0, userDataDir, extensionsDir, folder, env = {}, log = () => {}, extraArgs = [], timeoutMs = 60000 }) {
  const entry = await ensureCodeServer({ log: (l) => console.log(l) });
  const chosen = port || (await freePort(0));
  fs.mkdirSync(userDataDir, { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  if (!fs.existsSync(path.join(userDataDir, 'User', 'settings.json'))) writeUserSettings(userDataDir);
  const args = [
    entry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${chosen}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    ...extraArgs,
  ];
  if (folder) args.push(folder);
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() reaches the extension hosts it forks
  });
  track(child);
  let output = '';
  const keep = (d) => {
    const text = d.toString();
    output = (output + text).slice(-20000);
    for (const line of text.split('\n')) if (line.trim()) log(line);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${chosen}/`;
  const stop = () => stopGroup(child);
  const deadline = Date.now() + timeoutMs;
  while (!(await httpAnswers(`${url}healthz`))) {
    if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode} before answering:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, port: chosen, process: child, stop, output: () => output };
}

/** Installs a .vsix offline into an extensions dir with code-server's own CLI. */
async function installExtension(vsixPath, { userDataDir, extensionsDir }) {
  const entry = await ensureCodeServer();
  const args = [entry, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir, '--install-extension', vsixPath, '--force'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`--install-extension exited with ${code}:\n${output}`))));
  });
}

module.exports = {
  VERSION,
  cacheDir,
  codeServerDir,
  ensureCodeServer,
  startCodeServer,
  installExtension,
  writeUserSettings,
  freePort,
  freePortFrom,
  stopGroup,
  DEFAULT_SETTINGS,
  lockIsStale,
};
