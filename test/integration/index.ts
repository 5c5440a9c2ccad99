// The one test runner module for the integration layer: VS Code's extension host calls run() (code-server
// launcher and @vscode/test-electron alike). Results also go, as JSON lines, to $LCA_TEST_RESULTS because the
// extension host's console does not reach the code-server launcher.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

/** Mocha's own file lookup, the one its command line applies to a spec glob. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lookupFiles = require('mocha/lib/cli/lookup-files') as (pattern: string, extensions: string[], recursive: boolean) => string[];

/** One line of the results file; the launchers parse these. */
export type ResultLine =
  | { type: 'test'; title: string; state: 'passed' | 'failed' | 'pending'; durationMs?: number; error?: string }
  | { type: 'end'; passed: number; failed: number; pending: number };

function errorText(err: unknown): string {
  if (err instanceof Error) return err.stack && !err.message.includes('\n') ? `${err.message}\n${err.stack.split('\n').slice(1, 4).join('\n')}` : err.message;
  return String(err);
}

class ResultsWriter {
  passed = 0;
  failed = 0;
  pending = 0;

  constructor(private readonly file: string | undefined) {
    if (file) fs.writeFileSync(file, '');
  }

  record(line: ResultLine): void {
    if (line.type === 'test') {
      if (line.state === 'passed') this.passed++;
      else if (line.state === 'failed') this.failed++;
      else this.pending++;
    }
    // Appended synchronously so that a crash of the extension host loses nothing already run.
    if (this.file) fs.appendFileSync(this.file, JSON.stringify(line) + '\n');
  }

  end(): void {
    this.record({ type: 'end', passed: this.passed, failed: this.failed, pending: this.pending });
  }
}

/** Mocha 11's CommonJS export is the constructor; some versions expose it as `.Mocha` instead. */
function mochaConstructor(): typeof Mocha {
  return (Mocha as unknown as { Mocha?: typeof Mocha }).Mocha ?? Mocha;
}

/** LCA_TEST_INJECT_FAILURE=1: two deliberate failures that the launcher's own test expects to see reported. */
function addInjectedFailures(MochaCtor: typeof Mocha, root: Mocha.Suite): void {
  const suite = MochaCtor.Suite.create(root, 'smoke: launcher');
  suite.addTest(
    new MochaCtor.Test('injected failure: a test that throws', () => {
      throw new Error('deliberate failure injected by LCA_TEST_INJECT_FAILURE=1');
    }),
  );
  suite.addTest(
    new MochaCtor.Test('injected failure: a passing test that leaves a promise rejection unhandled', async () => {
      void Promise.reject(new Error('deliberate unhandled rejection injected by LCA_TEST_INJECT_FAILURE=1'));
      await new Promise((r) => setTimeout(r, 50));
    }),
  );
}

export async function run(): Promise<void> {
  const MochaCtor = mochaConstructor();
  const mocha = new MochaCtor({ ui: 'bdd', color: false, timeout: Number(process.env.LCA_TEST_TIMEOUT_MS) || 30000 });
  if (process.env.LCA_TEST_GREP) mocha.grep(process.env.LCA_TEST_GREP);
  // Debug lines (each service request leaves one) reach the log files only at this level; the tests read the LCA log's
  // file (support/log.ts). VS Code's own command for extension tests.
  await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'debug');
  const results = new ResultsWriter(process.env.LCA_TEST_RESULTS);

  // A rejection nobody handles is a bug even when every assertion passed.
  // Mocha re-emits rejections it traps, so the same promise can arrive twice.
  const seen = new WeakSet<Promise<unknown>>();
  const onRejection = (reason: unknown, promise: Promise<unknown>): void => {
    if (seen.has(promise)) return;
    seen.add(promise);
    results.record({ type: 'test', title: 'unhandled promise rejection during the tests', state: 'failed', error: errorText(reason) });
  };
  process.on('unhandledRejection', onRejection);

  try {
    // A glob takes forward slashes on every platform.
    for (const file of lookupFiles(`${__dirname.split(path.sep).join('/')}/**/*.test.js`, ['js'], false).sort()) mocha.addFile(file);
    if (process.env.LCA_TEST_INJECT_FAILURE === '1') addInjectedFailures(MochaCtor, mocha.suite);
    try {
      await mocha.loadFilesAsync();
    } catch (e) {
      results.record({ type: 'test', title: 'load the integration test files', state: 'failed', error: errorText(e) });
      throw e;
    }
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on('pass', (t) => results.record({ type: 'test', title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
      runner.on('fail', (t, err) => results.record({ type: 'test', title: t.fullTitle(), state: 'failed', durationMs: t.duration, error: errorText(err) }));
      runner.on('pending', (t) => results.record({ type: 'test', title: t.fullTitle(), state: 'pending' }));
    });
    // Give rejections from the last test's floating promises a chance to surface.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    process.off('unhandledRejection', onRejection);
    results.end();
  }
  if (results.failed > 0) throw new Error(`${results.failed} integration test(s) failed`);
}
