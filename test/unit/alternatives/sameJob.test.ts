// The job of a line and equal performance on real data: every pair of test/fixtures/alternatives/same-job-pairs.json
// (BR18 Bilag 2 Tabel 7 rows and the local service's seeded materials, each judged by hand with its reason) is judged
// by the ranking as the hand did — the same job with nothing open (at the amount worked by hand: λ-scaled for
// insulation), worth checking (with what to check), another job, or the same (within 0.5 %) — among every candidate
// of Tabel 7 and the seed, not only the pair.
import * as assert from 'assert';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { importTable7 } from '../../../src/core/import/table7';
import { epdDataOf } from '../../../src/core/lca/epd';
import type { EpdData } from '../../../src/core/lca/types';
import { format } from '../../../src/core/l10n';
import { alternativesForMaterial, isProblem, type AlternativesResult } from '../../../src/core/alternatives';
import { PART_IDS, type PartId } from '../../../src/core/families';
import { candidateMaterial, type CandidateMaterial } from '../../../src/core/workspace';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { materialId } from '../../../src/service/seed/ids';
import { readFixture } from '../../fixtures/paths';

interface Pair {
  subject: string;
  candidate: string;
  part?: PartId;
  verdict: 'same job' | 'worth checking' | 'not' | 'the same';
  reason: string;
  amount?: number;
  check?: string;
}

const PAIRS = (JSON.parse(readFixture('alternatives', 'same-job-pairs.json')) as { pairs: Pair[] }).pairs;

const imported = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES);
const table7: CandidateMaterial[] = imported.materials.map((m) => candidateMaterial(epdDataOf(m.material, ASSUMED_CODES, /\((#[A-Z]\d+)\)$/.exec(format(m.source))![1]), 'tabel7.materials.json', ASSUMED_CODES));
const seed: CandidateMaterial[] = MATERIAL_SPECS.map((s) => candidateMaterial(epdDataOf(materialItem(s) as never, ASSUMED_CODES, materialId(s.key)), `seed:${s.key}`, ASSUMED_CODES));
const everything = [...table7, ...seed];

function material(ref: string): EpdData {
  const found = ref.startsWith('seed:') ? seed.find((c) => c.source === ref) : table7.find((c) => c.epd.id === ref);
  assert.ok(found, `${ref} is neither a Tabel 7 row nor a seeded material`);
  return found.epd;
}

/** What the ranking says of the candidate among every candidate: the verdict, and the alternative when it is one. */
function judged(p: Pair): { verdict: string; result: AlternativesResult } {
  const subject = material(p.subject);
  const candidate = material(p.candidate);
  const r = alternativesForMaterial(subject, everything, { codes: ASSUMED_CODES, period: 50, onlyLower: false, limit: 1000 }, p.part ? [p.part] : []);
  assert.ok(!isProblem(r), JSON.stringify(r));
  const a = r.alternatives.find((x) => x.id === candidate.id);
  if (a) return { verdict: a.check ? 'worth checking' : 'same job', result: r };
  // Not listed: the same candidate alone says why — counted as another kind or job, or within 0.5 %.
  const alone = alternativesForMaterial(subject, everything.filter((c) => c.epd === candidate), { codes: ASSUMED_CODES, period: 50, onlyLower: false }, p.part ? [p.part] : []);
  assert.ok(!isProblem(alone));
  const c = alone.counts;
  const verdict = c.same ? 'the same' : c.otherJobs || c.otherKinds ? 'not' : alone.notComparable.length ? `not comparable: ${format(alone.notComparable[0].reason)}` : 'not offered';
  return { verdict, result: r };
}

describe('alternatives: the job of a line on hand-judged pairs of Tabel 7 and the seeded materials', () => {
  it(`has at least 40 pairs, among them those the issue names, each with its reason`, () => {
    assert.ok(PAIRS.length >= 40, `${PAIRS.length} pairs`);
    for (const p of PAIRS) {
      assert.ok(p.reason.length > 10, `${p.subject} → ${p.candidate} has a reason`);
      if (p.part) assert.ok((PART_IDS as readonly string[]).includes(p.part), p.part);
    }
    const has = (s: string, c: string): boolean => PAIRS.some((p) => p.subject === s && p.candidate === c);
    for (const [s, c] of [
      ['#B1346', '#B1389'], ['#B1389', '#B1346'], ['#B1346', '#G0420'], ['seed:precast-wall-20', 'seed:hollow-core-22'], // deck ↔ wall ↔ stair
      ['seed:brick', '#G0743'], ['seed:eps-035', '#G0161'], // facing brick ↔ rammed earth, boards ↔ loose fill
      ['seed:igu-3', 'seed:float-glass-4'], ['seed:igu-3', '#G0210'], ['seed:igu-3', '#G1186'], // 3-pane ↔ 1-pane, 2-pane, skylight
      ['seed:mortar', '#G0410'], ['seed:mortar', '#G1021'], ['seed:mortar', '#G0575'], // masonry mortar ↔ asphalt, gypsum plaster, screed
      ['seed:concrete-c30-37', 'seed:concrete-c25-30'], ['seed:mineral-wool', '#G0012'], ['#G0710', '#G0306'], ['seed:mineral-wool', '#G1226'],
    ]) {
      assert.ok(has(s, c), `the pair ${s} → ${c}`);
    }
  });

  for (const p of PAIRS) {
    it(`${p.subject} → ${p.candidate}${p.part ? ` in ${p.part}` : ''}: ${p.verdict} (${p.reason})`, () => {
      const { verdict, result } = judged(p);
      assert.strictEqual(verdict, p.verdict, `${material(p.subject).name} → ${material(p.candidate).name}`);
      const a = result.alternatives.find((x) => x.id === material(p.candidate).id);
      if (p.amount !== undefined) {
        assert.ok(a, 'listed');
        const per = material(p.subject).declaredUnit.declaredValue;
        assert.ok(Math.abs(a.amount / per - p.amount) < 1e-6 * p.amount, `amount ${a.amount / per}, by hand ${p.amount}`);
      }
      if (p.check !== undefined) assert.ok(format(a!.check!).startsWith(p.check), `${format(a!.check!)} starts with ${p.check}`);
    });
  }

  it('the λ-scaled amount goes into the figures: wood fibre for 1 m³ of mineral wool is 1.135 m³ of its A1-A3 + C3', () => {
    const r = judged({ subject: 'seed:mineral-wool', candidate: '#G0012', verdict: 'same job', reason: '' }).result;
    const a = r.alternatives.find((x) => x.id === '#G0012')!;
    const factor = 0.042 / 0.037;
    assert.ok(Math.abs(a.gwp.a1a3 - factor * -156.3) < 1e-9);
    assert.ok(Math.abs(a.gwp.c3 - factor * 238.2) < 1e-9);
    assert.strictEqual(a.basis.kind, 'lambda');
    assert.strictEqual(format(a.basis.words), 'equal thermal resistance: λ 0.042 (stated default, RIB) for λ 0.037 (stated default, VIF), the amount × 1.135');
    assert.strictEqual(a.rewritesQuantity, true);
    assert.strictEqual(a.byMass, false);
  });
});
