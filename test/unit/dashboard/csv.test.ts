// CSV exports: RFC 4180 quoting, formula defusing, decimals kept as received, and the figures per phase.
import { format, msg } from '../../../src/core/l10n';
import * as assert from 'assert';
import type { DashboardResponse } from '../../../src/client/types';
import { breakdownCsv, csvNumber, csvText, phasesCsv } from '../../../src/core/dashboard/csv';
import { dashboardJson } from '../../../src/core/export/dashboard';
import { br18Payload } from '../../../src/core/dashboard/verdicts';
import { BR18_RULES, type VerdictProject } from '../../../src/core/lca/br18Rules';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import type { Phase } from '../../../src/core/codes';
import { readFixture } from '../../fixtures/paths';

const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
const UNIT = 'kg CO2e/m²/yr';

/** A small RFC 4180 reader, so the tests check what a spreadsheet would see. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('dashboard CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    assert.strictEqual(csvText('plain'), 'plain');
    assert.strictEqual(csvText('a,b'), '"a,b"');
    assert.strictEqual(csvText('say "hi"'), '"say ""hi"""');
    assert.strictEqual(csvText('two\nlines'), '"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula, but leaves negative figures alone', () => {
    assert.strictEqual(csvText('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
    assert.strictEqual(csvText('@SUM(A1)'), "'@SUM(A1)");
    assert.strictEqual(csvText('-2+3'), "'-2+3");
    assert.strictEqual(csvNumber('-1.6'), '-1.6');
    assert.strictEqual(csvNumber('1e-3'), '1e-3');
    assert.strictEqual(csvNumber('=1+1'), "'=1+1");
    assert.strictEqual(csvNumber(undefined), '');
    assert.strictEqual(csvNumber(Number.NaN), '');
  });

  it('writes the breakdown of every branch, one row per material, with classification levels as columns', () => {
    const rows = parseCsv(breakdownCsv(response, UNIT));
    const [header, ...data] = rows;
    assert.deepStrictEqual(header.slice(0, 8), ['Branch', 'Classification level 1', 'Classification level 2', 'Classification level 3', 'Construction', 'Construction elements', `Construction ${UNIT}`, 'Material (EPD)']);
    // Konstruktioner 6 rows, Arkitektur 3 rows, Total 9 rows.
    assert.strictEqual(data.length, 18);
    assert.deepStrictEqual(data.map((r) => r[0]).filter((b, i, a) => a.indexOf(b) === i), ['Total', 'Konstruktioner', 'Arkitektur']);
    const col = (name: string): number => header.indexOf(name);
    const steel = data.find((r) => r[col('Material (EPD)')] === 'Reinforcement steel');
    assert.ok(steel);
    assert.deepStrictEqual(
      [steel[col('Construction')], steel[col('Quantity')], steel[col('Unit')], steel[col('Lifetime (years)')], steel[col(`Material ${UNIT}`)], steel[col('EPD type')]],
      ['Concrete wall 20 cm', '950', 'KG', '120', '0.2', 'Industry'],
    );
    const xss = data.find((r) => r[col('Material (EPD)')] === '<img src=x onerror=alert(1)>');
    assert.strictEqual(xss?.[col('EPD link')], 'javascript:alert(1)');
    const timber = data.find((r) => r[col('Construction')] === 'Timber stairs' && r[0] === 'Total');
    assert.strictEqual(timber?.[col(`Construction ${UNIT}`)], '-0.3');
  });

  it('writes one branch only when asked', () => {
    const rows = parseCsv(breakdownCsv(response, UNIT, 'Arkitektur'));
    assert.strictEqual(rows.length, 1 + 3);
    assert.ok(rows.slice(1).every((r) => r[0] === 'Arkitektur'));
  });

  it('writes phases by branch with the total last and a sum of the counted phases (D excluded)', () => {
    const text = phasesCsv(response, UNIT);
    assert.ok(text.endsWith('\r\n'));
    const rows = parseCsv(text);
    assert.deepStrictEqual(rows[0], ['Phase', 'Counted in total', `Konstruktioner (${UNIT})`, `Arkitektur (${UNIT})`, `Total (${UNIT})`]);
    assert.deepStrictEqual(rows.map((r) => r[0]), ['Phase', 'A1-A3', 'B4', 'B6', 'C3', 'C4', 'D', 'Total excl. D']);
    assert.deepStrictEqual(rows[6], ['D', 'no', '-1.2', '-0.4', '-1.6']);
    // 4.9+0.3+0+0.8+0.4 = 6.4; 2.6+0.5+0+0.2+0.2 = 3.5; 7.5+0.8+0+1.0+0.6 = 9.9
    assert.deepStrictEqual(rows[7], ['Total excl. D', '', '6.4', '3.5', '9.9']);
  });

  it('says in the file where the branches do not add up to the Total: B6 belongs to no branch', () => {
    const withB6 = structuredClone(response);
    const total = withB6.dashboardsPerBranchPlusTotal.Total!;
    total.emissionPerPhase = { ...total.emissionPerPhase, B6: '2.1' };
    const rows = parseCsv(phasesCsv(withB6, UNIT));
    const b6 = rows.find((r) => r[0] === 'B6')!;
    assert.deepStrictEqual(b6.slice(2), ['0', '0', '2.1'], 'the branches have no B6, the Total has');
    assert.deepStrictEqual(rows.find((r) => r[0] === 'Note'), ['Note', '', "The branches do not add up to the Total in B6: B6, the building's operational energy, belongs to no branch."]);
    assert.strictEqual(parseCsv(phasesCsv(response, UNIT)).find((r) => r[0] === 'Note'), undefined, 'no note where they add up');
  });

  it('under GWP fossil, B6 (computed for GWP total only) says it is not available rather than 0, and is not counted', () => {
    const rows = parseCsv(phasesCsv(response, UNIT, undefined, { indicator: { name: 'GWP fossil', gwpTotal: false } }));
    assert.deepStrictEqual(rows.find((r) => r[0] === 'B6'), ['B6', 'no', 'not available for GWP fossil', 'not available for GWP fossil', 'not available for GWP fossil']);
    assert.deepStrictEqual(rows.find((r) => r[0] === 'Total excl. D'), ['Total excl. D', '', '6.4', '3.5', '9.9']);
    // Under GWP total B6 is a figure (0 in a branch: B6 belongs to the building).
    assert.deepStrictEqual(parseCsv(phasesCsv(response, UNIT, undefined, { indicator: { name: 'GWP total', gwpTotal: true } })).find((r) => r[0] === 'B6'), ['B6', 'yes', '0', '0', '0']);
  });

  it('ends with the rules applied when the project\'s rules are known', () => {
    const rows = parseCsv(phasesCsv(response, UNIT, undefined, { rules: msg('BR18 2025') }));
    assert.deepStrictEqual(rows[rows.length - 1], ['Rules applied', 'BR18 2025']);
  });

  describe('the BR18 result in the exports, as the page shows it', () => {
    const query = { stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] as Phase[] };
    const school: VerdictProject = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 2450, limit: 12, extraAllowances: [0.4] };
    const small: VerdictProject = { ...school, heatedArea: 640, limit: undefined, extraAllowances: [] };
    const answer = (project: VerdictProject) => br18Payload(BR18_RULES, ASSUMED_CODES, project, response, query, []);

    it('with a verdict, the phases CSV has a Result row and the limit, judged figure and margin of the building (the Total) only', () => {
      const rows = parseCsv(phasesCsv(response, UNIT, undefined, { rules: msg('BR18 2023'), verdicts: answer(school).perBranch }));
      assert.deepStrictEqual(rows[0].slice(2), [`Konstruktioner (${UNIT})`, `Arkitektur (${UNIT})`, `Total (${UNIT})`]);
      const tail = rows.slice(rows.findIndex((r) => r[0] === 'Result'));
      // BR18 judges the building as a whole: a branch has no verdict, no limit and no margin.
      assert.deepStrictEqual(tail, [
        ['Result', '', '', '', 'Building: within the limit'],
        ['Building limit incl. allowances', '', '', '', '12.4'],
        ['Building result as judged', '', '', '', '9.9'],
        ['Building margin', '', '', '', '2.5'],
      ]);
    });

    it('without a verdict (LCA only under 1,000 m² in 2023), no limit or margin row: the reason instead', () => {
      const text = phasesCsv(response, UNIT, undefined, { rules: msg('BR18 2023'), verdicts: answer(small).perBranch });
      const rows = parseCsv(text);
      const reason = 'LCA only: 2023 rules, 640 m² heated';
      assert.deepStrictEqual(rows[rows.length - 1], ['Result', '', '', '', reason]);
      assert.ok(!/limit|margin|remaining/i.test(text), text);
    });

    it('the JSON export adds the result per dashboard, and drops the service\'s Remaining where there is no verdict', () => {
      const judged = dashboardJson(response, answer(school), format) as { br18: Record<string, { result: string; building?: { limit: number } }>; dashboardsPerBranchPlusTotal: DashboardResponse['dashboardsPerBranchPlusTotal'] };
      assert.deepStrictEqual(judged.dashboardsPerBranchPlusTotal, response.dashboardsPerBranchPlusTotal, 'the response as received');
      assert.deepStrictEqual([judged.br18.Total.result, judged.br18.Total.building?.limit], ['verdict', 12.4]);
      const none = dashboardJson(response, answer(small), format) as typeof judged & { br18: Record<string, { reason?: string }> };
      assert.deepStrictEqual(none.br18.Total, { result: 'none', rules: 'BR18 2023', reason: 'LCA only: 2023 rules, 640 m² heated' });
      assert.deepStrictEqual(none.dashboardsPerBranchPlusTotal.Total.emissionBudget, { Used: '9.9' });
      assert.ok(!JSON.stringify(none).includes('Remaining'));
      assert.strictEqual(dashboardJson(response, undefined, format), response, 'a construction\'s figures: as received');
    });
  });
});
