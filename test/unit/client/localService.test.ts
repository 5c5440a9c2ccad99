// Starting the built-in service as a child process (src/client/localService.ts), as the editor and the MCP server both
// do: the URLs of its ready line, and a failed start said with the reason (its last stderr line, or the time it had).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LocalServiceStartError, startLocalServiceProcess } from '../../../src/client/localService';
import { format } from '../../../src/core/l10n';

function script(body: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-start-'));
  const file = path.join(dir, 'service.js');
  fs.writeFileSync(file, body);
  return file;
}

describe('startLocalServiceProcess', () => {
  it('resolves with the four URLs of the first line that has them; other lines go to onLine', async () => {
    const urls = { baseUrl: 'http://127.0.0.1:1/api', epdUrl: 'http://127.0.0.1:1/epd', authUrl: 'http://127.0.0.1:1/auth', graphqlUrl: 'http://127.0.0.1:1/graphql' };
    const seen: string[] = [];
    const { child, ready } = startLocalServiceProcess({
      script: script(`console.log('starting'); console.error('args ' + process.argv.slice(2).join(' ')); console.log(JSON.stringify(${JSON.stringify(urls)})); setTimeout(() => {}, 10000);`),
      dataDir: '/tmp/lca-data',
      timeoutMs: 10_000,
      onLine: (line, stream) => seen.push(`${stream}: ${line}`),
    });
    try {
      assert.deepStrictEqual(await ready, urls);
      assert.ok(seen.includes('stdout: starting'), seen.join('\n'));
      // stderr is another pipe: its line may come after the ready line.
      const args = 'stderr: args --port 0 --remember-port --host 127.0.0.1 --data /tmp/lca-data';
      for (let i = 0; i < 100 && !seen.includes(args); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(seen.includes(args), seen.join('\n'));
    } finally {
      child.kill();
    }
  });

  it('a service that exits first is refused with its last stderr line', async () => {
    const { ready } = startLocalServiceProcess({ script: script(`console.error('port in use'); process.exit(3);`), dataDir: '/tmp/x', timeoutMs: 10_000 });
    await assert.rejects(ready, (e: unknown) => e instanceof LocalServiceStartError && format(e.reason) === 'the service exited (code 3) before it was ready: port in use');
  });

  it('a service that never reports ready is stopped after the time it had', async () => {
    const { child, ready } = startLocalServiceProcess({ script: script(`setTimeout(() => {}, 10000);`), dataDir: '/tmp/x', timeoutMs: 300 });
    await assert.rejects(ready, (e: unknown) => e instanceof LocalServiceStartError && format(e.reason) === 'the service did not report ready within 0.3 s');
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r)));
    assert.ok(child.signalCode !== null || child.exitCode !== null, 'the process was stopped');
  });
});
