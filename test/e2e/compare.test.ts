// Compare with Project… as a person uses it, in English and in Danish (`lca.language: da`): on the office's dashboard,
// the command palette's Compare with Project…, the seeded timber variant picked; the page shows both verdicts and the
// verdict changing, its lines filtered by text, and Export as CSV… writes the comparison where the save dialog says.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { answerFileDialog, openDashboard, pickQuickInput, runCommand, screenshot, signIn, useWorkbench, webviewFrame } from './support/workbench';

const OFFICE = 'Kontorhus Havnegade';
const VARIANT = 'Kontorhus Havnegade, variant i træ';
const TEXTS = {
  en: { flip: 'The building: the verdict changes from fails to passes.', shown: /^\d+ of \d+ lines shown$/, csv: 'Export as CSV…', header: 'Section,Name,Material A', separator: ',' },
  da: { flip: 'Bygningen: vurderingen skifter fra overskredet til overholdt.', shown: /^\d+ af \d+ linjer vist$/, csv: 'Eksportér som CSV…', header: 'Afsnit;Navn;Materiale A', separator: ';' },
};

for (const lang of ['en', 'da'] as const) {
  describe(`e2e: Compare with Project… (${lang})`, function () {
    this.timeout(240000);
    const workbench = useWorkbench(`compare-${lang}`, { needsService: true });
    const t = TEXTS[lang];

    it('shows both verdicts and the change, filters the lines, and exports the comparison as CSV', async () => {
      const { page, workspace } = workbench();
      await signIn(page);
      if (lang === 'da') {
        const settings = path.join(workspace, '.vscode', 'settings.json');
        fs.mkdirSync(path.dirname(settings), { recursive: true });
        fs.writeFileSync(settings, JSON.stringify({ 'lca.language': 'da' }, null, 2));
      }
      const dashboard = await openDashboard(page, OFFICE);
      // The workspace's language is read as the settings file changes: compare once the dashboard speaks it.
      if (lang === 'da') await dashboard.locator('#card-budget-title', { hasText: 'Klimabudget' }).waitFor({ state: 'visible', timeout: 60000 });
      await runCommand(page, 'LCA: Compare with Project…');
      await pickQuickInput(page, VARIANT, 60000);
      const frame = webviewFrame(page);
      await frame.locator('.flip', { hasText: t.flip }).waitFor({ state: 'visible', timeout: 60000 });
      const headline = (await frame.locator('table').first().textContent()) ?? '';
      assert.ok(headline.includes(OFFICE) && headline.includes(VARIANT), headline);

      // The lines filtered by text: fewer shown, the count said.
      const shown = frame.locator('#shown');
      await shown.waitFor({ state: 'visible', timeout: 20000 });
      const all = (await shown.textContent()) ?? '';
      assert.match(all, t.shown);
      await frame.locator('#filter').fill('CLT');
      await frame.locator('#shown', { hasNotText: all }).waitFor({ timeout: 10000 });
      const rows = frame.locator('#lines tbody tr:visible');
      const visible = await rows.count();
      assert.ok(visible > 0, 'a line of the CLT deck');
      for (let i = 0; i < visible; i++) assert.match((await rows.nth(i).textContent()) ?? '', /CLT/i);
      await screenshot(page, `e2e-compare-${lang}`);

      // Export as CSV…: the save dialog, then the file.
      const target = path.join(workspace, `variant-${lang}-comparison.csv`);
      await frame.getByRole('button', { name: t.csv }).click();
      await answerFileDialog(page, target);
      const deadline = Date.now() + 30000;
      while (!fs.existsSync(target) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      const csv = fs.readFileSync(target, 'utf8').replace(/^\ufeff/, '');
      assert.ok(csv.startsWith(t.header), csv.slice(0, 80));
      assert.ok(csv.split('\r\n').some((l) => l.includes(VARIANT)), 'the result row names both sides');
    });
  });
}
