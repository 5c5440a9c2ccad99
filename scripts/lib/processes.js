// What a launcher started, stopped on every exit path (normal end, error, Ctrl-C); and running a command to its end.
const { spawn } = require('child_process');

const cleanups = [];
const children = new Set();
let handlersInstalled = false;
let exiting = false;
let running;

/** Remembers a detached child; its whole process group is killed if the launcher exits with it still running. */
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  installHandlers();
  return child;
}

/** Registers async cleanup (close a browser, remove a temp dir); run in reverse order by runCleanups(). */
function onCleanup(fn) {
  cleanups.push(fn);
  installHandlers();
}

/** Runs the registered cleanups once; concurrent callers (normal end racing Ctrl-C) share the same run. */
function runCleanups() {
  running ??= (async () => {
    while (cleanups.length) {
      await Promise.resolve()
        .then(cleanups.pop())
        .catch((e) => console.error(`cleanup failed: ${e?.message ?? e}`));
    }
  })().finally(() => (running = undefined));
  return running;
}

function kill(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // not a group leader, or already gone
  }
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last resort: synchronous, so it works even from process.exit().
  process.on('exit', () => children.forEach((c) => kill(c, 'SIGKILL')));
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (exiting) return;
      exiting = true;
      console.error(`\n${signal}: stopping everything this launcher started…`);
      setTimeout(() => process.exit(130), 10000).unref();
      runCleanups().finally(() => process.exit(130));
    });
  }
}

/** Stops a detached child and everything in its process group: TERM, then KILL after `graceMs`. */
function stopGroup(child, graceMs = 5000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => kill(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      // Children that ignored TERM (extension hosts, pty host) must not outlive the leader.
      kill(child, 'SIGKILL');
      resolve();
    });
    kill(child, 'SIGTERM');
  });
}

/** Runs a command to its end; resolves with its output, rejects with the end of it. */
function exec(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (d) => (output = (output + d).slice(-20000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

module.exports = { track, onCleanup, runCleanups, stopGroup, exec };
