// Reads the JSON-lines results file the integration runner module writes and prints it for people.
const fs = require('fs');

function readResults(file) {
  if (!fs.existsSync(file)) return [];
  const lines = [];
  for (const raw of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!raw.trim()) continue;
    try {
      lines.push(JSON.parse(raw));
    } catch {
      // A line cut short by a crash of the extension host.
    }
  }
  return lines;
}

function indent(text, prefix) {
  return text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');
}

/** Prints ✓/✗ per test and returns the counts. */
function printResults(results, out = console.log) {
  let passed = 0;
  let failed = 0;
  let pending = 0;
  for (const r of results) {
    if (r.type !== 'test') continue;
    if (r.state === 'passed') {
      passed++;
      out(`  ✓ ${r.title}${r.durationMs ? ` (${r.durationMs} ms)` : ''}`);
    } else if (r.state === 'pending') {
      pending++;
      out(`  - ${r.title} (pending)`);
    } else {
      failed++;
      out(`  ✗ ${r.title}`);
      if (r.error) out(indent(r.error, '      '));
    }
  }
  return { passed, failed, pending };
}

/** The closing line every layer prints; scripts/test-all.js parses it. */
function summaryLine({ passed, failed }) {
  return `${passed} passed, ${failed} failed`;
}

module.exports = { readResults, printResults, summaryLine };
