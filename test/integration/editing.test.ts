// Inside VS Code: the editing features of material and construction files — schema diagnostics (VS Code's JSON
// language service) and semantic diagnostics side by side at exact ranges, a quick fix applied, epdId completion and
// hover from the catalog, the impact preview CodeLens updating after an edit, and an unknown epdId when signed in
// (its candidate fixes, none preferred, and "Pick a known material…").
import * as assert from 'assert';
import * as vscode from 'vscode';
import { MATERIAL_IDS } from '../../src/service/seed/ids';
import { testServiceUrls } from './support/service';
import gwpSumFixture from '../fixtures/rules/gwp-sum.material.json';
import { api, signInAs } from './support/extension';
import { stubUi } from './support/ui';
import { waitFor } from './support/wait';

const urls = testServiceUrls();


function folder(): vscode.Uri {
  const f = vscode.workspace.workspaceFolders?.[0];
  assert.ok(f, 'the integration workspace is open');
  return vscode.Uri.joinPath(f.uri, 'editing');
}

async function writeAndOpen(name: string, text: string): Promise<vscode.TextDocument> {
  const uri = vscode.Uri.joinPath(folder(), name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const doc = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(doc);
  return doc;
}

function rangeOfText(doc: vscode.TextDocument, probe: string, from = 0): vscode.Range {
  const at = doc.getText().indexOf(probe, from);
  assert.ok(at >= 0, `"${probe}" in the document`);
  return new vscode.Range(doc.positionAt(at), doc.positionAt(at + probe.length));
}

async function previewLens(doc: vscode.TextDocument): Promise<string | undefined> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10);
  return lenses?.map((l) => l.command?.title ?? '').find((t) => t.startsWith('Impact preview'));
}

function hoverText(hovers: vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

const lcaDiagnostics = (uri: vscode.Uri, code?: string): vscode.Diagnostic[] =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'LCA' && (code === undefined || d.code === code));

/**
 * A wall per m²: brick 0.108 m³ (per 1 m³, A1-A3 528.5), mineral wool 1 m² at 0.195 m (per 1 m³, A1-A3 40.31) and a
 * precast wall 1 m² (per 1 m², A1-A3 66.9). By hand: 0.108 · 528.5 + 0.195 · 40.31 + 66.9 = 57.078 + 7.86045 + 66.9
 * = 131.83845 → "A1-A3 131.8". Doubling the brick adds 57.078 → 188.91645 → "A1-A3 188.9".
 */
function wall(brickAmount: string): string {
  return `{
  "name": "Editing test wall",
  "declaredUnit": { "declaredUnit": 2, "declaredValue": 1, "mass": null, "massUnit": 4 },
  "expectedLifespan": 120,
  "constructionEpds": [
    { "epdId": "${MATERIAL_IDS.brick}", "constructionUnit": { "unit": 3, "amount": ${brickAmount} } },
    { "epdId": "${MATERIAL_IDS.mineralWool}", "expectedLifespan": 60, "constructionUnit": { "unit": 2, "amount": 1, "height": 0.195 } },
    { "epdId": "${MATERIAL_IDS.precastWall20}", "constructionUnit": { "unit": 2, "amount": 1 } }
  ]
}
`;
}

describe('editing: diagnostics, quick fixes, completion, hover, impact preview', function () {
  const ui = stubUi();
  this.timeout(90_000);

  before(async function () {
    if (!urls) this.skip();
    await signInAs('demo@example.com');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a broken material shows the schema problem once, as an LCA error (VS Code\'s own JSON validation adds nothing), and the semantic one (source LCA) at their ranges; the quick fix removes the latter', async () => {
    // The GWP sum fixture (300 ≠ 280.5 + 1.1 + 0.4), with a lifespan the schema refuses (a string) — and its name
    // twice: VS Code's JSON language features report a duplicate key whatever the schema, so their answer for this
    // file is known to have arrived when that warning is there.
    const { $schema: _schema, ...material } = gwpSumFixture as Record<string, unknown>;
    const body = JSON.stringify({ ...material, expectedLifespan: 'long' }, null, 2);
    const text = body.replace('{\n', `{\n  "name": ${JSON.stringify(material.name)},\n`);
    const doc = await writeAndOpen('broken.material.json', text);
    const vscodeJson = () => vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source !== 'LCA');
    await waitFor('VS Code\'s JSON language features to have checked the file (the duplicate key)', () => vscodeJson().some((d) => /Duplicate object key/.test(d.message))).catch((e: Error) => {
      const seen = vscode.languages.getDiagnostics(doc.uri).map((d) => `${d.source} ${d.range.start.line}:${d.range.start.character} ${d.message}`);
      throw new Error(`${e.message}; diagnostics: ${seen.join(' | ')}`);
    });

    const lifespan = rangeOfText(doc, '"long"');
    // The schema's problem blocks sending: an error (red) of our own, once, at its range — and nothing from VS Code.
    const red = await waitFor('the schema problem as an LCA error', () => {
      const found = lcaDiagnostics(doc.uri).filter((d) => d.range.isEqual(lifespan));
      return found.length ? found : undefined;
    });
    assert.strictEqual(red.length, 1, red.map((d) => d.message).join(' | '));
    assert.strictEqual(red[0].code, 'schema');
    assert.strictEqual(red[0].severity, vscode.DiagnosticSeverity.Error);
    assert.match(red[0].message, /`expectedLifespan` must be a whole number/);
    assert.deepStrictEqual(
      vscodeJson().filter((d) => !/Duplicate object key/.test(d.message)).map((d) => d.message),
      [],
      'VS Code\'s JSON validation shows no schema problem of its own',
    );

    const totalValue = rangeOfText(doc, '300', doc.getText().indexOf('"GWP_TOTAL"'));
    const gwp = await waitFor('the gwp-sum diagnostic', () => lcaDiagnostics(doc.uri, 'gwp-sum')[0]);
    assert.ok(gwp.range.isEqual(totalValue), `gwp-sum at ${JSON.stringify(gwp.range)}, expected ${JSON.stringify(totalValue)}`);
    assert.strictEqual(gwp.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(gwp.message, /GWP_TOTAL/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, gwp.range);
    const fix = actions?.find((a) => a.isPreferred && /^Set GWP_TOTAL to 282/.test(a.title));
    assert.ok(fix?.edit, `a preferred fix among ${actions?.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    await waitFor('the gwp-sum diagnostic to go away', () => lcaDiagnostics(doc.uri, 'gwp-sum').length === 0);
    assert.match(doc.getText(), /"value": 282\b/);
    // Undo restores the mistake, and with it the diagnostic.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor('the gwp-sum diagnostic after undo', () => lcaDiagnostics(doc.uri, 'gwp-sum').length === 1);
  });

  it('hover on module and indicator codes names them with their units', async () => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('/broken.material.json'));
    assert.ok(doc, 'the material from the previous test is open');
    const indicator = rangeOfText(doc, 'GWP_FOSSIL');
    const hover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, indicator.start.translate(0, 2)));
    assert.match(hover, /Global warming potential, fossil/);
    assert.match(hover, /kg CO2 eq/);
    const module = rangeOfText(doc, '"moduleTypeEnum": 15');
    const moduleHover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, module.end.translate(0, -1)));
    assert.match(moduleHover, /C3.*Waste processing/s);
  });

  it('open files only (lca.problems.scope): a file whose tab is closed and that then changes on disk keeps no stale problems; shown again, it is checked again', async () => {
    const lca = vscode.workspace.getConfiguration('lca');
    await lca.update('problems.scope', 'openFiles', vscode.ConfigurationTarget.Workspace);
    try {
      await closedFileProblems();
    } finally {
      await lca.update('problems.scope', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  async function closedFileProblems(): Promise<void> {
    const broken = (n: number) => `{ "name": "Closed", "originalUUID": "closed-test", "expectedLifespan": ${n} }`;
    const doc = await writeAndOpen('closed.material.json', broken(-5));
    await waitFor('the problems of the open file', () => lcaDiagnostics(doc.uri).some((d) => d.message.includes('-5')));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    // Changed on disk while closed (VS Code may still hold the document): the old problems go, none come back.
    await vscode.workspace.fs.writeFile(doc.uri, new TextEncoder().encode(broken(-7)));
    await waitFor('the stale problems cleared', () => lcaDiagnostics(doc.uri).length === 0);
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepStrictEqual(lcaDiagnostics(doc.uri).map((d) => d.message), [], 'problems of a file no tab shows');
    // Shown again: checked again, with the file's new text.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(doc.uri));
    await waitFor('the problems of the file shown again', () => lcaDiagnostics(doc.uri).some((d) => d.message.includes('-7')));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  }

  it('completion of codes lists them as words ("3 — M3 (cubic metre)") and inserts the number', async () => {
    const text = `{
  "originalUUID": "completion-test",
  "declaredUnit": { "declaredValue": 1, "declaredUnit": 3, "massUnit": 4 },
  "epdInfo": { "epdProductIndustryType": 2 },
  "lciaResults": [ { "moduleTypeEnum": 10, "moduleStatusEnum": 2, "indicators": [] } ]
}
`;
    const doc = await writeAndOpen('codes.material.json', text);
    const label = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);
    const labelsAt = async (probe: string): Promise<string[]> => {
      const at = rangeOfText(doc, probe).end;
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
      return list.items.map(label);
    };
    const units = await labelsAt('"declaredUnit": 3');
    assert.ok(units.includes('3 — M3 (cubic metre)'), `declaredUnit labels: ${units.join(' | ')}`);
    assert.ok(units.includes('2 — M2 (square metre)'), `declaredUnit labels: ${units.join(' | ')}`);
    assert.ok((await labelsAt('"massUnit": 4')).includes('4 — KG (kilogram)'));
    assert.ok((await labelsAt('"epdProductIndustryType": 2')).includes('2 — Product'));
    assert.ok((await labelsAt('"moduleTypeEnum": 10')).includes('10 — B6 (Operational energy use)'));
    assert.ok((await labelsAt('"moduleStatusEnum": 2')).includes('2 — Calculated'));
    // Only the words: no bare "0", "1", … rows of VS Code's own JSON completion above them.
    for (const probe of ['"declaredUnit": 3', '"massUnit": 4', '"epdProductIndustryType": 2', '"moduleTypeEnum": 10', '"moduleStatusEnum": 2']) {
      const bare = (await labelsAt(probe)).filter((l) => /^-?\d+$/.test(l));
      assert.deepStrictEqual(bare, [], `bare code rows at ${probe}`);
    }
    const at = rangeOfText(doc, '"declaredUnit": 3').end;
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
    const m2 = list.items.find((i) => label(i) === '2 — M2 (square metre)');
    assert.strictEqual(m2?.insertText, '2', 'the number goes into the file');
  });

  it('the impact preview lens shows the hand-computed A1-A3 and follows an edit', async () => {
    const doc = await writeAndOpen('wall.construction.json', wall('0.108'));
    // The catalog looks the seeded ids up on the service; the lens updates when the answers arrive.
    const first = await waitFor('the computed preview', async () => {
      const t = await previewLens(doc);
      return t && /A1-A3 /.test(t) ? t : undefined;
    });
    assert.match(first, /^Impact preview \(GWP, kg CO₂e per m²\): A1-A3 131\.8 · B4 \(50 yr\) 0 · /, first);
    assert.strictEqual(lcaDiagnostics(doc.uri).length, 0, lcaDiagnostics(doc.uri).map((d) => d.message).join('; '));

    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, rangeOfText(doc, '0.108'), '0.216');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const second = await waitFor('the preview after the edit', async () => {
      const t = await previewLens(doc);
      return t && t.includes('A1-A3 188.9') ? t : undefined;
    });
    assert.match(second, /A1-A3 188\.9/);

    // The breakdown opens beside as a page of its own (with an action per component); the command answers with the
    // Markdown of the same breakdown.
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.showImpactBreakdown', doc.uri);
    assert.ok(uri);
    const previewOfBreakdown = (): vscode.Tab | undefined => vscode.window.tabGroups.all.flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputWebview && /lca\.impactBreakdown/.test(t.input.viewType) && t.label === 'Impact: wall');
    for (let i = 0; i < 50 && !previewOfBreakdown(); i++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(previewOfBreakdown(), `the breakdown is shown rendered: ${vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label).join(', ')}`);
    const breakdown = await vscode.workspace.openTextDocument(uri);
    assert.match(breakdown.getText(), /Clay brick, outer leaf/);
    assert.match(breakdown.getText(), /\*\*188\.9\*\*/);
  });

  it('the preview takes B4’s period from the project file beside the construction, and the setting without one', async () => {
    const dir = vscode.Uri.joinPath(folder(), `period-test-${Date.now()}`);
    await vscode.workspace.fs.createDirectory(dir);
    const project = vscode.Uri.joinPath(dir, 'site.project.json');
    await vscode.workspace.fs.writeFile(project, new TextEncoder().encode('{ "projectName": "Period test", "calculationType": { "calculationTypeEnum": 1, "considerationPeriod": 80 } }\n'));
    const wallUri = vscode.Uri.joinPath(dir, 'wall.construction.json');
    await vscode.workspace.fs.writeFile(wallUri, new TextEncoder().encode(wall('0.108')));
    const doc = await vscode.workspace.openTextDocument(wallUri);
    await vscode.window.showTextDocument(doc);
    try {
      // The mineral wool lasts 60 years: over 80 years it is replaced once, over 50 never.
      const eighty = await waitFor('the preview over the project’s 80 years', async () => {
        const t = await previewLens(doc);
        return t && /B4 \(80 yr\) /.test(t) ? t : undefined;
      });
      assert.doesNotMatch(eighty, /B4 \(80 yr\) 0 ·/, eighty);
      const uri = await vscode.commands.executeCommand<vscode.Uri>('lca.showImpactBreakdown', doc.uri);
      assert.ok(uri);
      assert.match((await vscode.workspace.openTextDocument(uri)).getText(), /Reference period for B4: 80 years, from the considerationPeriod of site\.project\.json/);
      await vscode.workspace.fs.delete(project);
      const fifty = await waitFor('the preview over the setting’s 50 years', async () => {
        const t = await previewLens(doc);
        return t && /B4 \(50 yr\) 0 ·/.test(t) ? t : undefined;
      });
      assert.match(fifty, /A1-A3 131\.8/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(dir, { recursive: true });
    }
  });

  it('epdId completion lists known materials by name and inserts the quoted id; hover shows name, declared unit and GWP A1-A3', async () => {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('/editing/wall.construction.json'));
    assert.ok(doc, 'the wall from the previous test is open');
    const id = rangeOfText(doc, MATERIAL_IDS.brick);
    const inside = id.start.translate(0, 4);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, inside);
    const label = (i: vscode.CompletionItem): string => (typeof i.label === 'string' ? i.label : i.label.label);
    const brick = list.items.find((i) => label(i) === 'Clay brick, outer leaf');
    assert.ok(brick, `brick among ${list.items.map(label).slice(0, 30).join(', ')}`);
    assert.strictEqual(brick.insertText, `"${MATERIAL_IDS.brick}"`);
    assert.match(String(brick.detail), /528\.5 kg CO₂e per m³/);
    const range = brick.range instanceof vscode.Range ? brick.range : brick.range?.replacing;
    assert.ok(range?.isEqual(new vscode.Range(id.start.translate(0, -1), id.end.translate(0, 1))), 'replaces the whole quoted id');

    const hover = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, inside));
    assert.match(hover, /Clay brick, outer leaf/);
    assert.match(hover, /Declared unit: 1 m³ \(1800 kg\)/);
    assert.match(hover, /GWP A1-A3 528\.5 kg CO₂e per m³/);
  });

  it('an epdId the service does not know (404) is an error on that id, the lens says why; the fixes offer known materials, none preferred, and "Pick a known material…" replaces it in one undoable edit', async () => {
    const a = await api();
    const unknown = '00000000-0000-4000-8000-0000000000ed';
    const doc = await writeAndOpen('unknown.construction.json', wall('0.108').replace(MATERIAL_IDS.precastWall20, unknown));
    const diagnostic = await waitFor('the epd-unresolved diagnostic', () => lcaDiagnostics(doc.uri, 'epd-unresolved')[0]);
    assert.ok(diagnostic.range.isEqual(rangeOfText(doc, `"${unknown}"`)), JSON.stringify(diagnostic.range));
    assert.strictEqual(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    const lens = await waitFor('the preview naming the component', async () => {
      const t = await previewLens(doc);
      return t && t.includes('cannot be computed: no material') ? t : undefined;
    });
    assert.match(lens, /^Impact preview: component 3 \(epdId 00000000…\) cannot be computed: no material with this id is known/);

    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, diagnostic.range)) ?? [];
    const titles = actions.map((x) => x.title).join(', ');
    // Any known material is a guess: offered, but never preferred, so auto-fix cannot insert an unrelated one.
    assert.ok(actions.some((x) => x.title.startsWith('Use "') && x.edit), `"Use …" fixes among ${titles}`);
    assert.deepStrictEqual(actions.filter((x) => x.isPreferred).map((x) => x.title), [], 'no preferred fix');
    const pick = actions.find((x) => x.title === 'Pick a known material…');
    assert.ok(pick?.command, `"Pick a known material…" among ${titles}`);

    // The QuickPick lists the whole catalog by name; the user chooses the precast wall.
    const precast = a.testing.catalog.material(MATERIAL_IDS.precastWall20);
    assert.ok(precast, 'the precast wall is known (looked up for the wall of an earlier test)');
    const before = doc.getText();
    ui.answerQuickPicks(precast.name);
    const picked = await vscode.commands.executeCommand<string | undefined>(pick.command.command, ...(pick.command.arguments ?? []));
    assert.strictEqual(picked, MATERIAL_IDS.precastWall20);
    assert.strictEqual(doc.getText(), before.replace(`"${unknown}"`, `"${MATERIAL_IDS.precastWall20}"`), 'only the epdId value changed');
    await waitFor('the epd-unresolved diagnostic to go away', () => lcaDiagnostics(doc.uri, 'epd-unresolved').length === 0);
    // One undo step restores the unknown id (and with it the error).
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(doc.getText(), before);
    await waitFor('the epd-unresolved diagnostic after undo', () => lcaDiagnostics(doc.uri, 'epd-unresolved').length === 1);
  });

  it('the "Use …" fixes\' candidates are derived once per catalog change: 100 unknown epdIds get one kept list, a change gives a new one', async () => {
    const a = await api();
    const catalog = a.testing.catalog;
    const unknownId = (i: number): string => `00000000-0000-4000-8000-${String(0xe000 + i).padStart(12, '0')}`;
    // What the list must hold: every catalog material with a service id the signed-in identity may use, in catalog order.
    const expected = () =>
      catalog
        .materials()
        .filter((m) => m.id && catalog.readable('material', m.id, false, m) === 'yes')
        .map((m) => ({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit }));
    // A material this identity has read (as the wall of an earlier test has it looked up), so that the list is not empty.
    assert.ok(await catalog.resolveEpdNow(MATERIAL_IDS.precastWall20), 'the precast wall is known');
    const first = catalog.suggestEpds(unknownId(0));
    assert.ok(first.length > 0, 'known materials are offered');
    assert.deepStrictEqual(first, expected());
    for (let i = 1; i < 100; i++) assert.strictEqual(catalog.suggestEpds(unknownId(i)), first, `unknown id ${i}: the same list, not derived again`);

    // The catalog changes (a material file appears, then goes): the next question derives the list again.
    const probe = vscode.Uri.joinPath(folder(), 'kept-list-probe.material.json');
    await vscode.workspace.fs.writeFile(probe, new TextEncoder().encode(JSON.stringify({ ...gwpSumFixture, name: 'Kept-list probe' }, null, 2)));
    try {
      await waitFor('the catalog to read the new file', () => catalog.materials().some((m) => m.name === 'Kept-list probe'));
      const second = catalog.suggestEpds(unknownId(0));
      assert.notStrictEqual(second, first, 'derived again after the change');
      assert.deepStrictEqual(second, expected());
      assert.strictEqual(catalog.suggestEpds(unknownId(1)), second, 'and kept again');
    } finally {
      await vscode.workspace.fs.delete(probe);
      await waitFor('the catalog to forget the file', () => !catalog.materials().some((m) => m.name === 'Kept-list probe'));
    }
  });

  it('a component whose unit needs a geometry the EPD lacks is an error on that component, and the lens says why', async () => {
    // Gypsum board is declared per m²: a volume cannot be converted without the board thickness.
    const text = wall('0.108').replace(
      `{ "epdId": "${MATERIAL_IDS.precastWall20}", "constructionUnit": { "unit": 2, "amount": 1 } }`,
      `{ "epdId": "${MATERIAL_IDS.gypsum125}", "constructionUnit": { "unit": 3, "amount": 0.025 } }`,
    );
    const doc = await writeAndOpen('geometry.construction.json', text);
    const diagnostic = await waitFor('the unit-conversion diagnostic', () => lcaDiagnostics(doc.uri, 'unit-conversion')[0]);
    const unit = rangeOfText(doc, '3', doc.getText().indexOf(`"unit": 3, "amount": 0.025`) + '"unit": '.length);
    assert.ok(diagnostic.range.isEqual(unit), JSON.stringify(diagnostic.range));
    assert.match(diagnostic.message, /Gypsum board 12\.5 mm/);
    const lens = await waitFor('the preview naming the component', async () => {
      const t = await previewLens(doc);
      return t && t.includes('component 3') ? t : undefined;
    });
    assert.match(lens, /^Impact preview: component 3 \(epdId [0-9a-f]{8}…\) cannot be computed: .*thickness/);
  });
});
