// What a person sees after `npm start`: the LCA container in the activity bar with its Projects and Library views.
import * as assert from 'assert';
import * as fs from 'fs';
import { activityBarItem, screenshot, useWorkbench } from './support/workbench';

describe('e2e: LCA views in the workbench', function () {
  this.timeout(180000);
  const workbench = useWorkbench('views');

  it('clicking the LCA activity-bar icon shows the Projects and Library views', async () => {
    const { page } = workbench();
    const lca = activityBarItem(page, 'LCA');
    await lca.waitFor({ state: 'visible', timeout: 60000 });
    await lca.click();
    const sidebar = page.locator('#workbench\\.parts\\.sidebar');
    await sidebar.locator('.composite.title h2', { hasText: /^LCA/i }).waitFor({ timeout: 20000 });
    for (const title of ['Projects', 'Library']) {
      const header = sidebar.locator('.pane-header h3.title', { hasText: new RegExp(`^${title}$`, 'i') });
      await header.waitFor({ state: 'visible', timeout: 20000 });
      assert.ok(await header.isVisible(), `${title} view title not visible`);
    }
    // Move the pointer away so that no hover tooltip covers the views in the screenshot.
    await page.mouse.move(900, 600);
    const file = await screenshot(page, 'e2e-views');
    assert.ok(fs.statSync(file).size > 10000, 'screenshot is suspiciously small');
  });
});
