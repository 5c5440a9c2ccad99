// Push Material's pre-send check of one *.material.json: the same refusal as bulk create (syntax, schema, semantic
// errors counted), `$schema` not sent, and the sidecar deciding whether the material is already on this service.
import * as assert from 'assert';
import { materialKey, mergeSidecar, planBulkCreate, planMaterialFile, sidecarPathFor } from '../../../src/core/bulk';
import { analyze, blockingOf, describeBlocking } from '../../../src/core/rules';
import { format } from '../../../src/core/l10n';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { newMaterialTemplate } from '../../../src/core/templates';
import { CHECKS } from '../../fixtures/checks';

const epdUrl = 'http://127.0.0.1:1/epd/api';

describe('Push Material: checking one *.material.json', () => {
  const material = newMaterialTemplate({ name: 'Board', declaredUnit: 2, originalUUID: '4b1e8f1c-5a55-4c1e-9a4c-2b1d7c0e0a11' }, ASSUMED_CODES);
  const text = JSON.stringify({ $schema: './material.schema.json', ...material }, null, 2);

  it('a valid file is one item to send, without $schema', () => {
    const plan = planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl });
    assert.strictEqual(plan.problems, undefined, JSON.stringify(plan.problems));
    assert.strictEqual(plan.toSend.length, 1);
    assert.strictEqual(plan.toSend[0].key, materialKey(material.originalUUID, material.originalVersion));
    assert.ok(!('$schema' in (plan.toSend[0].material as object)));
    assert.strictEqual(plan.toSend[0].material.name, 'Board');
  });

  it('recorded in the sidecar for this service: nothing to send; for another service: sent', () => {
    const sidecar = mergeSidecar(undefined, { source: 'board.material.json', epdUrl }, [
      { originalUUID: material.originalUUID, originalVersion: material.originalVersion, id: 'id-1', name: 'Board', createdAt: '' },
    ]);
    const same = planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl, sidecar });
    assert.deepStrictEqual([same.toSend.length, same.created.length], [0, 1]);
    assert.strictEqual(same.known.get(same.created[0].key)?.id, 'id-1');
    const other = planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl: 'https://other.example/epd', sidecar });
    assert.strictEqual(other.toSend.length, 1);
  });

  it('refuses a file with errors, counting them; an array is not one material', () => {
    const broken = { ...material, declaredUnit: { ...material.declaredUnit, declaredValue: 0 } } as Record<string, unknown>;
    delete broken.name;
    const refused = planMaterialFile(JSON.stringify(broken), { ...CHECKS, fileName: 'board.material.json', epdUrl });
    assert.ok((refused.problems?.count ?? 0) >= 2, JSON.stringify(refused.problems));
    assert.strictEqual(refused.toSend.length, 0);
    const syntax = planMaterialFile('{"name": "x",', { ...CHECKS, fileName: 'board.material.json', epdUrl });
    assert.ok((syntax.problems?.syntax ?? 0) >= 1);
    const array = planMaterialFile(JSON.stringify([material]), { ...CHECKS, fileName: 'board.material.json', epdUrl });
    assert.ok(array.problems && array.problems.count >= 1);
    assert.strictEqual(array.toSend.length, 0);
  });

  it('the refusal is blockingOf the analysis: the same count, words and line:column, each mistake once', () => {
    // Broken JSON (a comma taken out) besides a unit written as text and a negative lifespan.
    const broken = text.replace('"declaredUnit": 2,', '"declaredUnit": "m2",').replace('"expectedLifespan": 50', '"expectedLifespan": -5').replace('"originalVersion": "1.0",', '"originalVersion": "1.0"');
    const options = { ...CHECKS, fileName: 'board.material.json', kind: 'material' as const };
    const blocking = blockingOf(analyze(broken, options));
    const refused = planMaterialFile(broken, { ...options, epdUrl });
    assert.strictEqual(refused.problems?.count, blocking.length);
    assert.deepStrictEqual(refused.problems?.samples.map(format), blocking.slice(0, 5).map((b) => format(describeBlocking(b))));
    assert.deepStrictEqual(blocking.map((b) => b.kind), ['syntax', 'rule', 'rule'], refused.problems?.samples.map(format).join(' | '));
    const line = broken.slice(0, broken.indexOf('"m2"')).split('\n').length;
    assert.ok(refused.problems?.samples.some((m) => format(m).startsWith(`${line}:`) && /the text "m2"/.test(format(m))), 'line:column, not a JSON pointer');
    assert.ok(refused.problems?.samples.every((m) => /^\d+:\d+ /.test(format(m))));
  });

  it('a material with the template\'s zero results is sent only after the question: it is listed in `templates`', () => {
    assert.deepStrictEqual(planMaterialFile(text, { ...CHECKS, fileName: 'board.material.json', epdUrl }).templates.map((t) => t.material.name), ['Board']);
    const real = { ...material, lciaResults: material.lciaResults.map((m) => ({ ...m, indicators: m.indicators.map((i) => ({ ...i, value: i.type === 'GWP_LULUC' ? 0 : 4.2 })) })) };
    real.lciaResults.forEach((m) => m.indicators.forEach((i) => { if (i.type === 'GWP_TOTAL') i.value = 8.4; }));
    const plan = planMaterialFile(JSON.stringify(real), { ...CHECKS, fileName: 'board.material.json', epdUrl });
    assert.strictEqual(plan.problems, undefined, JSON.stringify(plan.problems));
    assert.deepStrictEqual(plan.templates, []);
    const bulk = planBulkCreate(JSON.stringify([real, { ...material, originalUUID: '4b1e8f1c-5a55-4c1e-9a4c-2b1d7c0e0a12' }]), { ...CHECKS, fileName: 'lib.materials.json', epdUrl });
    assert.deepStrictEqual(bulk.templates.map((t) => t.index), [1]);
  });

  it('the sidecar sits next to the file: board.material.json → board.material.created.json', () => {
    assert.strictEqual(sidecarPathFor('/w/board.material.json'), '/w/board.material.created.json');
  });
});
