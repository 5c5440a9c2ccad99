// The MCP server survives a large message and never outlives its client: `node dist/mcp.js` signed in to the
// built-in local service (which it starts), spoken to line by line over stdio as any client would. An 11 MB argument
// gets an error answer with its request's id and the session goes on; a line that is not JSON and one that is not a
// JSON-RPC message get the protocol's errors; closing stdin stops the server and its local service within 5 s, and the
// server says why on stderr.
import * as assert from 'assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CREDENTIALS } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';
import { makeWorkspace } from '../tools/support';

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const within = async (ms: number, test: () => boolean): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return test();
};

describe('MCP server (dist/mcp.js): large messages, bad lines and the end of its client', function () {
  this.timeout(120_000);
  const root = makeWorkspace();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-mcp-session-'));
  let server: ChildProcessWithoutNullStreams;
  let stderr = '';
  let out = '';
  const answers = new Map<unknown, Record<string, unknown>>();
  const nullAnswers: Record<string, unknown>[] = [];

  const send = (message: unknown): void => void server.stdin.write(typeof message === 'string' ? message : JSON.stringify(message) + '\n');
  const answer = async (id: number | null, after = 0): Promise<Record<string, unknown>> => {
    const ok = await within(60_000, () => (id === null ? nullAnswers.length > after : answers.has(id)));
    assert.ok(ok, `no answer for id ${id}; stderr: ${stderr}`);
    return id === null ? nullAnswers[after] : answers.get(id)!;
  };

  before(async () => {
    server = spawn(process.execPath, [path.join(REPO_ROOT, 'dist', 'mcp.js'), '--workspace', root], {
      env: { PATH: process.env.PATH ?? '', LCA_EMAIL: CREDENTIALS.demoUser.email, LCA_PASSWORD: CREDENTIALS.demoUser.password, LCA_LOCAL_DATA: data },
    });
    server.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    server.stdout.on('data', (d: Buffer) => {
      out += String(d);
      let nl;
      while ((nl = out.indexOf('\n')) !== -1) {
        const line = out.slice(0, nl);
        out = out.slice(nl + 1);
        const m = JSON.parse(line) as Record<string, unknown>;
        if (m.id === null) nullAnswers.push(m);
        else answers.set(m.id, m);
      }
    });
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    await answer(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  });
  after(() => {
    if (server.exitCode === null) server.kill();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('answers an 11 MB tool call with an error that names the limit, and the session goes on', async () => {
    // The SDK client writes the id last: the server finds it there.
    send(JSON.stringify({ method: 'tools/call', params: { name: 'lca_search_materials', arguments: { query: 'x'.repeat(11 * 1024 * 1024) } }, jsonrpc: '2.0', id: 2 }) + '\n');
    const big = await answer(2);
    const error = big.error as { code: number; message: string };
    assert.strictEqual(error.code, -32600);
    assert.match(error.message, /over the limit of 10485760 bytes/);
    send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const list = await answer(3);
    assert.ok(((list.result as { tools: unknown[] }).tools).length > 0, 'the session goes on');
  });

  it('answers a line that is not JSON and one that is not JSON-RPC with the protocol\'s errors', async () => {
    send('this is not json\n');
    const parse = await answer(null, 0);
    assert.strictEqual((parse.error as { code: number }).code, -32700);
    send({ hello: 'world', id: 4 });
    const invalid = await answer(4);
    assert.strictEqual((invalid.error as { code: number }).code, -32600);
  });

  it('stops itself and the local service it started within 5 s of its client closing stdin, and says why', async () => {
    // The local service the server started answers on its port: find its pid by the data folder it was given.
    const ready = await within(60_000, () => /signed in to Local as/.test(stderr));
    assert.ok(ready, stderr);
    const servicePids = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(data);
        } catch {
          return false;
        }
      })
      .map(Number)
      .filter((pid) => pid !== server.pid);
    assert.ok(servicePids.length > 0, 'the local service runs');
    server.stdin.end();
    assert.ok(await within(5_000, () => server.exitCode !== null), 'the server exited');
    assert.strictEqual(server.exitCode, 0);
    assert.ok(await within(5_000, () => servicePids.every((pid) => !alive(pid))), `the local service stopped (${servicePids.join(', ')})`);
    assert.match(stderr, /the client closed the connection \(stdin ended\): stopping \(and the local service it started\)/);
  });
});
