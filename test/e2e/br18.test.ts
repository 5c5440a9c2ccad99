// BR18 since 1 July 2025 as a person sees it on the dashboard: the seeded office "Kontorhus Havnegade" (2025 rules,
// offices, limit 7.5) gets two verdicts — the building's (A1-A3, B4, B6, C3, C4: 4.6395 + 0.7014 + 2.6053 + 0.3538 +
// 0.2613 = 8.5613 → 8.6, over 7.5 by 1.1) and the construction process's (A4 + A5: 0 + 0.2627 → 0.3, within 1.5) —
// in English and then, after `lca.language: da`, in Danish with a decimal comma. The GWP-fossil indicator and a project
// without elements get no verdict, with the reason shown.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { authenticateUser, LcaClient } from '../../src/client';
import { CREDENTIALS } from '../../src/service/seed/ids';
import { openDashboard, runCommand, screenshot, signIn, useWorkbench } from './support/workbench';

const OFFICE = 'Kontorhus Havnegade';
const EMPTY = 'Tomt kontorhus 2025';

describe('e2e: BR18 2025 verdicts on the dashboard', function () {
  this.timeout(240000);
  const workbench = useWorkbench('br18', { needsService: true });

  before(() => signIn(workbench().page));

  it('a 2025 office shows the building verdict and the construction process verdict apart, then the reason for GWP fossil', async () => {
    const { page } = workbench();
    const frame = await openDashboard(page, OFFICE);
    const building = frame.locator('#budget-verdict');
    const process = frame.locator('#budget-verdict-cp');
    await building.filter({ hasText: 'Building: over the limit by 1.1' }).waitFor({ state: 'visible', timeout: 60000 });
    await process.filter({ hasText: 'Construction process: within the limit' }).waitFor({ state: 'visible', timeout: 30000 });
    assert.match((await building.getAttribute('class')) ?? '', /\bfail\b/);
    assert.match((await process.getAttribute('class')) ?? '', /\bpass\b/);
    const summary = (await frame.locator('#summary').textContent()) ?? '';
    for (const text of ['Building (BR18)', 'Building: over the limit by 1.1', 'Construction process (A4 + A5)', 'Construction process: within the limit', 'Rules applied', 'BR18 2025']) {
      assert.ok(summary.includes(text), `"${text}" in the summary: ${summary}`);
    }
    // A4 + A5 are judged apart, never counted into the building's figure.
    const card = (await frame.locator('#card-budget').textContent()) ?? '';
    assert.ok(/8\.6 of 7\.5/.test(card) && /0\.3 of 1\.5/.test(card), `the two limits' figures in the budget card: ${card}`);
    await screenshot(page, 'e2e-br18-2025-verdicts');

    // GWP fossil is not the indicator BR18 judges: the reason instead of a verdict.
    await frame.locator('#mapping').selectOption({ label: 'GWP fossil' });
    await building.filter({ hasText: 'not a BR18 result: indicator GWP fossil' }).waitFor({ state: 'visible', timeout: 30000 });
    assert.strictEqual(await process.count(), 0, 'no construction-process verdict for GWP fossil');
    assert.ok(!/within the limit|over the limit/.test((await frame.locator('#summary').textContent()) ?? ''), 'no verdict left in the summary');
    // …and no limit, remaining or budget bar as if there were one.
    const unjudged = `${await frame.locator('#card-budget').textContent()} ${await frame.locator('#summary').textContent()}`;
    assert.ok(!/Limit|Remaining|Over limit/.test(unjudged), `no limit without a verdict: ${unjudged}`);
    assert.strictEqual(await frame.locator('#chart-budget').isVisible(), false, 'no budget bar without a verdict');
    await frame.locator('#mapping').selectOption({ index: 0 });
    await building.filter({ hasText: 'Building: over the limit by 1.1' }).waitFor({ state: 'visible', timeout: 30000 });
  });

  it('a project with no elements says there is no result yet, with the count of mapped elements', async () => {
    const urls = workbench().serviceUrls!;
    const token = await authenticateUser(urls.authUrl, CREDENTIALS.demoUser.email, CREDENTIALS.demoUser.password);
    const client = new LcaClient({ urls, getToken: async () => token.accessToken });
    await client.createProject({
      projectName: EMPTY,
      type: 0,
      stage: 1,
      calculationType: { calculationTypeEnum: 1, thresholdLimitWithoutExtra: 7.5 },
      heatArea: { heatedFloorAreaAboveGround: 1800 },
    } as never);
    const frame = await openDashboard(workbench().page, EMPTY);
    const reason = frame.locator('#empty-verdict');
    await reason.filter({ hasText: 'no result yet: 0 of 0 elements mapped' }).waitFor({ state: 'visible', timeout: 60000 });
    assert.strictEqual(await frame.locator('#budget-verdict-cp').count(), 0);
    // The service's summary states a limit of 7.5 with 7.5 remaining; without a verdict the page shows neither.
    const summary = (await frame.locator('#summary').textContent()) ?? '';
    assert.ok(!/Limit|Remaining/.test(summary) && /no result yet/i.test(summary), `no limit without a verdict: ${summary}`);
    await runCommand(workbench().page, 'View: Close All Editors');
  });

  it('in Danish the same two verdicts, with a decimal comma', async () => {
    const { page, workspace } = workbench();
    const settings = path.join(workspace, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
    const frame = await openDashboard(workbench().page, OFFICE);
    await frame.locator('#budget-verdict', { hasText: 'Bygningen: over grænseværdien med 1,1' }).waitFor({ state: 'visible', timeout: 60000 });
    await frame.locator('#budget-verdict-cp', { hasText: 'Byggeprocessen: inden for grænseværdien' }).waitFor({ state: 'visible', timeout: 30000 });
    const summary = (await frame.locator('#summary').textContent()) ?? '';
    for (const text of ['Bygningen (BR18)', 'Byggeprocessen (A4 + A5)', 'Anvendte regler', 'BR18 2025']) {
      assert.ok(summary.includes(text), `"${text}" in the summary: ${summary}`);
    }
    assert.ok(!/over grænseværdien med 1\.1/.test(summary), `a decimal point in Danish: ${summary}`);
    await screenshot(page, 'e2e-br18-2025-verdicts-da');
  });
});
