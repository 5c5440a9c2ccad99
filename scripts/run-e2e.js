// `npm run test:e2e`: runs out/test/e2e/**/*.test.js with mocha in Node (each test drives the workbench through
// Playwright), prints results and `N passed, M failed`, and exits non-zero on any failure.
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./lib/repo');
const { ensureCodeServer } = require('./lib/code-server');
const { summaryLine } = require('./lib/results');

function findTests(dir) {
  if (!fs.existsSync(dir)) return [];
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (entry.name.endsWith('.test.js')) found.push(full);
  }
  return found.sort();
}

async function main() {
  const root = repoRoot();
  // Installing code-server on first use takes minutes; do it before any test's timeout starts.
  await ensureCodeServer();
  const Mocha = require('mocha');
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', timeout: Number(process.env.LCA_E2E_TIMEOUT_MS) || 180000 });
  if (process.env.LCA_TEST_GREP) mocha.grep(process.env.LCA_TEST_GREP);
  const files = findTests(path.join(root, 'out', 'test', 'e2e'));
  if (!files.length) throw new Error('no e2e tests in out/test/e2e; run `node esbuild.js --tests` first');
  for (const f of files) mocha.addFile(f);
  await mocha.loadFilesAsync();
  const counts = { passed: 0, failed: 0 };
  await new Promise((resolve) => {
    const runner = mocha.run(resolve);
    runner.on('pass', () => counts.passed++);
    runner.on('fail', () => counts.failed++);
  });
  console.log('screenshots: test-results/');
  console.log(summaryLine(counts));
  return counts.failed === 0 && counts.passed > 0 ? 0 : 1;
}

main()
  .catch((e) => {
    console.error(`e2e launcher failed: ${e && e.stack ? e.stack : e}`);
    console.log(summaryLine({ passed: 0, failed: 1 }));
    return 1;
  })
  // Exit explicitly: the tests' after() hooks stop their servers; nothing else should keep the process alive.
  .then((code) => process.exit(code));
