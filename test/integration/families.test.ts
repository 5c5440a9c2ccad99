// Alternatives that do the same job, inside VS Code against the local service, in English and in Danish: with BR18
// Tabel 7 imported into the workspace (as a consultant has it), What if… on a hot spot of the office project (BR18 2025,
// failing: 8.6 against 7.5) lists only candidates of the hot spot's material family; Find Lower-Carbon Alternatives… on
// the outer wall's clay brick offers masonry only — no board, insulation or installation; and the answer posted to the
// dashboard says which of the largest changes together make it pass ("passes with changes 1 + 2 + 3").
import * as assert from 'assert';
import * as vscode from 'vscode';
import { ASSUMED_CODES } from '../../src/core/codeTable';
import { UNIT } from '../../src/core/codes';
import type { WhatIfAnswer } from '../../src/core/dashboard/messages';
import { familyOf, type FamilyId } from '../../src/core/families';
import { importTable7 } from '../../src/core/import/table7';
import { roundBr18 } from '../../src/core/lca/br18Rules';
import { MATERIAL_SPECS } from '../../src/service/seed/materials';
import { PROJECT_IDS, materialId } from '../../src/service/seed/ids';
import { readFixture } from '../fixtures/paths';
import { dashboardData, openProjectDashboard, recordDashboards, type PanelHandle } from './support/dashboards';
import { api, signInAs } from './support/extension';
import { testServiceUrls } from './support/service';
import { LEAVE_OPEN, stubUi } from './support/ui';

const BRICK = 'Clay brick, outer leaf';
const HOLLOW_CORE = 'Hollow-core slab 22 cm';

/** The family of a material the QuickPick names: a Tabel 7 row's or a seeded one's, by the tags and names they carry. */
function familyByName(): (name: string) => FamilyId | undefined {
  const rows = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES).materials.map((m) => m.material);
  const byName = new Map<string, FamilyId>();
  for (const m of rows) byName.set(m.name, familyOf({ name: m.name, tags: m.tags ?? [] }).id);
  for (const s of MATERIAL_SPECS) byName.set(s.name, familyOf({ name: s.name, tags: [...s.category] }).id);
  return (name) => byName.get(name);
}

describe('Alternatives that do the same job (material families)', function () {
  this.timeout(180_000);
  const ui = stubUi();
  const dashboards = recordDashboards();
  const familyOfName = familyByName();
  let folder: vscode.Uri;
  let wall: vscode.TextDocument;
  let panel: PanelHandle;

  before(async function () {
    if (!testServiceUrls()) this.skip();
    await api();
    await signInAs('demo@example.com');
    folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'families-test');
    const bytes = (v: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(v, null, 2));
    const imported = importTable7({ name: 'tabel7.csv', bytes: new TextEncoder().encode(readFixture('import', 'table7', 'tabel7.csv')) }, ASSUMED_CODES);
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'tabel7.materials.json'), bytes(imported.materials.map((m) => m.material)));
    // The seeded outer wall per m²: 108 mm clay brick, 195 mm mineral wool, the precast inner leaf.
    const uri = vscode.Uri.joinPath(folder, 'outer-wall.construction.json');
    await vscode.workspace.fs.writeFile(
      uri,
      bytes({
        name: 'Outer wall, brick/mineral wool/concrete',
        declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1, mass: null, massUnit: UNIT.KG },
        expectedLifespan: 120,
        constructionEpds: [
          { epdId: materialId('brick'), constructionUnit: { unit: UNIT.M3, amount: 0.108 } },
          { epdId: materialId('mineral-wool'), constructionUnit: { unit: UNIT.M3, amount: 0.195 } },
          { epdId: materialId('precast-wall-20'), constructionUnit: { unit: UNIT.M2, amount: 1 } },
        ],
      }),
    );
    wall = await vscode.workspace.openTextDocument(uri);
    panel = await openProjectDashboard(PROJECT_IDS.office, 'Kontorhus Havnegade');
    const total = (await dashboardData(dashboards, panel, { timeoutMs: 60_000 })).response.dashboardsPerBranchPlusTotal.Total;
    assert.ok(Object.hasOwn(total.hotSpot ?? {}, BRICK) && Object.hasOwn(total.hotSpot ?? {}, HOLLOW_CORE), Object.keys(total.hotSpot ?? {}).join(', '));
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
  });

  /** Find Lower-Carbon Alternatives… on the brick's epdId, cancelled: the QuickPick as shown. */
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
    const shown = { title: pick.title ?? '', placeholder: pick.placeholder ?? '', items: items.map((i) => ({ label: i.label, description: i.description ?? '', detail: i.detail ?? '' })) };
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

  it('lca_find_alternatives with the office\'s id (as a language-model tool) says which changes together pass, as What if… does', async () => {
    const result = await vscode.lm.invokeTool('lca_find_alternatives', { input: { projectId: PROJECT_IDS.office }, toolInvocationToken: undefined });
    const r = JSON.parse(result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('')) as {
      before: { building: { value: number; passes: boolean } };
      largestChanges: { number: number; material: string; replacement: string; change: number; after: { building: { value: number } } }[];
      combination: { changes: number[]; passes: boolean; says: string };
    };
    assert.deepStrictEqual([r.before.building.value, r.before.building.passes], [8.6, false]);
    const answer = await whatIfAnswer(BRICK, 'Ler, stampet ler');
    assert.deepStrictEqual(
      r.largestChanges.map((c) => [c.material, c.replacement, c.change, c.after.building.value]),
      answer.largest.map((c) => [c.material, c.replacement, Number(c.change.toFixed(4)), c.building]),
    );
    assert.deepStrictEqual([r.combination.changes, r.combination.passes], [answer.combination!.changes, answer.combination!.passes]);
    assert.match(r.combination.says, /^Passes with changes? \d( \+ \d)*$/);
  });

  for (const language of ['en', 'da'] as const) {
    describe(language === 'en' ? 'in English' : 'in Danish (lca.language da)', () => {
      before(async () => {
        await vscode.workspace.getConfiguration('lca').update('language', language === 'da' ? 'da' : undefined, vscode.ConfigurationTarget.Global);
      });

      it('Find Lower-Carbon Alternatives… on the outer wall\'s brick offers masonry only: no board, insulation or installation', async () => {
        const pick = await alternativesOfBrick();
        const labels = pick.items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).map((i) => i.label);
        assert.ok(labels.length > 0);
        const families = labels.map((l) => [l, familyOfName(l)] as const);
        const other = families.filter(([, f]) => f !== undefined && f !== 'masonry');
        assert.deepStrictEqual(other, [], 'every candidate the table or the seed knows is masonry');
        for (const named of ['Træfiberplade, høj densitet, HDF', 'Træfiberplade, medium densitet, MDF', 'Spånplade', 'OSB-plade', 'Træfiberisolering', 'Decentralt ventilationsanlæg med varmegenvinding (væg & loft) 60 m3 / h']) {
          assert.ok(!labels.includes(named), `${named} is not offered for a brick`);
        }
        // Tabel 7's masonry is there (rammed earth, clay blocks), and the list says it keeps to the family.
        assert.ok(labels.includes('Ler, stampet ler') && labels.includes('Lersten'), labels.join(', '));
        assert.match(pick.placeHolder ?? '', language === 'da' ? /^Kun samme familie \(murværk; \d+ af andre familier tilbydes ikke\)/ : /^The same family only \(masonry; \d+ of other families not offered\)/);
      });

      it('What if… on a hot spot lists only candidates of its family, and on the hollow-core deck no floor covering, paper or board', async () => {
        const brick = await whatIfItems(BRICK);
        assert.ok(brick.items.length > 0);
        assert.deepStrictEqual(brick.items.map((i) => [i.label, familyOfName(i.label)]).filter(([, f]) => f !== undefined && f !== 'masonry'), []);
        assert.strictEqual(brick.items[0].label, 'Ler, stampet ler', 'the largest reduction first');
        // The building's figure after the change as the verdict rounds it (one decimal), in the language's decimals.
        const figures = language === 'da' ? /^Bygningen 8,6 → \d+,\d kg CO₂e\/m²\/år \(−0,\d\d\)/ : /^Building 8\.6 → \d+\.\d kg CO₂e\/m²\/yr \(−0\.\d\d\)/;
        assert.match(brick.items[0].description, figures);
        assert.match(brick.placeholder, language === 'da' ? /samme familie \(murværk\)/ : /the same family \(masonry\)/);

        const deck = await whatIfItems(HOLLOW_CORE);
        const labels = deck.items.map((i) => i.label);
        for (const named of ['Parket i massivt træ', 'Byggepap', 'Lerplade (tykkelse 0,02 m)', 'Korkfliser 4 mm', 'Aluminium profile']) assert.ok(!labels.includes(named), `${named} is not offered for a hollow-core deck`);
        assert.deepStrictEqual(deck.items.map((i) => [i.label, familyOfName(i.label)]).filter(([, f]) => f !== undefined && f !== 'structural-concrete'), []);
      });

      it('the answer on the failing office says which of the largest changes together pass ("passes with changes …"), each judged as BR18 rounds', async () => {
        const answer = await whatIfAnswer(BRICK, 'Ler, stampet ler');
        assert.deepStrictEqual(answer.needed, { building: -1.1, constructionProcess: 0 });
        assert.strictEqual(answer.largest.length, 3);
        assert.deepStrictEqual(answer.largest[0].material, BRICK);
        for (const c of answer.largest) assert.strictEqual(c.building, roundBr18(8.5613 + c.change), `${c.material} → ${c.replacement}`);
        const c = answer.combination!;
        assert.ok(c && c.passes, JSON.stringify(answer));
        assert.ok(c.building! <= 7.5);
        assert.strictEqual(c.building, roundBr18(8.5613 + c.changes.reduce((t, n) => t + answer.largest[n - 1].change, 0)));
        // The chosen change itself, as the verdict judges it.
        const e = answer.effect!;
        assert.strictEqual(e.replacement.name, 'Ler, stampet ler');
        assert.ok(e.after.verdict.kind === 'verdict' && e.after.verdict.building.value === roundBr18(e.after.verdict.building.exact));
      });
    });
  }
});
