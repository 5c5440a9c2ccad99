// Fault injection under /__sandbox: latency, failures with Retry-After, connection resets, loopback only;
// and the command line: one JSON line of URLs, clean stop on SIGTERM.
import * as assert from 'assert';
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { call, signIn, startHarness, tempDir, type Harness } from './support/harness';

/** A non-loopback address of this machine, if it has one. */
function externalAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

describe('local service: fault injection', function () {
  this.timeout(30_000);
  let h: Harness;
  let token: string;
  let enumsUrl: string;
  before(async () => {
    h = await startHarness();
    token = await signIn(h);
    enumsUrl = `${h.service.urls.baseUrl}/BuildingProject/buildingprojectenums`;
  });
  after(() => h.cleanup());

  it('adds latency until it is set back to 0', async () => {
    await call('POST', `${h.origin}/__sandbox/latency`, { body: { ms: 300 } });
    let t = Date.now();
    await call('GET', enumsUrl, { token });
    assert.ok(Date.now() - t >= 290, `${Date.now() - t} ms`);
    await call('POST', `${h.origin}/__sandbox/latency`, { body: { ms: 0 } });
    t = Date.now();
    await call('GET', enumsUrl, { token });
    assert.ok(Date.now() - t < 250);
  });

  it('fails the next N matching requests with the given status and Retry-After', async () => {
    await call('POST', `${h.origin}/__sandbox/fail`, { body: { path: '/buildingprojectenums', status: 429, count: 2, retryAfter: 3 } });
    const first = await call('GET', enumsUrl, { token });
    assert.strictEqual(first.status, 429);
    assert.strictEqual(first.headers.get('retry-after'), '3');
    assert.strictEqual((await call('GET', `${h.service.urls.baseUrl}/BuildingProject/00000000-0000-4000-8000-000000000000`, { token })).status, 404, 'other paths unaffected');
    assert.strictEqual((await call('GET', enumsUrl, { token })).status, 429);
    assert.strictEqual((await call('GET', enumsUrl, { token })).status, 200);
    await call('POST', `${h.origin}/__sandbox/fail`, { body: { path: '/material/bulk/create', status: 500, count: 1 } });
    const failed = await call('POST', `${h.service.urls.epdUrl}/material/bulk/create`, { token, body: [] });
    assert.strictEqual(failed.status, 500);
    assert.strictEqual(failed.headers.get('retry-after'), null);
  });

  it('resets the connection of the next matching request', async () => {
    await call('POST', `${h.origin}/__sandbox/reset-connections`, { body: { path: '/buildingprojectenums', count: 1 } });
    await assert.rejects(fetch(enumsUrl, { headers: { Authorization: `Bearer ${token}` } }));
    assert.strictEqual((await call('GET', enumsUrl, { token })).status, 200);
  });

  it('refuses the control paths to callers that are not on loopback', async function () {
    const address = externalAddress();
    if (!address) this.skip();
    const open = await startHarness({ host: '0.0.0.0' });
    try {
      const port = open.service.port;
      assert.strictEqual((await call('GET', `http://127.0.0.1:${port}/__sandbox/stats`)).status, 200);
      assert.strictEqual((await call('GET', `http://${address}:${port}/__sandbox/stats`)).status, 404);
      assert.strictEqual((await call('POST', `http://${address}:${port}/__sandbox/reset`, { body: {} })).status, 404);
    } finally {
      await open.cleanup();
    }
  });
});

describe('local service: command line', function () {
  this.timeout(30_000);
  const cli = path.resolve(__dirname, '../../../../dist/service.js');

  it('prints one JSON line of the four URLs, serves them, and stops cleanly on SIGTERM', async function () {
    if (!fs.existsSync(cli)) this.skip();
    const dir = tempDir();
    const child = spawn(process.execPath, [cli, '--port', '0', '--data', dir, '--token-ttl', '60'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before printing`)));
      });
      const lines = line.trim().split('\n');
      assert.strictEqual(lines.length, 1);
      const urls = JSON.parse(lines[0]) as Record<string, string>;
      assert.deepStrictEqual(Object.keys(urls).sort(), ['authUrl', 'baseUrl', 'epdUrl', 'graphqlUrl']);
      for (const u of Object.values(urls)) assert.match(u, /^http:\/\/127\.0\.0\.1:\d+\/[a-z]+$/);
      const r = await call<{ expires_in: number }>('POST', `${urls.authUrl}/v1/user`, { body: { email: 'demo@example.com', password: 'demo-password' } });
      assert.strictEqual(r.body.expires_in, 60);
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.strictEqual(await exit, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('`npm run -s sandbox` prints only the JSON line, and stopping npm stops the service (no orphan holding the port)', async function () {
    this.timeout(120_000);
    const dir = tempDir();
    const root = path.resolve(__dirname, '../../../..');
    const npm = spawn('npm', ['run', '-s', 'sandbox', '--', '--port', '0', '--data', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const out = await new Promise<string>((resolve, reject) => {
        let text = '';
        npm.stdout.on('data', (d: Buffer) => {
          text += d.toString();
          if (text.includes('\n')) resolve(text);
        });
        npm.once('exit', (code) => reject(new Error(`npm exited ${code} before printing`)));
      });
      const lines = out.trim().split('\n');
      assert.strictEqual(lines.length, 1, `stdout should be the JSON line alone, got: ${out}`);
      const urls = JSON.parse(lines[0]) as Record<string, string>;
      const before = await fetch(`${urls.baseUrl}/BuildingProject/buildingprojectenums`);
      assert.strictEqual(before.status, 401, 'the service answers while npm runs');
      const exit = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
      npm.kill('SIGTERM');
      await exit;
      // The service was npm's process itself (exec), so it is gone with it: the port refuses connections.
      let refused = false;
      for (let i = 0; i < 50 && !refused; i++) {
        try {
          await fetch(`${urls.baseUrl}/BuildingProject/buildingprojectenums`);
          await new Promise((r) => setTimeout(r, 100));
        } catch {
          refused = true;
        }
      }
      assert.ok(refused, 'the service still answers after npm was stopped');
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
