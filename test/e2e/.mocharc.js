// Mocha settings of `npm run test:e2e`: each test drives the workbench (code-server) through Playwright.
// Env: LCA_TEST_GREP (only the matching tests), LCA_E2E_TIMEOUT_MS (per test; default 3 min).
module.exports = {
  spec: ['out/test/e2e/**/*.test.js'],
  reporter: 'spec',
  timeout: Number(process.env.LCA_E2E_TIMEOUT_MS) || 180000,
  ...(process.env.LCA_TEST_GREP ? { grep: process.env.LCA_TEST_GREP } : {}),
  // Installs code-server on first use before any test's timeout starts.
  require: ['scripts/lib/code-server.js'],
  'fail-zero': true,
  // The tests' after() hooks stop what they started; nothing else may keep the run alive.
  exit: true,
};
