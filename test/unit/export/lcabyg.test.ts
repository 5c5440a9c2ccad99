// Export as LCAbyg Component: the component file of the sample constructions, read back by LCAx's own LCAbyg reader
// (npm `lcax`, convertLCAbyg — a reader no one here wrote). Each ConstructionToProduct edge, with its construction,
// product and stages exactly as written, is put into the LCAbyg example project's Project, Building and Element
// (ocni-dtu/lcax's own fixture, test/fixtures/lcabyg/import/SOURCES.md), because that reader turns a component file
// without a building into EPDs only; the amounts, units, lifespans and GWP per module it reads must give the
// preview's figures. Tabel 7 rows go out as references to LCAbyg's library ids (ocni-dtu/table7's files are named by them).
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { buildLcabygComponents, exchangeReport } from '../../../src/core/export/exchange';
import { importInputs } from '../../../src/core/import';
import { ENGLISH, format } from '../../../src/core/l10n';
import { UNIT } from '../../../src/core/codes';
import { readFixture } from '../../fixtures/paths';
import { loadLcax } from './support';
import { exchangeOf, relDiff, samples, seededDocs, software } from './exchangeSupport';

type Json = Record<string, unknown>;
type Item = { Node?: Record<string, Json>; Edge?: [Record<string, Json>, string, string] };

const nodeOf = (i: Item): [string, Json] | undefined => (i.Node ? (Object.entries(i.Node)[0] as [string, Json]) : undefined);
const edgeOf = (i: Item): [string, Json, string, string] | undefined => (i.Edge ? [Object.keys(i.Edge[0])[0], Object.values(i.Edge[0])[0], i.Edge[1], i.Edge[2]] : undefined);

/** The LCAbyg example project's Project, Building, Element and its category edge (LCAx's fixture), around one edge of ours. */
function inExampleProject(items: Item[], constructionId: string, edge: Item): string {
  const example = JSON.parse(readFixture('lcabyg', 'import', 'lcax-lcabyg_project.json')) as Item[];
  const keep = example.filter((i) => {
    const n = nodeOf(i);
    if (n) return n[0] === 'Project' || n[0] === 'Building' || n[0] === 'Element';
    const e = edgeOf(i);
    return e?.[0] === 'CategoryToElement';
  });
  const element = keep.map(nodeOf).find((n) => n?.[0] === 'Element')![1].id as string;
  const productId = edgeOf(edge)![3];
  const stageIds = new Set(items.map(edgeOf).filter((e) => e?.[0] === 'ProductToStage' && e[2] === productId).map((e) => e![3]));
  const ours = items.filter((i) => {
    const n = nodeOf(i);
    if (n) return n[1].id === constructionId || n[1].id === productId || stageIds.has(n[1].id as string);
    const e = edgeOf(i)!;
    return e[0] === 'ProductToStage' && e[2] === productId;
  });
  const link = { Edge: [{ ElementToConstruction: { id: '00000000-0000-4000-8000-000000000001', amount: 1.0, enabled: true, special_conditions: false, excluded_scenarios: [] } }, element, constructionId] };
  return JSON.stringify([...keep, link, ...ours, edge]);
}

interface LcaxEpd { id: string; declaredUnit: string; conversions: { to: string; value: number }[] | null; impacts: Record<string, Record<string, number | null>> }
interface LcaxProduct { quantity: number; unit: string; referenceServiceLife: number; impactData: LcaxEpd[] }

describe('export: LCAbyg component file', () => {
  it('gives, as LCAx\'s LCAbyg reader reads it, the same components, amounts and GWP per module as the preview', async () => {
    const lcax = await loadLcax();
    const constructions = samples();
    const out = buildLcabygComponents({ constructions, material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software });
    assert.deepStrictEqual(out.report.refused, []);
    const items = out.items as Item[];
    const constructionNodes = items.map(nodeOf).filter((n) => n?.[0] === 'Construction').map((n) => n![1]);
    assert.strictEqual(constructionNodes.length, constructions.length);
    for (const [ci, c] of constructions.entries()) {
      const node = constructionNodes[ci];
      assert.deepStrictEqual(node.name, { Danish: (c.value as Json).name, English: (c.value as Json).name, German: '', Norwegian: '' });
      const edges = items.filter((i) => edgeOf(i)?.[0] === 'ConstructionToProduct' && edgeOf(i)![2] === node.id);
      assert.strictEqual(edges.length, c.preview.components.length, `${c.file}: one edge per component`);
      for (const [k, comp] of c.preview.components.entries()) {
        const project = lcax.convertLCAbyg(inExampleProject(items, node.id as string, edges[k])) as { assemblies: { products: LcaxProduct[] }[] };
        const product = project.assemblies.flatMap((a) => a.products).find((p) => p.impactData.length)!;
        const epd = product.impactData[0];
        const g = epd.impacts.gwp;
        const q = product.quantity;
        const n = Math.ceil(50 / product.referenceServiceLife) - 1;
        const what = `${c.file} component ${k + 1}`;
        assert.strictEqual(product.unit, epd.declaredUnit, `${what}: amount in the stages' unit`);
        assert.strictEqual(n, comp.replacements, `${what}: replacements from the lifespan LCAbyg is given`);
        const a1a3 = q * (g.a1a3 ?? 0);
        const c3 = q * (g.c3 ?? 0);
        const c4 = q * (g.c4 ?? 0);
        const d = (1 + n) * q * (g.d ?? 0);
        assert.ok(relDiff(a1a3, comp.gwp.a1a3) < 1e-9, `${what} A1-A3: ${a1a3} vs preview ${comp.gwp.a1a3}`);
        assert.ok(relDiff(c3, comp.gwp.c3) < 1e-9, `${what} C3: ${c3} vs ${comp.gwp.c3}`);
        assert.ok(relDiff(c4, comp.gwp.c4) < 1e-9, `${what} C4: ${c4} vs ${comp.gwp.c4}`);
        assert.ok(relDiff(d, comp.gwp.d) < 1e-9, `${what} D: ${d} vs ${comp.gwp.d}`);
        assert.ok(relDiff(n * (a1a3 + c3 + c4), comp.gwp.b4) < 1e-9, `${what} B4: ${n * (a1a3 + c3 + c4)} vs ${comp.gwp.b4}`);
      }
    }
    // The EPDs of the user products as the reader makes them: the mass factor is the mass of one stage unit.
    const epds = lcax.convertLCAbyg(JSON.stringify(items)) as LcaxEpd[];
    const brick = epds.find((e) => e.impacts.gwp.a1a3 === 528.5)!;
    assert.strictEqual(brick.declaredUnit, 'm3');
    assert.deepStrictEqual(brick.conversions?.map((x) => [x.to, x.value]), [['kg', 1800]]);
    const steel = epds.find((e) => relDiff(e.impacts.gwp.a1a3 ?? 0, 1.125) < 1e-12)!;
    assert.ok(steel, 'steel per 1000 kg is written per kg (1125 / 1000)');
    assert.strictEqual(steel.declaredUnit, 'kg');
  });

  it('writes LCAbyg\'s user stages with all 11 indicators, the EPD\'s standard, validity and source, and stable ids', () => {
    const input = { constructions: samples(), material: (id: string) => seededDocs.get(id), codes: ASSUMED_CODES, software };
    const a = buildLcabygComponents(input);
    const b = buildLcabygComponents(input);
    assert.strictEqual(JSON.stringify(a.items), JSON.stringify(b.items), 'the same constructions export with the same ids');
    const copy = buildLcabygComponents({ ...input, copy: '2026-01-01T10:00' });
    const ids = (items: unknown[]) => new Set((items as Item[]).map((i) => (nodeOf(i)?.[1].id ?? edgeOf(i)?.[1].id) as string));
    const shared = [...ids(copy.items)].filter((id) => ids(a.items).has(id));
    assert.deepStrictEqual(shared, [], 'a copy has new ids');
    const stages = (a.items as Item[]).map(nodeOf).filter((n) => n?.[0] === 'Stage').map((n) => n![1]);
    assert.ok(stages.length > 0);
    for (const s of stages) {
      assert.ok(['A1to3', 'C3', 'C4', 'D'].includes(s.stage as string), `stage ${String(s.stage)}`);
      assert.deepStrictEqual(Object.keys(s.indicators as Json).sort(), ['ADPE', 'ADPF', 'AP', 'EP', 'GWP', 'ODP', 'PENR', 'PER', 'POCP', 'SENR', 'SER']);
      assert.ok(['A1', 'A2'].includes(s.compliance as string));
      assert.ok(typeof s.external_id === 'string' && (s.external_id as string).length > 0);
      assert.notStrictEqual(s.id, s.external_id);
    }
    // Every product has exactly one A1-A3 stage.
    const products = (a.items as Item[]).map(nodeOf).filter((n) => n?.[0] === 'Product').map((n) => n![1].id);
    for (const p of products) {
      const a13 = (a.items as Item[]).map(edgeOf).filter((e) => e?.[0] === 'ProductToStage' && e[2] === p).map((e) => stages.find((s) => s.id === e![3])!).filter((s) => s.stage === 'A1to3');
      assert.strictEqual(a13.length, 1);
    }
    const report = exchangeReport({ format: 'lcabyg', file: 'x.lcabyg.json', report: a.report }, ENGLISH);
    assert.match(report, /LCAbyg refuses an import whose ids it already has/);
  });

  it('refers a BR18 Tabel 7 row to LCAbyg\'s library product (no Product or Stage of its own), and names modules LCAbyg cannot carry', () => {
    // The Tabel 7 row #G1172 as ocni-dtu/table7 publishes it (its file is named by LCAbyg's id) and an EPD with A4, C1, C2.
    const t7 = importInputs([{ name: '0070b2a8-d944-5fed-aee0-167f154557a0.json', bytes: new TextEncoder().encode(readFixture('import', 'table7', '0070b2a8-d944-5fed-aee0-167f154557a0.json')) }], { codes: ASSUMED_CODES });
    const epd = importInputs([{ name: 'concrete-c30-37.lcax.json', bytes: new TextEncoder().encode(readFixture('lcax', 'concrete-c30-37.lcax.json')) }], { codes: ASSUMED_CODES });
    const gypsum = t7.materials[0].material;
    const concrete = epd.materials[0].material;
    const docs = new Map<string, unknown>([[gypsum.originalUUID, gypsum], [concrete.originalUUID, concrete]]);
    const c = {
      name: 'Væg',
      declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
      constructionEpds: [
        { epdId: gypsum.originalUUID, constructionUnit: { unit: UNIT.M2, amount: 2 } },
        { epdId: concrete.originalUUID, constructionUnit: { unit: UNIT.M3, amount: 0.2 } },
      ],
    };
    const out = buildLcabygComponents({ constructions: [exchangeOf('wall.construction.json', c, docs)], material: (id) => docs.get(id), codes: ASSUMED_CODES, software });
    const items = out.items as Item[];
    const edges = items.map(edgeOf).filter((e) => e?.[0] === 'ConstructionToProduct');
    assert.strictEqual(edges[0]![3], '0070b2a8-d944-5fed-aee0-167f154557a0');
    assert.strictEqual(edges[0]![1].amount, 2);
    assert.strictEqual(edges[0]![1].unit, 'M2');
    assert.ok(!items.some((i) => nodeOf(i)?.[1].id === '0070b2a8-d944-5fed-aee0-167f154557a0'));
    assert.deepStrictEqual(out.report.references, [{ name: gypsum.name, id: '0070b2a8-d944-5fed-aee0-167f154557a0', row: '#G1172' }]);
    const notes = out.report.notes.map((n) => format(n.message)).join('\n');
    assert.match(notes, /modules A4, C1, C2 are not written: LCAbyg user stages carry A1-A3, C3, C4 and D only/);
  });

  it('refuses a construction with a component that cannot be computed, saying which and why', () => {
    const c = { name: 'Broken', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, constructionEpds: [{ epdId: '11111111-2222-4333-8444-555555555555', constructionUnit: { unit: UNIT.M2, amount: 1 } }] };
    const out = buildLcabygComponents({ constructions: [exchangeOf('broken.construction.json', c)], material: () => undefined, codes: ASSUMED_CODES, software });
    assert.deepStrictEqual(out.items, []);
    assert.strictEqual(out.report.refused.length, 1);
    assert.match(format(out.report.refused[0].message), /component 1 cannot be computed \(no material with this id is known/);
  });
});
