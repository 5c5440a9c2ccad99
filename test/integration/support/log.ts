// The extension's "LCA" log, read from its file: a LogOutputChannel writes to <logs>/<session>/…/<extension id>/LCA.log
// under the user data folder, which the launchers pass on as LCA_TEST_USER_DATA. The runner (index.ts) sets the log
// level to debug, so the file holds the request lines too.
import * as fs from 'fs';
import * as path from 'path';
import { waitFor } from './wait';

const EXTENSION_ID = 'lca-workbench.lca-workbench';

/** The extension's LCA.log files under `dir`. */
function logFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
  return files.filter((f) => path.basename(f) === 'LCA.log' && path.basename(path.dirname(f)) === EXTENSION_ID);
}

/** The LCA log file of this session (the newest, should the extension host have restarted). */
export function logFile(): string {
  const userData = process.env.LCA_TEST_USER_DATA;
  if (!userData) throw new Error('LCA_TEST_USER_DATA is not set: run the integration tests through their launcher');
  const files = logFiles(path.join(userData, 'logs')).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (!files.length) throw new Error(`no ${EXTENSION_ID}/LCA.log under ${path.join(userData, 'logs')}`);
  return files[0];
}

/** What the LCA log holds so far. */
export function logText(): string {
  return fs.readFileSync(logFile(), 'utf8');
}

/** Waits until the log has a line matching `pattern` (the log is written to its file shortly after); the line. */
export async function waitForLog(pattern: RegExp, from = 0): Promise<string> {
  // The file itself appears shortly after the first line is logged.
  const text = (): string => (logFiles(path.join(process.env.LCA_TEST_USER_DATA ?? '', 'logs')).length ? logText() : '');
  return waitFor(`a log line matching ${pattern}`, () => text().slice(from).split('\n').find((line) => pattern.test(line)), 10_000);
}
