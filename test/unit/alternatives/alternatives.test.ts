// Lower-carbon alternatives on published data: BR18 Bilag 2 Tabel 7 (test/fixtures/import/table7/tabel7.csv, as
// released 2020-12-22) imported as the consultant would, and a 20 cm concrete wall per m². Every effect below is
// worked by hand from the table's rows (numbers in the comments).
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { importTable7 } from '../../../src/core/import/table7';
import { epdDataOf } from '../../../src/core/lca/epd';
import type { EpdData } from '../../../src/core/lca/types';
import { format, type Msg } from '../../../src/core/l10n';
import {
  alternativesForComponent,
  alternativesForMaterial,
  isProblem,
  type AlternativesResult,
} from '../../../src/core/alternatives';
import { constructionFigures, gwpCodesOf } from '../../../src/core/lca/construction';
import { candidateMaterial, type CandidateMaterial } from '../../../src/core/workspace';
import { readFixture } from '../../fixtures/paths';
import { previewConstruction } from '../../../src/core/preview/impact';

const imported = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES);
/** Each row with its Sorterings ID as the id (the table has no service ids). */
const table7: CandidateMaterial[] = imported.materials.map((m) => {
  const id = /\((#[A-Z]\d+)\)$/.exec(format(m.source))![1];
  return { epd: epdDataOf(m.material, ASSUMED_CODES, id), source: 'tabel7.materials.json' };
});
const byId = (id: string): EpdData => table7.find((c) => c.epd.id === id)!.epd;
const lookup = (id: string): EpdData | undefined => table7.find((c) => c.epd.id === id)?.epd;
const close = (actual: number, expected: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9 * Math.max(1, Math.abs(expected)), `${what}: ${actual} ≠ ${expected}`);
const ok = (r: AlternativesResult | { problem: Msg }): AlternativesResult => {
  assert.ok(!isProblem(r), `refused: ${JSON.stringify(r)}`);
  return r;
};

/** 1 m² of wall: 20 cm C30/37 concrete (m² through the thickness) and 15 cm facade mineral wool (m³). */
const wall = {
  name: 'Betonvæg 20 cm med facadeisolering',
  declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
  constructionEpds: [
    { epdId: '#B1477', constructionUnit: { unit: UNIT.M2, amount: 1, height: 0.2 } }, // Fabriksbeton C30/37
    { epdId: '#G1229', constructionUnit: { unit: UNIT.M3, amount: 0.15 } }, // Mineraluld, facadesystem
  ],
};
const options = { codes: ASSUMED_CODES, period: 50 };

describe('alternatives: lower-carbon candidates on BR18 Tabel 7', () => {
  it('the wall before any change, by hand: concrete 0.2 m³ × (282 + 6.72 + 4.97), wool 0.15 m³ × (70.3915 + 1.26969 + 0.703441)', () => {
    const f = constructionFigures(wall, lookup, options);
    assert.deepStrictEqual(f.problems, []);
    close(f.total!.a1a3, 0.2 * 282 + 0.15 * 70.3915, 'A1-A3');
    close(f.total!.c3, 0.2 * 6.72 + 0.15 * 1.26969, 'C3');
    close(f.total!.c4, 0.2 * 4.97 + 0.15 * 0.703441, 'C4');
    close(f.total!.b4, 0, 'B4 (no lifespans: no replacement)');
    close(f.total!.d, 0.2 * -4.6, 'D (wool declares none)');
  });

  it('for the concrete: the lower ready-mix concretes, lowest first, each with its effect on the component and the wall', () => {
    const r = ok(alternativesForComponent(wall, 0, lookup, table7, { ...options, query: 'fabriksbeton' }));
    // Per m³ in scope: C20/25 SCC 215 + 6.94 + 5.13 = 227.07; C25/30 241 + 6.73 + 4.97 = 252.70; C30/37 (now) 293.69.
    assert.deepStrictEqual(r.alternatives.map((a) => a.id), ['#B1425', '#B1433']);
    close(r.subject.inScope, 0.2 * 293.69, 'the concrete now');
    const best = r.alternatives[0];
    assert.strictEqual(format(best.conversion), 'M2 → M3 through the layer thickness 0.2 m');
    close(best.amount, 0.2, 'amount in m³');
    close(best.gwpA1A3PerUnit, 215, 'A1-A3 per m³');
    close(best.effect.component.a1a3, 0.2 * 215 - 0.2 * 282, 'ΔA1-A3 = 43.0 − 56.4 = −13.4');
    close(best.effect.component.c3, 0.2 * 6.94 - 0.2 * 6.72, 'ΔC3 = +0.044');
    close(best.effect.component.c4, 0.2 * 5.13 - 0.2 * 4.97, 'ΔC4 = +0.032');
    close(best.effect.component.b4, 0, 'ΔB4');
    close(best.effect.component.d, 0.2 * -4.74 - 0.2 * -4.6, 'ΔD (apart)');
    close(best.effect.inScope, -13.324, 'Δ in scope = 0.2 × (227.07 − 293.69)');
    const before = 0.2 * 293.69 + 0.15 * (70.3915 + 1.26969 + 0.703441); // 69.59269465
    close(r.construction!.inScopeBefore!, before, 'wall before');
    close(best.effect.construction!.inScopeAfter, before - 13.324, 'wall after = 56.26869465');
    close(best.effect.construction!.percent!, (-13.324 / before) * 100, 'wall −19.1 %');
    // C35/45 SCC (300 + 6.54 + 4.83 = 311.37 per m³) is higher: left out when only lower ones are asked for.
    assert.ok(!r.alternatives.some((a) => a.id === '#B1485'));
    // Both are of a lower strength class than C30/37: worth checking, never a plain saving.
    assert.strictEqual(format(best.check!), 'strength class: C20/25 against C30/37');
    assert.strictEqual(format(r.alternatives[1].check!), 'strength class: C25/30 against C30/37');
    assert.deepStrictEqual(r.subject.job, { family: 'structural-concrete', part: 'external-wall', role: 'load-bearing', form: 'in-situ', formFrom: 'name', formBy: 'fabriksbeton' });
  });

  it("a candidate's own lifespan: C25/30 lasting 40 years is replaced once in 50, and B4 counts it again", () => {
    const c25 = byId('#B1433');
    const candidates = [...table7.filter((c) => c.epd !== c25), { epd: { ...c25, expectedLifespan: 40 }, source: 'own library' }];
    const r = ok(alternativesForComponent(wall, 0, lookup, candidates, { ...options, query: 'fabriksbeton', onlyLower: false }));
    const a = r.alternatives.find((x) => x.id === '#B1433')!;
    assert.strictEqual(a.lifespan, 40);
    assert.strictEqual(a.lifespanFrom, 'material');
    assert.strictEqual(a.replacements, 1); // ⌈50 / 40⌉ − 1
    // B4 = 1 × 0.2 × (241 + 6.73 + 4.97) = 50.54; in scope = 0.2 × 252.70 + 50.54 = 101.08.
    close(a.gwp.b4, 50.54, 'B4');
    close(a.inScope, 101.08, 'in scope');
    close(a.effect.component.b4, 50.54, 'ΔB4 (the concrete now lasts the period)');
    close(a.effect.inScope, 101.08 - 0.2 * 293.69, 'Δ in scope = +42.342');
    close(a.gwp.d, 2 * 0.2 * -4.6, 'D for the original and the replacement');
    // Now ranked above the subject: the lower SCC concrete comes first, C25/30 after the subject's own 58.738.
    assert.ok(r.alternatives.findIndex((x) => x.id === '#B1425') < r.alternatives.findIndex((x) => x.id === '#B1433'));
  });

  it('other declared units: per m² directly, per kg or piece through the same mass, each conversion stated', () => {
    const r = ok(alternativesForComponent(wall, 0, lookup, table7, { ...options, query: 'beton', onlyLower: false, limit: 100 }));
    // Every family and job asked for (a search by words): each listed with what to check.
    const any = ok(alternativesForComponent(wall, 0, lookup, table7, { ...options, query: 'beton', onlyLower: false, limit: 100, family: 'any' }));
    const precast = any.alternatives.find((a) => a.id === '#B1389')!; // Beton vægelementer, 20 cm: 66.9 + 1.28 + 0.93 per m²
    assert.strictEqual(format(precast.conversion), 'same unit');
    assert.strictEqual(precast.rewritesQuantity, false, 'the quantity converts by itself');
    close(precast.inScope, 69.11, 'precast wall per m²');
    assert.strictEqual(format(precast.check!), 'another job: a wall element, not a ready-mix concrete');
    // Tagsten, beton per 1000 kg converts by the same mass: 0.2 m³ × 2255 kg/m³ = 451 kg → 0.451 result sets of 1000 kg.
    const tiles = any.alternatives.find((a) => a.id === '#G0005')!;
    assert.strictEqual(format(tiles.conversion), 'by mass: the same 451 kg as the current material');
    close(tiles.amount, 451, 'kg');
    assert.strictEqual(tiles.rewritesQuantity, true, 'by mass: taking it writes 451 kg as the quantity');
    assert.strictEqual(tiles.byMass, true);
    close(tiles.gwp.a1a3, 0.451 * 255.909, 'A1-A3');
    assert.match(format(tiles.check!), /^another family \(roof coverings\)/);
    // The same job only (the default): the wall elements and the stair are concrete of another form, roof tiles
    // (roofing) and concrete pipes (installations) another family — counted, never listed.
    assert.ok(!r.alternatives.some((a) => ['#B1389', '#B1346', '#G0420', '#G0005', '#G1003'].includes(a.id)), 'no element, stair, roof tile or pipe for a ready-mix concrete');
    assert.ok(r.alternatives.every((a) => a.job.form === 'in-situ'));
    assert.strictEqual(r.counts.otherKinds + r.counts.otherJobs, any.counts.matching - r.counts.matching);
    assert.ok(r.counts.otherKinds >= 2 && r.counts.otherJobs >= 4, JSON.stringify(r.counts));
  });

  it('a candidate that cannot be compared is listed with its reason, never as zero', () => {
    // Insulation at equal thermal resistance needs a volume: cotton per kg has no density, a 12 cm PU board per m²
    // with λ not known converts only through a layer thickness one m³ of wool does not have.
    const r = ok(alternativesForMaterial(byId('#G1226'), table7, { ...options, onlyLower: false, limit: 100 }));
    assert.match(format(r.notComparable.find((x) => x.id === '#G0951')!.reason), /density is not known/);
    assert.match(format(r.notComparable.find((x) => x.id === '#G0027')!.reason), /needs the layer thickness/);
    assert.strictEqual(r.counts.notComparable, r.notComparable.length);
    // A material without GWP A1-A3 is named as such.
    const empty: CandidateMaterial = { epd: { ...byId('#B1425'), id: 'x-empty', name: 'Fabriksbeton uden data', lciaResults: [] }, source: 'file' };
    const r2 = ok(alternativesForMaterial(byId('#B1477'), [empty], options));
    assert.strictEqual(format(r2.notComparable[0].reason), 'the material declares no GWP total for A1-A3');
  });

  it('a component that does not exist, or whose material is unknown, is refused with what to change', () => {
    const r = alternativesForComponent(wall, 5, lookup, table7, options);
    assert.ok(isProblem(r));
    assert.strictEqual(format(r.problem), 'the construction has 2 components; component 5 does not exist');
    const r2 = alternativesForComponent({ ...wall, constructionEpds: [{ epdId: 'nope', constructionUnit: { unit: UNIT.M3, amount: 1 } }] }, 0, lookup, table7, options);
    assert.ok(isProblem(r2));
    assert.strictEqual(format(r2.problem), 'component 0: no material with the id nope is known');
  });
});

describe('alternatives: candidates read with their GWP per result set', () => {
  it('rank exactly as candidates without it, and a figure read with other GWP codes is not used', () => {
    const read = table7.map((c) => candidateMaterial(c.epd, c.source, ASSUMED_CODES));
    const wide = { ...options, onlyLower: false, limit: 1000 };
    for (const index of [0, 1]) assert.deepStrictEqual(alternativesForComponent(wall, index, lookup, read, wide), alternativesForComponent(wall, index, lookup, table7, wide));
    assert.deepStrictEqual(alternativesForMaterial(byId('#B1477'), read, wide), alternativesForMaterial(byId('#B1477'), table7, wide));
    // Read with a table whose GWP indicator is another: the ranking works the figure out again with its own codes.
    const other = read.map((c) => ({ ...c, gwp: { codes: { ...gwpCodesOf(ASSUMED_CODES), indicators: new Set([-1]), key: 'another indicator' }, perSet: undefined } }));
    assert.deepStrictEqual(alternativesForComponent(wall, 0, lookup, other, wide), alternativesForComponent(wall, 0, lookup, table7, wide));
  });
});

describe('alternatives: the construction figures are the impact preview\'s', () => {
  it('equal previewConstruction of the same wall, module by module', () => {
    const mine = constructionFigures(wall, lookup, options);
    const preview = previewConstruction(wall, (id) => lookup(id), ASSUMED_CODES, 50);
    assert.deepStrictEqual(preview.problems, []);
    for (const k of ['a1a3', 'b4', 'c3', 'c4', 'd'] as const) close(mine.total![k], preview.total![k], k);
  });
});
