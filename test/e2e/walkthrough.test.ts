// The Get Started walkthrough as a person meets it, in English and in Danish (VS Code started in Danish, the language
// pack fixture): LCA: Get Started opens it with its steps; the Import EPDs step's button runs LCA: Import EPDs…, and
// the step is then marked done.
import * as assert from 'assert';
import type { Page } from 'playwright-core';
import { runCommand, screenshot, useWorkbench, waitForExtension } from './support/workbench';

const STEP = (id: string) => `button.getting-started-step[data-step-id="lca-workbench.lca-workbench#lca.getStarted#lca.getStarted.${id}"]`;

const LANGUAGES = {
  en: { command: 'LCA: Get Started', title: 'Get Started with LCA Workbench', importStep: 'Import EPDs', button: 'Import EPDs…' },
  da: { command: 'LCA: Kom i gang', title: 'Kom i gang med LCA Workbench', importStep: "Importér EPD'er", button: "Importér EPD'er…" },
} as const;

async function openedWalkthrough(page: Page, command: string, title: string): Promise<void> {
  await waitForExtension(page);
  // VS Code registers an extension's walkthroughs a moment after its other contributions.
  const heading = page.locator('.gettingStartedContainer h2', { hasText: title });
  for (let attempt = 0; attempt < 5 && !(await heading.isVisible()); attempt++) {
    await runCommand(page, command);
    await heading.waitFor({ state: 'visible', timeout: 5000 }).catch(() => undefined);
  }
  await heading.waitFor({ state: 'visible', timeout: 5000 });
}

for (const [lang, t] of Object.entries(LANGUAGES)) {
  describe(`e2e: the Get Started walkthrough (${lang})`, function () {
    this.timeout(180000);
    const workbench = useWorkbench(`walkthrough-${lang}`, lang === 'da' ? { locale: 'da' } : {});

    it('opens with its six steps; a step button runs its command and marks the step done', async () => {
      const { page } = workbench();
      await openedWalkthrough(page, t.command, t.title);
      for (const id of ['signIn', 'dashboard', 'construction', 'import', 'alternatives', 'agents']) {
        assert.ok(await page.locator(STEP(id)).isVisible(), `step ${id} shown`);
      }
      const step = page.locator(STEP('import'));
      assert.strictEqual(await step.getAttribute('aria-checked'), 'false', 'not done before');
      await step.click();
      assert.ok(((await step.textContent()) ?? '').includes(t.importStep), `the step's title: ${await step.textContent()}`);
      await step.getByRole('button', { name: t.button }).or(step.locator('a', { hasText: t.button })).first().click();
      // The command asks for the files to import (a quick input in the browser); the person cancels.
      await page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: 20000 });
      await page.keyboard.press('Escape');
      await page.locator(`${STEP('import')}[aria-checked="true"]`).waitFor({ state: 'attached', timeout: 20000 });
      await screenshot(page, `e2e-walkthrough-${lang}`);
    });
  });
}
