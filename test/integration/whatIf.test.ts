// The dashboard's What if… inside VS Code against the local service: on the office project (BR18 2025: the building
// and the construction process judged), the page asks What if… on a hot spot, the QuickPick lists the candidates with
// the building's result after each, and the answer posted back carries the building's figures and verdicts after the
// chosen change — those the core's buildingEffect gives from the same dashboard, project read and EPDs — with the
// distance to passing and the largest single changes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { FIXTURES } from '../fixtures/paths';
import { LcaClient } from '../../src/client';
import { buildingEffect, isBuildingProblem } from '../../src/core/alternatives';
import { gwpCodesOf } from '../../src/core/lca/construction';
import { gwpPerSet } from '../../src/core/lca/line';
import { distanceToPassing } from '../../src/core/lca/verdictInput';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import { isGwpTotalMapping } from '../../src/core/dashboard/br18View';
import type { DashboardData, WhatIfAnswer } from '../../src/core/dashboard/messages';
import { BR18_RULES } from '../../src/core/lca/br18Rules';
import { projectFacts } from '../../src/core/lca/projectFacts';
import { epdDataOf } from '../../src/core/lca/epd';
import type { DashboardResponse } from '../../src/client';
import { PROJECT_IDS, materialId } from '../../src/service/seed/ids';
import { dashboardData, openProjectDashboard, recordDashboards, type PanelHandle } from './support/dashboards';
import { EXTENSION_ID, signInAs } from './support/extension';
import { clientAs, testServiceUrls } from './support/service';
import { LEAVE_OPEN, stubUi } from './support/ui';
import { waitFor } from './support/wait';

const CURRENT = 'Precast concrete wall 20 cm';
/**
 * The replacement: a workspace material of this test, per m² as the precast wall, whose A1-A3 is far below anything the
 * other suites leave in the shared workspace (their materials would otherwise crowd the seeded ones out of the list).
 */
const REPLACEMENT = 'WhatIf test panel';

/** A workspace material per m² as the precast wall (lifespan 120), its A1-A3 GWP indicators scaled by `gwp` (of the fixture's). */
function panelMaterial(name: string, originalUUID: string, gwp: (value: number) => number): Record<string, unknown> {
  const clean = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'rules', 'clean.material.json'), 'utf8')) as Record<string, unknown> & { lciaResults: { moduleTypeEnum: number; indicators: { type: string; value: number }[] }[] };
  const lciaResults = clean.lciaResults.map((r) =>
    r.moduleTypeEnum === 0 ? { ...r, indicators: r.indicators.map((i) => (i.type.startsWith('GWP') ? { ...i, value: gwp(i.value) } : i)) } : r,
  );
  const { $schema: _schema, ...rest } = clean;
  // Their names tell no family: the tag sets the precast wall's, as a user would (only the same family is offered).
  return { ...rest, name, originalUUID, expectedLifespan: 120, declaredUnit: { declaredValue: 1, declaredUnit: 2, mass: 426.4, massUnit: 4 }, lciaResults, tags: ['family:structural-concrete'] };
}

function testPanel(): Record<string, unknown> {
  return panelMaterial(REPLACEMENT, 'f3a1e000-0000-4000-8000-00000000a7e5', (v) => -Math.abs(v));
}

/** The material a consultant means in the search test: a little lower than the precast wall, crowded out of the first items. */
const WANTED = 'Searchable test slab';

describe('dashboards: What if… on a hot spot', function () {
  this.timeout(120_000);
  const ui = stubUi();
  const dashboards = recordDashboards();
  let client: LcaClient;
  let panel: PanelHandle;
  let data: DashboardData;
  let panelUri: vscode.Uri | undefined;

  before(async function () {
    const urls = testServiceUrls();
    if (!urls) this.skip();
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, 'extension not installed');
    await ext.activate();
    await signInAs('demo@example.com');
    client = await clientAs('demo@example.com');
    panel = await openProjectDashboard(PROJECT_IDS.office, 'Kontorhus Havnegade');
    data = await dashboardData(dashboards, panel, { timeoutMs: 60_000 });
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the integration workspace is open');
    panelUri = vscode.Uri.joinPath(folder, 'whatif', 'whatif-test-panel.material.json');
    await vscode.workspace.fs.writeFile(panelUri, new TextEncoder().encode(JSON.stringify(testPanel(), null, 2)));
  });

  /** The core's input for the office's dashboard: the project read, the query's stages and indicator. */
  async function basisOf(dashboard: DashboardResponse['dashboardsPerBranchPlusTotal'][string]) {
    const detail = await client.getProject(PROJECT_IDS.office);
    const mapping = data.mappings.find((x) => x.id === data.query.indicatorTypeMappingId);
    return {
      dashboard,
      facts: projectFacts(detail, BR18_RULES),
      stages: data.query.stages,
      ...(mapping ? { indicator: { name: mapping.name, gwpTotal: isGwpTotalMapping(mapping) } } : {}),
      rules: BR18_RULES,
      codes: ASSUMED_CODES,
    };
  }

  /** A seeded material's EPD as the service serves it. */
  const epd = async (key: string) => epdDataOf(await client.getMaterial(materialId(key)), ASSUMED_CODES, materialId(key));

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (panelUri) await vscode.workspace.fs.delete(panelUri).then(undefined, () => undefined);
  });

  it('asks with a QuickPick and posts the building figures and verdicts after the change, as the core computes them', async () => {
    const total = data.response.dashboardsPerBranchPlusTotal.Total;
    assert.ok(Object.hasOwn(total.hotSpot ?? {}, CURRENT), `${CURRENT} is not a hot spot: ${Object.keys(total.hotSpot ?? {}).join(', ')}`);

    // What the core gives from the same dashboard, project read and EPDs.
    const basis = await basisOf(total);
    const expected = buildingEffect(basis, { current: await epd('precast-wall-20'), replacement: epdDataOf(testPanel(), ASSUMED_CODES) });
    assert.ok(!isBuildingProblem(expected));

    ui.answerQuickPicks(REPLACEMENT);
    const after = dashboards.count(panel);
    await panel.receive({ type: 'whatIf', material: CURRENT, branch: 'Total' });
    const answer: WhatIfAnswer = (await dashboards.message(panel, 'whatIf', { after, timeoutMs: 60_000 })).answer;

    // The QuickPick: the candidates with the building's result after each.
    const pick = ui.quickPicks().at(-1)!;
    assert.match(pick.title ?? '', /What if Precast concrete wall 20 cm were replaced\?/);
    const item = pick.items.find((i) => i.label === REPLACEMENT)!;
    assert.match(item.description ?? '', /^Building \d+(\.\d+)? → \d+(\.\d+)? kg CO₂e\/m²\/yr \([−+]\d/);

    const e = answer.effect!;
    assert.ok(e, `no effect in the answer: ${JSON.stringify(answer).slice(0, 400)}`);
    assert.strictEqual(e.material, CURRENT);
    assert.strictEqual(e.replacement.name, REPLACEMENT);
    assert.deepStrictEqual(e.estimate, [], 'the local service answers everything an exact figure needs');
    assert.ok(e.before.verdict.kind === 'verdict' && e.after.verdict.kind === 'verdict', 'BR18 2025 verdicts before and after');
    assert.ok(expected.after.verdict.kind === 'verdict');
    if (e.before.verdict.kind !== 'verdict' || e.after.verdict.kind !== 'verdict' || expected.after.verdict.kind !== 'verdict') return;
    // The building's figures after the change are the core's, and add up by hand: before + Σ change over its modules.
    assert.strictEqual(e.after.verdict.building.exact, expected.after.verdict.building.exact);
    assert.strictEqual(e.after.verdict.building.passes, expected.after.verdict.building.passes);
    const byHand = e.after.verdict.building.modules.reduce((s, m) => s + (e.delta[m] ?? 0), 0);
    assert.ok(Math.abs(e.change - byHand) < 1e-12);
    assert.ok(Math.abs(e.after.verdict.building.exact - (e.before.verdict.building.exact + e.change)) < 1e-9);
    // The construction process (A4 + A5, with the project's wastage) is judged after the change too.
    assert.ok(e.after.verdict.constructionProcess && expected.after.verdict.constructionProcess);
    assert.strictEqual(e.after.verdict.constructionProcess.exact, expected.after.verdict.constructionProcess.exact);
    assert.ok(e.delta.A5 !== undefined && e.delta.A5 !== 0, 'A5 follows the change by the wastage');

    // How far from passing, and the largest single changes (largest reduction first, at most three).
    assert.deepStrictEqual(answer.needed, distanceToPassing(expected.before.verdict));
    assert.ok(answer.largest.length <= 3);
    for (let i = 1; i < answer.largest.length; i++) assert.ok(answer.largest[i - 1].change <= answer.largest[i].change);
    for (const c of answer.largest) assert.ok(c.change < 0, `${c.material} → ${c.replacement} lowers the figure`);
  });

  it('in one construction of the breakdown: only its lines change, as the core computes them', async () => {
    const total = data.response.dashboardsPerBranchPlusTotal.Total;
    const basis = await basisOf(total);
    const construction = 'Concrete wall 20 cm';
    const expected = buildingEffect(basis, { current: await epd('precast-wall-20'), replacement: epdDataOf(testPanel(), ASSUMED_CODES), construction });
    const everywhere = buildingEffect(basis, { current: await epd('precast-wall-20'), replacement: epdDataOf(testPanel(), ASSUMED_CODES) });
    assert.ok(!isBuildingProblem(expected) && !isBuildingProblem(everywhere));
    ui.answerQuickPicks(REPLACEMENT);
    const after = dashboards.count(panel);
    await panel.receive({ type: 'whatIf', material: CURRENT, construction });
    const e = (await dashboards.message(panel, 'whatIf', { after, timeoutMs: 60_000 })).answer.effect!;
    assert.strictEqual(e.construction, construction);
    assert.strictEqual(e.lines, expected.lines);
    assert.ok(e.lines < everywhere.lines, 'fewer lines than everywhere');
    assert.strictEqual(e.change, expected.change);
    assert.ok(Math.abs(e.change) < Math.abs(everywhere.change));
  });

  it('finds by typing its name a material the first items leave out, and posts the new verdicts for it', async () => {
    const total = data.response.dashboardsPerBranchPlusTotal.Total;
    const current = await epd('precast-wall-20');
    const currentA1A3 = gwpPerSet(current, gwpCodesOf(ASSUMED_CODES))?.a1a3;
    assert.ok(currentA1A3 !== undefined && currentA1A3 > 0);
    // The fixture's A1-A3 GWP, which the materials below scale to a share of the precast wall's.
    const fixtureA1A3 = gwpPerSet(epdDataOf(panelMaterial('fixture', 'f3a1e000-0000-4000-8000-000000000000', (v) => v), ASSUMED_CODES), gwpCodesOf(ASSUMED_CODES))!.a1a3;
    const share = (f: number) => (v: number) => (v * f * currentA1A3) / fixtureA1A3;
    // 40 materials of far lower A1-A3 (larger reductions than any the first items can leave out), and the one meant: 3 % lower.
    const fillers = Array.from({ length: 40 }, (_, i) => panelMaterial(`WhatIf filler panel ${String(i + 1).padStart(2, '0')}`, `f3a1e000-0000-4000-8000-0000000b${String(i).padStart(4, '0')}`, share(0.3 + i * 0.005)));
    const wanted = panelMaterial(WANTED, 'f3a1e000-0000-4000-8000-00000000c0de', share(0.97));
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const library = vscode.Uri.joinPath(folder, 'whatif', 'whatif-search.materials.json');
    await vscode.workspace.fs.writeFile(library, new TextEncoder().encode(JSON.stringify([...fillers, wanted], null, 2)));
    try {
      const expected = buildingEffect(await basisOf(total), { current, replacement: epdDataOf(wanted, ASSUMED_CODES) });
      assert.ok(!isBuildingProblem(expected) && expected.change < 0);

      ui.answerQuickPicks(LEAVE_OPEN);
      const after = dashboards.count(panel);
      const asked = panel.receive({ type: 'whatIf', material: CURRENT, branch: 'Total' });
      const pick = await ui.openQuickPick();
      assert.ok(pick, 'no QuickPick was shown');

      // The first items: the largest reductions, not the one meant, and a note that there are more.
      const shown = ui.quickPicks().at(-1)!;
      assert.ok(!shown.items.some((i) => i.label === WANTED), `${WANTED} is among the first items: ${shown.items.map((i) => i.label).join(', ')}`);
      assert.match(shown.items.at(-1)!.label, /^\d[\d,.]* more — type to narrow$/);
      assert.match(shown.placeHolder ?? '', /type to search \d[\d,.]* materials$/);

      // Typing its name: the items found among every comparable candidate, each with the building's result after it.
      pick.value = 'searchable';
      pick.value = 'searchable test';
      const item = await waitFor(`${WANTED} among the items`, () => pick.items.find((i) => i.label === WANTED));
      assert.match(item.description ?? '', /^Building \d+(\.\d+)? → \d+(\.\d+)? kg CO₂e\/m²\/yr \(−\d/);
      for (const i of pick.items) assert.match(i.label, /searchable/i, 'every item found has the words typed');

      // Enter on it, as the user would.
      pick.activeItems = [item];
      await new Promise((r) => setTimeout(r, 250));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await asked;
      const answer: WhatIfAnswer = (await dashboards.message(panel, 'whatIf', { after, timeoutMs: 60_000 })).answer;
      const e = answer.effect!;
      assert.ok(e, `no effect in the answer: ${JSON.stringify(answer).slice(0, 400)}`);
      assert.strictEqual(e.replacement.name, WANTED);
      assert.strictEqual(e.change, expected.change);
      assert.ok(e.after.verdict.kind === 'verdict' && expected.after.verdict.kind === 'verdict');
      if (e.after.verdict.kind !== 'verdict' || expected.after.verdict.kind !== 'verdict') return;
      assert.deepStrictEqual(e.after.verdict.building, expected.after.verdict.building);
      assert.deepStrictEqual(e.after.verdict.constructionProcess, expected.after.verdict.constructionProcess);
    } finally {
      await vscode.workspace.fs.delete(library).then(undefined, () => undefined);
    }
  });

  it('a material whose EPD is not known is answered with the reason, not a zero', async () => {
    const after = dashboards.count(panel);
    await panel.receive({ type: 'whatIf', material: 'No such material' });
    const answer = (await dashboards.message(panel, 'whatIf', { after })).answer;
    assert.strictEqual(answer.effect, undefined);
    assert.ok(answer.problem && /not known/.test(answer.problem.message), JSON.stringify(answer.problem));
  });
});
