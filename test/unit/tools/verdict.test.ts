// The agents' BR18 verdict follows the rule table it is given — the environment's, override applied, as the dashboard
// judges with — not the built-in one: the core function on the office project's dashboard from the local service, and
// lca_project_result called as a model calls it.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { LcaClient } from '../../../src/client';
import { br18DashboardView, verdictProjectOf } from '../../../src/core/dashboard/br18View';
import { format } from '../../../src/core/l10n';
import { startHarness, type Harness } from '../service/support/harness';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { applyBr18Override, BR18_CATEGORIES, BR18_RULES, parseBr18Override, RULE_SET_IDS, roundBr18, type Br18Rules } from '../../../src/core/lca/br18Rules';
import { diskWorkspace, type ToolContext } from '../../../src/core/tools';
import { br18StagesOf, br18VerdictsOf } from '../../../src/core/tools/verdict';
import type { Dashboard, ProjectDetail } from '../../../src/core/api/types';
import { br18RulesOf } from '../../../src/mcp/signIn';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { EPD_URL, makeWorkspace, runTool } from './support';

interface Judged {
  value: number;
  limit: number;
  margin: number;
  passes: boolean;
}
interface Verdicts {
  kind: string;
  ruleSet?: string;
  building?: Judged;
  constructionProcess?: Judged;
  rulesOverriddenBy?: string;
}

/** An environment's override that sets every category's building limit (at every step) and the construction process's of every rule set. */
function overrideAll(building: number, constructionProcess: number): Br18Rules {
  const limits = Object.fromEntries(RULE_SET_IDS.map((r) => [r, Object.fromEntries(BR18_CATEGORIES.map((c) => [c, [building, building, building]]))]));
  const { override, problems } = parseBr18Override({ limits, constructionProcess: Object.fromEntries(RULE_SET_IDS.map((r) => [r, constructionProcess])) }, 'lca.environments[1].br18');
  assert.deepStrictEqual(problems, []);
  return applyBr18Override(BR18_RULES, override, 'Strict');
}

describe('tools for agents: the BR18 verdict by the environment\'s rules', function () {
  this.timeout(60_000);
  let service: RunningService;
  let ctx: ToolContext;
  let project: ProjectDetail;
  let total: Dashboard;
  let stages: string[];

  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    const client = session.client(service.urls);
    ctx = { workspace: diskWorkspace([makeWorkspace()]), codes: ASSUMED_CODES, rules: BR18_RULES, service: client, environment: { name: 'Local', epdUrl: EPD_URL } };
    project = await client.getProject(PROJECT_IDS.office);
    stages = br18StagesOf(BR18_RULES, project);
    total = (await client.getDashboard(PROJECT_IDS.office, { stages: stages as never })).dashboardsPerBranchPlusTotal.Total;
  });
  after(async () => {
    await service?.stop();
  });

  it('br18VerdictsOf judges by the rules passed in: an override below the construction process fails it; the project\'s own building limit stays', () => {
    const built = br18VerdictsOf(BR18_RULES, ASSUMED_CODES, project, total, stages) as Verdicts;
    assert.strictEqual(built.kind, 'verdict', JSON.stringify(built));
    assert.ok(built.building && built.constructionProcess, 'the office is judged under the 2025 rules: building and construction process');
    assert.strictEqual(built.constructionProcess.passes, true, JSON.stringify(built));
    assert.strictEqual(built.rulesOverriddenBy, undefined);
    // A construction-process limit 0.1 below its figure: the verdict must turn to failing, with that limit and margin.
    const strictProcess = roundBr18(built.constructionProcess.value - 0.1);
    assert.ok(strictProcess > 0, JSON.stringify(built));
    const strict = br18VerdictsOf(overrideAll(roundBr18(built.building.limit - 1), strictProcess), ASSUMED_CODES, project, total, stages) as Verdicts;
    assert.strictEqual(strict.kind, 'verdict');
    assert.deepStrictEqual(
      [strict.constructionProcess?.limit, strict.constructionProcess?.value, strict.constructionProcess?.passes, strict.constructionProcess?.margin],
      [strictProcess, built.constructionProcess.value, false, Number((strictProcess - built.constructionProcess.value).toPrecision(12))],
    );
    // The project states its own building limit (thresholdLimitWithoutExtra): it wins over the table's, as on the dashboard.
    assert.deepStrictEqual(strict.building, built.building);
    assert.strictEqual(strict.rulesOverriddenBy, 'Strict');
  });

  it('lca_project_result gives the verdict of the context\'s rules: the built-in table\'s, then the override\'s', async () => {
    const call = async (rules: Br18Rules): Promise<Verdicts> => {
      const a = await runTool('lca_project_result', { projectId: PROJECT_IDS.office }, { ...ctx, rules });
      assert.strictEqual(a.isError, false, a.text);
      return (JSON.parse(a.text) as { br18: Verdicts }).br18;
    };
    const before = await call(BR18_RULES);
    assert.ok(before.building && before.constructionProcess?.passes === true, JSON.stringify(before));
    const strictProcess = roundBr18(before.constructionProcess.value - 0.1);
    const after = await call(overrideAll(before.building.limit, strictProcess));
    assert.deepStrictEqual([after.constructionProcess?.limit, after.constructionProcess?.passes], [strictProcess, false]);
    assert.strictEqual(after.constructionProcess?.value, before.constructionProcess.value, 'the same result, judged by another limit');
    assert.strictEqual(after.rulesOverriddenBy, 'Strict');
  });

  it('the MCP server judges by the override in LCA_BR18 (what the extension passes from the environment\'s settings)', async () => {
    const log: string[] = [];
    const lenient = { constructionProcess: { 'br18-2025': 9.9 } };
    const rules = br18RulesOf({ LCA_BR18: JSON.stringify(lenient) }, 'Production', (l) => log.push(l));
    const verdict = br18VerdictsOf(rules, ASSUMED_CODES, project, total, stages) as Verdicts;
    assert.deepStrictEqual([verdict.constructionProcess?.limit, verdict.rulesOverriddenBy], [9.9, 'Production']);
    assert.strictEqual(log.join('\n'), '');
    assert.strictEqual(br18RulesOf({}, 'Local', (l) => log.push(l)), BR18_RULES);
    assert.strictEqual(br18RulesOf({ LCA_BR18: '{limits' }, 'Local', (l) => log.push(l)), BR18_RULES);
    assert.match(log.join('\n'), /LCA_BR18 is not JSON/);
  });
});

describe('one verdict: a BR18 2023 project under 1,000 m² heated is an LCA without a limit, everywhere', function () {
  this.timeout(60_000);
  let h: Harness;
  let client: LcaClient;
  let ctx: ToolContext;
  const REASON = 'LCA only: 2023 rules, 850 m² heated';

  before(async () => {
    // The terraced houses (BR18 2023) with 850 m² heated: the service's own data, changed on disk between two starts.
    h = await startHarness();
    await h.stop();
    const file = path.join(h.dataDir, 'state.json');
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { projects: { id: string; data: { heatArea: Record<string, number> } }[] };
    const terraced = state.projects.find((p) => p.id === PROJECT_IDS.terraced)!;
    terraced.data.heatArea = { heatedFloorAreaAboveGround: 850, heatedBasementArea: 0 };
    fs.writeFileSync(file, JSON.stringify(state));
    await h.restart();
    const session = new TestSession(h.service.urls.authUrl);
    await session.signIn();
    client = session.client(h.service.urls);
    ctx = { workspace: diskWorkspace([makeWorkspace()]), codes: ASSUMED_CODES, rules: BR18_RULES, service: client, environment: { name: 'Local', epdUrl: EPD_URL } };
  });
  after(async () => {
    await h?.cleanup();
  });

  it('lca_project_result gives one verdict with the reason, and no limit, remaining or pass anywhere in its answer', async () => {
    const a = await runTool('lca_project_result', { projectId: PROJECT_IDS.terraced }, ctx);
    assert.strictEqual(a.isError, false, a.text);
    const r = JSON.parse(a.text) as { br18: Verdicts & { reason?: string }; perPhase: Record<string, string> };
    assert.deepStrictEqual(r.br18, { kind: 'none', ruleSet: 'BR18 2023', reason: REASON });
    assert.ok(Number(r.perPhase.B6) > 0 && Number(r.perPhase.C3) > 0, `the figures are there, only not judged: ${a.text}`);
    assert.doesNotMatch(a.text, /"(limit|limitTotal|remaining|Remaining|passes|margin)"/);
  });

  it("the dashboard page's view and the local service's summary say the same", async () => {
    const project = await client.getProject(PROJECT_IDS.terraced);
    const stages = br18StagesOf(BR18_RULES, project);
    const total = (await client.getDashboard(PROJECT_IDS.terraced, { stages: stages as never })).dashboardsPerBranchPlusTotal.Total;
    const view = br18DashboardView(BR18_RULES, ASSUMED_CODES, verdictProjectOf(project)!, total, stages, undefined);
    assert.deepStrictEqual([view.verdict.kind, view.verdict.kind === 'none' && format(view.verdict.reason), view.building], ['none', REASON, undefined]);
    const summary = await client.getDashboardSummary(PROJECT_IDS.terraced, { stages: stages as never });
    assert.deepStrictEqual(summary.verdict, { kind: 'none', reason: REASON });
    assert.deepStrictEqual([summary.limit, summary.limitTotal, summary.remaining, summary.passes], [undefined, undefined, undefined, undefined]);
  });
});
