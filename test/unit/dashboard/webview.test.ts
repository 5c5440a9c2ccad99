// The dashboard webview bundle in headless Chromium, under the same strict CSP as in VS Code: what it shows,
// the messages it sends, service strings kept as text, theme changes, and the loading/empty/error states.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { DashboardResponse, DashboardSummary } from '../../../src/client/types';
import type { DashboardPayload, DashboardQuery, ExtensionToWebview } from '../../../src/core/dashboard/messages';
import { br18Payload } from '../../../src/core/dashboard/verdicts';
import { serveDashboardPage, type DashboardPageServer, type PageTheme } from '../../fixtures/dashboard/page';
import { readFixture, REPO_ROOT } from '../../fixtures/paths';
import { BR18_RULES, br18Verdict, type VerdictProject } from '../../../src/core/lca/br18Rules';
import { ASSUMED_CODES, buildCodeTable, type CodeTable } from '../../../src/core/codeTable';
import { distanceToPassing } from '../../../src/core/lca/verdictInput';
import type { WhatIfAnswer } from '../../../src/core/dashboard/messages';

const XSS = '<img src=x onerror=alert(1)>';
const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
const summary = JSON.parse(readFixture('dashboard', 'project-summary.json')) as DashboardSummary;
const mappings = [
  { id: 'a7e1c7b2-1111-4c1e-9a4c-2b1d7c0e0a11', name: 'GWP total (BR18)', indicator: 'GWP_TOTAL' },
  { id: 'a7e1c7b2-2222-4c1e-9a4c-2b1d7c0e0a12', name: 'GWP fossil', indicator: 'GWP_FOSSIL' },
];
/** The BR18 answer the extension sends (judged in Node, as the panel does): the page only draws it. */
const judged = (project: VerdictProject, query: DashboardQuery, codes: CodeTable = ASSUMED_CODES): DashboardPayload['br18'] => br18Payload(BR18_RULES, codes, project, response, query, mappings);
const school: VerdictProject = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 2450, limit: 12, extraAllowances: [0.4] };
const query: DashboardQuery = { stages: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'], indicatorTypeMappingId: mappings[0].id };
const target = { kind: 'project' as const, projectId: '0d6f3c2e-5b7a-4f0e-8c1d-9a2b3c4d5e6f', projectName: 'Skolen ved Søen' };
const payload: DashboardPayload = {
  target,
  query,
  responseJson: JSON.stringify(response),
  summary,
  mappings,
  projectPhases: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'],
  // The project as the service returns it: BR18 2023, a school of 2,450 m² heated, limit 12 + 0.4 allowance.
  br18: judged(school, query),
  unit: 'kg CO2e/m²/yr',
  locale: 'en',
};

interface Posted {
  type: string;
  [k: string]: unknown;
}

describe('dashboard webview in Chromium', function () {
  this.timeout(60000);
  let server: DashboardPageServer;
  let browser: Browser;
  let page: Page;
  let dialogs: string[];
  let errors: string[];

  before(async () => {
    server = await serveDashboardPage(REPO_ROOT);
    browser = await chromium.launch({ executablePath: process.env.LCA_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(theme: PageTheme = 'light', overrides?: Record<string, string>): Promise<void> {
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    dialogs = [];
    errors = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url(theme, overrides));
  }

  async function send(message: ExtensionToWebview): Promise<void> {
    await page.evaluate((m) => window.postMessage(m, '*'), message);
  }

  const posted = (): Promise<Posted[]> => page.evaluate(() => (window as unknown as { __posted: Posted[] }).__posted);

  async function showData(p: DashboardPayload = payload): Promise<void> {
    await send({ type: 'data', payload: p });
    await page.locator('#chart-breakdown canvas').waitFor({ timeout: 10000 });
    await page.locator('table.breakdown tbody tr').first().waitFor();
  }

  afterEach(async () => {
    await page?.close();
  });

  it('says it is ready, then shows the budget, the phases and the summary as text', async () => {
    await open();
    assert.deepStrictEqual(await posted(), [{ type: 'ready' }]);
    await showData();
    assert.strictEqual(await page.locator('#budget-used').textContent(), '9.9 kg CO₂e/m²/yr');
    assert.strictEqual(await page.locator('#budget-d').textContent(), 'Module D (not counted): -1.6 kg CO₂e/m²/yr');
    assert.ok((await page.locator('#card-budget .card-text').textContent())?.includes('of 12.4 (12 + 0.4 special-condition allowance)'));
    const phases = await page.locator('#card-phases li').allTextContents();
    assert.deepStrictEqual(phases.map((t) => t.split(':')[0]), ['A1-A3', 'B4', 'B6', 'C3', 'C4', 'D']);
    assert.ok((await page.locator('#card-phases').textContent())?.includes('Total of counted phases (A1-A3, B4, B6, C3, C4): 9.9 kg CO₂e/m²/yr'));
    assert.ok((await page.locator('#summary').textContent())?.includes('Building: within the limit'));
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'Building: within the limit');
    assert.ok((await page.locator('#budget-rules').textContent())?.includes('Rules applied: BR18 2023'));
    assert.strictEqual(await page.locator('h1').textContent(), 'Skolen ved Søen');
    for (const id of ['budget', 'phases', 'constructions', 'models', 'epdTypes', 'mapping', 'breakdown']) {
      assert.strictEqual(await page.locator(`#chart-${id} canvas`).count(), 1, `chart ${id} not drawn`);
    }
    assert.deepStrictEqual(errors, []);
  });

  it('in Danish: takes the bundle and locale the extension sends, writes figures the Danish way, and draws again on a language change', async () => {
    await open();
    const bundle = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;
    await send({ type: 'l10n', locale: 'da-DK', bundle });
    await showData();
    assert.strictEqual(await page.locator('#budget-used').textContent(), '9,9 kg CO₂e/m²/år');
    assert.strictEqual(await page.locator('#budget-d').textContent(), 'Modul D (ikke medregnet): -1,6 kg CO₂e/m²/år');
    assert.strictEqual(await page.locator('#card-budget-title').textContent(), 'Klimabudget');
    assert.ok((await page.locator('#card-budget .card-text').textContent())?.includes('Brugt af 12,4 (12 + 0,4 tillæg for særlige forhold)'));
    assert.ok((await page.locator('#card-phases').textContent())?.includes('Total af medregnede faser (A1-A3, B4, B6, C3, C4): 9,9 kg CO₂e/m²/år'));
    const summaryText = (await page.locator('#summary').textContent()) ?? '';
    for (const expected of ['Referenceareal', '2.450 m²', 'Betragtningsperiode', '50 år', 'Bygningen: inden for grænseværdien', 'Anvendte regler', 'BR18 2023']) assert.ok(summaryText.includes(expected), `${expected} in ${summaryText}`);
    assert.deepStrictEqual(await page.locator('table.breakdown thead th').allTextContents(), ['Klassifikation / konstruktion / materiale', 'Elementer', 'kg CO₂e/m²/år', 'Mængde', 'Enhed', 'Levetid (år)', 'EPD']);
    assert.strictEqual(await page.locator('#refresh').textContent(), 'Opdatér');
    // What if…'s answer on a failing project: the largest changes of the same family, judged (one decimal), and the
    // combination that passes, with Danish decimals.
    const danishAnswer: WhatIfAnswer = {
      material: 'Teglsten, formur',
      branch: 'Total',
      problem: { message: 'no material the workspace or the project\'s constructions know is lower', args: [] },
      needed: { building: -1.1 },
      largest: [
        { material: 'Teglsten, formur', replacement: 'Ler, stampet ler', change: -0.544, building: 8, passes: false },
        { material: 'EPS 035', replacement: 'EPS 040', change: -0.34, building: 8.2, passes: false },
      ],
      combination: { changes: [1, 2], passes: true, building: 7.5, needed: 0 },
      worthChecking: [{ material: 'Fabriksbeton C30/37', replacement: 'Fabriksbeton C25/30', change: -0.2, check: { message: '{0}: {1} against {2}', args: [{ message: 'strength class', args: [] }, 'C25/30', 'C30/37'] }, withChanges: [1], building: 7.9, passes: false }],
    };
    await send({ type: 'whatIf', answer: danishAnswer });
    await page.locator('#what-if-combination').waitFor();
    assert.strictEqual(
      await page.locator('#what-if-needed').textContent(),
      'Mangler \u22121,1 kg CO₂e/m²/år; de tre største enkeltændringer, der gør samme arbejde uden noget at kontrollere: 1. Teglsten, formur → Ler, stampet ler (\u22120,54; bygningen 8,0, overholder ikke grænseværdien); 2. EPS 035 → EPS 040 (\u22120,34; bygningen 8,2, overholder ikke grænseværdien).',
    );
    // The swaps worth checking, apart, each with its check (Danish too).
    assert.strictEqual(await page.locator('#what-if-worth-checking').textContent(), 'Værd at kontrollere, ikke talt med ovenfor (kontrollen står mellem bygningen og en overholdt grænseværdi):');
    assert.strictEqual(await page.locator('.what-if-checks li').textContent(), 'Fabriksbeton C30/37 → Fabriksbeton C25/30 (\u22120,2; med ændringerne 1: bygningen 7,9, overholder ikke grænseværdien) — værd at kontrollere: styrkeklasse: C25/30 mod C30/37');
    assert.strictEqual(await page.locator('#what-if-combination').textContent(), 'Overholder grænseværdien med ændringerne 1 + 2 (bygningen 7,5 kg CO₂e/m²/år).');

    await send({ type: 'l10n', locale: 'en' });
    await page.locator('#card-budget-title', { hasText: 'Emission budget' }).waitFor({ timeout: 10000 });
    assert.strictEqual(await page.locator('#budget-used').textContent(), '9.9 kg CO₂e/m²/yr');
    assert.strictEqual(await page.locator('#refresh').textContent(), 'Refresh');
    assert.deepStrictEqual(errors, []);
  });

  it('judges by the BR18 category of the building type in the environment\'s code table it is sent, not the assumed one', async () => {
    // A BR18 2025 project without a limit of its own: the table's limit depends on the category, which the building
    // type's label in the environment's code table decides (here code 0 is a detached house, where the assumed table says office).
    const codes = buildCodeTable({ override: { buildingTypes: [{ code: 0, label: 'Detached house' }] }, environment: 'Production' });
    const project = { calculationTypeEnum: 1, buildingType: 0, heatedArea: 2450, extraAllowances: [] };
    const stages: DashboardPayload['projectPhases'] = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
    const perPhase = response.dashboardsPerBranchPlusTotal.Total.emissionPerPhase ?? {};
    const expected = br18Verdict(BR18_RULES, codes, project, { perPhase, stages });
    const assumed = br18Verdict(BR18_RULES, ASSUMED_CODES, project, { perPhase, stages });
    assert.ok(expected.kind === 'verdict' && assumed.kind === 'verdict' && expected.building.limit !== assumed.building.limit, 'the two tables give two limits');
    await open();
    await showData({ ...payload, query: { ...payload.query, stages }, projectPhases: stages, br18: judged(project, { ...payload.query, stages }, codes) });
    const building = (await page.locator('#budget-building').textContent()) ?? '';
    assert.ok(building.includes(` of ${expected.building.limit} `), building);
    assert.ok(!building.includes(` of ${assumed.building.limit} `), building);
    assert.deepStrictEqual(errors, []);
  });

  it('an inspected construction shows its own figures without a verdict against the building’s limit', async () => {
    await open();
    await showData({ ...payload, target: { kind: 'construction', projectId: target.projectId, projectName: target.projectName, constructionId: 'c-1', constructionName: 'Outer wall' }, summary: undefined });
    assert.strictEqual(await page.locator('#budget-used').textContent(), '9.9 kg CO₂e/m²/yr');
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'One construction’s figures — not compared with the building’s limit');
    const card = (await page.locator('#card-budget').textContent()) ?? '';
    assert.ok(!/within the limit|over the limit|Limit incl/.test(card), card);
    assert.strictEqual(await page.locator('#chart-budget').isVisible(), false, 'no budget bar against the limit');
    assert.deepStrictEqual(errors, []);
  });

  /** Everything on the page that would state a limit, a remaining or a budget bar. */
  async function limitsShown(): Promise<string[]> {
    const text = `${await page.locator('#card-budget').textContent()} ${await page.locator('#summary').textContent()}`;
    const found = ['Limit', 'Remaining', 'Over limit', 'within the limit', 'over the limit'].filter((w) => text.includes(w));
    if (await page.locator('#chart-budget').isVisible()) found.push('budget bar');
    if (await page.locator('#chart-budget canvas').count()) found.push('budget chart');
    return found;
  }

  it('a BR18 2023 project under 1,000 m² heated (LCA only): no limit, remaining or budget bar anywhere, the reason instead', async () => {
    await open();
    const small: VerdictProject = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 640, extraAllowances: [] };
    // The service's summary still carries a limit (12.4) and a remaining: the page must not show them.
    await showData({ ...payload, br18: judged(small, query) });
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'LCA only: 2023 rules, 640 m² heated');
    assert.ok((await page.locator('#summary .summary-result').textContent())?.includes('LCA only: 2023 rules, 640 m² heated'));
    assert.strictEqual(await page.locator('#budget-used').textContent(), '9.9 kg CO₂e/m²/yr');
    assert.strictEqual(await page.locator('#summary .summary-used').textContent(), 'Total of counted phases9.9 kg CO₂e/m²/yr', 'a figure, not "used" of a limit');
    assert.deepStrictEqual(await limitsShown(), []);
    await send({ type: 'requestChartImage', requestId: 'r1', chart: 'budget' });
    await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'chartImage'));
    const answer = (await posted()).find((m) => m.type === 'chartImage');
    assert.deepStrictEqual(answer, { type: 'chartImage', requestId: 'r1', error: 'There is no budget chart: LCA only: 2023 rules, 640 m² heated.' });
    assert.deepStrictEqual(errors, []);
  });

  it('the GWP fossil indicator (not a BR18 result): no limit, remaining or budget bar, the reason named', async () => {
    await open();
    const fossil = { ...query, indicatorTypeMappingId: mappings[1].id };
    await showData({ ...payload, query: fossil, br18: judged(school, fossil) });
    // A reason that stands as a sentence of its own begins with a capital.
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'Not a BR18 result: indicator GWP fossil');
    assert.deepStrictEqual(await limitsShown(), []);
    // B6 is computed for GWP total only: under GWP fossil the page says so rather than show its 0.
    await page.locator('#card-phases .phase-unavailable').waitFor();
    assert.strictEqual(await page.locator('#card-phases .phase-unavailable').textContent(), 'B6 is not available for GWP fossil: the operational energy is computed for GWP total only.');
    const phases = await page.locator('#card-phases li').allTextContents();
    assert.strictEqual(phases.find((t) => t.startsWith('B6')), 'B6: not available for GWP fossil');
    assert.ok((await page.locator('#card-phases').textContent())?.includes('Total of counted phases (A1-A3, B4, C3, C4): '));
    // Back to GWP total: the verdict and its bar are there again.
    await showData();
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'Building: within the limit');
    assert.ok((await limitsShown()).includes('budget bar'));
    await page.locator('#card-phases li').first().waitFor();
    assert.strictEqual(await page.locator('#card-phases .phase-unavailable').count(), 0, 'under GWP total B6 is a figure');
    assert.deepStrictEqual(errors, []);
  });

  it('a BR18 answer that is malformed is dropped: no verdict and no limit, and it says none was sent', async () => {
    await open();
    const broken = { perBranch: { Total: { verdict: { kind: 'verdict', building: { value: 'lots' } } } } } as unknown as DashboardPayload['br18'];
    await showData({ ...payload, br18: broken });
    assert.strictEqual(await page.locator('#budget-verdict').textContent(), 'no BR18 verdict was sent with these figures');
    assert.deepStrictEqual(await limitsShown(), []);
    assert.deepStrictEqual(errors, []);
  });

  it('shows a material named like HTML as literal text, runs nothing, and breaks no CSP rule', async () => {
    await open();
    await showData();
    const hot = await page.locator('.hot-spots .hot-name').allTextContents();
    assert.ok(hot.includes(XSS), `hot spots: ${hot.join(' | ')}`);
    await page.locator('input.filter').fill('onerror');
    await page.locator('td.name', { hasText: XSS }).first().waitFor();
    assert.strictEqual(await page.locator('td.name .label', { hasText: /^<img src=x onerror=alert\(1\)>$/ }).count(), 1);
    assert.strictEqual(await page.locator('img').count(), 0, 'an <img> element was created from service text');
    // The javascript: "EPD link" is shown as text, not as something to click.
    assert.strictEqual(await page.locator('button[data-url^="javascript"]').count(), 0);
    assert.ok((await page.locator('table.breakdown').textContent())?.includes('javascript:alert(1)'));
    await page.waitForTimeout(200);
    assert.deepStrictEqual(dialogs, []);
    assert.deepStrictEqual((await posted()).filter((m) => m.type === 'cspViolation'), []);
    // …and the check above can see a violation: an inline style attribute is blocked and reported.
    await page.evaluate(() => document.body.appendChild(document.createElement('div')).setAttribute('style', 'color: red'));
    await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'cspViolation'));
  });

  it('re-queries with the stages left after a toggle, and keeps the choice in its state', async () => {
    await open();
    await showData();
    await page.locator('#stage-B6').focus();
    await page.keyboard.press('Space');
    const query = (await posted()).filter((m) => m.type === 'query');
    assert.deepStrictEqual(query, [{ type: 'query', query: { stages: ['A1A3', 'B4', 'C3', 'C4', 'D'], indicatorTypeMappingId: payload.query.indicatorTypeMappingId } }]);
    const state = await page.evaluate(() => (window as unknown as { __state: { query: unknown; target: unknown } }).__state);
    assert.deepStrictEqual(state.query, query[0].query);
    assert.deepStrictEqual(state.target, target);
  });

  it('switches branch without asking the service again', async () => {
    await open();
    await showData();
    await page.locator('#branch').selectOption('Arkitektur');
    await page.waitForFunction(() => document.querySelector('#budget-used')?.textContent === '3.5 kg CO₂e/m²/yr');
    assert.deepStrictEqual((await posted()).map((m) => m.type), ['ready']);
  });

  it('asks the extension to open http(s) EPD links and to inspect a construction', async () => {
    await open();
    await showData();
    await page.locator('input.filter').fill('Concrete wall');
    await page.locator('button[data-action="inspect"]').first().click();
    await page.locator('input.filter').fill('C30/37');
    await page.locator('button[data-action="link"]').first().click();
    const msgs = (await posted()).filter((m) => m.type !== 'ready');
    assert.deepStrictEqual(msgs, [
      { type: 'inspectConstruction', constructionId: '3f0c6a5e-8a51-4c1e-9a4c-2b1d7c0e0a11', constructionName: 'Concrete wall 20 cm' },
      { type: 'openLink', url: 'https://www.oekobaudat.de/no_cache/en/database/search.html' },
    ]);
  });

  it('asks What if… on a hot spot (by the keyboard too) and shows the answer beside the current verdict, with the distance to passing', async () => {
    await open();
    await showData();
    const first = page.locator('.hot-spots li').first();
    const name = (await first.locator('.hot-name').textContent()) ?? '';
    const button = first.getByRole('button', { name: `What if ${name} were replaced?` });
    await button.focus();
    await page.keyboard.press('Enter');
    assert.deepStrictEqual((await posted()).filter((m) => m.type === 'whatIf'), [{ type: 'whatIf', material: name, branch: 'Total' }]);

    // A hand-made answer: 12.2 over 12.4 (limit 12 + 0.4) → 11.4 within; needs nothing now (12.2 ≤ 12.4).
    const project = { calculationTypeEnum: 0, buildingType: 1, heatedArea: 2450, limit: 12, extraAllowances: [0.4] };
    const stages = ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'];
    const side = (a1a3: number) => {
      const perPhase = { A1A3: a1a3, B4: 0.5, B6: 3, C3: 0.4, C4: 0.3, D: -1 };
      return { perPhase, verdict: br18Verdict(BR18_RULES, ASSUMED_CODES, project, { perPhase, stages }) };
    };
    const before = { ...side(8.5), perPhase: { A1A3: 8.5, B4: 0.5, B6: 3, C3: 0.4, C4: 0.3, D: -1 } };
    const answer: WhatIfAnswer = {
      material: name,
      branch: 'Total',
      effect: { material: name, replacement: { id: 'z', name: 'Z' }, lines: 2, delta: { A1A3: -0.8 }, change: -0.8, before, after: side(7.7), estimate: [{ message: 'the project read gives no wastage percentage: A5 of the changed lines counted without wastage', args: [] }] },
      needed: distanceToPassing(before.verdict),
      largest: [{ material: name, replacement: 'Z', change: -0.8, building: 11.9, passes: true }],
      combination: { changes: [1], passes: true, building: 11.9, needed: 0 },
    };
    await send({ type: 'whatIf', answer });
    const after = page.locator('#what-if-after');
    await after.waitFor();
    assert.match((await page.locator('#what-if-before').textContent()) ?? '', /12\.7 kg CO₂e\/m²\/yr.*Building: over the limit by 0\.3/);
    assert.match((await after.textContent()) ?? '', /After the change \(estimate\).*11\.9 kg CO₂e\/m²\/yr.*Building: within the limit/);
    assert.strictEqual(await page.locator('#what-if-change').textContent(), 'Change: \u22120.8 kg CO₂e/m²/yr (2 breakdown line(s))');
    assert.match((await page.locator('#what-if-estimate').textContent()) ?? '', /^An estimate: the project read gives no wastage/);
    assert.strictEqual(
      await page.locator('#what-if-needed').textContent(),
      `Needs \u22120.3 kg CO₂e/m²/yr; the three largest single changes of the same job, with nothing to check: 1. ${name} → Z (\u22120.8; building 11.9, passes).`,
    );
    assert.strictEqual(await page.locator('#what-if-combination').textContent(), 'Passes with change 1 (building 11.9 kg CO₂e/m²/yr).');
    assert.deepStrictEqual(errors, []);

    // In the breakdown table: What if… on a material of one construction names the construction too.
    await page.locator('input.filter').fill('Reinforcement steel');
    const inTable = page.locator('button[data-action="whatif"]').first();
    const label = (await inTable.getAttribute('aria-label')) ?? '';
    await inTable.click();
    const sent = (await posted()).filter((m) => m.type === 'whatIf').at(-1)!;
    assert.strictEqual(label, `What if ${String(sent.material)} in ${String(sent.construction)} were replaced?`);
    assert.deepStrictEqual([sent.material, sent.construction], ['Reinforcement steel', 'Concrete wall 20 cm']);
  });

  it('offers What if… for the materials of a construction clicked in the treemap, by a button the keyboard reaches', async () => {
    await open();
    await showData();
    const box = page.locator('#treemap-what-if');
    assert.strictEqual(await box.locator('button').count(), 0, 'nothing before a click');
    // Click tiles until one is a construction (a click on a classification zooms into it first).
    const chart = page.locator('#chart-breakdown');
    const area = (await chart.boundingBox())!;
    const points = [0.25, 0.5, 0.75].flatMap((y) => [0.15, 0.4, 0.6, 0.85].map((x) => ({ x: area.width * x, y: 8 + (area.height - 44) * y })));
    for (let i = 0; i < 3 * points.length && (await box.locator('button').count()) === 0; i++) {
      await chart.click({ position: points[i % points.length] });
      await page.waitForTimeout(150);
    }
    const buttons = box.locator('button');
    assert.ok((await buttons.count()) > 0, 'What if… buttons under the treemap after clicking a construction');
    const first = buttons.first();
    const material = (await first.getAttribute('data-material')) ?? '';
    const construction = (await first.getAttribute('data-in')) ?? '';
    assert.ok(material && construction);
    assert.strictEqual(await first.textContent(), `What if… ${material}`);
    assert.strictEqual(await first.getAttribute('aria-label'), `What if ${material} in ${construction} were replaced?`);
    assert.strictEqual(await box.locator('.treemap-what-if-label').textContent(), `In ${construction}:`);
    // The construction's own materials, as the table lists them under it.
    const rendered = JSON.parse(payload.responseJson) as DashboardResponse;
    const leaves = (nodes: readonly { children?: unknown; constructionName?: string | null; materialsBreakdown?: { epdName?: string }[] }[] | undefined): typeof nodes & object =>
      (nodes ?? []).flatMap((n) => (Array.isArray(n.children) && n.children.length ? leaves(n.children as never) : [n]));
    const names = leaves(rendered.dashboardsPerBranchPlusTotal.Total.projectBreakdown as never)
      .filter((n) => n.constructionName === construction)
      .flatMap((n) => (n.materialsBreakdown ?? []).map((m) => m.epdName));
    assert.ok(names.includes(material), `${material} is a material of ${construction}: ${names.join(', ')}`);

    await first.focus();
    await page.keyboard.press('Enter');
    const sent = (await posted()).filter((m) => m.type === 'whatIf').at(-1);
    assert.deepStrictEqual(sent, { type: 'whatIf', material, construction, branch: 'Total' });
    assert.deepStrictEqual(errors, []);
  });

  it('redraws its charts in the new colours when the theme changes', async () => {
    await open('light');
    await showData();
    // The canvas is transparent: its pixels change only if the chart itself was recoloured.
    const pixels = (): Promise<string> => page.locator('#chart-phases canvas').evaluate((c) => (c as HTMLCanvasElement).toDataURL());
    const before = await pixels();
    await page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>('link[href*="/theme/"]');
      if (link) link.href = link.href.replace('light', 'dark');
    });
    await page.waitForTimeout(300);
    await page.evaluate(() => document.body.classList.replace('vscode-light', 'vscode-dark'));
    await page.waitForTimeout(300);
    const after = await pixels();
    assert.notStrictEqual(after, before, 'the phases chart was not redrawn in the dark theme colours');
  });

  it('in high contrast, labels the treemap in the theme foreground and outlines its tiles in the contrast border', async () => {
    // Colours a user could set in workbench.colorCustomizations, chosen so that nothing else in the treemap has them.
    await open('high-contrast', { foreground: '#ffff00', contrastBorder: '#ff00ff' });
    await showData();
    const colours = (): Promise<{ white: number; foreground: number; border: number }> =>
      page.locator('#chart-breakdown canvas').evaluate((c) => {
        const canvas = c as HTMLCanvasElement;
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        const n = { white: 0, foreground: 0, border: 0 };
        const near = (i: number, r: number, g: number, b: number): boolean =>
          Math.abs(data[i] - r) < 24 && Math.abs(data[i + 1] - g) < 24 && Math.abs(data[i + 2] - b) < 24 && data[i + 3] > 200;
        for (let i = 0; i < data.length; i += 4) {
          if (near(i, 255, 255, 255)) n.white++;
          else if (near(i, 255, 255, 0)) n.foreground++;
          else if (near(i, 255, 0, 255)) n.border++;
        }
        return n;
      });
    let seen = await colours();
    for (let i = 0; i < 50 && seen.border === 0; i++) {
      await page.waitForTimeout(100);
      seen = await colours();
    }
    // Hard-coded white labels would show as white text; the theme's foreground (yellow here) is used instead.
    assert.strictEqual(seen.white, 0, `white pixels in the treemap: ${JSON.stringify(seen)}`);
    assert.ok(seen.foreground > 200, `too little text in the theme foreground: ${JSON.stringify(seen)}`);
    assert.ok(seen.border > 500, `tiles not outlined in the contrast border: ${JSON.stringify(seen)}`);
    assert.deepStrictEqual(errors, []);
  });

  for (const theme of ['high-contrast', 'high-contrast-light'] as const) {
    it(`in ${theme}, cards, the stage box and table cells are edged in the contrast border, and keyboard focus is outlined`, async () => {
      await open(theme, { contrastBorder: '#ff00ff', focusBorder: '#00ff00' });
      await showData();
      const border = (selector: string): Promise<string> => page.locator(selector).first().evaluate((el) => getComputedStyle(el).borderBottomColor);
      for (const selector of ['.card', 'fieldset.stages', 'table.breakdown td', '.page-header']) {
        assert.strictEqual(await border(selector), 'rgb(255, 0, 255)', `${selector} border in ${theme}`);
      }
      await page.keyboard.press('Tab');
      await page.locator('#stage-B6').focus();
      const outline = await page.locator('#stage-B6').evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      });
      assert.strictEqual(outline, 'solid 2px rgb(0, 255, 0)');
    });
  }

  it('answers a chart image request with a PNG data URL', async () => {
    await open();
    await showData();
    await send({ type: 'requestChartImage', requestId: 'r1', chart: 'phases' });
    await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'chartImage'));
    const answer = (await posted()).find((m) => m.type === 'chartImage');
    assert.strictEqual(answer?.requestId, 'r1');
    assert.match(String(answer?.dataUrl), /^data:image\/png;base64,/);
  });

  it('shows loading, then an error with a Retry button that asks again', async () => {
    await open();
    await send({ type: 'loading', target, query: payload.query });
    await page.getByText('Loading dashboard…').waitFor();
    await send({ type: 'error', target, message: 'The LCA service is not reachable (ECONNREFUSED).', signInAction: true });
    await page.getByRole('alert').waitFor();
    assert.ok((await page.getByRole('alert').textContent())?.includes('ECONNREFUSED'));
    const retry = page.getByRole('button', { name: 'Retry' });
    assert.ok(await retry.evaluate((el) => el === document.activeElement), 'Retry should have focus');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Sign In' }).click();
    assert.deepStrictEqual((await posted()).map((m) => m.type), ['ready', 'retry', 'signIn']);
  });

  it('a refusal the service will repeat (retryable: false, e.g. a 404 for this sign-in) shows no Retry button', async () => {
    await open();
    await send({ type: 'error', target, message: 'Not found (404): no project visible to you.', signInAction: false, retryable: false });
    await page.getByRole('alert').waitFor();
    assert.ok((await page.getByRole('alert').textContent())?.includes('404'));
    assert.strictEqual(await page.getByRole('button', { name: 'Retry' }).count(), 0);
  });

  it('shows an empty state when no stage is selected', async () => {
    await open();
    await send({ type: 'data', payload: { ...payload, query: { stages: [] } } });
    await page.getByText('No stage is selected', { exact: false }).waitFor();
    assert.strictEqual(await page.locator('#content').isHidden(), true);
    await page.getByRole('button', { name: 'Refresh' }).last().click();
    assert.ok((await posted()).some((m) => m.type === 'retry'));
  });
});
