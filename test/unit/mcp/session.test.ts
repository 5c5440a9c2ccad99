// The MCP server survives malformed input and never outlives its client: `node dist/mcp.js` signed in to the built-in
// local service (which it starts), spoken to line by line over stdio as any client would. A 50 MB line gets an error
// answer that names the limit, with its request's id, and the session goes on; a line that is not JSON (garbage, `NaN`,
// `Infinity`) gets the protocol's parse error (-32700, id null), one that is not a JSON-RPC message "invalid request".
// After all that, closing stdin stops the server and its local service within 5 s (no process left, the service's port
// closed), and the server says why on stderr — as do SIGINT, SIGTERM, a client that stops reading stdout and an error
// nothing caught (planted with `node --require`, outside the server's code).
import * as assert from 'assert';
import { spawn, type ChildProcessWithoutNullStreams } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
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
/** Whether something answers on 127.0.0.1:port. */
const listening = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

type Message = Record<string, unknown>;

/** `node [nodeArgs] dist/mcp.js --workspace <folder>`, its local service's data in `data`, read line by line. */
class McpProcess {
  readonly server: ChildProcessWithoutNullStreams;
  stderr = '';
  readonly answers = new Map<unknown, Message>();
  readonly nullAnswers: Message[] = [];
  private out = '';

  constructor(
    root: string,
    readonly data: string,
    nodeArgs: string[] = [],
  ) {
    this.server = spawn(process.execPath, [...nodeArgs, path.join(REPO_ROOT, 'dist', 'mcp.js'), '--workspace', root], {
      env: { PATH: process.env.PATH ?? '', LCA_EMAIL: CREDENTIALS.demoUser.email, LCA_PASSWORD: CREDENTIALS.demoUser.password, LCA_LOCAL_DATA: this.data },
    });
    this.server.stderr.on('data', (d: Buffer) => (this.stderr += String(d)));
    this.server.stdout.on('data', (d: Buffer) => {
      this.out += String(d);
      for (let nl = this.out.indexOf('\n'); nl !== -1; nl = this.out.indexOf('\n')) {
        const m = JSON.parse(this.out.slice(0, nl)) as Message;
        this.out = this.out.slice(nl + 1);
        if (m.id === null) this.nullAnswers.push(m);
        else this.answers.set(m.id, m);
      }
    });
  }

  send(message: unknown): void {
    this.server.stdin.write(typeof message === 'string' ? message : JSON.stringify(message) + '\n');
  }

  async answer(id: number): Promise<Message> {
    assert.ok(await within(60_000, () => this.answers.has(id)), `no answer for id ${id}; stderr: ${this.stderr}`);
    return this.answers.get(id)!;
  }

  async nullAnswer(index: number): Promise<Message> {
    assert.ok(await within(60_000, () => this.nullAnswers.length > index), `no answer ${index + 1} without an id; stderr: ${this.stderr}`);
    return this.nullAnswers[index];
  }

  async initialize(): Promise<void> {
    this.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } });
    await this.answer(1);
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  }

  /** Once signed in: the local service's processes (found by the data folder they were given) and its port. */
  async service(): Promise<{ pids: number[]; port: number }> {
    assert.ok(await within(60_000, () => /signed in to Local as/.test(this.stderr)), this.stderr);
    const port = Number(/local service running at http:\/\/127\.0\.0\.1:(\d+)\//.exec(this.stderr)?.[1]);
    const pids = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(this.data);
        } catch {
          return false;
        }
      })
      .map(Number)
      .filter((pid) => pid !== this.server.pid);
    assert.ok(pids.length > 0, 'the local service runs');
    assert.ok(await listening(port), `the local service answers on port ${port}`);
    return { pids, port };
  }

  /** The server exits within 5 s with `code`, and within 5 s more its local service is gone and its port closed. */
  async stopsWithItsService(service: { pids: number[]; port: number }, code: number): Promise<void> {
    assert.ok(await within(5_000, () => this.server.exitCode !== null || this.server.signalCode !== null), `the server exited; stderr: ${this.stderr}`);
    assert.strictEqual(this.server.exitCode, code, this.stderr);
    assert.ok(await within(5_000, () => service.pids.every((pid) => !alive(pid))), `the local service stopped (${service.pids.join(', ')})`);
    assert.strictEqual(await listening(service.port), false, `nothing answers on the service's port ${service.port}`);
  }

  dispose(): void {
    if (this.server.exitCode === null && this.server.signalCode === null) this.server.kill('SIGKILL');
  }
}

describe('MCP server (dist/mcp.js): malformed input, and the end of its client', function () {
  this.timeout(120_000);
  const root = makeWorkspace();
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-mcp-session-'));
  let mcp: McpProcess;

  before(async () => {
    mcp = new McpProcess(root, data);
    await mcp.initialize();
  });
  after(() => {
    mcp.dispose();
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('answers a 50 MB tool call with an error that names the limit, and the session goes on', async () => {
    // The SDK client writes the id last: the server finds it there.
    mcp.send(JSON.stringify({ method: 'tools/call', params: { name: 'lca_search_materials', arguments: { query: 'x'.repeat(50 * 1024 * 1024) } }, jsonrpc: '2.0', id: 2 }) + '\n');
    const error = (await mcp.answer(2)).error as { code: number; message: string };
    assert.strictEqual(error.code, -32600);
    assert.match(error.message, /^The message is \d+ bytes, over the limit of 10485760 bytes \(10 MB\)/);
    mcp.send({ jsonrpc: '2.0', id: 3, method: 'tools/list' });
    assert.ok(((await mcp.answer(3)).result as { tools: unknown[] }).tools.length > 0, 'the session goes on');
  });

  it('answers each line that is not JSON — garbage, NaN, Infinity — with the parse error, and one that is not JSON-RPC with "invalid request"', async () => {
    const lines = ['this is not json', 'NaN', '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"lca_search_materials","arguments":{"gwpMax":Infinity}}}', '\u0000\u0001{]'];
    for (const line of lines) mcp.send(`${line}\n`);
    for (let i = 0; i < lines.length; i++) {
      const answer = await mcp.nullAnswer(i);
      assert.deepStrictEqual(answer, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON (one JSON-RPC message per line).' } }, lines[i]);
    }
    mcp.send({ hello: 'world', id: 4 });
    assert.strictEqual(((await mcp.answer(4)).error as { code: number }).code, -32600);
    mcp.send({ jsonrpc: '2.0', id: 6, method: 'tools/list' });
    assert.ok((await mcp.answer(6)).result, 'the session goes on');
  });

  it('after that session, stops itself and the local service it started within 5 s of its client closing stdin, and says why', async () => {
    const service = await mcp.service();
    mcp.server.stdin.end();
    await mcp.stopsWithItsService(service, 0);
    assert.match(mcp.stderr, /the client closed the connection \(stdin ended\): stopping \(and the local service it started\)/);
  });
});

describe('MCP server (dist/mcp.js): every way out stops the local service it started', function () {
  this.timeout(120_000);
  const root = makeWorkspace();
  // One data folder for the servers one after another (each service gone before the next starts): seeded once.
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-mcp-ways-'));
  const plant = path.join(data, 'plant.js');
  // An error no code of the server's catches, thrown when the test asks (SIGUSR2).
  fs.writeFileSync(plant, "process.on('SIGUSR2', () => { throw new Error('planted by the test'); });\n");

  const ways: { way: string; nodeArgs?: string[]; end: (m: McpProcess) => void; code: number; says: RegExp }[] = [
    { way: 'SIGINT', end: (m) => m.server.kill('SIGINT'), code: 0, says: /interrupted \(SIGINT\): stopping \(and the local service it started\)/ },
    { way: 'SIGTERM', end: (m) => m.server.kill('SIGTERM'), code: 0, says: /terminated \(SIGTERM\): stopping \(and the local service it started\)/ },
    {
      way: 'a client that stops reading stdout',
      end: (m) => {
        m.server.stdout.destroy();
        m.send({ jsonrpc: '2.0', id: 7, method: 'tools/list' });
      },
      code: 1,
      says: /stdout failed \(.*EPIPE.*\): stopping \(and the local service it started\)/,
    },
    { way: 'an uncaught error', nodeArgs: ['--require', plant], end: (m) => m.server.kill('SIGUSR2'), code: 1, says: /an uncaught error \(planted by the test\): stopping \(and the local service it started\)/ },
  ];
  after(() => fs.rmSync(data, { recursive: true, force: true }));
  for (const { way, nodeArgs, end, code, says } of ways) {
    it(`${way}: the server and its local service are gone within 5 s, and the server says why`, async () => {
      const mcp = new McpProcess(root, data, nodeArgs);
      try {
        await mcp.initialize();
        const service = await mcp.service();
        end(mcp);
        await mcp.stopsWithItsService(service, code);
        assert.match(mcp.stderr, says);
      } finally {
        mcp.dispose();
      }
    });
  }
});
