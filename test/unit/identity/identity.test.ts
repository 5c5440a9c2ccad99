// Whose an id is (issue 24 item 3): ids created or read by another identity are not offered to the signed-in one
// (epdId completion, Pick Material), ids nobody is known to have created are offered but marked, and signed out every
// id counts. Also Push Material's sidecar: another login's records do not count for the one signed in.
import * as assert from 'assert';
import { identityKey, loginOfIdentity, offeredIds, ownershipOf } from '../../../src/core/identity';
import { materialKey, mergeSidecar, planMaterialFile, readSidecar, serializeSidecar, sidecarIdsFor } from '../../../src/core/bulk';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { newMaterialTemplate } from '../../../src/core/templates';
import { CHECKS } from '../../fixtures/checks';

const epdUrl = 'http://127.0.0.1:1/epd/api';
const DEMO = identityKey(epdUrl, 'demo@example.com');
const OTHER = identityKey(epdUrl, 'Other@Example.com ');

describe('identity: whose ids are offered', () => {
  it('an identity is the EPD host and the login, compared case-insensitively; its login can be read back', () => {
    assert.strictEqual(identityKey(`${epdUrl}/`, 'DEMO@example.com'), DEMO);
    assert.notStrictEqual(identityKey('https://other.example/epd', 'demo@example.com'), DEMO);
    assert.strictEqual(loginOfIdentity(OTHER), 'other@example.com');
  });

  it('ownership: own when this identity created or read it (or nobody is signed in), other, unknown', () => {
    assert.strictEqual(ownershipOf(DEMO, DEMO, false), 'own');
    assert.strictEqual(ownershipOf(DEMO, OTHER, false), 'other');
    assert.strictEqual(ownershipOf(DEMO, OTHER, true), 'own', 'read by the signed-in identity since');
    assert.strictEqual(ownershipOf(undefined, OTHER, false), 'unknown');
    assert.strictEqual(ownershipOf(DEMO, undefined, false), 'own', 'signed out: nothing can be checked');
  });

  it('offers one entry per id, none of another identity’s, and marks those of unknown owner', () => {
    const entries = [
      { id: 'A-1', name: 'demo’s bulk-created', learnedBy: DEMO },
      { id: 'b-2', name: 'other’s pushed', learnedBy: OTHER },
      { id: 'c-3', name: 'old sidecar' },
      { name: 'not on the service' },
      { id: 'd-4', name: 'demo’s, read by other too', learnedBy: DEMO },
      { id: 'a-1', name: 'the same id, pulled by other', learnedBy: OTHER },
      { id: 'B-2', name: 'the same id again', learnedBy: DEMO },
    ];
    const asOther = offeredIds(entries, OTHER, new Set(['d-4']));
    assert.deepStrictEqual(
      asOther.map((o) => [o.entry.name, o.owner]),
      [
        ['the same id, pulled by other', 'own'],
        ['other’s pushed', 'own'],
        ['old sidecar', 'unknown'],
        ['demo’s, read by other too', 'own'],
      ],
    );
    const asDemo = offeredIds(entries.slice(0, 4), DEMO, new Set());
    assert.deepStrictEqual(asDemo.map((o) => [o.entry.id, o.owner]), [['A-1', 'own'], ['c-3', 'unknown']]);
    const signedOut = offeredIds(entries.slice(0, 4), undefined, new Set());
    assert.deepStrictEqual(signedOut.map((o) => o.owner), ['own', 'own', 'own']);
  });
});

describe('identity: the Push Material sidecar records who created its ids', () => {
  const material = newMaterialTemplate({ name: 'Board', declaredUnit: 2, originalUUID: '6c0f3a1e-2b7d-4e55-9a3c-1d2e3f4a5b6c' }, ASSUMED_CODES);
  const text = JSON.stringify(material, null, 2);
  const record = { originalUUID: material.originalUUID, originalVersion: material.originalVersion, id: 'id-1', name: 'Board', createdAt: '' };

  it('a sidecar written for demo says so, and the catalog reads whose its ids are', () => {
    const sidecar = mergeSidecar(undefined, { source: 'board.material.json', epdUrl, createdBy: 'demo@example.com' }, [record]);
    const read = readSidecar(serializeSidecar(sidecar));
    assert.ok(read.ok);
    assert.strictEqual(read.sidecar.createdBy, 'demo@example.com');
    const ids = sidecarIdsFor(serializeSidecar(sidecar), epdUrl);
    assert.strictEqual(ids.createdBy, 'demo@example.com');
    assert.strictEqual(ids.ids.get(materialKey(material.originalUUID, material.originalVersion)), 'id-1');
  });

  it('demo’s record does not count for other@: Push Material sends it again for them', () => {
    const sidecar = mergeSidecar(undefined, { source: 'board.material.json', epdUrl, createdBy: 'demo@example.com' }, [record]);
    const asDemo = planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl, sidecar, createdBy: 'DEMO@example.com' });
    assert.deepStrictEqual([asDemo.toSend.length, asDemo.created.length], [0, 1]);
    const asOther = planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl, sidecar, createdBy: 'other@example.com' });
    assert.deepStrictEqual([asOther.toSend.length, asOther.created.length], [1, 0]);
  });
});
