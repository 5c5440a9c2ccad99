// The ids a bulk-create sidecar vouches for, as the Library, epdId completion and the epdId rules read them: only
// those created on the current environment's service (its epdUrl).
import * as assert from 'assert';
import { createdIdsFor, createdKeys, materialKey, mergeSidecar, otherIdentity, planBulkCreate, serializeSidecar, sidecarIdsFor } from '../../../src/core/bulk';
import { CHECKS } from '../../fixtures/checks';

const EPD_URL = 'http://127.0.0.1:4000/api';
const text = serializeSidecar(
  mergeSidecar(undefined, { source: 'walls.materials.json', epdUrl: EPD_URL }, [
    { originalUUID: '5A3C1E00-0000-4000-8000-000000000001', originalVersion: '1.0', id: 'c0ffee00-0000-4000-8000-000000000001', name: 'Brick', createdAt: '2026-01-01T00:00:00Z' },
  ]),
);

describe('bulk sidecar: created ids for the current service', () => {
  it('gives the ids by originalUUID@originalVersion (UUID lower-cased) for the same service, however its URL is written', () => {
    const expected = new Map([[materialKey('5a3c1e00-0000-4000-8000-000000000001', '1.0'), 'c0ffee00-0000-4000-8000-000000000001']]);
    assert.deepStrictEqual(createdIdsFor(text, EPD_URL), expected);
    assert.deepStrictEqual(createdIdsFor(text, 'HTTP://127.0.0.1:4000/api/'), expected);
  });

  it('gives none for another service, an unknown current service, or text that is not a sidecar', () => {
    assert.strictEqual(createdIdsFor(text, 'https://epd.example.com/api').size, 0);
    assert.strictEqual(createdIdsFor(text, undefined).size, 0);
    assert.strictEqual(createdIdsFor('{"items": [', EPD_URL).size, 0);
    assert.strictEqual(createdIdsFor(JSON.stringify({ items: [{ originalUUID: 'a', originalVersion: '1', id: 'b' }] }), EPD_URL).size, 0, 'no epdUrl: no id can be trusted');
  });
});

describe('bulk sidecar: who created the ids (createdBy)', () => {
  const item = { originalUUID: '5a3c1e00-0000-4000-8000-000000000002', originalVersion: '1.0', id: 'c0ffee00-0000-4000-8000-000000000002', name: 'Timber', createdAt: '2026-01-01T00:00:00Z' };
  const byDemo = mergeSidecar(undefined, { source: 'walls.materials.json', epdUrl: EPD_URL, createdBy: 'demo@example.com' }, [item]);

  it('is written into the sidecar and read back with the ids', () => {
    const written = serializeSidecar(byDemo);
    assert.match(written, /"createdBy": "demo@example.com"/);
    const read = sidecarIdsFor(written, EPD_URL);
    assert.strictEqual(read.createdBy, 'demo@example.com');
    assert.strictEqual(read.ids.get(materialKey(item.originalUUID, '1.0')), item.id);
  });

  it('counts the records for the same login (in any case), not for another one; a sidecar without it counts for anyone', () => {
    assert.strictEqual(createdKeys(byDemo, EPD_URL, 'Demo@Example.com').size, 1);
    assert.strictEqual(createdKeys(byDemo, EPD_URL, 'other@example.com').size, 0, 'another tenant’s user cannot use these ids');
    assert.strictEqual(otherIdentity(byDemo, 'other@example.com'), true);
    const legacy = mergeSidecar(undefined, { source: 'walls.materials.json', epdUrl: EPD_URL }, [item]);
    assert.strictEqual(legacy.createdBy, undefined);
    assert.strictEqual(createdKeys(legacy, EPD_URL, 'other@example.com').size, 1);
    assert.strictEqual(otherIdentity(legacy, 'other@example.com'), false);
  });

  it('merging for another login starts afresh (the other login’s ids are not carried over)', () => {
    const merged = mergeSidecar(byDemo, { source: 'walls.materials.json', epdUrl: EPD_URL, createdBy: 'other@example.com' }, []);
    assert.strictEqual(merged.createdBy, 'other@example.com');
    assert.strictEqual(merged.items.length, 0);
  });

  it('a bulk-create plan sends the items another login created again', () => {
    const text = JSON.stringify([{ originalUUID: item.originalUUID, originalVersion: '1.0' }]);
    assert.strictEqual(planBulkCreate(text, { ...CHECKS, fileName: 'walls.materials.json', epdUrl: EPD_URL, sidecar: byDemo, createdBy: 'demo@example.com' }).created.length, 1);
    assert.strictEqual(planBulkCreate(text, { ...CHECKS, fileName: 'walls.materials.json', epdUrl: EPD_URL, sidecar: byDemo, createdBy: 'other@example.com' }).created.length, 0);
  });
});
