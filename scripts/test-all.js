// `npm test`: lint, unit, scripts, integration and e2e layers in order (continuing after a failing layer), then a
// per-layer summary and one closing line `N passed, M failed` over all layers; exits non-zero if anything failed.
// A layer's counts come from mocha's spec reporter (the integration launcher prints its own closing line); its exit
// code decides whether it failed.
const { spawn } = require('child_process');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer } = require('./lib/code-server');

const LAYERS = [
  { name: 'lint', script: 'lint', parse: () => null },
  { name: 'unit', script: 'test:unit', parse: parseMocha },
  // The launchers, the bundles and the .vsix (test/scripts).
  { name: 'scripts', script: 'test:scripts', parse: parseMocha },
  { name: 'integration', script: 'test:integration', parse: parseSummaryLine },
  { name: 'e2e', script: 'test:e2e', parse: parseMocha },
];

/** Mocha's spec reporter: "N passing" / "N failing". */
function parseMocha(output) {
  const passing = output.match(/^\s*(\d+) passing\b/m);
  const failing = output.match(/^\s*(\d+) failing\b/m);
  if (!passing && !failing) return null;
  return { passed: passing ? Number(passing[1]) : 0, failed: failing ? Number(failing[1]) : 0 };
}

/** Our launchers' closing line; the last one wins. */
function parseSummaryLine(output) {
  const all = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)];
  if (!all.length) return null;
  const last = all[all.length - 1];
  return { passed: Number(last[1]), failed: Number(last[2]) };
}

/** Counts for a layer: parsed counts, corrected so that a non-zero exit always counts as a failure. */
function layerCounts(layer, code, output) {
  const parsed = layer.parse(output);
  if (!parsed) return code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (code !== 0 && parsed.failed === 0) return { passed: parsed.passed, failed: 1 };
  return parsed;
}

let interrupted = false;
let current;

function runLayer(layer) {
  return new Promise((resolve) => {
    console.log(`\n━━━ ${layer.name}: npm run ${layer.script} ━━━`);
    const child = spawn('npm', ['run', '--silent', layer.script], { cwd: repoRoot(), stdio: ['inherit', 'pipe', 'pipe'] });
    current = child;
    let output = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      output += d;
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      output += d;
    });
    child.on('error', (e) => {
      output += e.message;
    });
    child.on('close', (code) => {
      current = undefined;
      resolve({ code: code ?? 1, output });
    });
  });
}

async function main() {
  // Ctrl-C reaches the layer's own processes too; let them clean up, then stop instead of starting the next layer.
  process.on('SIGINT', () => {
    interrupted = true;
    if (current) console.error('\nInterrupted: waiting for the current layer to stop…');
  });
  const rows = [];
  // Installing VS Code (first use only) gets its own visible step instead of hiding inside a test's timeout.
  const prepStarted = Date.now();
  let prepSeconds = 0;
  console.log('━━━ prepare: VS Code (code-server) ━━━');
  try {
    await ensureCodeServer();
    prepSeconds = (Date.now() - prepStarted) / 1000;
    console.log(`code-server ready (${prepSeconds.toFixed(1)} s)`);
  } catch (e) {
    console.error(`could not install code-server: ${(e && e.message) || e}`);
    rows.push({ name: 'prepare', code: 1, seconds: (Date.now() - prepStarted) / 1000, passed: 0, failed: 1 });
  }
  for (const layer of LAYERS) {
    if (interrupted) break;
    const started = Date.now();
    const { code, output } = await runLayer(layer);
    rows.push({ name: layer.name, code, seconds: (Date.now() - started) / 1000, ...layerCounts(layer, code, output) });
  }
  const total = rows.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }), { passed: 0, failed: 0 });
  console.log('\n━━━ summary ━━━');
  if (prepSeconds >= 1) console.log(`  ${'prepare'.padEnd(12)} installed code-server              ${prepSeconds.toFixed(1).padStart(6)} s`);
  for (const r of rows) {
    const mark = r.failed ? '✗' : '✓';
    console.log(`${mark} ${r.name.padEnd(12)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed   ${r.seconds.toFixed(1).padStart(6)} s`);
  }
  if (interrupted) {
    console.log('(interrupted: later layers did not run)');
    total.failed++;
  }
  console.log(`${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed ? 1 : 0);
}

module.exports = { parseMocha, parseSummaryLine, layerCounts };

if (require.main === module) main();
