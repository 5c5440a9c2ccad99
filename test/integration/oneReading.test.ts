// Inside VS Code: one construction of materials that exist only as workspace files (named by originalUUID, never
// pushed) gets the same A1-A3, B4, C3, C4 and D in its lens, in lca_preview_construction (vscode.lm.invokeTool), in
// the LCAx export and — read back through Import EPDs… — in the LCAbyg export; the same construction beside a 60-year
// *.project.json has B4 over 60 years in all of them, with no period given anywhere.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ExchangeExportOutcome } from '../../src/extension/export';
import type { ImportOutcome } from '../../src/extension/import';
import { seedMaterials } from '../../src/service/seed/materials';
import { materialId } from '../../src/service/seed/ids';
import { UNIT } from '../../src/core/codes';
import { api } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';

type Gwp = { A1A3: number; B4: number; C3: number; C4: number; D_apart: number };
const MODULES = ['A1A3', 'B4', 'C3', 'C4', 'D_apart'] as const;

const seeded = new Map(seedMaterials().map((s) => [s.id, s.item as { originalUUID: string }]));
// Brick (120 years: no replacement), plywood (25 years: 1 replacement in 50 years, 2 in 60), 3-pane glass (40 years: 1).
const WALL = {
  name: 'One reading wall',
  declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
  constructionEpds: ([['brick', UNIT.M3, 0.108], ['plywood', UNIT.M3, 0.02], ['igu-3', UNIT.M2, 1]] as const).map(([key, unit, amount]) => ({
    epdId: seeded.get(materialId(key))!.originalUUID,
    constructionUnit: { unit, amount },
  })),
};

async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}

/** The tool's total per declared unit, or a failure that shows the tool's answer. */
async function toolFigures(file: vscode.Uri): Promise<{ total: Gwp; period: number }> {
  const text = await invoke('lca_preview_construction', { path: file.fsPath });
  let answer: { total: Gwp | null; periodYears: number };
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    assert.fail(`lca_preview_construction: ${text}`);
  }
  assert.ok(answer.total, `lca_preview_construction computes the construction: ${text}`);
  return { total: answer.total, period: answer.periodYears };
}

/** The figures of the lens at the top of the construction ("A1-A3 … · B4 (60 yr) … · C3 … · C4 … · D (apart) …"). */
async function lensFigures(file: vscode.Uri): Promise<{ total: Gwp; period: number }> {
  await vscode.window.showTextDocument(file);
  const title = await waitFor('the lens computes the construction', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', file, 10);
    return lenses?.map((l) => l.command?.title ?? '').find((t) => t.startsWith('Impact preview (GWP'));
  }, 30_000);
  const n = '(−?-?[\\d,.]+)';
  const m = new RegExp(`A1-A3 ${n} · B4 \\((\\d+) yr\\) ${n} · C3 ${n} · C4 ${n} · D \\(apart\\) ${n}`).exec(title);
  assert.ok(m, title);
  const num = (s: string) => Number(s.replace('−', '-').replace(/,/g, ''));
  return { total: { A1A3: num(m[1]), B4: num(m[3]), C3: num(m[4]), C4: num(m[5]), D_apart: num(m[6]) }, period: Number(m[2]) };
}

/** Equal as shown: within the lens's rounding (three significant figures), else the tool's (six). */
function assertSame(actual: Gwp, expected: Gwp, what: string, rounded = false): void {
  for (const k of MODULES) {
    const tolerance = rounded ? Math.max(Math.abs(expected[k]) * 0.006, 0.006) : Math.max(Math.abs(expected[k]) * 1e-5, 1e-9);
    assert.ok(Math.abs(actual[k] - expected[k]) <= tolerance, `${what}: ${k} ${actual[k]} ≠ ${expected[k]}`);
  }
}

describe('one reading: a construction of workspace materials, its period from its project', function () {
  const ui = stubUi();
  this.timeout(180_000);
  let dir: vscode.Uri;

  before(async () => {
    await api();
    dir = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'one-reading');
    fs.mkdirSync(path.join(dir.fsPath, 'fifty'), { recursive: true });
    fs.mkdirSync(path.join(dir.fsPath, 'sixty'), { recursive: true });
    // The public materials as a workspace file, with no bulk-create record: never pushed, named by originalUUID.
    fs.writeFileSync(path.join(dir.fsPath, 'library.materials.json'), JSON.stringify(seedMaterials().filter((s) => s.tenant === 'public').map((s) => s.item), null, 2));
    for (const d of ['fifty', 'sixty']) fs.writeFileSync(path.join(dir.fsPath, d, 'wall.construction.json'), JSON.stringify(WALL, null, 2));
    fs.writeFileSync(path.join(dir.fsPath, 'sixty', 'office.project.json'), JSON.stringify({ name: 'Office', calculationType: { considerationPeriod: 60 } }, null, 2));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(dir.fsPath, { recursive: true, force: true });
  });

  for (const [folder, years] of [['fifty', 50], ['sixty', 60]] as const) {
    it(`${folder}: the lens, the tool and the LCAx and LCAbyg exports give the same figures over ${years} years`, async () => {
      const file = vscode.Uri.joinPath(dir, folder, 'wall.construction.json');
      const tool = await toolFigures(file);
      assert.strictEqual(tool.period, years, 'the tool takes the period of the project beside the construction');

      const lens = await lensFigures(file);
      assert.strictEqual(lens.period, years, 'the lens says the same period');
      assertSame(lens.total, tool.total, 'lens', true);

      const lcax = vscode.Uri.joinPath(dir, folder, 'wall.lcax.json');
      const lcaxOutcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcax', file, undefined, lcax);
      assert.deepStrictEqual([lcaxOutcome?.written, lcaxOutcome?.refused], [1, 0]);
      const project = JSON.parse(fs.readFileSync(lcax.fsPath, 'utf8')) as { referenceStudyPeriod: number; assemblies: { results: { gwp: Record<string, number> } }[] };
      assert.strictEqual(project.referenceStudyPeriod, years);
      const r = project.assemblies[0].results.gwp;
      assertSame({ A1A3: r.a1a3, B4: r.b4, C3: r.c3, C4: r.c4, D_apart: r.d }, tool.total, 'LCAx export');

      // LCAbyg's file holds amounts and service lives (LCAbyg computes B4 itself): read back, it computes the same.
      const lcabyg = vscode.Uri.joinPath(dir, folder, 'wall.lcabyg.json');
      const lcabygOutcome = await vscode.commands.executeCommand<ExchangeExportOutcome | undefined>('lca.exportLcabygComponent', file, undefined, lcabyg);
      assert.deepStrictEqual([lcabygOutcome?.written, lcabygOutcome?.refused], [1, 0]);
      const back = vscode.Uri.joinPath(dir, folder, 'back');
      fs.mkdirSync(back.fsPath, { recursive: true });
      const copy = vscode.Uri.joinPath(back, 'wall.lcabyg.json');
      fs.copyFileSync(lcabyg.fsPath, copy.fsPath);
      const imported = await vscode.commands.executeCommand<ImportOutcome | undefined>('lca.importEpds', copy);
      assert.ok(imported?.constructions.length === 1, 'the LCAbyg file imports as one construction');
      // Its products are the workspace's materials (the same originalUUID and version): one material each, not a copy.
      assert.strictEqual(imported.uri, undefined, 'no materials file written again');
      assert.match(imported.report, /## Already in the workspace, not written again\n[^]*\| one-reading\/library\.materials\.json \|/);
      const again = await toolFigures(imported.constructions[0]);
      assert.strictEqual(again.period, years, 'the imported construction is beside the same project');
      for (const k of MODULES) {
        const tolerance = Math.abs(tool.total[k]) * 0.001 + 1e-9;
        assert.ok(Math.abs(again.total[k] - tool.total[k]) <= tolerance, `LCAbyg round trip: ${k} ${again.total[k]} ≠ ${tool.total[k]} (0.1 %)`);
      }
      assert.deepStrictEqual(ui.messages().filter((m) => m.kind === 'error').map((m) => m.message), []);
    });
  }

  it('B4 over 60 years counts the plywood twice, over 50 once', async () => {
    const fifty = await toolFigures(vscode.Uri.joinPath(dir, 'fifty', 'wall.construction.json'));
    const sixty = await toolFigures(vscode.Uri.joinPath(dir, 'sixty', 'wall.construction.json'));
    // By hand: plywood 0.02 m³ × (−599 + 743 + 0) = 2.88 per replacement; 3-pane glass 57.77 + 3.035 + 0.491 = 61.296.
    assert.ok(Math.abs(fifty.total.B4 - (2.88 + 61.296)) < 1e-6, String(fifty.total.B4));
    assert.ok(Math.abs(sixty.total.B4 - (2 * 2.88 + 61.296)) < 1e-6, String(sixty.total.B4));
  });
});
