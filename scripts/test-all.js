// `npm test`: lint, unit, scripts, integration and e2e layers in order (continuing after a failing layer), then a
// per-layer summary and one closing line `N passed, M failed` over all layers; exits non-zero if anything failed.
// A layer's exit code decides whether it failed; its counts come from its report (layerCounts).
const { spawn } = require('child_process');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer } = require('./lib/code-server');

// test:scripts checks the launchers, the bundles and the .vsix (test/scripts).
const LAYERS = ['lint', 'unit', 'scripts', 'integration', 'e2e'];

/**
 * A layer's counts from its output: the last `N passed, M failed` line (the integration launcher's), else mocha's spec
 * reporter's `N passing` / `N failing`, else (lint, a broken build) one result; a non-zero exit is at least one failure.
 * @param {number} code @param {string} output @returns {{passed: number, failed: number}}
 */
function layerCounts(code, output) {
  const closing = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
  const passing = output.match(/^\s*(\d+) passing\b/m);
  const failing = output.match(/^\s*(\d+) failing\b/m);
  let counts = { passed: code === 0 ? 1 : 0, failed: 0 };
  if (closing) counts = { passed: Number(closing[1]), failed: Number(closing[2]) };
  else if (passing || failing) counts = { passed: Number(passing?.[1] ?? 0), failed: Number(failing?.[1] ?? 0) };
  return code !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

let interrupted = false;

/** Runs `npm run <script>`, echoing its output; resolves with its exit code and output. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: repoRoot(), stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    const echo = (stream) => (d) => {
      stream.write(d);
      output += d;
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('error', (e) => (output += e.message));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function main() {
  // Ctrl-C reaches the layer's own processes too; let them clean up, then stop instead of starting the next layer.
  process.on('SIGINT', () => {
    interrupted = true;
    console.error('\nInterrupted: waiting for the current layer to stop…');
  });
  const rows = [];
  // Installing VS Code (first use only) gets its own visible step instead of hiding inside a test's timeout.
  const prepStarted = Date.now();
  console.log('━━━ prepare: VS Code (code-server) ━━━');
  try {
    await ensureCodeServer();
    console.log(`code-server ready (${((Date.now() - prepStarted) / 1000).toFixed(1)} s)`);
  } catch (e) {
    console.error(`could not install code-server: ${e?.message ?? e}`);
    rows.push({ name: 'prepare', seconds: (Date.now() - prepStarted) / 1000, passed: 0, failed: 1 });
  }
  for (const name of LAYERS) {
    if (interrupted) break;
    const script = name === 'lint' ? 'lint' : `test:${name}`;
    console.log(`\n━━━ ${name}: npm run ${script} ━━━`);
    const started = Date.now();
    const { code, output } = await run(script);
    rows.push({ name, seconds: (Date.now() - started) / 1000, ...layerCounts(code, output) });
  }
  console.log('\n━━━ summary ━━━');
  for (const r of rows) {
    console.log(`${r.failed ? '✗' : '✓'} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed   ${r.seconds.toFixed(1).padStart(6)} s`);
  }
  const passed = rows.reduce((n, r) => n + r.passed, 0);
  let failed = rows.reduce((n, r) => n + r.failed, 0);
  if (interrupted) {
    console.log('(interrupted: later layers did not run)');
    failed++;
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

module.exports = { layerCounts };

if (require.main === module) main();
