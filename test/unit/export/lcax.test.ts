// Export as LCAx: the project of the sample constructions, checked by LCAx's own package (npm `lcax`, a reader no one
// here wrote): `validate` reads it as an LCAx 3.x Project and finds nothing against the rules given, and
// `calculateProject` — each EPD's figure × the product's quantity — gives the preview's A1-A3, C3 and C4 within 0.1 %,
// and with the replacements the product's service life gives (⌈period / life⌉ − 1), its B4 and D.
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { buildLcaxProject, exchangeReport } from '../../../src/core/export/exchange';
import { ENGLISH } from '../../../src/core/l10n';
import { loadLcax } from './support';
import { relDiff, samples, seededDocs, software } from './exchangeSupport';

type Gwp = Record<string, number | null>;
interface Product { name: string; quantity: number; referenceServiceLife: number; results: { gwp: Gwp }; impactData: { impacts: { gwp: Gwp } }[] }
interface Assembly { name: string; products: Product[]; results: { gwp: Gwp } }
interface Project { assemblies: Assembly[]; results: { gwp: Gwp } | null; referenceStudyPeriod: number }

const rule = (level: string, field: string, r: Record<string, unknown>) => ({
  level,
  field,
  rule: { range: null, includes: null, required: null, equal: null, greater: null, less: null, oneOf: null, ...r },
});

describe('export: LCAx project', () => {
  it('is an LCAx 3.x project that LCAx\'s validate accepts', async () => {
    const lcax = await loadLcax();
    const { project, report } = buildLcaxProject({ constructions: samples(), material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software }, { name: 'Sample constructions' });
    assert.deepStrictEqual(report.refused, []);
    const problems = lcax.validate(project, [
      rule('project', 'name', { required: true }),
      rule('project', 'referenceStudyPeriod', { greater: 0 }),
      rule('assembly', 'quantity', { greater: 0 }),
      // lcax 3.4.3's numeric rules refuse every value of an integer field (a probe: 60 "is not greater than 0"):
      // the service life is checked as required, and its value by calculateProject's test below.
      rule('product', 'referenceServiceLife', { required: true }),
      rule('product', 'quantity', { greater: 0 }),
    ]);
    assert.deepStrictEqual(problems, []);
    // A rule the file breaks is reported (validate does read it).
    assert.ok(lcax.validate(project, [rule('project', 'name', { equal: 'Another name' })]).length > 0);
  });

  it('computes, by LCAx\'s calculateProject, the preview\'s figures within 0.1 %', async () => {
    const lcax = await loadLcax();
    const constructions = samples();
    const { project } = buildLcaxProject({ constructions, material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software }, { name: 'Sample constructions' });
    const calculated = lcax.calculateProject(JSON.parse(JSON.stringify(project))) as Project;
    assert.strictEqual(calculated.assemblies.length, constructions.length);
    for (const [i, c] of constructions.entries()) {
      const a = calculated.assemblies[i];
      const per = c.preview.declaredValue;
      for (const [k, comp] of c.preview.components.entries()) {
        const r = a.products[k].results.gwp;
        const n = Math.ceil(calculated.referenceStudyPeriod / a.products[k].referenceServiceLife) - 1;
        const what = `${c.file} component ${k + 1}`;
        assert.strictEqual(n, comp.replacements, `${what}: replacements`);
        assert.ok(relDiff(r.a1a3 ?? 0, comp.gwp.a1a3 / per) < 0.001, `${what} A1-A3: LCAx ${r.a1a3} vs preview ${comp.gwp.a1a3}`);
        assert.ok(relDiff(r.c3 ?? 0, comp.gwp.c3 / per) < 0.001, `${what} C3: LCAx ${r.c3} vs preview ${comp.gwp.c3}`);
        assert.ok(relDiff(r.c4 ?? 0, comp.gwp.c4 / per) < 0.001, `${what} C4: LCAx ${r.c4} vs preview ${comp.gwp.c4}`);
        assert.ok(relDiff((1 + n) * (r.d ?? 0), comp.gwp.d / per) < 0.001, `${what} D: LCAx (1 + ${n}) × ${r.d} vs preview ${comp.gwp.d}`);
        assert.ok(relDiff(n * ((r.a1a3 ?? 0) + (r.c3 ?? 0) + (r.c4 ?? 0)), comp.gwp.b4 / per) < 0.001, `${what} B4`);
      }
      const total = c.preview.total!;
      assert.ok(relDiff(a.results.gwp.a1a3 ?? 0, total.a1a3 / per) < 0.001, `${c.file} assembly A1-A3: LCAx ${a.results.gwp.a1a3} vs preview ${total.a1a3}`);
      // The file's own results are the preview's, B4 included.
      const written = (project.assemblies as Assembly[])[i].results.gwp;
      assert.deepStrictEqual(written, { a1a3: total.a1a3 / per, b4: total.b4 / per, c3: total.c3 / per, c4: total.c4 / per, d: total.d / per });
    }
    const text = exchangeReport({ format: 'lcax', file: 'x.lcax.json', report: buildLcaxProject({ constructions, material: (id) => seededDocs.get(id), codes: ASSUMED_CODES, software }, { name: 'x' }).report }, ENGLISH);
    assert.match(text, /counts no replacements/);
  });
});
