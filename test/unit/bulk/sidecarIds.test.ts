// A bulk file's item's service id, as the editor's catalog and the tools for agents both read it: the sidecar's id for
// this service first, else the item's own (a pulled record's), else none.
import * as assert from 'assert';
import { bulkItemIdOf, materialKey } from '../../../src/core/bulk/sidecar';

describe('bulk: the service id of an item of a materials file', () => {
  const item = { originalUUID: 'ABC-1', originalVersion: '1.0', name: 'Board' };
  const recorded = new Map([[materialKey('abc-1', '1.0'), 'id-from-sidecar']]);

  it('is the id its sidecar records for this service (keys compared with the UUID lower-cased)', () => {
    assert.deepStrictEqual(bulkItemIdOf({ ...item, id: 'own-id' }, recorded), { id: 'id-from-sidecar', from: 'sidecar' });
  });
  it('else the item’s own id; else none (an empty or non-string id is none)', () => {
    assert.deepStrictEqual(bulkItemIdOf({ ...item, id: 'own-id' }, new Map()), { id: 'own-id', from: 'item' });
    assert.strictEqual(bulkItemIdOf(item, new Map()), undefined);
    assert.strictEqual(bulkItemIdOf({ ...item, id: '' }, new Map()), undefined);
    assert.strictEqual(bulkItemIdOf({ ...item, id: 42 }, new Map()), undefined);
    assert.strictEqual(bulkItemIdOf('not an item', recorded), undefined);
  });
});
