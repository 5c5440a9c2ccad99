// Import of LCAbyg files through the one import pipeline (importInputs): the LCAbyg example project of LCAx's tests
// (its user element, construction, product and stage), LCAx's stages file (three stages of one product, comments as
// languages), LCAbyg's example house (library constructions only) and BUILD's example wall (user constructions of
// LCAbyg library products = BR18 Tabel 7 rows), each compared with LCAx's own reading of the same file (npm `lcax`,
// convertLCAbyg) or with ocni-dtu/table7's files of those rows. And the round trip: our LCAbyg export imported again
// gives constructions whose preview equals the original's. Sources: test/fixtures/lcabyg/import/SOURCES.md.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { detectFormat, importInputs, type ImportInput, type ImportResult } from '../../../src/core/import';
import { buildLcabygComponents } from '../../../src/core/export/exchange';
import { format } from '../../../src/core/l10n';
import { FIXTURES, readFixture } from '../../fixtures/paths';
import { loadLcax } from '../export/support';
import { exchangeOf, previewOf, relDiff, samples, seededDocs, software } from '../export/exchangeSupport';

const input = (...parts: string[]): ImportInput => ({ name: parts[parts.length - 1], bytes: new TextEncoder().encode(readFixture(...parts)) });
const run = (...inputs: ImportInput[]): ImportResult => importInputs(inputs, { codes: ASSUMED_CODES });
const gwp = (r: ImportResult, i: number, module: number): number | undefined =>
  r.materials[i].material.lciaResults.find((m) => m.moduleTypeEnum === module)?.indicators.find((x) => x.type === 'GWP_TOTAL')?.value;
const A1A3 = 0;
const C3 = 15;
const D = 17;

interface LcaxEpd { id: string; declaredUnit: string; conversions: { value: number }[] | null; impacts: Record<string, Record<string, number | null>> }

describe('import: LCAbyg files', () => {
  it('tells an LCAbyg file by its content', () => {
    assert.strictEqual(detectFormat(input('lcabyg', 'import', 'lcax-lcabyg_project.json')), 'lcabyg');
    assert.strictEqual(detectFormat(input('lcabyg', 'import', 'build-wall_data.json')), 'lcabyg');
    assert.strictEqual(detectFormat(input('lcax', 'concrete-c30-37.lcax.json')), 'lcax-epd');
  });

  it('imports the LCAbyg example project\'s user construction and product with LCAx\'s own figures', async () => {
    const file = input('lcabyg', 'import', 'lcax-lcabyg_project.json');
    const r = run(file);
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 1);
    assert.strictEqual(r.constructions.length, 1);
    const lcax = await loadLcax();
    const project = lcax.convertLCAbyg(readFixture('lcabyg', 'import', 'lcax-lcabyg_project.json')) as { assemblies: { products: { name: string; quantity: number; unit: string; referenceServiceLife: number; impactData: LcaxEpd[] }[] }[] };
    // The construction as LCAx makes it a product (its operation's "Drift" assemblies aside).
    const product = project.assemblies.flatMap((a) => a.products).find((p) => p.name === 'Test konstruktion')!;
    const epd = product.impactData[0];
    const m = r.materials[0].material;
    assert.strictEqual(m.name, 'Test produkt');
    assert.strictEqual(gwp(r, 0, A1A3), epd.impacts.gwp.a1a3);
    assert.strictEqual(m.declaredUnit.declaredUnit, UNIT.M3);
    assert.strictEqual(epd.declaredUnit, 'm3');
    assert.strictEqual(m.declaredUnit.mass, epd.conversions![0].value);
    assert.strictEqual(m.epdInfo?.validTo, '2027-01-01T00:00:00Z');
    const c = r.constructions[0].construction;
    assert.strictEqual(c.name, 'Test konstruktion');
    assert.strictEqual(c.declaredUnit.declaredUnit, UNIT.M2);
    assert.strictEqual(c.constructionEpds.length, 1);
    assert.strictEqual(c.constructionEpds[0].epdId, m.originalUUID);
    assert.strictEqual(c.constructionEpds[0].constructionUnit.amount, product.quantity);
    assert.strictEqual(c.constructionEpds[0].constructionUnit.unit, UNIT.KG);
    assert.strictEqual(product.unit, 'kg');
    assert.strictEqual(c.constructionEpds[0].expectedLifespan, product.referenceServiceLife);
  });

  it('sums a product\'s stages per module as LCAx does, with comments as languages or as text', async () => {
    const lcax = await loadLcax();
    const text = readFixture('lcabyg', 'import', 'lcax-stages.json');
    const epds = lcax.convertLCAbyg(text) as LcaxEpd[];
    for (const variant of [text, JSON.stringify((JSON.parse(text) as { Node?: { Stage?: { comment: unknown } } }[]).map((i) => (i.Node?.Stage ? { Node: { Stage: { ...i.Node.Stage, comment: 'Abwasserrohr PVC' } } } : i)))]) {
      const r = run({ name: 'stages.json', bytes: new TextEncoder().encode(variant) });
      assert.deepStrictEqual(r.refused, []);
      assert.strictEqual(r.materials.length, 1);
      assert.strictEqual(r.materials[0].material.name, 'Rør, Afløbsrør, PVC (Klon)');
      assert.strictEqual(gwp(r, 0, A1A3), epds[0].impacts.gwp.a1a3);
      assert.strictEqual(gwp(r, 0, C3), epds[0].impacts.gwp.c3);
      assert.strictEqual(gwp(r, 0, D), epds[0].impacts.gwp.d);
      assert.strictEqual(r.materials[0].material.declaredUnit.declaredUnit, UNIT.KG);
    }
  });

  it('imports LCAbyg\'s example house without an error: its elements use only library constructions', () => {
    const r = run(input('lcabyg', 'import', 'lcax-e9e6e798-example-house.json'));
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 0);
    assert.match(format(r.warnings[0].reason), /11 building element\(s\) use only LCAbyg's library constructions/);
  });

  it('imports BUILD\'s example wall (no excluded_scenarios): its library products named as Tabel 7 rows, resolved by the rows imported with it', () => {
    const alone = run(input('lcabyg', 'import', 'build-wall_data.json'));
    assert.deepStrictEqual(alone.refused, []);
    assert.strictEqual(alone.constructions.length, 3);
    const unresolved = alone.warnings.map((w) => format(w.reason)).join('\n');
    assert.match(unresolved, /d46da4f1-8ceb-5c1e-9368-958bf9ad844f \(BR18 Tabel 7 #G1226\)/);
    // With ocni-dtu/table7's LCAx files of those rows (each file's id is LCAbyg's id of the row).
    const dir = path.join(FIXTURES, 'lcabyg', 'import', 'table7');
    const rows = fs.readdirSync(dir).map((f) => ({ name: f, bytes: new Uint8Array(fs.readFileSync(path.join(dir, f))) }));
    const r = run(input('lcabyg', 'import', 'build-wall_data.json'), ...rows);
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.materials.length, 7);
    assert.ok(!r.warnings.some((w) => /library products not in the file/.test(format(w.reason))));
    const docs = new Map(r.materials.map((m) => [m.material.originalUUID, m.material as unknown]));
    const middle = r.constructions.find((c) => c.construction.name === 'Midterdel, træelement, mineraluld')!.construction;
    assert.deepStrictEqual(middle.constructionEpds.map((c) => [c.epdId, c.constructionUnit.amount, c.constructionUnit.unit, c.expectedLifespan]), [
      ['d46da4f1-8ceb-5c1e-9368-958bf9ad844f', 0.02424735, UNIT.M3, 120],
      ['e404aab3-95b9-5cf1-819c-6812b9f536eb', 0.162, UNIT.KG, 80],
    ]);
    // By hand from the two files (table7 #G1226 mineral wool 40.3055 per m³; #G1125 vapour barrier 0.399404 per m²,
    // 0.2 kg per m²): 0.02424735 · 40.3055 + 0.162 / 0.2 · 0.399404.
    const p = previewOf(middle, docs);
    assert.deepStrictEqual(p.problems, []);
    assert.ok(relDiff(p.total!.a1a3, 0.02424735 * 40.3055 + (0.162 / 0.2) * 0.399404) < 1e-12, `A1-A3 ${p.total!.a1a3}`);
  });

  it('round trip: our LCAbyg export imported again gives constructions whose preview equals the original\'s', () => {
    const originals = samples();
    const out = buildLcabygComponents({ constructions: originals, material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software });
    const r = run({ name: 'samples.lcabyg.json', bytes: new TextEncoder().encode(JSON.stringify(out.items)) });
    assert.deepStrictEqual(r.refused, []);
    assert.strictEqual(r.constructions.length, originals.length);
    const docs = new Map(r.materials.map((m) => [m.material.originalUUID, m.material as unknown]));
    for (const [i, o] of originals.entries()) {
      const back = exchangeOf(o.file, r.constructions[i].construction, docs).preview;
      assert.deepStrictEqual(back.problems, [], `${o.file}: every component resolves to an imported material`);
      for (const k of ['a1a3', 'b4', 'c3', 'c4', 'd'] as const) {
        assert.ok(relDiff(back.total![k], o.preview.total![k]) < 1e-9, `${o.file} ${k}: ${back.total![k]} vs ${o.preview.total![k]}`);
      }
    }
  });

  it('a re-import keeps each source product\'s originalUUID and version: round trips give the same materials, not new ones', () => {
    const originals = samples();
    const key = (m: { originalUUID?: string; originalVersion?: string }): string => `${m.originalUUID}|${m.originalVersion}`;
    const ids = (r: ImportResult): string[] => r.materials.map((m) => key(m.material)).sort();
    const roundTrip = (constructions: ReturnType<typeof samples>, material: (id: string) => unknown): ImportResult => {
      const out = buildLcabygComponents({ constructions, material, codes: ASSUMED_CODES, software });
      return run({ name: 'samples.lcabyg.json', bytes: new TextEncoder().encode(JSON.stringify(out.items)) });
    };
    const first = roundTrip(originals, (id) => seededDocs.get(id));
    assert.ok(first.materials.length >= 3, `${first.materials.length} products`);
    // Each imported material is the source product itself: its originalUUID and version.
    const sources = new Set([...seededDocs.values()].map((d) => key(d as { originalUUID: string; originalVersion: string })));
    assert.deepStrictEqual(ids(first).filter((k) => !sources.has(k)), [], 'every imported material keeps its source\'s originalUUID and version');
    // Exported again from what was imported and imported again: the same materials.
    const docs = new Map(first.materials.map((m) => [m.material.originalUUID, m.material as unknown]));
    const second = roundTrip(first.constructions.map((c, i) => exchangeOf(originals[i].file, c.construction, docs)), (id) => docs.get(id));
    assert.deepStrictEqual(second.refused, []);
    assert.deepStrictEqual(ids(second), ids(first));
  });

  it('refuses what it cannot read, saying what and where', () => {
    const bad = [
      { Node: { Product: { id: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', name: { Danish: 'P' }, source: 'User', comment: '', uncertainty_factor: 1 } } },
      { Edge: [{ ProductToStage: { id: 'e1', enabled: true } }, 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee', 's1'] },
      { Node: { Stage: { id: 's1', stage: 'A1to3', stage_unit: 'M3', mass_factor: 10, indicators: { GWP: 'ten' } } } },
    ];
    const r = run({ name: 'bad.json', bytes: new TextEncoder().encode(JSON.stringify(bad)) });
    assert.strictEqual(r.refused.length, 1);
    assert.strictEqual(format(r.refused[0].field), '[2].Node.Stage.indicators.GWP');
    assert.match(format(r.refused[0].reason), /must be a number/);
  });
});
