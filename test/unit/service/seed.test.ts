// The seeded data: the public BR18 figures kept, every material with its 18 modules and GWP parts that add up,
// constructions and projects that the schemas accept, and what the other tests rely on being there.
import * as assert from 'assert';
import { MODULE, UNIT } from '../../../src/core/codes';
import { validateAgainst } from '../../../src/core/schemas';
import { CONSTRUCTION_SPECS, constructionBody } from '../../../src/service/seed/constructions';
import { MATERIAL_IDS, PROJECT_IDS, SCALE_ELEMENT_COUNT, seedUuid } from '../../../src/service/seed/ids';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { scaleProject, seedProjects } from '../../../src/service/seed/projects';

type Item = { lciaResults: { moduleTypeEnum: number; indicators: { type: string; value: number }[] }[] };
const value = (m: Item, module: number, type: string): number | undefined =>
  m.lciaResults.find((r) => r.moduleTypeEnum === module)?.indicators.find((i) => i.type === type)?.value;

describe('seed data', () => {
  it('has at least 40 materials and 8 constructions, every material a valid bulk-create item with 18 modules', () => {
    assert.ok(MATERIAL_SPECS.length >= 40, `${MATERIAL_SPECS.length}`);
    assert.ok(CONSTRUCTION_SPECS.length >= 8);
    for (const spec of MATERIAL_SPECS) {
      const item = materialItem(spec) as unknown as Item;
      assert.deepStrictEqual(validateAgainst('material', item), [], spec.key);
      assert.deepStrictEqual(item.lciaResults.map((r) => r.moduleTypeEnum), [...Array(18).keys()], spec.key);
    }
  });

  it('keeps the BR18 Bilag 2 Tabel 7 figures of the table rows', () => {
    const c30 = materialItem(MATERIAL_SPECS.find((s) => s.key === 'concrete-c30-37')!) as unknown as Item & { declaredUnit: { mass: number; declaredUnit: number } };
    assert.deepStrictEqual(
      [MODULE.A1A3, MODULE.C3, MODULE.C4, MODULE.D].map((m) => value(c30, m, 'GWP_TOTAL')),
      [282, 6.72, 4.97, -4.6],
    );
    assert.deepStrictEqual([c30.declaredUnit.declaredUnit, c30.declaredUnit.mass], [UNIT.M3, 2255]);
    const steel = materialItem(MATERIAL_SPECS.find((s) => s.key === 'steel-sections')!) as unknown as Item & { declaredUnit: { declaredValue: number } };
    assert.strictEqual(steel.declaredUnit.declaredValue, 1000);
    assert.strictEqual(value(steel, MODULE.A1A3, 'GWP_TOTAL'), 1125);
    assert.strictEqual(value(steel, MODULE.C4, 'GWP_TOTAL'), undefined, 'a "–" in the table is no data, not 0');
  });

  it('splits GWP into fossil, biogenic and land-use parts that add up to the total', () => {
    for (const spec of MATERIAL_SPECS) {
      const item = materialItem(spec) as unknown as Item;
      for (const r of item.lciaResults) {
        const total = value(item, r.moduleTypeEnum, 'GWP_TOTAL');
        if (total === undefined) continue;
        const parts = ['GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC'].map((t) => value(item, r.moduleTypeEnum, t)!);
        assert.ok(Math.abs(parts[0] + parts[1] + parts[2] - total) < 1e-5, `${spec.key} module ${r.moduleTypeEnum}`);
      }
    }
    // Wood stores biogenic carbon in A1–A3.
    const clt = materialItem(MATERIAL_SPECS.find((s) => s.key === 'clt')!) as unknown as Item;
    assert.ok(value(clt, MODULE.A1A3, 'GWP_BIOGENIC')! < -600);
  });

  it('has constructions that validate and refer to seeded materials, and an HTML-probe material name', () => {
    const ids = new Set(MATERIAL_SPECS.map((s) => seedUuid(`material:${s.key}`)));
    for (const spec of CONSTRUCTION_SPECS) {
      const body = constructionBody(spec);
      assert.deepStrictEqual(validateAgainst('construction', body), [], spec.key);
      for (const c of body.constructionEpds as { epdId: string }[]) assert.ok(ids.has(c.epdId), `${spec.key} → ${c.epdId}`);
    }
    assert.ok(MATERIAL_SPECS.some((s) => s.name === '<img src=x onerror=alert(1)>' && seedUuid(`material:${s.key}`) === MATERIAL_IDS.demoXss));
  });

  it('seeds projects whose stored fields validate as project create bodies, with three-level classified elements', () => {
    const projects = seedProjects();
    assert.strictEqual(projects.length, 8);
    assert.strictEqual(projects.filter((p) => p.deletedBy).length, 1);
    // Seven buildings of their own kind and place, and the office's design variant (the same building in timber).
    const buildings = projects.filter((p) => p.id !== PROJECT_IDS.officeTimber);
    assert.strictEqual(new Set(buildings.map((p) => p.data.type)).size, 7);
    assert.strictEqual(new Set(buildings.map((p) => (p.data.buildingAddress as { city: string }).city)).size, 7);
    for (const p of projects) {
      assert.deepStrictEqual(validateAgainst('project', p.data), [], String(p.data.projectName));
      for (const e of p.elements) {
        assert.strictEqual(e.classification.length, 3);
        assert.ok(e.quantity > 0);
      }
    }
    assert.strictEqual(scaleProject().elements.length, SCALE_ELEMENT_COUNT);
    assert.deepStrictEqual(scaleProject().elements.slice(0, 5), scaleProject().elements.slice(0, 5), 'deterministic');
  });
});
