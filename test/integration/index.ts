// The one test runner module for the integration layer: VS Code's extension host calls run() (code-server
// launcher and @vscode/test-electron alike). Mocha's own spec reporter writes the results — to $LCA_TEST_OUTPUT when
// set, because the extension host's console does not reach the code-server launcher, which prints that file — and
// the run ends with the closing line `N passed, M failed`; run() rejects (VS Code's exit code 1) on any failure.
import * as fs from 'fs';
import * as path from 'path';
import { format } from 'util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

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
  const output = process.env.LCA_TEST_OUTPUT;
  // Appended synchronously, line by line, so that a crash of the extension host loses nothing already reported.
  if (output) fs.writeFileSync(output, '');
  const print = (...args: unknown[]): void => (output ? fs.appendFileSync(output, format(...args) + '\n') : console.log(...args));
  MochaCtor.reporters.Base.consoleLog = print;
  const mocha = new MochaCtor({ ui: 'bdd', color: false, reporter: 'spec', timeout: Number(process.env.LCA_TEST_TIMEOUT_MS) || 30000 });
  if (process.env.LCA_TEST_GREP) mocha.grep(process.env.LCA_TEST_GREP);
  // Debug lines (each service request leaves one) reach the log files only at this level; the tests read the LCA log's
  // file (support/log.ts). VS Code's own command for extension tests.
  await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'debug');

  // A rejection nobody handles is a bug even when every assertion passed: each is one more failure.
  // Mocha re-emits rejections it traps, so the same promise can arrive twice.
  const rejections = new Map<Promise<unknown>, unknown>();
  const onRejection = (reason: unknown, promise: Promise<unknown>): void => void rejections.set(promise, reason);
  process.on('unhandledRejection', onRejection);
  let passed = 0;
  let failed = 0;
  try {
    const files = fs.readdirSync(__dirname, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.js'));
    for (const file of files.sort()) mocha.addFile(path.join(__dirname, file));
    if (process.env.LCA_TEST_INJECT_FAILURE === '1') addInjectedFailures(MochaCtor, mocha.suite);
    try {
      await mocha.loadFilesAsync();
    } catch (e) {
      print('load the integration test files: %s', (e as Error).stack ?? e);
      failed++;
      throw e;
    }
    const stats = await new Promise<Mocha.Stats | undefined>((resolve) => {
      const runner = mocha.run(() => resolve(runner.stats));
    });
    // Give rejections from the last test's floating promises a chance to surface.
    await new Promise((r) => setTimeout(r, 100));
    passed = stats?.passes ?? 0;
    failed += (stats?.failures ?? 0) + rejections.size;
    for (const reason of rejections.values()) print('  ✗ unhandled promise rejection during the tests\n      %s', reason instanceof Error ? reason.stack : reason);
  } finally {
    process.off('unhandledRejection', onRejection);
    print('%d passed, %d failed', passed, failed);
  }
  if (failed > 0) throw new Error(`${failed} integration test(s) failed`);
}
