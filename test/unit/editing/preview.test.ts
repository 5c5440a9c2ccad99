// The construction impact preview (src/core/preview/impact.ts) against figures worked by hand from the seeded
// BR18 Bilag 2 Tabel 7 materials (src/service/seed/materials.ts, lca-method §5).
import * as assert from 'assert';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { epdDataOf, type EpdData } from '../../../src/core/lca';
import {
  componentTitle,
  formatNumber,
  previewConstruction,
  previewMarkdown,
  previewTitle,
  type PreviewResolver,
} from '../../../src/core/preview';
import { seedMaterials } from '../../../src/service/seed/materials';
import { materialId } from '../../../src/service/seed/ids';
import { format, type Msg } from '../../../src/core/l10n';
import { breakdownHtml } from '../../../src/core/preview/breakdownHtml';
import { SHORT_LIVED_WALL } from '../../fixtures/walls';

const fmt = (m: Msg | undefined): string => (m ? format(m) : '');

const seeded = new Map<string, EpdData>(seedMaterials().map((s) => [s.id, epdDataOf(s.item, ASSUMED_CODES, s.id)]));
const resolveSeed: PreviewResolver = (id) => seeded.get(id);

const close = (actual: number, expected: number, what: string): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

/*
 * Worked by hand (per 1 m² of wall, reference period 50 years, construction lifespan 120):
 *
 * | component                                  | result sets            | A1-A3                  | C3                      | C4                   | D                     | lifespan → n |
 * |--------------------------------------------|------------------------|------------------------|-------------------------|----------------------|-----------------------|--------------|
 * | brick, 0.108 m³ (per 1 m³)                 | 0.108                  | 0.108 · 528.5 = 57.078 | 0.108 · 13.21 = 1.42668 | –                    | 0.108 · −3.7 = −0.3996| 120 → 0      |
 * | mortar, 0.022 m³ (per 1 m³)                | 0.022                  | 0.022 · 345.1 = 7.5922 | –                       | 0.022 · 29.3 = 0.6446| –                     | 120 → 0      |
 * | mineral wool, 1 m² × 0.195 m (per 1 m³)    | 0.195                  | 0.195 · 40.31 = 7.86045| 0.195 · 0.721 = 0.140595| 0.195 · 0.4 = 0.078  | –                     | 20 → 2       |
 * | precast wall 20 cm, 1 m² (per 1 m²)        | 1                      | 66.9                   | 1.28                    | 0.93                 | −1.01                 | 120 → 0      |
 * | gypsum 12.5 mm, 2 m² (per 1 m²)            | 2                      | 2 · 1.623 = 3.246      | –                       | 2 · 0.15 = 0.3       | –                     | 15 → 3       |
 *
 * A1-A3 = 57.078 + 7.5922 + 7.86045 + 66.9 + 3.246 = 142.67665
 * C3    = 1.42668 + 0.140595 + 1.28                  = 2.847275
 * C4    = 0.6446 + 0.078 + 0.93 + 0.3                = 1.9526
 * D     = −0.3996 − 1.01                             = −1.4096
 * B4    = n · sets · (A1-A3 + C3 + C4) per unit:
 *         wool   2 · 0.195 · (40.31 + 0.721 + 0.4) = 2 · 8.079045 = 16.15809
 *         gypsum 3 · 2 · (1.623 + 0 + 0.15)         = 3 · 3.546    = 10.638
 *         total                                                    = 26.79609
 * Over 100 years: wool n = ⌈100/20⌉ − 1 = 4 → 32.31618, gypsum n = ⌈100/15⌉ − 1 = 6 → 21.276, brick etc. ⌈100/120⌉ − 1 = 0:
 *         B4 = 53.59218.
 */
const wall = SHORT_LIVED_WALL;

describe('editing: construction impact preview', () => {
  it('sums A1-A3, C3, C4 and D per declared unit and B4 from replacements, as worked by hand', () => {
    const p = previewConstruction(wall, resolveSeed, ASSUMED_CODES, 50);
    assert.deepStrictEqual(p.problems, []);
    assert.ok(p.total);
    close(p.total.a1a3, 142.67665, 'A1-A3');
    close(p.total.c3, 2.847275, 'C3');
    close(p.total.c4, 1.9526, 'C4');
    close(p.total.d, -1.4096, 'D');
    close(p.total.b4, 26.79609, 'B4');
    assert.deepStrictEqual(p.components.map((c) => c.replacements), [0, 0, 2, 0, 3]);
    assert.deepStrictEqual(p.components.map((c) => c.lifespan), [120, 120, 20, 120, 15]);
    close(p.components[2].sets, 0.195, 'mineral wool result sets');
    close(p.components[2].gwp.b4, 16.15809, 'mineral wool B4');
    assert.strictEqual(
      format(previewTitle(p)),
      'Impact preview (GWP, kg CO₂e per m²): A1-A3 142.7 · B4 (50 yr) 26.8 · C3 2.85 · C4 1.95 · D (apart) −1.41',
    );
  });

  it('counts replacements over the period given (100 years)', () => {
    const p = previewConstruction(wall, resolveSeed, ASSUMED_CODES, 100);
    assert.ok(p.total);
    close(p.total.b4, 53.59218, 'B4 over 100 years');
    close(p.total.a1a3, 142.67665, 'A1-A3 does not depend on the period');
    assert.match(format(previewTitle(p)), /B4 \(100 yr\) 53\.6/);
  });

  it('uses the EPD lifespan when neither the component nor the construction gives one', () => {
    const { expectedLifespan: _drop, ...noLifespan } = wall;
    const p = previewConstruction({ ...noLifespan, constructionEpds: [wall.constructionEpds[4]] }, resolveSeed, ASSUMED_CODES, 50);
    // The component's own 15 years win; without it the EPD's 50 years give no replacement.
    assert.strictEqual(p.components[0].replacements, 3);
    const bare = { ...noLifespan, constructionEpds: [{ epdId: materialId('gypsum-12'), constructionUnit: { unit: UNIT.M2, amount: 2 } }] };
    const q = previewConstruction(bare, resolveSeed, ASSUMED_CODES, 50);
    assert.strictEqual(q.components[0].lifespan, 50);
    assert.strictEqual(q.components[0].replacements, 0);
  });

  it('a component with a missing geometry, an unknown id or one still being looked up is named with its reason, and there is no total', () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const pending = '11111111-1111-4111-8111-111111111111';
    const resolver: PreviewResolver = (id) => (id === pending ? 'unknown' : seeded.get(id));
    const broken = {
      ...wall,
      constructionEpds: [
        wall.constructionEpds[0],
        // Gypsum is declared per m²: a volume needs the board thickness.
        { epdId: materialId('gypsum-12'), constructionUnit: { unit: UNIT.M3, amount: 0.025 } },
        { epdId: unknown, constructionUnit: { unit: UNIT.M2, amount: 1 } },
        { epdId: pending, constructionUnit: { unit: UNIT.M2, amount: 1 } },
        { constructionUnit: { unit: UNIT.M2, amount: 1 } },
      ],
    };
    const p = previewConstruction(broken, resolver, ASSUMED_CODES, 50);
    assert.strictEqual(p.total, undefined);
    assert.deepStrictEqual(p.components.map((c) => c.index), [0]);
    assert.deepStrictEqual(p.problems.map((x) => x.index), [1, 2, 3, 4]);
    assert.match(format(p.problems[0].reason), /thickness/);
    assert.match(format(p.problems[1].reason), /no material with this id is known/);
    assert.strictEqual(p.problems[2].pending, true);
    assert.match(format(p.problems[3].reason), /no epdId/);
    assert.match(format(previewTitle(p)), /^Impact preview: component 2 \(epdId [0-9a-f]{8}…\) cannot be computed: .*thickness.* \(\+3 more\)$/);
    assert.match(fmt(componentTitle(p, 2)), /^Cannot be computed: no material/);
    assert.match(fmt(componentTitle(p, 0)), /^Clay brick, outer leaf: A1-A3 57\.1 kg CO₂e$/);
    assert.match(previewMarkdown(p, 'x'), /No total/);
  });

  it('a kilogram amount converts through the EPD mass; without a mass it is an error, not a zero', () => {
    // Precast wall per m² weighs 426.4 kg: 213.2 kg = 0.5 m² → A1-A3 0.5 · 66.9 = 33.45.
    const p = previewConstruction({ constructionEpds: [{ epdId: materialId('precast-wall-20'), constructionUnit: { unit: UNIT.KG, amount: 213.2 } }] }, resolveSeed, ASSUMED_CODES);
    close(p.total!.a1a3, 33.45, 'A1-A3 through mass');
    const massless: EpdData = { ...seeded.get(materialId('precast-wall-20'))!, declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1, mass: null } };
    const q = previewConstruction({ constructionEpds: [{ epdId: 'x', constructionUnit: { unit: UNIT.KG, amount: 213.2 } }] }, () => massless, ASSUMED_CODES);
    assert.strictEqual(q.total, undefined);
    assert.match(format(q.problems[0].reason), /mass/);
  });

  it('figures are per the declared value of the construction, and the top lens says so', () => {
    const p = previewConstruction({ ...wall, declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 2 } }, resolveSeed, ASSUMED_CODES);
    assert.match(format(previewTitle(p)), /kg CO₂e per 2 m²/);
    assert.strictEqual(format(previewTitle(previewConstruction({ name: 'empty', constructionEpds: [] }, resolveSeed, ASSUMED_CODES))), 'Impact preview: the construction has no components yet');
    assert.match(fmt(componentTitle(previewConstruction(wall, resolveSeed, ASSUMED_CODES), 3)), /^Precast concrete wall 20 cm: A1-A3 66\.9 kg CO₂e \(47 % of A1-A3\)$/);
  });

  it('the Markdown breakdown lists every component and the totals', () => {
    const md = previewMarkdown(previewConstruction(wall, resolveSeed, ASSUMED_CODES, 50), 'Wall | A');
    assert.match(md, /^# Impact preview: Wall \\\| A/);
    assert.strictEqual(md.split('\n').filter((l) => /^\| [1-5] \|/.test(l)).length, 5);
    assert.match(md, /\*\*142\.7\*\*/);
    assert.match(md, /A1-A3 \+ B4 \+ C3 \+ C4 = \*\*174\.3\*\*/);
  });

  it('the breakdown page: the same table with a Find Lower-Carbon Alternatives… link per computed component, names as text, no script', () => {
    const p = previewConstruction(wall, (id) => (id === materialId('brick') ? { ...seeded.get(id)!, name: '<img src=x onerror=alert(1)> Brick' } : seeded.get(id)), ASSUMED_CODES, 50);
    const html = breakdownHtml(p, 'Wall <b>', { nonce: 'n0nce', footer: 'Reference period for B4: 50 years.', alternativesHref: (i) => `command:lca.findAlternatives?${encodeURIComponent(JSON.stringify(['file:///w.construction.json', i]))}` });
    assert.doesNotMatch(html, /<script|<img/, 'no script, and a name is text');
    assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt; Brick/);
    assert.match(html, /<h1>Impact preview: Wall &lt;b&gt;<\/h1>/);
    // The policy as the browser reads the attribute (its quotes written as &#39;).
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1].replace(/&#39;/g, "'");
    assert.strictEqual(csp, "default-src 'none'; style-src 'nonce-n0nce'");
    const rows = html.split('<tr').filter((r) => r.includes('scope="row"'));
    assert.strictEqual(rows.length, 6, 'five components and the total');
    const links = rows.map((r) => /href="command:lca\.findAlternatives\?([^"]+)"/.exec(r)?.[1]).map((q) => (q ? (JSON.parse(decodeURIComponent(q)) as unknown[])[1] : undefined));
    assert.deepStrictEqual(links, [0, 1, 2, 3, 4, undefined], 'one per computed component, for its index; none on the total');
    assert.match(rows[0], /aria-label="Find lower-carbon alternatives to &lt;img src=x onerror=alert\(1\)&gt; Brick \(component 1\)">Find Lower-Carbon Alternatives…<\/a>/);
    assert.match(rows[5], /<strong>142\.7<\/strong>/, 'the total row as in the Markdown');
    const missing = previewConstruction({ ...wall, constructionEpds: [...wall.constructionEpds, { epdId: 'nowhere', constructionUnit: { unit: UNIT.M2, amount: 1 } }] }, resolveSeed, ASSUMED_CODES, 50);
    const partial = breakdownHtml(missing, 'Wall', { nonce: 'n', footer: '' });
    assert.match(partial, /component 6 \(epdId <code>nowhere<\/code>\): no material with this id is known/, 'a component that cannot be computed is named with its reason');
    assert.match(partial, /No total: a partial sum would understate the construction\./);
    assert.doesNotMatch(partial, /class="action"/, 'no link without the command');
  });

  it('formats numbers with sensible precision and a true minus sign', () => {
    assert.deepStrictEqual(
      [139.43065, 7.092, -0.3996, 0, 12345.67, 0.000123, 1e-9, 241, 12000].map((x) => formatNumber(x)),
      ['139.4', '7.09', '−0.400', '0', '12\u2009345.7', '0.000123', '1.00e-9', '241', '12\u2009000'],
    );
  });
});
