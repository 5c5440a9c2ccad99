// Mocha global setup for the tests that open code-server themselves (test/e2e): install it on first use before any
// test's timeout starts, with its own progress and errors.
const { ensureCodeServer } = require('./code-server');

async function mochaGlobalSetup() {
  await ensureCodeServer();
}

module.exports = { mochaGlobalSetup };
