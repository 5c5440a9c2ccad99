// Core and client give data — rule ids, templates and arguments — and the same data reads as English or Danish
// depending on who phrases it; figures follow the number format (Danish "2.475", "139,4"), CSV its separator.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { DashboardResponse } from '../../../src/client/types';
import { httpUserMessage, LcaServiceError } from '../../../src/client/errors';
import { breakdownCsv, csvFormatFor, phasesCsv } from '../../../src/core/dashboard/csv';
import { format, msg, phrase, type Msg, type Phrasing } from '../../../src/core/l10n';
import { formatNumber, previewMarkdown, previewTitle, type ConstructionPreview } from '../../../src/core/preview/impact';
import { analyze, type AnalyzeOptions } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';

const checkText = (text: string, options: Partial<AnalyzeOptions>) => analyze(text, { ...CHECKS, ...options }).findings;
import { validateAgainst } from '../../../src/core/schemas';
import { readFixture, REPO_ROOT } from '../../fixtures/paths';

const danish = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;
const da = (m: Msg): string => phrase(m, (t) => danish[t] ?? t);
const DANISH: Phrasing = { say: da, locale: 'da-DK' };

const material = (gwpTotal: number): string =>
  JSON.stringify({
    name: 'Mineraluld',
    lciaResults: [
      {
        moduleTypeEnum: 0,
        moduleStatusEnum: 2,
        indicators: [
          { type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: gwpTotal },
          { type: 'GWP_FOSSIL', unit: 'kg CO2 eq', value: 1.2 },
          { type: 'GWP_BIOGENIC', unit: 'kg CO2 eq', value: 0.1 },
          { type: 'GWP_LULUC', unit: 'kg CO2 eq', value: 0.01 },
        ],
      },
    ],
  });

describe('l10n: core data phrased in either language', () => {
  it('a rule finding carries its rule id, an English template and the figures as arguments; the fix too', () => {
    const [d] = checkText(material(2), { fileName: 'x.material.json' }).filter((x) => x.ruleId === 'gwp-sum');
    assert.ok(d, 'gwp-sum found');
    assert.deepStrictEqual(d.message, {
      message: '{0} is {1} in module {2}, but {3} = {4}; they should agree (within 1 % or 0.01).',
      args: ['GWP_TOTAL', 2, 'A1-A3 (0)', 'GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC', 1.31],
    });
    assert.strictEqual(format(d.message), 'GWP_TOTAL is 2 in module A1-A3 (0), but GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC = 1.31; they should agree (within 1 % or 0.01).');
    assert.strictEqual(
      da(d.message),
      'GWP_TOTAL er 2 i livscyklusmodul A1-A3 (0), men GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC = 1.31; de bør stemme overens (inden for 1 % eller 0,01).',
    );
    assert.strictEqual(d.fix && da(d.fix.title), 'Sæt GWP_TOTAL til 1.31 (GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC)');
  });

  it('nested phrases are translated too: a schema problem about an item, and a unit conversion reason inside a rule', () => {
    const [problem] = validateAgainst('materials', [{ lciaResults: [] }]).filter((p) => p.keyword === 'required');
    assert.strictEqual(format(problem.message), 'item 0 is missing the required property `name`');
    assert.strictEqual(da(problem.message), 'element 0 mangler den påkrævede egenskab `name`');
    const construction = JSON.stringify({
      name: 'Væg',
      constructionEpds: [{ epdId: 'a', constructionUnit: { unit: 2, amount: 10 } }],
    });
    const [d] = checkText(construction, {
      fileName: 'x.construction.json',
      resolveEpd: () => ({ id: 'a', name: 'Beton', declaredUnit: { declaredValue: 1, declaredUnit: 3 } }),
    }).filter((x) => x.ruleId === 'unit-conversion');
    assert.strictEqual(da(d.message), '"Beton" er deklareret pr. 1 M3; M2 → M3 kræver lagtykkelsen i constructionUnit.height (m). Denne komponent kan ikke beregnes.');
  });

  it('a client error keeps code, status and problem, and its reason reads in Danish', () => {
    const reason = httpUserMessage({ status: 404, method: 'GET', url: 'https://lca.example.com/x', resource: 'project' });
    const e = new LcaServiceError({ code: 'http', status: 404, reason, problem: { title: 'Not Found' } });
    assert.strictEqual(e.message, 'Project not found (404)');
    assert.deepStrictEqual([e.code, e.status, e.problem?.title], ['http', 404, 'Not Found']);
    assert.strictEqual(da(e.reason), 'Projektet blev ikke fundet (404)');
    const retry = httpUserMessage({ status: 503, method: 'GET', url: 'https://lca.example.com/x', retryAfterSeconds: 30 });
    assert.strictEqual(da(retry), 'LCA-tjenesten er ikke tilgængelig (503); prøv igen om 30 s');
  });

  it('writes figures with the locale’s separators: Danish "2.475" and "139,4", English unchanged', () => {
    const values = [139.43065, 7.092, -0.3996, 2475, 12345.67, 0];
    assert.deepStrictEqual(values.map((x) => formatNumber(x, 'da-DK')), ['139,4', '7,09', '−0,400', '2.475', '12.345,7', '0']);
    assert.deepStrictEqual(values.map((x) => formatNumber(x)), ['139.4', '7.09', '−0.400', '2475', '12\u2009345.7', '0']);
  });

  it('phrases the impact preview lens and breakdown in Danish with Danish figures', () => {
    const p: ConstructionPreview = {
      declaredValue: 1,
      declaredUnit: 2,
      declaredUnitSymbol: 'm²',
      period: 50,
      name: 'Væg',
      components: [{ index: 0, epdId: 'a', name: 'Beton', quantity: { unit: 4, amount: 480 }, sets: 0.2, lifespan: 120, replacements: 0, gwp: { a1a3: 142.7, b4: 26.8, c3: 2.85, c4: 1.95, d: -1.41 } }],
      problems: [],
      total: { a1a3: 142.7, b4: 26.8, c3: 2.85, c4: 1.95, d: -1.41 },
    };
    assert.strictEqual(
      da(previewTitle(p, 'da-DK')),
      'Forhåndsvisning af klimapåvirkning (GWP, kg CO₂e pr. m²): A1-A3 142,7 · B4 (50 år) 26,8 · C3 2,85 · C4 1,95 · D (for sig) −1,41',
    );
    const md = previewMarkdown(p, 'Ydervæg', DANISH);
    assert.match(md, /^# Forhåndsvisning af klimapåvirkning: Ydervæg/);
    assert.match(md, /\| # \| materiale \| resultatsæt \| levetid \| udskiftninger \|/);
    assert.match(md, /A1-A3 \+ B4 \+ C3 \+ C4 = \*\*174,3\*\* kg CO₂e pr\. m² \(D for sig: −1,41\)\./);
  });

  it('a nested phrase is translated on its own; a template of placeholders only stays as it is', () => {
    assert.strictEqual(da(msg('{0}: {1}', msg('item {0}', 3), 'x')), 'element 3: x');
  });
});

describe('l10n: dashboard CSV follows the number format and the language', () => {
  const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
  const UNIT = 'kg CO2e/m²/yr';

  it('Danish: ";" between cells, decimal commas, Danish headers; English: "," and dots', () => {
    assert.deepStrictEqual(csvFormatFor('da-DK'), { separator: ';', decimal: ',' });
    assert.deepStrictEqual(csvFormatFor('en'), { separator: ',', decimal: '.' });
    const danishCsv = phasesCsv(response, 'kg CO₂e/m²/år', DANISH).split('\r\n');
    assert.strictEqual(danishCsv[0], 'Livscyklusfase;Medregnet i total;Konstruktioner (kg CO₂e/m²/år);Arkitektur (kg CO₂e/m²/år);Total (kg CO₂e/m²/år)');
    assert.strictEqual(danishCsv[6], 'D;nej;-1,2;-0,4;-1,6');
    assert.strictEqual(danishCsv[7], 'Total ekskl. D;;6,4;3,5;9,9');
    const englishCsv = phasesCsv(response, UNIT).split('\r\n');
    assert.strictEqual(englishCsv[6], 'D,no,-1.2,-0.4,-1.6');
    assert.strictEqual(englishCsv[7], 'Total excl. D,,6.4,3.5,9.9');
  });

  it('Danish breakdown: text with ";" is quoted, figures keep their digits with a decimal comma', () => {
    const rows = breakdownCsv(response, 'kg CO₂e/m²/år', undefined, DANISH).split('\r\n');
    assert.ok(rows[0].startsWith('Gren;Klassifikationsniveau 1;'), rows[0]);
    const steel = rows.find((r) => r.includes('Reinforcement steel'));
    assert.ok(steel && steel.includes(';950;KG;') && steel.includes(';120;0,2;'), steel);
    const quoted = breakdownCsv({ dashboardsPerBranchPlusTotal: { Total: { projectBreakdown: [{ constructionName: 'Væg; ydre', elements: 1, co2PerYearPerSquareMeter: '1.5', materialsBreakdown: [] }] } } } as unknown as DashboardResponse, UNIT, undefined, DANISH);
    assert.ok(quoted.split('\r\n')[1].includes('"Væg; ydre";1;1,5'), quoted);
  });
});
