// The Projects tree as a person sees it after signing in: the LCA activity bar opened, the seeded demo-tenant
// projects listed, and a screenshot in test-results/projects-tree.png.
import * as assert from 'assert';
import * as fs from 'fs';
import { activityBarItem, screenshot, signIn, useWorkbench } from './support/workbench';

/** Seeded projects of the demo tenant (src/service/seed/projects.ts); the deleted one and the other tenant's are not listed. */
const SEEDED = ['Skolen ved Søen', 'Kontorhus Havnegade', 'Rækkehuse Lærkevej', 'Logistikcenter Kolding'];

describe('e2e: Projects tree with seeded data', function () {
  this.timeout(180000);
  const workbench = useWorkbench('projects', { needsService: true });

  it('lists the seeded projects after sign-in (screenshot test-results/projects-tree.png)', async () => {
    const { page } = workbench();
    await signIn(page);

    await activityBarItem(page, 'LCA').click();
    const sidebar = page.locator('#workbench\\.parts\\.sidebar');
    const projects = sidebar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Projects$/i }) });
    const rows = projects.locator('.monaco-list-row');
    const school = rows.filter({ hasText: SEEDED[0] }).first();
    await school.waitFor({ state: 'visible', timeout: 30000 });
    for (const name of SEEDED) assert.ok(await rows.filter({ hasText: name }).first().isVisible(), `${name} not visible in the Projects tree`);
    assert.strictEqual(await rows.filter({ hasText: 'Hotel Nordlys' }).count(), 0, 'the deleted project is listed');

    // Open the first project a level, so that the picture shows the tree's structure too.
    await school.click();
    await page.keyboard.press('ArrowRight');
    await rows.filter({ hasText: /^Models/ }).first().waitFor({ state: 'visible', timeout: 20000 });
    assert.strictEqual(await school.getAttribute('aria-expanded'), 'true');

    // No hover tooltip over the tree in the picture.
    await page.mouse.move(900, 600);
    const file = await screenshot(page, 'projects-tree');
    assert.ok(fs.statSync(file).size > 10000, 'screenshot is suspiciously small');
  });
});
