// The dashboard's What if… as a person uses it: on the office project's dashboard, the What if… button beside a hot
// spot (reached by the keyboard: focus and Enter), the QuickPick of candidates with the building's result after each,
// and the answer beside the current verdicts with how far the project is from passing; a screenshot under
// test-results/.
import * as assert from 'assert';
import { openDashboard, pickQuickInput, screenshot, signIn, useWorkbench } from './support/workbench';

const OFFICE = 'Kontorhus Havnegade';
const CURRENT = 'Clay brick, outer leaf';
const REPLACEMENT = 'Reused clay brick, outer leaf (demo)';

describe('e2e: the dashboard\'s What if…', function () {
  this.timeout(180000);
  const workbench = useWorkbench('dashboard-what-if', { needsService: true });

  it('asks for an alternative to a hot spot and shows the building\'s result and verdicts after it beside the current ones', async () => {
    const { page } = workbench();
    await signIn(page);
    const frame = await openDashboard(page, OFFICE);
    const button = frame.getByRole('button', { name: `What if ${CURRENT} were replaced?` });
    await button.waitFor({ state: 'visible', timeout: 60000 });
    assert.strictEqual(await button.textContent(), 'What if…');
    // Keyboard: the button takes the focus and Enter presses it.
    await button.focus();
    await button.press('Enter');
    // The QuickPick of candidates: filtered to the one wanted (the list may be longer than the rows shown).
    const input = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: `What if ${CURRENT} were replaced?` }).waitFor({ state: 'visible', timeout: 60000 });
    await input.fill(REPLACEMENT);
    await pickQuickInput(page, REPLACEMENT, 60000);

    const after = frame.locator('#what-if-after');
    await after.waitFor({ state: 'visible', timeout: 60000 });
    const before = (await frame.locator('#what-if-before').textContent()) ?? '';
    const now = (await after.textContent()) ?? '';
    assert.match(before, /kg CO₂e\/m²\/yr.*Building: (within|over) the limit/, before);
    assert.match(now, /kg CO₂e\/m²\/yr.*Building: (within|over) the limit/, now);
    assert.match(now, /Construction process: (within|over) the limit/, now);
    assert.match((await frame.locator('.what-if-title').textContent()) ?? '', new RegExp(`What if ${CURRENT} were ${REPLACEMENT.replace(/[()]/g, '\\$&')}`));
    assert.match((await frame.locator('#what-if-change').textContent()) ?? '', /^Change: [−+±]/);
    assert.match((await frame.locator('#what-if-needed').textContent()) ?? '', /^(Needs −|Passes now)/);
    await screenshot(page, 'e2e-dashboard-what-if');
  });
});
