// Keeps track of what a launcher started so that every exit path (normal, error, Ctrl-C) stops it.
const cleanups = [];
const children = new Set();
let handlersInstalled = false;
let exiting = false;

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

let running;

/** Runs the registered cleanups once; concurrent callers (normal end racing Ctrl-C) share the same run. */
function runCleanups() {
  running ??= (async () => {
    while (cleanups.length) {
      const fn = cleanups.pop();
      try {
        await fn();
      } catch (e) {
        console.error(`cleanup failed: ${e && e.message ? e.message : e}`);
      }
    }
  })().finally(() => {
    running = undefined;
  });
  return running;
}

function killChildrenNow() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      try {
        child.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
  children.clear();
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // Last resort: synchronous, so it works even from process.exit().
  process.on('exit', killChildrenNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (exiting) return;
      exiting = true;
      console.error(`\n${signal}: stopping everything this launcher started…`);
      const force = setTimeout(() => process.exit(130), 10000);
      force.unref();
      runCleanups().finally(() => process.exit(130));
    });
  }
}

module.exports = { track, onCleanup, runCleanups, killChildrenNow };
