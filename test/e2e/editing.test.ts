// Editing a construction as a person sees it: the sample construction file opened with Quick Open shows the live
// impact preview above its first line, and the Library view lists the construction and the sample materials with
// their GWP. Screenshot: test-results/e2e-construction-preview.png.
import * as assert from 'assert';
import { activityBarItem, screenshot, signIn, useWorkbench } from './support/workbench';

describe('e2e: construction file with impact preview, and the Library', function () {
  this.timeout(180000);
  const workbench = useWorkbench('editing', { needsService: true });

  it('opening outer-wall.construction.json shows the A1-A3 preview; the Library lists it with its GWP', async () => {
    const { page } = workbench();
    await signIn(page);

    // Open the file with Quick Open (Ctrl+P), as a user would.
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 20000 });
    await input.fill('outer-wall.construction.json');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'outer-wall.construction.json' }).first().click({ timeout: 20000 });
    // The lens shows at once; its figures follow when the catalog has looked the materials up on the service.
    const lens = page.locator('.monaco-editor .codelens-decoration', { hasText: /Impact preview.*A1-A3 [\d.,]+/ }).first();
    await lens.waitFor({ state: 'visible', timeout: 60000 }).catch(async (e: Error) => {
      const shown = await page.locator('.monaco-editor .codelens-decoration').allInnerTexts();
      throw new Error(`${e.message}; lenses: ${shown.join(' | ')}`);
    });
    const text = (await lens.innerText()).replace(/\s+/g, ' ');
    assert.match(text, /A1-A3 [\d.,]+/, `lens text: ${text}`);
    assert.doesNotMatch(text, /cannot be computed/, `lens text: ${text}`);

    // The Library view: the construction with its GWP, the sample materials.
    await activityBarItem(page, 'LCA').click();
    const sidebar = page.locator('#workbench\\.parts\\.sidebar');
    const library = sidebar.locator('.pane', { has: page.locator('.pane-header h3.title', { hasText: /^Library$/i }) });
    const header = library.locator('.pane-header');
    if ((await header.getAttribute('aria-expanded')) === 'false') await header.click();
    const row = library.locator('.monaco-list-row', { hasText: 'My outer wall' }).first();
    await row.waitFor({ state: 'visible', timeout: 30000 });
    assert.match(await row.innerText(), /kg CO2e/, 'the construction row shows its GWP');
    await page.mouse.move(900, 600);
    await screenshot(page, 'e2e-construction-preview');
  });
});
