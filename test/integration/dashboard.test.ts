// Inside VS Code against the local service: opening a seeded project's dashboard sends the service's data to the
// webview (message protocol asserted), a stage toggle re-queries with `stages` and changes the figures, the panel
// is revealed rather than duplicated, and the exports write what was received.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { DEFAULT_PROJECT_LIST_VARIABLES, LcaClient, type DashboardResponse, type ProjectListItem } from '../../src/client';
import { pageResponse, pageSummary, parsePayload, type DashboardData } from '../../src/core/dashboard/messages';
import { clientAs, testServiceUrls } from './support/service';
import { EXTENSION_ID, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { dashboardData, dashboardTabs, recordDashboards, type PanelHandle } from './support/dashboards';
import { pngText } from '../../src/core/dashboard/png';



const num = (v: unknown): number => Number(v);

describe('dashboards: project dashboard webview', function () {
  const ui = stubUi();
  const dashboards = recordDashboards();

  /** The payload of the next data message posted to the panel (an error message fails). */
  function nextData(panel: PanelHandle): Promise<DashboardData> {
    return dashboardData(dashboards, panel, { after: dashboards.count(panel) });
  }

  /** The payload of the last data message, or of the next one. */
  function currentData(panel: PanelHandle): Promise<DashboardData> {
    const last = dashboards.messages(panel).reverse().find((m) => m.type === 'data' || m.type === 'loading');
    return last?.type === 'data' ? Promise.resolve(parsePayload(last.payload)) : nextData(panel);
  }
  this.timeout(90000);
  let client: LcaClient;
  let project: ProjectListItem;
  let panel: PanelHandle;
  let extensionUri: vscode.Uri;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-dashboard-'));

  before(async function () {
    const urls = testServiceUrls();
    if (!urls) this.skip();
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, 'extension not installed');
    extensionUri = ext.extensionUri;
    await ext.activate();
    await signInAs('demo@example.com');
    client = await clientAs('demo@example.com');
    // A seeded project with figures: the first one whose total uses part of its budget.
    for (const p of await client.listProjects(DEFAULT_PROJECT_LIST_VARIABLES)) {
      const d = await client.getDashboard(p.id, {});
      if (num(d.dashboardsPerBranchPlusTotal.Total?.emissionBudget?.Used) > 0) {
        project = p;
        break;
      }
    }
    assert.ok(project, 'no seeded project with emissions found');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('opening the dashboard sends loading, then the service data for the project phases and GWP mapping', async () => {
    panel = (await vscode.commands.executeCommand<PanelHandle>('lca.openDashboard', { kind: 'project', project: { id: project.id, name: project.name } }))!;
    assert.ok(panel, 'lca.openDashboard returned no panel');
    const payload = await currentData(panel);
    assert.strictEqual(dashboards.messages(panel)[0].type, 'loading');
    assert.deepStrictEqual(payload.target, { kind: 'project', projectId: project.id, projectName: project.name });
    assert.strictEqual(payload.locale, vscode.env.language);

    // The same query straight to the service gives the same response and summary.
    const detail = await client.getProject(project.id);
    const included = detail.emissionMetaData?.includedPhases ?? [];
    assert.deepStrictEqual([...payload.query.stages].sort(), [...(included.length ? included : ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'])].sort());
    const enums = await client.getIndicatorEnums();
    const mappings = enums.indicatorTypeMappings ?? [];
    assert.deepStrictEqual(payload.mappings.map((m) => m.id), mappings.map((m) => m.id));
    if (mappings.length) assert.ok(payload.query.indicatorTypeMappingId, 'an indicator mapping should be chosen');
    const body = { stages: payload.query.stages, ...(payload.query.indicatorTypeMappingId ? { indicatorTypeMappingId: payload.query.indicatorTypeMappingId } : {}) };
    // …less the service's limit figures (Remaining, the summary's limit): the page shows a limit only from a verdict.
    const served = await client.getDashboard(project.id, body);
    const summary = await client.getDashboardSummary(project.id, body);
    assert.deepStrictEqual(payload.response, pageResponse(served));
    assert.deepStrictEqual(payload.summary, pageSummary(summary));
    assert.strictEqual(payload.unit, 'kg CO2e/m²/yr');
    assert.strictEqual(payload.response.dashboardsPerBranchPlusTotal.Total.emissionBudget?.Used, summary.used);
    // The BR18 view of every dashboard, judged by the extension.
    assert.deepStrictEqual(Object.keys(payload.br18?.perBranch ?? {}).sort(), Object.keys(served.dashboardsPerBranchPlusTotal).sort());
  });

  it('the live panel has a strict CSP, loads only its own script and stylesheet, and may read media/dist only', () => {
    const webview = panel.panel.webview;
    const html = webview.html;
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    assert.ok(meta, `no CSP meta tag in ${html.slice(0, 400)}`);
    const policy = meta[1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    const csp = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
    assert.deepStrictEqual(csp.get('default-src'), ["'none'"]);
    const scriptSrc = csp.get('script-src') ?? [];
    assert.strictEqual(scriptSrc.length, 1, `script-src ${scriptSrc.join(' ')}`);
    assert.match(scriptSrc[0], /^'nonce-[A-Za-z0-9+/=]{16,}'$/);
    const nonce = scriptSrc[0].slice("'nonce-".length, -1);
    // No source but the webview's own (cspSource may hold several tokens, e.g. "'self' https://*.vscode-cdn.net").
    const own = webview.cspSource.split(/\s+/).filter(Boolean);
    for (const [name, values] of csp) {
      for (const v of values) {
        if (/^https?:|^\*|unsafe-|strict-dynamic|^'self'$/.test(v)) assert.ok(own.includes(v), `${name} allows ${v}, which is not the webview's own source ${webview.cspSource}`);
      }
    }
    // One script, the bundle with the nonce; every URL in the document is under the webview's own source.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
    assert.strictEqual(scripts.length, 1);
    assert.ok(scripts[0].includes(`nonce="${nonce}"`), scripts[0]);
    const ownPatterns = own.filter((t) => /^https?:/.test(t)).map((t) => new RegExp(`^${t.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+')}(/|$)`));
    for (const m of html.matchAll(/https?:\/\/[^\s"'<>;]+/g)) {
      if (own.includes(m[0])) continue; // the CSP's own source
      assert.ok(ownPatterns.some((re) => re.test(m[0])), `a URL outside the webview's own source (${webview.cspSource}): ${m[0]}`);
    }
    const dist = vscode.Uri.joinPath(extensionUri, 'media', 'dist');
    const expectUri = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(dist, file)).toString();
    assert.ok(html.includes(`src="${expectUri('dashboard.js')}"`), 'the script is not media/dist/dashboard.js');
    assert.ok(html.includes(`href="${expectUri('dashboard.css')}"`), 'the stylesheet is not media/dist/dashboard.css');
    assert.deepStrictEqual(
      (webview.options.localResourceRoots ?? []).map((u) => u.toString()),
      [dist.toString()],
    );
    // …and both files are there to load.
    for (const f of ['dashboard.js', 'dashboard.css']) assert.ok(fs.existsSync(vscode.Uri.joinPath(dist, f).fsPath), `media/dist/${f} missing`);
  });

  it('a stage toggle re-queries with the remaining stages and the figures change accordingly', async () => {
    const before = await currentData(panel);
    const total = before.response.dashboardsPerBranchPlusTotal.Total;
    const a1a3 = num(total.emissionPerPhase?.A1A3);
    assert.ok(a1a3 > 0, 'the seeded project should have A1-A3 emissions');
    const stages = before.query.stages.filter((s) => s !== 'A1A3');
    const next = nextData(panel);
    await panel.receive({ type: 'query', query: { ...before.query, stages } });
    const after = await next;
    assert.deepStrictEqual(after.query.stages, stages);
    const t2 = after.response.dashboardsPerBranchPlusTotal.Total;
    assert.strictEqual(t2.emissionPerPhase?.A1A3, undefined, 'A1A3 still reported after it was switched off');
    const expected = num(total.emissionBudget?.Used) - a1a3;
    // Decimal strings are rounded by the service; allow for the rounding of three figures.
    assert.ok(Math.abs(num(t2.emissionBudget?.Used) - expected) < 0.05, `Used ${t2.emissionBudget?.Used}, expected about ${expected}`);
    assert.deepStrictEqual(after.response, pageResponse(await client.getDashboard(project.id, { stages, ...(after.query.indicatorTypeMappingId ? { indicatorTypeMappingId: after.query.indicatorTypeMappingId } : {}) })));
  });

  it('opening the same project again reveals the panel instead of opening a second one', async () => {
    const again = await vscode.commands.executeCommand<PanelHandle>('lca.openDashboard', project.id);
    assert.strictEqual(again, panel);
    assert.strictEqual(dashboardTabs().length, 1);
  });

  it('exports the JSON as received (with the BR18 result added), the CSVs and a PNG of a chart', async () => {
    const json = vscode.Uri.file(path.join(tmp, 'dashboard.json'));
    await vscode.commands.executeCommand('lca.exportDashboardJson', json, project.id);
    const { br18, ...received } = JSON.parse(fs.readFileSync(json.fsPath, 'utf8')) as DashboardResponse & { br18: Record<string, { result: string }> };
    const response = panel.data!.response;
    assert.deepStrictEqual(Object.keys(br18).sort(), Object.keys(response.dashboardsPerBranchPlusTotal).sort());
    // A dashboard with a verdict as received; one without loses the service's Remaining.
    for (const [branch, r] of Object.entries(br18)) {
      const d = response.dashboardsPerBranchPlusTotal[branch];
      assert.deepStrictEqual(received.dashboardsPerBranchPlusTotal[branch], r.result === 'verdict' ? d : pageResponse({ dashboardsPerBranchPlusTotal: { [branch]: d } }).dashboardsPerBranchPlusTotal[branch]);
    }
    const phases = vscode.Uri.file(path.join(tmp, 'phases.csv'));
    await vscode.commands.executeCommand('lca.exportDashboardPhasesCsv', phases, project.id);
    const lines = fs.readFileSync(phases.fsPath, 'utf8').replace(/^\ufeff/, '').split('\r\n');
    assert.ok(lines[0].startsWith('Phase,Counted in total,'), lines[0]);
    assert.ok(lines.some((l) => l.startsWith('Total excl. D,')));
    const breakdown = vscode.Uri.file(path.join(tmp, 'breakdown.csv'));
    await vscode.commands.executeCommand('lca.exportDashboardBreakdownCsv', breakdown, project.id);
    assert.ok(fs.readFileSync(breakdown.fsPath, 'utf8').includes('Material (EPD)'));
    const png = vscode.Uri.file(path.join(tmp, 'phases.png'));
    await vscode.commands.executeCommand('lca.exportDashboardPng', png, project.id, 'phases');
    const bytes = fs.readFileSync(png.fsPath);
    assert.deepStrictEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'not a PNG');
    // The picture says what it is: project, chart and unit (drawn as its heading, and in its metadata).
    const meta = pngText(new Uint8Array(bytes));
    assert.ok(meta.Title?.startsWith(`${project.name} — Emission per phase`), `Title: ${meta.Title}`);
    assert.ok(meta.Title.includes('kg CO₂e/m²/yr'), `Title names the unit: ${meta.Title}`);
    assert.deepStrictEqual(meta.Description?.split('\n')[0], project.name);
  });

  it('inspecting a construction of the breakdown opens its per-branch dashboard from the inspect endpoint', async () => {
    const payload = await currentData(panel);
    // The first construction row of the breakdown (construction rows carry their constructionId).
    let row: { constructionId: string; name?: string } | undefined;
    const find = (v: unknown): void => {
      if (row || !v || typeof v !== 'object') return;
      const o = v as Record<string, unknown>;
      if (typeof o.constructionId === 'string') row = { constructionId: o.constructionId, name: typeof o.name === 'string' ? o.name : undefined };
      else Object.values(o).forEach(find);
    };
    find(payload.response);
    assert.ok(row, 'no construction row in the breakdown');
    // As the webview's Inspect button does: a message to the project's panel.
    await panel.receive({ type: 'inspectConstruction', constructionId: row.constructionId, constructionName: row.name });
    // The command for the same construction reveals the panel the message opened (no second one).
    const inspected = (await vscode.commands.executeCommand<PanelHandle>('lca.inspectConstruction', project.id, row.constructionId))!;
    assert.ok(inspected && inspected !== panel, 'a construction panel');
    // The tab model follows the new panel a moment later.
    for (let i = 0; i < 50 && dashboardTabs().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepStrictEqual(dashboardTabs().map((t) => t.label).length, 2, `the project panel and one construction panel: ${dashboardTabs().map((t) => t.label).join(', ')}`);
    const data = await currentData(inspected);
    assert.deepStrictEqual(data.target, { kind: 'construction', projectId: project.id, projectName: project.name, constructionId: row.constructionId, constructionName: row.name });
    assert.deepStrictEqual(data.response, pageResponse(await client.inspectConstruction(project.id, row.constructionId)));
    assert.strictEqual(data.br18, undefined, 'a construction is not judged');

    // From the Library (a construction node, no project): it asks which project, then inspects there.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    ui.answerQuickPicks(project.name);
    const fromLibrary = (await vscode.commands.executeCommand<PanelHandle>('lca.inspectConstruction', { construction: { id: row.constructionId, name: 'From the Library' } }))!;
    assert.ok(fromLibrary, 'a construction panel from the Library');
    const libraryData = await currentData(fromLibrary);
    assert.strictEqual(libraryData.target.kind, 'construction');
    assert.strictEqual(libraryData.target.projectId, project.id);
    assert.deepStrictEqual(libraryData.response, data.response);
  });
});
