// Export Comparison as CSV / JSON, and the page's lines as its script sorts and filters them: the hand-worked walls
// (brick 0.1 → 0.12 m³, mineral wool → wood fibre) in English and Danish.
import * as assert from 'assert';
import { comparisonCsv, comparisonJson, compareHtml, COMPARE_EXPORTERS, COMPARISON_FORMAT } from '../../../src/core/compare';
import { ENGLISH } from '../../../src/core/l10n';
import { DANISH } from '../../fixtures/danish';
import { compared, side, wall } from './support';

const a = side(wall([['brick', 0.1], ['wool', 0.2]]), 'a.construction.json');
const b = side(wall([['brick', 0.12], ['fibre', 0.2]]), 'b.construction.json');
const c = compared(a, b);
const rowsOf = (csv: string, sep: string): string[][] => csv.replace(/^\ufeff/, '').trimEnd().split('\r\n').map((l) => l.split(sep));

describe('compare: Export Comparison as CSV / JSON', () => {
  it('the CSV holds the result, the modules and the lines with their causes, adding up to the difference (by hand)', () => {
    const csv = comparisonCsv(c, ENGLISH);
    assert.ok(csv.startsWith('\ufeff'), 'a byte-order mark, for Excel');
    const rows = rowsOf(csv, ',');
    assert.deepStrictEqual(rows[0], ['Section', 'Name', 'Material A', 'Material B', 'A', 'B', 'Δ (B − A)', 'Δ %', 'Cause']);
    // By hand, per m² over 50 years: A = brick 30 + wool 10 + 2 (C3) = 42; B = brick 36 + fibre 4 + 1 = 41.
    const result = rows.find((r) => r[0] === 'Result')!;
    assert.deepStrictEqual(result.slice(4, 7).map(Number), [42, 41, -1]);
    const c3 = rows.find((r) => r[0] === 'Module' && r[1] === 'C3')!;
    assert.deepStrictEqual(c3.slice(4, 8).map(Number), [2, 1, -1, -50]);
    const lines = rows.filter((r) => r[0] === 'Line');
    const brick = lines.find((r) => r[2] === 'Facing brick')!;
    const wool = lines.find((r) => r[2] === 'Mineral wool')!;
    assert.strictEqual(Number(brick[6]).toFixed(9), (6).toFixed(9));
    assert.strictEqual(brick[8], 'quantity');
    assert.deepStrictEqual([wool[3], Number(wool[6]).toFixed(9), wool[8]], ['Wood fibre', (-7).toFixed(9), 'material replaced']);
    const sum = rows.find((r) => r[0] === 'Sum of the contributions')!;
    assert.strictEqual(Number(sum[6]).toFixed(9), (-1).toFixed(9));
  });

  it('in Danish: Danish headers, ";" between cells and decimal commas, as the dashboard CSV', () => {
    const rows = rowsOf(comparisonCsv(c, DANISH), ';');
    assert.deepStrictEqual(rows[0].slice(0, 4), ['Afsnit', 'Navn', 'Materiale A', 'Materiale B']);
    const wool = rows.find((r) => r[0] === 'Linje' && r[2] === 'Mineral wool')!;
    assert.match(wool[6], /^-7(,\d+)?$/);
    assert.strictEqual(wool[8], 'materiale udskiftet');
    assert.ok(rows.every((r) => r.length === 9), 'nine cells in every row');
  });

  it('the building part of two construction files is the one their name shows, in the reader\'s language; none is said', () => {
    // "Outer wall" states no classification: its name shows an external wall, (21) in the SfB classes.
    const parts = (csv: string, sep: string, section: string) => rowsOf(csv, sep).filter((r) => r[0] === section).map((r) => r[1]);
    assert.deepStrictEqual(parts(comparisonCsv(c, ENGLISH), ',', 'Building part'), ['(21) external walls']);
    assert.deepStrictEqual([...new Set(parts(comparisonCsv(c, ENGLISH), ',', 'Line'))], ['(21) external walls › Outer wall']);
    assert.deepStrictEqual(parts(comparisonCsv(c, DANISH), ';', 'Bygningsdel'), ['(21) ydervægge']);
    // A name that shows no part: said as such, not as the part of the figures outside the lines.
    const thing = (w: ReturnType<typeof wall>) => ({ ...w, name: 'Thing 7' });
    const none = compared(side(thing(wall([['brick', 0.1]])), 'x.construction.json'), side(thing(wall([['brick', 0.2]])), 'y.construction.json'));
    assert.deepStrictEqual(parts(comparisonCsv(none, ENGLISH), ',', 'Building part'), ['(no building part)']);
    assert.deepStrictEqual(parts(comparisonCsv(none, ENGLISH), ',', 'Line'), ['Thing 7']);
    // A classification the file states wins over its name.
    const classified = (w: ReturnType<typeof wall>) => ({ ...w, classification: { code: '(23)', name: 'Etagedæk' } });
    const deck = compared(side(classified(wall([['brick', 0.1]])), 'x.construction.json'), side(classified(wall([['brick', 0.2]])), 'y.construction.json'));
    assert.deepStrictEqual(parts(comparisonCsv(deck, ENGLISH), ',', 'Building part'), ['(23) Etagedæk']);
  });

  it('a name a spreadsheet would run as a formula is written as text', () => {
    const evil = compared(side({ ...wall([['brick', 0.1]]), name: '=HYPERLINK("x")' }, 'a.construction.json'), b);
    const csv = comparisonCsv(evil, ENGLISH);
    assert.ok(csv.includes(`"'=HYPERLINK(""x"") → Outer wall`), csv.split('\r\n')[1]);
  });

  it('the JSON is the agents\' shape with every line: format and version, figures as computed', () => {
    const json = JSON.parse(comparisonJson(c, ENGLISH)) as Record<string, unknown> & { lines: { contribution: number; causes: string[] }[]; difference: number; a: { figure: number } };
    assert.strictEqual(json.format, COMPARISON_FORMAT.format);
    assert.strictEqual(json.version, 1);
    assert.strictEqual(json.lines.length, c.lines.length);
    assert.strictEqual(json.difference, c.difference);
    assert.strictEqual(json.a.figure, a.figure);
    assert.ok(Math.abs(json.lines.reduce((s, l) => s + l.contribution, 0) - json.difference) < 1e-9);
  });

  it('the exporters propose their endings and build without a report', () => {
    assert.strictEqual(COMPARE_EXPORTERS.csv.ending, '-comparison.csv');
    assert.strictEqual(COMPARE_EXPORTERS.json.ending, '-comparison.json');
    const built = COMPARE_EXPORTERS.json.build(c, ENGLISH, { name: 'x', shown: (p) => p });
    assert.strictEqual(built.report, undefined);
    assert.strictEqual(built.content(), comparisonJson(c, ENGLISH));
  });
});

describe('compare: the page sorts and filters its lines', () => {
  const script = { uri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/dist/compare.js', cspSource: 'https://file+.vscode-resource.vscode-cdn.net' };

  it('with its script: the one script by nonce, every line carrying what it is sorted and filtered by, the export buttons', () => {
    const html = compareHtml(c, { nonce: 'N0nce', script });
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.strictEqual(scripts.length, 1);
    assert.ok(scripts[0][1].includes('nonce="N0nce"') && scripts[0][1].includes(`src="${script.uri}"`) && scripts[0][2] === '');
    assert.match(html, /script-src &#39;nonce-N0nce&#39; https:\/\/file\+\.vscode-resource\.vscode-cdn\.net/);
    const rows = [...html.matchAll(/<tr data-part="([^"]*)" data-material="([^"]*)" data-contribution="([^"]*)" data-causes="([^"]*)">/g)];
    assert.strictEqual(rows.length, c.lines.length);
    assert.deepStrictEqual(rows.map((r) => r[4]).sort(), ['materialReplaced', 'quantity']);
    assert.strictEqual(Number(rows[0][3]), -7, 'the largest contribution first');
    assert.match(html, /<button type="button" data-export="csv">Export as CSV…<\/button>/);
    assert.match(html, /<option value="materialReplaced">material replaced<\/option>/);
    assert.match(html, /aria-sort="descending"><button type="button" class="sort" data-sort="contribution">/);
  });

  it('without it: no script and no buttons that would do nothing; a hostile name stays text in the attributes', () => {
    const evil = compared(side({ ...wall([['brick', 0.1]]), name: '"><img src=x onerror=alert(1)>' }, 'a.construction.json'), b);
    const html = compareHtml(evil, { nonce: 'N0nce' });
    assert.doesNotMatch(html, /<script|data-export/);
    assert.doesNotMatch(html, /<img/);
  });

  it('in Danish: the filter, the causes and the count of lines shown', () => {
    const html = compareHtml(c, { nonce: 'N0nce', script, phrasing: DANISH });
    assert.match(html, /placeholder="Filtrér linjerne"/);
    assert.match(html, /data-template="\{0\} af \{1\} linjer vist"/);
    assert.match(html, /Tal i kg CO₂e/);
  });
});
