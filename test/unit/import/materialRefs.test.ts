// A construction written by an LCAx project import refers to its material by the material's originalUUID
// (src/core/materialRefs.ts): resolved to the workspace material it names, it is no unknown epdId but an information
// that it waits for the material's push, it computes with the material file's figures, and it is sent with the
// service id the material's sidecar records.
import * as assert from 'assert';
import { buildCodeTable } from '../../../src/core/codeTable';
import { importLcax } from '../../../src/core/import/lcax';
import { byOriginalUUID, withServiceIds } from '../../../src/core/materialRefs';
import { analyze, blockingOf, type MaterialInfo } from '../../../src/core/rules';
import { previewConstruction } from '../../../src/core/preview';
import { epdDataOf } from '../../../src/core/lca';
import { format } from '../../../src/core/l10n';
import { CHECKS } from '../../fixtures/checks';
import { readFixture } from '../../fixtures/paths';

const codes = buildCodeTable();
const EPD_UUID = 'd61fc8da-1a0d-4baa-a0fa-194c1f8a5218';
const SERVICE_ID = '11111111-2222-4333-8444-555555555555';

function imported() {
  const result = importLcax({ name: 'project_calc.lcax2.2.json', bytes: new TextEncoder().encode(readFixture('import', 'lcax', 'v2.2-project-actual.json')) }, codes);
  assert.strictEqual(result.materials.length, 1);
  assert.strictEqual(result.constructions.length, 1);
  return { material: result.materials[0].material, construction: result.constructions[0].construction };
}

/** The workspace's materials as the catalog resolves an epdId by originalUUID: waiting until the entry has an id. */
function resolverOf(entries: { id?: string; record: unknown }[]) {
  return (epdId: string): MaterialInfo | undefined => {
    const w = byOriginalUUID([entries], epdId);
    if (!w) return undefined;
    const epd = epdDataOf(w.record, codes);
    const name = String((w.record as { name: string }).name);
    return w.id ? { id: w.id, name, declaredUnit: epd.declaredUnit } : { id: epdId, name, declaredUnit: epd.declaredUnit, waitsForPush: true };
  };
}

describe('imported constructions: materials by originalUUID', () => {
  it('the import writes the material\'s originalUUID as the component\'s epdId', () => {
    const { material, construction } = imported();
    assert.strictEqual(material.originalUUID, EPD_UUID);
    assert.strictEqual(construction.constructionEpds[0].epdId, EPD_UUID);
  });

  it('byOriginalUUID finds a material by its originalUUID in any case, preferring one with a service id', () => {
    const { material } = imported();
    const file = { record: material };
    const pushed = { id: SERVICE_ID, record: structuredClone(material) };
    assert.strictEqual(byOriginalUUID([[file]], EPD_UUID), file);
    assert.strictEqual(byOriginalUUID([[file], [pushed]], EPD_UUID), pushed);
    assert.strictEqual(byOriginalUUID([[pushed, file]], EPD_UUID), pushed);
    assert.strictEqual(byOriginalUUID([[file]], EPD_UUID.toUpperCase()), file);
    const upper = { record: { ...material, originalUUID: EPD_UUID.toUpperCase() } };
    assert.strictEqual(byOriginalUUID([[upper]], EPD_UUID), upper);
    assert.strictEqual(byOriginalUUID([[file, { record: { name: 'no uuid' } }, { record: null }]], '5a3c1e00-0000-4000-8000-00000000dead'), undefined);
  });

  it('before the material is pushed: an information that it waits, no error, and the preview computes with the file', () => {
    const { material, construction } = imported();
    const text = JSON.stringify(construction, null, 2);
    const resolveEpd = resolverOf([{ record: material }]);
    const analysis = analyze(text, { ...CHECKS, kind: 'construction', resolveEpd });
    assert.deepStrictEqual(blockingOf(analysis), []);
    assert.deepStrictEqual(analysis.findings.map((f) => [f.ruleId, f.severity, f.path.join('/')]), [['epd-waits', 'info', 'constructionEpds/0/epdId']]);
    assert.match(format(analysis.findings[0].message), /^Waits for material "Test fase \(A1-A3\)" to be pushed/);
    assert.strictEqual(text.slice(analysis.findings[0].offset, analysis.findings[0].offset + analysis.findings[0].length), `"${EPD_UUID}"`);

    // Without the resolution the same file is the error the issue saw.
    const unresolved = analyze(text, { ...CHECKS, kind: 'construction', resolveEpd: () => undefined });
    assert.deepStrictEqual(unresolved.findings.map((f) => [f.ruleId, f.severity]), [['epd-unresolved', 'error']]);

    // 0.5 kg of a material per m³ of 7850 kg with 818 kg CO2e A1-A3 per m³.
    const preview = previewConstruction(construction, (id) => (resolveEpd(id) ? epdDataOf(material, codes) : undefined), codes, 50);
    assert.deepStrictEqual(preview.problems, []);
    assert.ok(preview.total, 'the preview computes');
    assert.ok(Math.abs(preview.total.a1a3 - (0.5 / 7850) * 818) < 1e-9, String(preview.total.a1a3));
  });

  it('after the material is pushed: resolved without a note, and sent with the service id', () => {
    const { material, construction } = imported();
    const resolveEpd = resolverOf([{ id: SERVICE_ID, record: material }]);
    const analysis = analyze(JSON.stringify(construction), { ...CHECKS, kind: 'construction', resolveEpd });
    assert.deepStrictEqual(analysis.findings, []);

    const body = construction as unknown as Record<string, unknown>;
    const sent = withServiceIds(body, resolveEpd);
    assert.deepStrictEqual(sent.waiting, []);
    assert.strictEqual((sent.body.constructionEpds as { epdId: string }[])[0].epdId, SERVICE_ID);
    assert.strictEqual(construction.constructionEpds[0].epdId, EPD_UUID, 'the body given is not changed');
    assert.deepStrictEqual({ ...(sent.body.constructionEpds as object[])[0], epdId: EPD_UUID }, construction.constructionEpds[0]);

    // Not pushed yet: nothing replaced, the component waits for its material.
    const waiting = withServiceIds(body, resolverOf([{ record: material }]));
    assert.deepStrictEqual(waiting.waiting, ['Test fase (A1-A3)']);
    assert.deepStrictEqual(waiting.body, body);
    // An epdId that is a service id, unknown or undecided is sent as written.
    assert.deepStrictEqual(withServiceIds(body, () => undefined).body, body);
    assert.deepStrictEqual(withServiceIds(body, () => 'unknown').body, body);
    assert.deepStrictEqual(withServiceIds(body, (id) => ({ id, name: 'x', declaredUnit: material.declaredUnit })).body, body);
  });
});
