// Persistence of the local service: a restart on the same folder keeps what was created (and valid tokens),
// interrupted writes leave no trace, and /__sandbox/reset brings back the seed.
import * as assert from 'assert';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';
import { randomUUID } from 'crypto';
import { MODULES, UNIT } from '../../../src/core/codes';
import { writeFileAtomicSync } from '../../../src/core/atomicFile';
import { createdKeys, mergeSidecar } from '../../../src/core/bulk/sidecar';
import { raw } from '../abuse/support/raw';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { call, signIn, startHarness, stats, tempDir, type Harness } from './support/harness';

const item = (name: string) => ({
  name,
  originalUUID: randomUUID(),
  originalVersion: '1',
  declaredUnit: { declaredValue: 1, declaredUnit: UNIT.M3 },
  lciaResults: MODULES.map((m) => ({ moduleTypeEnum: m.code, indicators: [] })),
});

describe('local service: persistence', function () {
  this.timeout(30_000);
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.cleanup());

  it('keeps projects, updates, streams, materials, constructions and tokens across a restart', async () => {
    const token = await signIn(h);
    const { baseUrl, epdUrl } = h.service.urls;
    const project = await call<{ id: string }>('POST', `${baseUrl}/BuildingProject`, { token, body: { projectName: 'Persisted', type: 0, stage: 0 } });
    await call('PUT', `${baseUrl}/BuildingProject/updatebaseinfo/${PROJECT_IDS.school}`, { token, body: { projectNumber: 'CHANGED-1' } });
    const stream = await call<{ streamId: string }>('POST', `${baseUrl}/Bim/streamDefaultBranches`, { token, body: { streamName: 'S', branches: [] } });
    const mats = await call<{ id: string }[]>('POST', `${epdUrl}/material/bulk/create`, { token, body: [item('Kept 1'), item('Kept 2')] });
    const constr = await call<{ id: string }>('POST', `${epdUrl}/Material/construction`, {
      token,
      body: { name: 'Kept wall', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: mats.body[0].id, constructionUnit: { unit: UNIT.M3, amount: 0.1 } }] },
    });
    assert.strictEqual(constr.status, 200, constr.text);
    const before = await stats(h);

    await h.restart();
    const { baseUrl: b2, epdUrl: e2 } = h.service.urls;
    assert.deepStrictEqual(await stats(h), before);
    // The token issued before the restart is still valid.
    const p = await call<{ projectName: string }>('GET', `${b2}/BuildingProject/${project.body.id}`, { token });
    assert.strictEqual(p.status, 200);
    assert.strictEqual(p.body.projectName, 'Persisted');
    assert.strictEqual((await call<{ projectNumber: string }>('GET', `${b2}/BuildingProject/${PROJECT_IDS.school}`, { token })).body.projectNumber, 'CHANGED-1');
    assert.strictEqual((await call('DELETE', `${b2}/Bim/stream/${stream.body.streamId}`, { token })).status, 200);
    assert.strictEqual((await call<{ name: string }>('GET', `${e2}/material/${mats.body[1].id}`, { token })).body.name, 'Kept 2');
    assert.strictEqual((await call<{ name: string }>('GET', `${e2}/construction/${constr.body.id}`, { token })).body.name, 'Kept wall');
    // A duplicate of a material stored before the restart is still a duplicate.
    const dupe = { ...item('again'), originalUUID: (await call<{ originalUUID: string }>('GET', `${e2}/material/${mats.body[0].id}`, { token })).body.originalUUID };
    assert.strictEqual((await call('POST', `${e2}/material/bulk/create`, { token, body: [{ ...dupe, originalVersion: '1' }] })).status, 409);
  });

  it('with rememberPort, comes back at the same URLs after a restart, so the ids a sidecar recorded are still linked; another port only when its own is taken', async () => {
    const r = await startHarness({ rememberPort: true });
    try {
      const token = await signIn(r);
      const before = r.service.urls;
      const mats = await call<{ id: string; originalUUID: string; originalVersion: string; name: string; createdAt: string }[]>('POST', `${before.epdUrl}/material/bulk/create`, { token, body: [item('Linked 1'), item('Linked 2')] });
      assert.strictEqual(mats.status, 200, mats.text);
      const records = mats.body.map((m) => ({ originalUUID: m.originalUUID, originalVersion: m.originalVersion, id: m.id, name: m.name, createdAt: m.createdAt }));
      const sidecar = mergeSidecar(undefined, { source: 'wall.materials.json', epdUrl: before.epdUrl, createdBy: 'demo@example.com' }, records);

      await r.restart();
      assert.deepStrictEqual(r.service.urls, before, 'the same URLs after a restart');
      const linked = createdKeys(sidecar, r.service.urls.epdUrl, 'demo@example.com');
      assert.strictEqual(linked.size, 2, 'every sidecar record still counts for the restarted service');
      // Fresh connections (agent: false): the client's pooled ones went with the service it stopped.
      for (const rec of linked.values()) assert.strictEqual((await raw(r.origin, { method: 'GET', path: `/epd/material/${rec.id}`, token })).status, 200);

      // Its port taken by another program: the service starts on another one (and says so), rather than not at all.
      await r.stop();
      const blocker = net.createServer();
      await new Promise<void>((resolve) => blocker.listen(r.service.port, '127.0.0.1', resolve));
      try {
        const logged: string[] = [];
        await r.restart({ log: (line) => logged.push(line) });
        assert.notStrictEqual(r.service.port, (blocker.address() as net.AddressInfo).port);
        assert.ok(logged.some((l) => /taken/.test(l)), logged.join('\n'));
      } finally {
        await new Promise<void>((resolve) => blocker.close(() => resolve()));
      }
    } finally {
      await r.cleanup();
    }
  });

  it('without rememberPort (port 0), takes any free port at each start', async () => {
    const r = await startHarness();
    try {
      const first = r.service.port;
      const blocker = net.createServer();
      await r.stop();
      await new Promise<void>((resolve) => blocker.listen(first, '127.0.0.1', resolve));
      try {
        await r.restart();
        assert.notStrictEqual(r.service.port, first);
      } finally {
        await new Promise<void>((resolve) => blocker.close(() => resolve()));
      }
      assert.ok(!fs.existsSync(path.join(r.dataDir, 'service-port.json')), 'nothing remembered');
    } finally {
      await r.cleanup();
    }
  });

  it('ignores and removes temp files left by an interrupted write', async () => {
    const before = await stats(h);
    await h.stop();
    const torn = path.join(h.dataDir, 'materials', '99999999.json.123.abcd.tmp');
    fs.writeFileSync(torn, '[{"id": "half-writ');
    fs.writeFileSync(path.join(h.dataDir, 'state.json.1.x.tmp'), '{');
    await h.restart();
    assert.deepStrictEqual(await stats(h), before);
    assert.ok(!fs.existsSync(torn));
  });

  it('writes atomically: the target holds the old or the new content, never a mix', () => {
    const dir = tempDir();
    try {
      const file = path.join(dir, 'x.json');
      writeFileAtomicSync(file, '{"v":1}');
      writeFileAtomicSync(file, '{"v":2}');
      assert.strictEqual(fs.readFileSync(file, 'utf8'), '{"v":2}');
      assert.deepStrictEqual(fs.readdirSync(dir), ['x.json'], 'no temp file left behind');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reseeds on /__sandbox/reset', async () => {
    const token = await signIn(h);
    await call('POST', `${h.service.urls.baseUrl}/BuildingProject`, { token, body: { projectName: 'Gone after reset', type: 0, stage: 0 } });
    assert.strictEqual((await call('POST', `${h.origin}/__sandbox/reset`, { body: {} })).status, 200);
    const s = await stats(h);
    assert.strictEqual(s['Demo Arkitekter'].projects, 6);
    assert.strictEqual(s['Other Rådgivning'].projects, 2);
    const fresh = await signIn(h);
    const school = await call<{ projectNumber: string }>('GET', `${h.service.urls.baseUrl}/BuildingProject/${PROJECT_IDS.school}`, { token: fresh });
    assert.strictEqual(school.body.projectNumber, 'DA-2024-017');
  });
});
