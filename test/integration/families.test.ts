// Alternatives that do the same job, inside VS Code against the local service, in English and in Danish: with BR18
// Tabel 7 imported into the workspace and bulk-created (as a consultant has it), on the failing office (BR18 2025: 8.6
// against 7.5) What if… and lca_find_alternatives {projectId} give the same answer; no swap the hand-judged pairs call
// another job (test/fixtures/alternatives/same-job-pairs.json: a deck for a wall, rammed earth for a facing brick,
// loose fill for boards, single glass for a 3-pane unit, asphalt for a masonry mortar) is among the candidates or in a
// "passes with" sentence; the swaps worth checking are named with their check. Find Lower-Carbon Alternatives… on the
// sample workspace's brick offers the service's reused brick as What if… does, each candidate with its job and basis.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import type { WhatIfAnswer } from '../../src/core/dashboard/messages';
import { importTable7 } from '../../src/core/import/table7';
import { format } from '../../src/core/l10n';
import { roundBr18 } from '../../src/core/lca/br18Rules';
import { MATERIAL_SPECS } from '../../src/service/seed/materials';
import { PROJECT_IDS, materialId } from '../../src/service/seed/ids';
import type { BulkCreateOutcome } from '../../src/extension/bulk/types';
import { readFixture, REPO_ROOT } from '../fixtures/paths';
import { dashboardData, openProjectDashboard, recordDashboards, type PanelHandle } from './support/dashboards';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { LEAVE_OPEN, stubUi } from './support/ui';

const BRICK = 'Clay brick, outer leaf';
const REUSED = 'Reused clay brick, outer leaf (demo)';

const table7 = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES);

/** The hand-judged pairs that are another job, by the names the answers show (Tabel 7 rows by Sorterings ID, seeds by key). */
function otherJobPairs(): [string, string][] {
  const names = new Map<string, string>();
  for (const m of table7.materials) names.set(/\((#[A-Z]\d+)\)$/.exec(format(m.source))![1], m.material.name);
  for (const s of MATERIAL_SPECS) names.set(`seed:${s.key}`, s.name);
  const pairs = (JSON.parse(readFixture('alternatives', 'same-job-pairs.json')) as { pairs: { subject: string; candidate: string; verdict: string }[] }).pairs;
  return pairs.filter((p) => p.verdict === 'not').map((p) => [names.get(p.subject)!, names.get(p.candidate)!]);
}

interface ToolAnswer {
  before: { building: { value: number; passes: boolean } };
  hotSpots: { material: string; job?: { form?: string }; candidates: { replacement: string; basis: string; worthChecking?: string }[] }[];
  largestChanges: { number: number; material: string; replacement: string; change: number; after: { building: { value: number } } }[];
  combination?: { changes: number[]; passes: boolean; says: string };
  worthChecking: { material: string; replacement: string; check: string; says: string }[];
}

describe('Alternatives that do the same job (the job of a line, equal performance)', function () {
  this.timeout(300_000);
  const ui = stubUi();
  const dashboards = recordDashboards();
  let folder: vscode.Uri;
  let wall: vscode.TextDocument;
  let panel: PanelHandle;

  before(async function () {
    if (!testServiceUrls()) this.skip();
    await api();
    await signInAs('demo@example.com');
    folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'families-test');
    const bytes = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v, null, 2));
    // Tabel 7 imported, then bulk-created as the consultant would: its rows get service ids.
    const library = vscode.Uri.joinPath(folder, 'tabel7.materials.json');
    await vscode.workspace.fs.writeFile(library, bytes(table7.materials.map((m) => m.material)));
    const outcome = await vscode.commands.executeCommand<BulkCreateOutcome>('lca.bulkCreateMaterials', { uri: library, confirm: true });
    assert.ok(outcome && ['ran', 'nothing-to-send'].includes(outcome.outcome), JSON.stringify(outcome).slice(0, 400));
    // The sample workspace's outer wall (seeded ids: brick, mortar, mineral wool, precast inner leaf), tagged "outer wall".
    const uri = vscode.Uri.joinPath(folder, 'outer-wall.construction.json');
    await vscode.workspace.fs.writeFile(uri, fs.readFileSync(path.join(REPO_ROOT, 'samples', 'outer-wall.construction.json')));
    wall = await vscode.workspace.openTextDocument(uri);
    panel = await openProjectDashboard(PROJECT_IDS.office, 'Kontorhus Havnegade');
    const total = (await dashboardData(dashboards, panel, { timeoutMs: 60_000 })).response.dashboardsPerBranchPlusTotal.Total;
    assert.ok(Object.hasOwn(total.hotSpot ?? {}, BRICK), Object.keys(total.hotSpot ?? {}).join(', '));
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  /** Find Lower-Carbon Alternatives… on the sample brick's epdId, cancelled: the QuickPick as shown. */
  async function alternativesOfBrick() {
    const editor = await vscode.window.showTextDocument(wall);
    const offset = wall.getText().indexOf(materialId('brick')) + 5;
    editor.selection = new vscode.Selection(wall.positionAt(offset), wall.positionAt(offset));
    const before = ui.quickPicks().length;
    assert.strictEqual(await vscode.commands.executeCommand('lca.findAlternatives'), undefined);
    ui.takeUnanswered();
    const pick = ui.quickPicks()[before];
    assert.ok(pick, 'a QuickPick was shown');
    return pick;
  }

  /** What if… on a hot spot, left open: its items, then closed. */
  async function whatIfItems(material: string) {
    ui.answerQuickPicks(LEAVE_OPEN);
    const asked = panel.receive({ type: 'whatIf', material, branch: 'Total' });
    const pick = await ui.openQuickPick(60_000);
    assert.ok(pick, 'no QuickPick was shown');
    const items = pick.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator && !/type to narrow|skriv for at/.test(i.label));
    const shown = { placeholder: pick.placeholder ?? '', items: items.map((i) => ({ label: i.label, description: i.description ?? '', detail: i.detail ?? '' })) };
    pick.hide();
    await asked;
    return shown;
  }

  /** What if… on a hot spot with `choice` chosen: the answer posted to the page. */
  async function whatIfAnswer(material: string, choice: string): Promise<WhatIfAnswer> {
    ui.answerQuickPicks(choice);
    const after = dashboards.count(panel as never);
    await panel.receive({ type: 'whatIf', material, branch: 'Total' });
    return (await dashboards.message(panel as never, 'whatIf', { after, timeoutMs: 60_000 })).answer;
  }

  it('the hover of the brick\'s epdId names its family and where it was read', async () => {
    const offset = wall.getText().indexOf(materialId('brick')) + 5;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', wall.uri, wall.positionAt(offset));
    const text = hovers.flatMap((h) => h.contents.map((c) => (c instanceof vscode.MarkdownString ? c.value : String(c)))).join('\n').replace(/\\(.)/g, '$1');
    assert.match(text, /Family: masonry \(from the tag Clay brick\)/, text);
  });

  it('lca_find_alternatives {projectId} gives What if…\'s answer: no other job among the candidates or in a "passes with" sentence, the checks named', async () => {
    const result = await vscode.lm.invokeTool('lca_find_alternatives', { input: { projectId: PROJECT_IDS.office }, toolInvocationToken: undefined });
    const r = JSON.parse(result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('')) as ToolAnswer;
    assert.deepStrictEqual([r.before.building.value, r.before.building.passes], [8.6, false]);
    // No pair the hand calls another job is offered, nor among the largest changes.
    const notPairs = otherJobPairs();
    const offered = r.hotSpots.flatMap((h) => h.candidates.map((c) => [h.material, c.replacement]));
    assert.deepStrictEqual(offered.filter(([m, c]) => notPairs.some(([s, x]) => s === m && x === c)), []);
    for (const named of ['Ler, stampet ler', 'Polystyren skumfyldning (uden bindemiddel)', 'Glas 4 mm', 'Float glass 4 mm', 'Støbeasfalt', 'Hollow-core slab 22 cm']) {
      assert.ok(!r.largestChanges.some((c) => c.replacement === named), `${named} is not among the largest changes`);
    }
    // The largest changes are of the same job with nothing open; the swaps worth checking apart, each with its check.
    for (const c of r.largestChanges) {
      const candidate = r.hotSpots.find((h) => h.material === c.material)!.candidates.find((x) => x.replacement === c.replacement)!;
      assert.strictEqual(candidate.worthChecking, undefined, `${c.material} → ${c.replacement}`);
      assert.strictEqual(c.after.building.value, roundBr18(8.5613 + c.change));
    }
    assert.ok(r.worthChecking.length > 0, 'the answer names the checks');
    for (const w of r.worthChecking) assert.match(w.says, /once this is checked: .+/);
    assert.strictEqual(r.hotSpots.find((h) => h.material === BRICK)!.job?.form, 'facing');
    // What if… on the same project: the same largest changes, combination and swaps worth checking.
    const answer = await whatIfAnswer(BRICK, r.hotSpots.find((h) => h.material === BRICK)!.candidates[0].replacement);
    assert.deepStrictEqual(
      r.largestChanges.map((c) => [c.material, c.replacement, c.change, c.after.building.value]),
      answer.largest.map((c) => [c.material, c.replacement, Number(c.change.toFixed(4)), c.building]),
    );
    assert.deepStrictEqual(r.combination && [r.combination.changes, r.combination.passes], answer.combination && [answer.combination.changes, answer.combination.passes]);
    assert.deepStrictEqual(r.worthChecking.map((w) => [w.material, w.replacement]), (answer.worthChecking ?? []).map((w) => [w.material, w.replacement]));
  });

  for (const language of ['en', 'da'] as const) {
    describe(language === 'en' ? 'in English' : 'in Danish (lca.language da)', () => {
      before(async () => {
        await vscode.workspace.getConfiguration('lca').update('language', language === 'da' ? 'da' : undefined, vscode.ConfigurationTarget.Global);
      });

      it('Find Lower-Carbon Alternatives… on the sample brick offers the service\'s reused brick, as What if… does; each item says its job and basis', async () => {
        const pick = await alternativesOfBrick();
        const items = pick.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator);
        const reused = items.find((i) => i.label === REUSED);
        assert.ok(reused, items.map((i) => i.label).join(', '));
        assert.match(reused.detail ?? '', language === 'da' ? /murværk, formursten, i ydervægge; samme type \(formursten\)/ : /masonry, facing brick, in external walls; the same form \(facing brick\)/);
        for (const named of ['Ler, stampet ler', 'Kalksandsten', 'Træfiberisolering']) assert.ok(!items.some((i) => i.label === named), `${named} is not offered for a facing brick`);
        assert.match(pick.placeHolder ?? '', language === 'da' ? /^Kun samme arbejde \(murværk, formursten, i ydervægge; \d+ af andre familier og \d+ af en anden type eller rolle tilbydes ikke\)/ : /^The same job only \(masonry, facing brick, in external walls; \d+ of other families and \d+ of another form or role not offered\)/);
        const whatIf = await whatIfItems(BRICK);
        assert.ok(whatIf.items.some((i) => i.label === REUSED), whatIf.items.map((i) => i.label).join(', '));
        assert.ok(!whatIf.items.some((i) => i.label === 'Ler, stampet ler'));
        assert.match(whatIf.placeholder, language === 'da' ? /samme arbejde \(murværk, formursten, i ydervægge\)/ : /the same job \(masonry, facing brick, in external walls\)/);
      });

      it('What if… on the precast wall offers no deck or stair, and a thinner wall only as worth checking', async () => {
        const items = (await whatIfItems('Precast concrete wall 20 cm')).items;
        for (const named of ['Hollow-core slab 22 cm', 'Hollow-core slab 18 cm', 'Betontrappe, etagehøj', 'Huldæk element, 22 cm, 6-10 forspændingsliner']) assert.ok(!items.some((i) => i.label === named), `${named} is not offered for a wall`);
        // Tabel 7's 15 cm wall element (bulk-created): a thinner wall of the same form.
        const thinner = items.find((i) => i.label.startsWith('Beton vægelementer, 15 cm'));
        assert.ok(thinner, items.map((i) => i.label).join(', '));
        assert.match(thinner.detail, language === 'da' ? /værd at kontrollere: bæreevne og vægtykkelse: 15 cm mod 20 cm/ : /worth checking: load capacity and the wall's thickness: 15 cm against 20 cm/);
      });
    });
  }
});
