// Proves that a failing test (or an unhandled rejection) inside VS Code makes the integration launcher fail, and that
// the launcher leaves no process behind.
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { repoRoot } from '../../scripts/lib/repo';

/** Pids of live processes whose environment carries `tag` (everything the launcher started inherits it). */
function processesTagged(tag: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (/\) Z /.test(stat)) continue; // a zombie is dead already, merely not yet reaped
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').includes(tag)) {
        found.push(`${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 160)}`);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

function runLauncher(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot(), 'scripts', 'run-integration.js')], {
      cwd: repoRoot(),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('integration launcher (scripts/run-integration.js)', function () {
  // It installs code-server on first use and runs a real VS Code.
  this.timeout(15 * 60 * 1000);

  it('exits non-zero, reports a failing test and an unhandled rejection inside VS Code, and leaves no process running', async () => {
    const tag = `LCA_LAUNCHER_TEST_TAG=${crypto.randomUUID()}`;
    const [tagName, tagValue] = tag.split('=');
    // Only the injected tests: the counts stay exact whatever state the real tests are in (they fail on their own).
    const grep = 'smoke: launcher injected failure';
    const { code, output } = await runLauncher({ LCA_TEST_INJECT_FAILURE: '1', LCA_TEST_GREP: grep, [tagName]: tagValue });

    assert.notStrictEqual(code, 0, `launcher exited 0:\n${output}`);
    const summary = output.match(/^(\d+) passed, (\d+) failed$/m);
    assert.ok(summary, `no "N passed, M failed" line:\n${output}`);
    // Passed: the test that leaks a rejection; failed: the throwing test and the rejection itself.
    assert.deepStrictEqual([Number(summary[1]), Number(summary[2])], [1, 2], `expected 1 passed, 2 failed:\n${output}`);
    // Mocha's spec reporter, as the runner inside VS Code wrote it: the failing test with its error, the passing one, and
    // the rejection the runner adds.
    assert.match(output, /1\) smoke: launcher\n\s+injected failure: a test that throws:\n\s+Error: deliberate failure injected/);
    assert.match(output, /✔ injected failure: a passing test that leaves a promise rejection unhandled/);
    assert.match(output, /✗ unhandled promise rejection during the tests\n\s+Error: deliberate unhandled rejection injected/);

    // Stopped process groups may take a moment to disappear from /proc.
    let left = processesTagged(tag);
    for (let i = 0; i < 20 && left.length; i++) {
      await new Promise((r) => setTimeout(r, 250));
      left = processesTagged(tag);
    }
    assert.deepStrictEqual(left, [], 'processes left running after the launcher exited');
  });
});
