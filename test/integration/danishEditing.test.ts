// Inside VS Code in English with `lca.language: da`: a rule diagnostic, a hover, the impact preview CodeLens, the
// dashboard (its webview's texts, seen in a saved chart's heading) and a CSV export are Danish — the CSV with ";"
// and decimal commas — and switching back to English phrases the same diagnostic in English again.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { DEFAULT_PROJECT_LIST_VARIABLES, type ProjectListItem } from '../../src/client';
import { pngText } from '../../src/core/dashboard/png';
import { clientAs, testServiceUrls } from './support/service';
import { EXTENSION_ID, signInAs } from './support/extension';
import { waitFor } from './support/wait';
import { recordDashboards } from './support/dashboards';

const lca = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('lca');
const gwpSum = (uri: vscode.Uri): vscode.Diagnostic | undefined =>
  vscode.languages.getDiagnostics(uri).find((d) => d.source === 'LCA' && d.code === 'gwp-sum');

/** A material whose GWP_TOTAL (2) disagrees with fossil + biogenic + luluc (1.31). */
const MATERIAL = `{
  "name": "Stenuld",
  "lciaResults": [
    {
      "moduleTypeEnum": 0,
      "moduleStatusEnum": 2,
      "indicators": [
        { "type": "GWP_TOTAL", "unit": "kg CO2 eq", "value": 2 },
        { "type": "GWP_FOSSIL", "unit": "kg CO2 eq", "value": 1.2 },
        { "type": "GWP_BIOGENIC", "unit": "kg CO2 eq", "value": 0.1 },
        { "type": "GWP_LULUC", "unit": "kg CO2 eq", "value": 0.01 }
      ]
    }
  ]
}
`;

describe('Danish (lca.language: da) in an English VS Code', function () {
  this.timeout(120_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-danish-'));
  let folder: vscode.Uri;

  before(async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, 'extension not installed');
    await ext.activate();
    assert.strictEqual(vscode.env.language, 'en', 'VS Code itself runs in English');
    const root = vscode.workspace.workspaceFolders?.[0];
    assert.ok(root, 'the integration workspace is open');
    folder = vscode.Uri.joinPath(root.uri, 'editing');
    await lca().update('language', 'da', vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await lca().update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a rule diagnostic, its quick fix and a module hover are Danish; back in English they are English again', async () => {
    const uri = vscode.Uri.joinPath(folder, 'stenuld.material.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(MATERIAL));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const danish = await waitFor('the Danish gwp-sum diagnostic', () => gwpSum(uri)?.message.startsWith('GWP_TOTAL er 2') && gwpSum(uri));
    assert.strictEqual(
      danish.message,
      'GWP_TOTAL er 2 i livscyklusmodul A1-A3 (0), men GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC = 1.31; de bør stemme overens (inden for 1 % eller 0,01).',
    );
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, danish.range);
    assert.ok(actions?.some((a) => a.title === 'Sæt GWP_TOTAL til 1.31 (GWP_FOSSIL + GWP_BIOGENIC + GWP_LULUC)'), actions?.map((a) => a.title).join(' | '));

    const at = doc.positionAt(doc.getText().indexOf('"moduleTypeEnum": 0') + '"moduleTypeEnum": '.length);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at);
    const hover = (hovers ?? []).flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : c.value)).join('\n');
    assert.match(hover, /\*\*A1-A3\*\* — Produktfase \(råvareforsyning, transport, fremstilling\)/);

    await lca().update('language', 'en', vscode.ConfigurationTarget.Global);
    await waitFor('the English gwp-sum diagnostic', () => gwpSum(uri)?.message.startsWith('GWP_TOTAL is 2'));
    await lca().update('language', 'da', vscode.ConfigurationTarget.Global);
    await waitFor('the Danish gwp-sum diagnostic again', () => gwpSum(uri)?.message.startsWith('GWP_TOTAL er 2'));
  });

  it('the impact preview CodeLens of a construction is Danish', async () => {
    const uri = vscode.Uri.joinPath(folder, 'tom-væg.construction.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{\n  "name": "Tom væg",\n  "constructionEpds": []\n}\n'));
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    const title = await waitFor('the preview lens', async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10);
      return lenses?.map((l) => l.command?.title ?? '').find((t) => t.startsWith('Forhåndsvisning'));
    });
    assert.strictEqual(title, 'Forhåndsvisning af klimapåvirkning: konstruktionen har ingen komponenter endnu');
  });

  describe('the dashboard', () => {
    const dashboards = recordDashboards();
    let project: ProjectListItem;
    let panel: { panel: vscode.WebviewPanel };

    before(async function () {
      const urls = testServiceUrls();
      if (!urls) this.skip();
      await signInAs('demo@example.com');
      const client = await clientAs('demo@example.com');
      for (const p of await client.listProjects(DEFAULT_PROJECT_LIST_VARIABLES)) {
        const d = await client.getDashboard(p.id, {});
        if (Number(d.dashboardsPerBranchPlusTotal.Total?.emissionBudget?.Used) > 0) {
          project = p;
          break;
        }
      }
      assert.ok(project, 'no seeded project with emissions found');
    });

    it('gets the Danish bundle and number format, draws its charts in Danish, and exports a Danish CSV', async () => {
      panel = (await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>('lca.openDashboard', { kind: 'project', project: { id: project.id, name: project.name } }))!;
      // The language goes out when the webview says it is ready: a new webview under a loaded machine can take longer
      // than the default 20 s (the data, posted without waiting for it, came first in one full run).
      const language = await dashboards.message(panel, 'l10n', { timeoutMs: 60_000 });
      assert.strictEqual(language.locale, 'da-DK');
      assert.strictEqual(language.bundle?.['Emission per phase'], 'Klimapåvirkning pr. livscyklusfase');
      const data = await dashboards.message(panel, 'data');
      assert.strictEqual(data.payload.locale, 'da-DK');

      // The saved chart's heading is drawn by the webview from its own strings: Danish words and unit.
      const png = vscode.Uri.file(path.join(tmp, 'faser.png'));
      await vscode.commands.executeCommand('lca.exportDashboardPng', png, project.id, 'phases');
      const title = pngText(new Uint8Array(fs.readFileSync(png.fsPath))).Title ?? '';
      assert.ok(title.startsWith(`${project.name} — Klimapåvirkning pr. livscyklusfase`), title);
      assert.ok(title.includes('kg CO₂e/m²/år'), title);

      const csv = vscode.Uri.file(path.join(tmp, 'faser.csv'));
      await vscode.commands.executeCommand('lca.exportDashboardPhasesCsv', csv, project.id);
      const text = fs.readFileSync(csv.fsPath, 'utf8');
      assert.ok(text.startsWith('\ufeff'), 'a UTF-8 byte-order mark for Excel');
      const lines = text.slice(1).split('\r\n');
      assert.ok(lines[0].startsWith('Livscyklusfase;Medregnet i total;'), lines[0]);
      assert.ok(lines[0].includes('(kg CO₂e/m²/år)'), lines[0]);
      const total = lines.find((l) => l.startsWith('Total ekskl. D;'));
      assert.ok(total && /;-?\d+,\d+/.test(total) && !/\d\.\d/.test(total), `decimal commas: ${total}`);

      // The breakdown's EPD types are the service's labels in Danish: "Generisk", not "Generic".
      const breakdown = vscode.Uri.file(path.join(tmp, 'opdeling.csv'));
      await vscode.commands.executeCommand('lca.exportDashboardBreakdownCsv', breakdown, project.id);
      const rows = fs.readFileSync(breakdown.fsPath, 'utf8').slice(1).trimEnd().split('\r\n').map((l) => l.split(';'));
      const typeColumn = rows[0].indexOf('EPD-type');
      assert.ok(typeColumn >= 0, rows[0].join(';'));
      const types = new Set(rows.slice(1).map((r) => r[typeColumn]).filter(Boolean));
      assert.ok(types.size > 0, 'the breakdown names EPD types');
      assert.deepStrictEqual([...types].filter((t) => !['Generisk', 'Branche', 'Produkt'].includes(t)), [], `Danish EPD types: ${[...types].join(', ')}`);

      // JSON is what the service sent, whatever the language.
      const json = vscode.Uri.file(path.join(tmp, 'dashboard.json'));
      await vscode.commands.executeCommand('lca.exportDashboardJson', json, project.id);
      assert.ok(fs.readFileSync(json.fsPath, 'utf8').includes('"dashboardsPerBranchPlusTotal"'));
    });

    it('sends the English texts and number format when the language changes back', async () => {
      const next = dashboards.message(panel, 'l10n', { after: dashboards.count(panel) });
      await lca().update('language', 'en', vscode.ConfigurationTarget.Global);
      const message = await next;
      assert.deepStrictEqual([message.locale, message.bundle], ['en', undefined]);
      await lca().update('language', 'da', vscode.ConfigurationTarget.Global);
    });
  });
});
