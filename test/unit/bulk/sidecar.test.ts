// The ids a bulk-create sidecar vouches for, as the Library, epdId completion and the epdId rules read them: only
// those created on the current environment's service (its epdUrl).
import * as assert from 'assert';
import { createdIdsFor, materialKey, mergeSidecar, serializeSidecar } from '../../../src/core/bulk';

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
