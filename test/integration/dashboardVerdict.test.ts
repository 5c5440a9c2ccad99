// Inside VS Code against the local service: where BR18 gives no verdict — a 2023 project under 1,000 m² heated, or
// the GWP fossil indicator — the dashboard panel sends the page no limit, remaining or allowance, only the reason, and
// its exports say the same. (What the page draws from such a payload: test/unit/dashboard/webview.test.ts.)
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { format } from '../../src/core/l10n';
import { sentence } from '../../src/core/tools/shared';
import type { DashboardData } from '../../src/core/dashboard/messages';
import { INDICATOR_MAPPING_IDS, PROJECT_IDS } from '../../src/service/seed/ids';
import { clientAs, testServiceUrls } from './support/service';
import { EXTENSION_ID, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { dashboardData, openProjectDashboard, recordDashboards, type PanelHandle } from './support/dashboards';

/** Every key in a value that would state a limit (or what is left under one). */
function limitKeys(value: unknown, at = ''): string[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(/^(limit|limitTotal|remaining|extraAllowance|allowance|margin|passes)$/i.test(k) ? [`${at}/${k}`] : []),
    ...limitKeys(v, `${at}/${k}`),
  ]);
}

describe('dashboards: no limit where BR18 gives no verdict', function () {
  this.timeout(90000);
  stubUi();
  const dashboards = recordDashboards();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-dashboard-verdict-'));

  const dataOf = (panel: PanelHandle, after = 0): Promise<DashboardData> => dashboardData(dashboards, panel, { after });
  const open = openProjectDashboard;

  /** The phases CSV of a project's open dashboard. */
  async function phasesCsv(projectId: string): Promise<string> {
    const uri = vscode.Uri.file(path.join(tmp, `${projectId}-phases.csv`));
    await vscode.commands.executeCommand('lca.exportDashboardPhasesCsv', uri, projectId);
    return fs.readFileSync(uri.fsPath, 'utf8');
  }

  before(async function () {
    if (!testServiceUrls()) this.skip();
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, 'extension not installed');
    await ext.activate();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await signInAs('demo@example.com');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('a BR18 2023 project under 1,000 m² heated: its figures, and no limit, remaining or budget figure — the reason instead', async () => {
    // The other tenant's seeded annex: 640 m² heated under the 2023 rules, with elements mapped (a result to show).
    await signInAs('other@example.com');
    const client = await clientAs('other@example.com');
    const created = { id: PROJECT_IDS.otherAnnex };
    const name = 'Anneks Egevej';
    // The local service's summary is judged by the same verdict: no limit of its own, the reason instead.
    const summary = await client.getDashboardSummary(created.id, {});
    assert.deepStrictEqual(limitKeys(summary), []);

    const panel = await open(created.id, name);
    const data = await dataOf(panel);
    assert.strictEqual(data.target.projectId, created.id);
    const views = Object.entries(data.br18?.perBranch ?? {});
    assert.ok(views.length, 'a BR18 view per dashboard');
    for (const [branch, view] of views) {
      assert.strictEqual(view.verdict.kind, 'none', `${branch}: ${JSON.stringify(view.verdict)}`);
      assert.strictEqual(view.verdict.kind === 'none' ? format(view.verdict.reason) : '', 'LCA only: 2023 rules, 640 m² heated', branch);
    }
    // Figures there are: the building's total is a result, only not judged.
    const phases = Object.values(data.response.dashboardsPerBranchPlusTotal.Total?.emissionPerPhase ?? {}).map(Number);
    assert.ok(phases.some((v) => v > 0), `the annex has figures: ${JSON.stringify(phases)}`);
    assert.deepStrictEqual(limitKeys(data), [], 'nothing in the data message states a limit');
    const reason = format((data.br18!.perBranch.Total!.verdict as { reason: Parameters<typeof format>[0] }).reason);
    assert.deepStrictEqual(summary.verdict, { kind: 'none', reason });

    // The agents' lca_project_result on the same project: the same verdict and reason (a sentence), and no limit either.
    const tool = await vscode.lm.invokeTool('lca_project_result', { input: { projectId: created.id }, toolInvocationToken: undefined });
    const text = tool.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    const result = JSON.parse(text) as { br18: { kind: string; reason?: string } };
    assert.deepStrictEqual([result.br18.kind, result.br18.reason], ['none', sentence(reason)], text);
    assert.deepStrictEqual(limitKeys(result), [], text);

    const csv = await phasesCsv(created.id);
    assert.match(csv, /\r\nResult,/);
    assert.ok(!/limit|margin|remaining/i.test(csv), csv);
  });

  it('the GWP fossil view of a seeded project: no limit, remaining or budget figure is sent, and the exports say why', async () => {
    await signInAs('demo@example.com');
    const panel = await open(PROJECT_IDS.school, 'Skolen ved Søen');
    const total = await dataOf(panel);
    // GWP total first: the school is judged, with its limit (12 + 0.4).
    const judged = total.br18?.perBranch.Total?.verdict;
    assert.ok(judged?.kind === 'verdict', JSON.stringify(judged));
    assert.strictEqual(judged.building.limit, 12.4);

    const after = dashboards.count(panel);
    await panel.receive({ type: 'query', query: { stages: total.query.stages, indicatorTypeMappingId: INDICATOR_MAPPING_IDS.gwpFossil } });
    const fossil = await dataOf(panel, after);
    assert.strictEqual(fossil.query.indicatorTypeMappingId, INDICATOR_MAPPING_IDS.gwpFossil);
    for (const [branch, view] of Object.entries(fossil.br18?.perBranch ?? {})) {
      assert.deepStrictEqual([branch, view.verdict.kind, view.verdict.kind === 'none' && format(view.verdict.reason)], [branch, 'none', 'not a BR18 result: indicator GWP fossil']);
    }
    assert.deepStrictEqual(limitKeys(fossil), [], 'nothing in the data message states a limit');

    const csv = await phasesCsv(PROJECT_IDS.school);
    // The building's result in the Total's column only (a branch is not judged), and B6 said to be not available.
    const rows = csv.replace(/^\ufeff/, '').split('\r\n');
    const columns = rows[0].split(',').length;
    assert.strictEqual(rows.find((r) => r.startsWith('Result,')), `Result${','.repeat(columns - 1)}not a BR18 result: indicator GWP fossil`, csv);
    assert.ok(rows.find((r) => r.startsWith('B6,'))?.endsWith(',not available for GWP fossil'), csv);
    assert.ok(!/limit|margin|remaining/i.test(csv), csv);
    const json = vscode.Uri.file(path.join(tmp, 'school.json'));
    await vscode.commands.executeCommand('lca.exportDashboardJson', json, PROJECT_IDS.school);
    const exported = JSON.parse(fs.readFileSync(json.fsPath, 'utf8')) as { br18: Record<string, unknown> };
    assert.deepStrictEqual(limitKeys(exported), []);
    assert.deepStrictEqual(exported.br18.Total, { result: 'none', rules: 'BR18 2023', reason: 'not a BR18 result: indicator GWP fossil' });
  });
});
