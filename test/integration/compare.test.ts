// Inside VS Code: Compare LCA with… on two construction files gives per-module differences equal to the difference of
// their two lenses' previews (the same reading), with causes; a fixture git repository with two commits of one
// construction gives the same difference through Compare LCA with Commit…; Pin as Baseline writes a baseline that
// validates, and Compare with Baseline… of the unchanged project shows no difference; a damaged baseline is refused
// with its line; a construction file pinned, then edited, shows the edit with its cause.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { Comparison } from '../../src/core/compare';
import { seedMaterials } from '../../src/service/seed/materials';
import { materialId, PROJECT_IDS } from '../../src/service/seed/ids';
import { UNIT } from '../../src/core/codes';
import { signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';
import { logText } from './support/log';

const seeded = new Map(seedMaterials().map((s) => [s.id, s.item as { originalUUID: string }]));
const wall = (brick: number, second: 'plywood' | 'igu-3') => ({
  name: 'Compared wall',
  declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 },
  constructionEpds: ([['brick', UNIT.M3, brick], second === 'plywood' ? ['plywood', UNIT.M3, 0.02] : ['igu-3', UNIT.M2, 1]] as const).map(([key, unit, amount]) => ({
    epdId: seeded.get(materialId(key as 'brick'))!.originalUUID,
    constructionUnit: { unit, amount },
  })),
});

describe('Compare LCA', function () {
  this.timeout(180_000);
  // The suite's QuickPicks and messages answered and recorded (installed before the tests, removed after).
  const ui = stubUi();
  let dir: vscode.Uri;
  const file = (name: string) => vscode.Uri.joinPath(dir, name);

  before(async () => {
    await signInAs('demo@example.com');
    dir = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'compare');
    fs.mkdirSync(dir.fsPath, { recursive: true });
    fs.writeFileSync(path.join(dir.fsPath, 'library.materials.json'), JSON.stringify(seedMaterials().filter((s) => s.tenant === 'public').map((s) => s.item), null, 2));
    fs.writeFileSync(file('a.construction.json').fsPath, JSON.stringify(wall(0.108, 'plywood'), null, 2));
    fs.writeFileSync(file('b.construction.json').fsPath, JSON.stringify(wall(0.09, 'igu-3'), null, 2));
  });
  after(() => fs.rmSync(dir.fsPath, { recursive: true, force: true }));

  it('two construction files: the modules differ by the difference of the previews, each line with its cause', async () => {
    const c = await vscode.commands.executeCommand<Comparison>('lca.compareConstructions', file('a.construction.json'), [file('a.construction.json'), file('b.construction.json')]);
    assert.ok(c, 'a comparison');
    for (const m of c.modules) if (m.a !== undefined && m.b !== undefined) assert.strictEqual(m.delta, m.b - m.a, m.module);
    assert.ok(Math.abs(c.difference - (c.b.figure - c.a.figure)) < 1e-12);
    const causes = c.lines.map((l) => l.causes.join());
    // The brick less (quantity); the plywood out and the 3-pane glass in (replaced, another amount and service life).
    assert.ok(causes.includes('quantity') && causes.some((x) => x.startsWith('materialReplaced')), causes.join(' | '));
    const labels = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.label));
    await waitFor('the comparison page', () => labels().some((l) => l.startsWith('Compare: Compared wall')), 10_000);
  });

  it('a construction against an earlier commit: a clear message while Git is off; through VS Code\'s Git extension once it is on, the two-file difference', async () => {
    const repo = vscode.Uri.joinPath(dir, 'repo');
    fs.mkdirSync(repo.fsPath, { recursive: true });
    const target = vscode.Uri.joinPath(repo, 'wall.construction.json');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.dk', ...args], { cwd: repo.fsPath, stdio: 'pipe' });
    fs.writeFileSync(target.fsPath, JSON.stringify(wall(0.108, 'plywood'), null, 2));
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'the first wall');
    fs.writeFileSync(target.fsPath, JSON.stringify(wall(0.09, 'igu-3'), null, 2));
    git('commit', '-qam', 'the second wall');
    const gitSettings = vscode.workspace.getConfiguration('git');
    const wasEnabled = gitSettings.inspect<boolean>('enabled')?.globalValue;
    try {
      // The tests' VS Code starts with git.enabled: false: the command says Git is not available.
      assert.strictEqual(await vscode.commands.executeCommand('lca.compareWithCommit', target), undefined);
      await waitFor('the message naming Git', () => /Could not compare: .*Git is not available/.test(logText().slice(-3000)), 10_000);
      // Git switched on: the repository (made after the window opened, inside the workspace) is opened on demand, and
      // the file at its first commit against the file now is the two-file comparison.
      await gitSettings.update('enabled', true, vscode.ConfigurationTarget.Global);
      const api = vscode.extensions.getExtension<{ getAPI(v: 1): unknown }>('vscode.git')!;
      await waitFor('the Git extension running', async () => {
        try {
          (api.isActive ? api.exports : await api.activate()).getAPI(1);
          return true;
        } catch {
          return false;
        }
      }, 30_000);
      // The commit picked among the file's commits, newest first, as a person picks it.
      ui.answerQuickPicks('the first wall');
      const c = await vscode.commands.executeCommand<Comparison | undefined>('lca.compareWithCommit', target);
      assert.ok(c, `no comparison: ${logText().slice(-1500)}`);
      const picker = ui.quickPicks().at(-1)!;
      assert.deepStrictEqual(picker.items.map((i) => i.label), ['the second wall', 'the first wall']);
      const files = await vscode.commands.executeCommand<Comparison>('lca.compareConstructions', file('a.construction.json'), [file('a.construction.json'), file('b.construction.json')]);
      assert.ok(Math.abs(c.difference - files!.difference) < 1e-12, `${c.difference} against ${files!.difference}`);
      // The same commit given as the command's second argument (another extension, a task): the same comparison.
      const first = execFileSync('git', ['rev-list', '--max-parents=0', 'HEAD'], { cwd: repo.fsPath, encoding: 'utf8' }).trim();
      const given = await vscode.commands.executeCommand<Comparison | undefined>('lca.compareWithCommit', target, first);
      assert.strictEqual(given?.difference, c.difference);
      // A commit the repository does not have: said, with the file and the ref.
      assert.strictEqual(await vscode.commands.executeCommand('lca.compareWithCommit', target, 'no-such-ref'), undefined);
      await waitFor('the message naming the ref', () => ui.messages().some((m) => m.kind === 'error' && /Git cannot give compare\/repo\/wall\.construction\.json at no-such-ref/.test(m.message)), 10_000);
    } finally {
      // As the suite had it (off), for the tests after this one.
      await gitSettings.update('enabled', wasEnabled, vscode.ConfigurationTarget.Global);
    }
  });

  it('Pin as Baseline writes a baseline that reads back; Compare with Baseline… of the unchanged project shows no difference; a damaged one is refused at its line', async () => {
    const target = file('kontorhus.baseline.lca.json');
    const written = await vscode.commands.executeCommand<vscode.Uri>('lca.pinBaseline', PROJECT_IDS.office, target);
    assert.strictEqual(written?.toString(), target.toString());
    const text = fs.readFileSync(target.fsPath, 'utf8');
    assert.match(text, /"format": "lca-workbench-baseline"/);
    const c = await vscode.commands.executeCommand<Comparison>('lca.compareWithBaseline', target);
    assert.ok(c);
    assert.deepStrictEqual([c.difference, c.lines.length, c.likeForLike.differs], [0, 0, []]);
    fs.writeFileSync(target.fsPath, text.replace('"figure": ', '"figure": true, "x": '));
    const shown = await vscode.commands.executeCommand<Comparison | undefined>('lca.compareWithBaseline', target);
    assert.strictEqual(shown, undefined, `the damaged baseline was compared: ${JSON.stringify(shown?.a.figure)} ${fs.readFileSync(target.fsPath, 'utf8').slice(0, 600)}`);
    // The failure is shown as the command returns (registerCommand's error message, with its Retry), at its line.
    await waitFor('the error naming the line', () => ui.messages().some((m) => m.kind === 'error' && /kontorhus\.baseline\.lca\.json:\d+:\d+/.test(m.message)), 10_000);
  });

  it('a construction file pinned as a baseline, a component replaced in its editor: Compare with Baseline… shows the replacement with its cause and the two lenses\' difference', async () => {
    const wallFile = file('pinned.construction.json');
    fs.writeFileSync(wallFile.fsPath, JSON.stringify(wall(0.108, 'plywood'), null, 2));
    const target = file('pinned.baseline.lca.json');
    const editor = await vscode.window.showTextDocument(wallFile);
    // From the construction's editor, as its context menu runs it.
    const written = await vscode.commands.executeCommand<vscode.Uri>('lca.pinBaseline', wallFile, target);
    assert.strictEqual(written?.toString(), target.toString());
    const pinned = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { construction?: { path: string }; project?: unknown; state: { kind: string } };
    assert.deepStrictEqual([pinned.construction?.path, pinned.project, pinned.state.kind], ['compare/pinned.construction.json', undefined, 'construction']);
    // The plywood replaced by CLT as a person edits it (unsaved): the comparison reads the editor's text.
    const text = editor.document.getText();
    const plywood = seeded.get(materialId('plywood'))!.originalUUID;
    const at = text.indexOf(plywood);
    await editor.edit((e) => e.replace(new vscode.Range(editor.document.positionAt(at), editor.document.positionAt(at + plywood.length)), seeded.get(materialId('clt'))!.originalUUID));
    const c = await vscode.commands.executeCommand<Comparison>('lca.compareWithBaseline', target);
    assert.ok(c, `no comparison: ${logText().slice(-1500)}`);
    assert.ok(c.lines.some((l) => l.causes.includes('materialReplaced')), c.lines.map((l) => l.causes.join()).join(' | '));
    assert.ok(c.difference !== 0, 'CLT is not plywood');
    // The same difference as the two files' comparison: a.construction.json is the wall as pinned, against the edited one.
    fs.writeFileSync(file('edited.construction.json').fsPath, editor.document.getText());
    const files = await vscode.commands.executeCommand<Comparison>('lca.compareConstructions', file('a.construction.json'), [file('a.construction.json'), file('edited.construction.json')]);
    assert.ok(Math.abs(c.difference - files!.difference) < 1e-12, `${c.difference} against ${files!.difference}`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('two projects from the Projects view\'s selection: the variant flips the verdict; Export Comparison writes its CSV and JSON', async () => {
    const nodes = [PROJECT_IDS.office, PROJECT_IDS.officeTimber].map((id) => ({ kind: 'project', project: { id } }));
    const c = await vscode.commands.executeCommand<Comparison>('lca.compareWithProject', nodes[0], nodes);
    assert.ok(c, 'a comparison');
    assert.deepStrictEqual([c.a.name, c.b.name], ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ']);
    assert.strictEqual(c.verdictChange.building, 'failsToPasses');
    assert.deepStrictEqual(c.likeForLike.differs, []);
    const csv = file('variant-comparison.csv');
    assert.strictEqual((await vscode.commands.executeCommand<vscode.Uri>('lca.exportComparison', 'csv', csv))?.toString(), csv.toString());
    // RFC 4180: a quoted cell holds its commas.
    const cells = (line: string): string[] => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].filter((m) => m.index! < line.length || m[1]).map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"'));
    const rows = fs.readFileSync(csv.fsPath, 'utf8').replace(/^\ufeff/, '').trimEnd().split('\r\n').map(cells);
    const result = rows.find((r) => r[0] === 'Result')!;
    assert.ok(result, rows.slice(0, 3).join(' | '));
    assert.strictEqual(Number(result[6]), c.difference);
    assert.match(result[8], /The building: fails → passes/);
    assert.strictEqual(rows.filter((r) => r[0] === 'Line').length, c.lines.length);
    const json = file('variant-comparison.json');
    await vscode.commands.executeCommand('lca.exportComparison', 'json', json);
    const read = JSON.parse(fs.readFileSync(json.fsPath, 'utf8')) as { format: string; difference: number; b: { building: { passes: boolean } } };
    assert.deepStrictEqual([read.format, read.difference, read.b.building.passes], ['lca-workbench-comparison', c.difference, true]);
  });

  it('a baseline pinned at another reference area says what is not like for like, and splits the difference by it', async () => {
    const target = file('variant.baseline.lca.json');
    await vscode.commands.executeCommand('lca.pinBaseline', { kind: 'project', project: { id: PROJECT_IDS.officeTimber } }, target);
    // The baseline as it was pinned before the basement was counted: 800 m² less of reference area.
    const baseline = JSON.parse(fs.readFileSync(target.fsPath, 'utf8')) as { state: { basis: { referenceArea: number } } };
    baseline.state.basis.referenceArea -= 800;
    fs.writeFileSync(target.fsPath, JSON.stringify(baseline, null, 2));
    const c = await vscode.commands.executeCommand<Comparison>('lca.compareWithBaseline', target);
    assert.ok(c);
    assert.deepStrictEqual(c.likeForLike.differs, ['referenceArea']);
    assert.ok(Math.abs(c.likeForLike.fromBasis + c.likeForLike.fromContent - c.difference) < 1e-9);
  });
});
