// The dashboard in Danish as a person sees it: VS Code itself in English, `lca.language: da` in the workspace
// settings; the school's dashboard shows Danish headings and its budget figure in Danish number format
// ("7,1 kg CO₂e/m²/år"); a screenshot under test-results/.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { openDashboard, screenshot, signIn, useWorkbench, webviewContentFrame } from './support/workbench';

const SCHOOL = 'Skolen ved Søen';

describe('e2e: the dashboard in Danish', function () {
  this.timeout(180000);
  const workbench = useWorkbench('dashboard-danish', { needsService: true });

  it('shows Danish headings and the budget figure in Danish number format (screenshot in test-results/)', async () => {
    const { page } = workbench();
    await signIn(page);
    // Then the workspace chooses Danish; VS Code's own display language stays English (its palette titles too).
    const settings = path.join(workbench().workspace, '.vscode', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
    const frame = await openDashboard(page, SCHOOL);
    await frame.locator('#card-budget-title', { hasText: 'Klimabudget' }).waitFor({ state: 'visible', timeout: 60000 });
    const used = (await frame.locator('#budget-used').textContent()) ?? '';
    // Danish: decimal comma, "." between thousands, the unit in Danish.
    assert.match(used, /^-?\d{1,3}(\.\d{3})*(,\d+)? kg CO₂e\/m²\/år$/, used);
    assert.ok(!/\d\.\d{1,2} /.test(used), `no decimal point: ${used}`);
    assert.strictEqual(await frame.locator('#card-phases-title').textContent(), 'Klimapåvirkning pr. livscyklusfase');
    const summary = (await frame.locator('#summary').textContent()) ?? '';
    // The school is a 2023 project over 1,000 m²: one verdict, the building's, and the rules applied, all in Danish.
    for (const word of ['Referenceareal', 'Betragtningsperiode', 'Bygningen (BR18)', 'Bygningen: inden for grænseværdien', 'Anvendte regler', 'BR18 2023']) {
      assert.ok(summary.includes(word), `${word} in ${summary}`);
    }
    assert.strictEqual(await frame.locator('#refresh').textContent(), 'Opdatér');

    await page.mouse.move(170, 600);
    const content = await webviewContentFrame(page);
    await content.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    const shot = await screenshot(page, 'e2e-dashboard-danish');
    assert.ok(fs.statSync(shot).size > 20000, `${shot} is suspiciously small`);
  });
});
