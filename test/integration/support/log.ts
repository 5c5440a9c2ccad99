// The extension's "LCA" log, read from its file: a LogOutputChannel writes to <logs>/<session>/…/<extension id>/LCA.log
// under the user data folder, which the launchers pass on as LCA_TEST_USER_DATA. The runner (index.ts) sets the log
// level to debug, so the file holds the request lines too.
import * as fs from 'fs';
import * as path from 'path';
import { waitFor } from './wait';

const EXTENSION_ID = 'lca-workbench.lca-workbench';

function logFiles(dir: string, depth: number): string[] {
  if (depth < 0 || !fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...logFiles(full, depth - 1));
    else if (entry.name === 'LCA.log' && path.basename(dir) === EXTENSION_ID) found.push(full);
  }
  return found;
}

/** The LCA log file of this session (the newest, should the extension host have restarted). */
export function logFile(): string {
  const userData = process.env.LCA_TEST_USER_DATA;
  if (!userData) throw new Error('LCA_TEST_USER_DATA is not set: run the integration tests through their launcher');
  const files = logFiles(path.join(userData, 'logs'), 5).sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
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
  const text = (): string => (logFiles(path.join(process.env.LCA_TEST_USER_DATA ?? '', 'logs'), 5).length ? logText() : '');
  return waitFor(`a log line matching ${pattern}`, () => text().slice(from).split('\n').find((line) => pattern.test(line)), 10_000);
}
