// Inside VS Code: the Get Started walkthroughs (English and Danish) are contributed as VS Code reads them, every button
// of their steps runs a command VS Code knows, every step's media is in the installed extension, and LCA: Get Started
// opens the one of the extension's language (lca.language). The buttons of the sample's steps and the Chat do what the
// steps say, and a step's completion key is set only when that worked.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, EXTENSION_ID } from './support/extension';
import { stubUi, type UiStubs } from './support/ui';
import { waitFor } from './support/wait';
import { REPO_ROOT } from '../fixtures/paths';

interface Step { id: string; title: string; description: string; media: { markdown?: string; image?: string }; completionEvents?: string[] }
interface Walkthrough { id: string; title: string; description: string; steps: Step[] }

const WALKTHROUGH = `${EXTENSION_ID}#lca.getStarted`;

/** Records the commands the extension asks VS Code to run (it and the tests share one vscode API object). */
function recordCommands(): { calls: [string, unknown[]][]; restore(): void } {
  const commands = vscode.commands as { executeCommand: (id: string, ...args: unknown[]) => Thenable<unknown> };
  const original = commands.executeCommand;
  const calls: [string, unknown[]][] = [];
  commands.executeCommand = (id: string, ...args: unknown[]) => {
    calls.push([id, args]);
    return original.call(vscode.commands, id, ...args);
  };
  return { calls, restore: () => (commands.executeCommand = original) };
}

/** The steps' completion keys the extension set to true among recorded commands. */
const doneKeys = (calls: [string, unknown[]][]): string[] => calls.filter(([id, a]) => id === 'setContext' && String(a[0]).startsWith('lca.getStarted.done.') && a[1] === true).map(([, a]) => String(a[0]));

describe('walkthrough: Get Started', function () {
  this.timeout(60_000);
  let ext: vscode.Extension<unknown>;
  let walkthroughs: Walkthrough[];
  /** A manifest string as VS Code shows it: %key% read from package.nls.json where the manifest was not localized. */
  let text: (s: string) => string;

  before(async () => {
    await api();
    ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const all = (ext.packageJSON as { contributes: { walkthroughs?: Walkthrough[] } }).contributes.walkthroughs ?? [];
    assert.deepStrictEqual(all.map((w) => w.id), ['lca.getStarted', 'lca.getStarted.da'], 'the extension contributes the English and the Danish walkthrough');
    walkthroughs = all;
    const nls = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
    text = (s) => s.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? assert.fail(`no English text for ${k}`));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('every step has a button whose command VS Code knows, and a completion event', async () => {
    const known = new Set(await vscode.commands.getCommands(true));
    for (const step of walkthroughs.flatMap((w) => w.steps)) {
      const buttons = [...text(step.description).matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);
      assert.ok(buttons.length > 0, `${step.id} has a button`);
      for (const command of buttons) assert.ok(known.has(command), `${step.id}: VS Code knows ${command}`);
      assert.ok(step.completionEvents && step.completionEvents.length > 0, `${step.id} has completionEvents`);
    }
  });

  it("every step's media is a file of the installed extension", () => {
    for (const step of walkthroughs.flatMap((w) => w.steps)) {
      const media = text(step.media.markdown ?? step.media.image ?? '');
      assert.ok(media, `${step.id} has media`);
      assert.ok(fs.existsSync(path.join(ext.extensionPath, media)), `${step.id}: ${media} exists`);
    }
  });

  it('opens from LCA: Get Started and from workbench.action.openWalkthrough with its id', async () => {
    // The Get Started editor's tab names the extension whose walkthrough it shows ("Walkthrough: <displayName>");
    // without a walkthrough of that id it stays "Welcome" or shows another one.
    const name = text((ext.packageJSON as { displayName: string }).displayName);
    const shown = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.includes(name));
    for (const [how, open] of [
      ['LCA: Get Started', () => vscode.commands.executeCommand('lca.getStarted')],
      ['workbench.action.openWalkthrough', () => vscode.commands.executeCommand('workbench.action.openWalkthrough', WALKTHROUGH, false)],
    ] as const) {
      // VS Code registers an extension's walkthroughs a moment after the extension (up to 5 s when it cannot ask
      // its experiment service), and an open Welcome page showing a step keeps it: close it and open again until
      // it is there.
      await waitFor(
        `${how}: a tab "Walkthrough: ${name}"`,
        async () => {
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
          await open();
          await new Promise((r) => setTimeout(r, 500));
          // The tab's label reaches the extension host when the tab is made, not when the page picks its
          // walkthrough: moved to a group of its own, the tab is made again with the page's name.
          await vscode.commands.executeCommand('workbench.action.moveEditorToRightGroup');
          return shown();
        },
        30_000,
        500,
      );
    }
  });


  it('the message of Show Impact Breakdown without a construction offers Get Started, which opens the walkthrough', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const name = text((ext.packageJSON as { displayName: string }).displayName);
    const window = vscode.window as { showInformationMessage: (...args: unknown[]) => unknown };
    const original = window.showInformationMessage;
    const seen: unknown[][] = [];
    // The person chooses the message's action.
    window.showInformationMessage = (...args: unknown[]) => {
      seen.push(args);
      return Promise.resolve(args[1]);
    };
    try {
      await vscode.commands.executeCommand('lca.showImpactBreakdown', vscode.Uri.file('/tmp/not-a-construction.txt'));
      await waitFor('the message', () => seen.length > 0 || undefined);
    } finally {
      window.showInformationMessage = original;
    }
    assert.deepStrictEqual(seen, [['Open a *.construction.json file to see its impact breakdown.', 'Get Started']]);
    await waitFor(`a tab "Walkthrough: ${name}"`, async () => {
      await vscode.commands.executeCommand('workbench.action.moveEditorToRightGroup');
      return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.includes(name));
    });
  });
});

describe('walkthrough: the language and the steps\' buttons', function () {
  this.timeout(90_000);
  const ui: UiStubs = stubUi();
  const folder = (): vscode.Uri => vscode.workspace.workspaceFolders![0].uri;
  const sample = (): vscode.Uri => vscode.Uri.joinPath(folder(), 'walkthrough-samples', 'outer-wall.construction.json');
  /** The sample's clay brick, and a lower one of the same family, as a pulled record and a file (no sign-in needed). */
  const BRICK = 'd9bec1cd-5b40-5af0-b778-cfd39c04db4e';
  const brick = (name: string, a1a3: number, id?: string) => ({
    ...(id ? { id } : {}),
    name,
    originalUUID: id ?? '5e1f0000-0000-4000-8000-000000000001',
    originalVersion: '1',
    declaredUnit: { declaredUnit: 3, declaredValue: 1, mass: 1800, massUnit: 4 },
    lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: a1a3 }] }],
  });

  before(async () => {
    await api();
  });

  after(async () => {
    await vscode.workspace.getConfiguration('lca').update('language', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), 'walkthrough-samples'), { recursive: true }).then(undefined, () => undefined);
  });

  it('LCA: Get Started opens the Danish walkthrough under lca.language: da, the English one under en', async () => {
    // The tab names the extension ("Walkthrough: <displayName>", in VS Code's display language: English here).
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const nls = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const name = nls.displayName;
    for (const [language, id] of [['da', 'lca.getStarted.da'], ['en', 'lca.getStarted']] as const) {
      await vscode.workspace.getConfiguration('lca').update('language', language, vscode.ConfigurationTarget.Global);
      const recorded = recordCommands();
      try {
        await waitFor(`${language}: a tab "Walkthrough: ${name}"`, async () => {
          await vscode.commands.executeCommand('workbench.action.closeAllEditors');
          await vscode.commands.executeCommand('lca.getStarted');
          await new Promise((r) => setTimeout(r, 500));
          await vscode.commands.executeCommand('workbench.action.moveEditorToRightGroup');
          return vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label.includes(name));
        }, 30_000, 500);
      } finally {
        recorded.restore();
      }
      // The walkthrough asked for is the language's, and its `when` key says the language.
      const opened = recorded.calls.filter(([c]) => c === 'workbench.action.openWalkthrough').map(([, a]) => a[0]);
      assert.ok(opened.length > 0 && opened.every((t) => t === `${EXTENSION_ID}#${id}`), JSON.stringify(opened));
      assert.ok(recorded.calls.some(([c, a]) => c === 'setContext' && a[0] === 'lca.uiLanguage' && a[1] === language), 'the context key of the language is set');
    }
  });

  it('the construction step\'s button: without the sample it says so and ticks nothing; with it, the sample opens with its breakdown, and the step is done', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    let recorded = recordCommands();
    const seq = ui.count();
    try {
      await vscode.commands.executeCommand('lca.getStarted.openSample');
    } finally {
      recorded.restore();
    }
    assert.deepStrictEqual(ui.messages(seq).map((m) => m.message), ['There is no outer-wall.construction.json in this workspace: open the samples folder (npm start opens a copy of it), or a *.construction.json of your own.']);
    assert.deepStrictEqual(doneKeys(recorded.calls), [], 'not done');

    await vscode.workspace.fs.writeFile(sample(), fs.readFileSync(path.join(REPO_ROOT, 'samples', 'outer-wall.construction.json')));
    recorded = recordCommands();
    let breakdown: unknown;
    try {
      breakdown = await vscode.commands.executeCommand('lca.getStarted.openSample');
    } finally {
      recorded.restore();
    }
    assert.ok(breakdown instanceof vscode.Uri && breakdown.scheme === 'lca-impact', `the breakdown is shown: ${String(breakdown)}`);
    assert.ok(vscode.window.visibleTextEditors.some((e) => e.document.uri.toString() === sample().toString()), 'the sample is open');
    assert.deepStrictEqual(doneKeys(recorded.calls), ['lca.getStarted.done.construction']);
  });

  it('the alternatives step\'s button opens the sample at its brick\'s epdId and lists the alternatives; then the step is done', async () => {
    await vscode.workspace.fs.writeFile(sample(), fs.readFileSync(path.join(REPO_ROOT, 'samples', 'outer-wall.construction.json')));
    const materials = vscode.Uri.joinPath(folder(), 'walkthrough-samples', 'bricks.materials.json');
    await vscode.workspace.fs.writeFile(materials, new TextEncoder().encode(JSON.stringify([brick('Clay brick, outer leaf', 528.5, BRICK), brick('Clay brick, low-carbon (walkthrough test)', 300)], null, 2)));
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const shownBefore = ui.quickPicks().length;
    const recorded = recordCommands();
    try {
      await waitFor('the alternatives listed', async () => {
        await vscode.commands.executeCommand('lca.getStarted.findAlternatives');
        ui.takeUnanswered();
        return ui.quickPicks().length > shownBefore || undefined;
      }, 30_000, 500);
    } finally {
      recorded.restore();
    }
    const pick = ui.quickPicks()[shownBefore];
    assert.match(pick.title ?? '', /^Lower-carbon alternatives to Clay brick, outer leaf/);
    assert.ok(pick.items.some((i) => i.label === 'Clay brick, low-carbon (walkthrough test)'), pick.items.map((i) => i.label).join(', '));
    const editor = vscode.window.activeTextEditor;
    assert.strictEqual(editor?.document.uri.toString(), sample().toString());
    const line = editor.document.lineAt(editor.selection.active.line).text;
    assert.ok(line.includes(BRICK), `the cursor is on the brick's epdId: ${line}`);
    assert.ok(doneKeys(recorded.calls).includes('lca.getStarted.done.alternatives'));
  });

  it('the agents step\'s button where no chat model is available (as here): says so, opens nothing, and the step stays open', async () => {
    const recorded = recordCommands();
    const seq = ui.count();
    try {
      await vscode.commands.executeCommand('lca.getStarted.openChat');
    } finally {
      recorded.restore();
    }
    assert.deepStrictEqual(await vscode.lm.selectChatModels(), [], 'this editor has no chat model');
    assert.match(ui.messages(seq)[0]?.message ?? '', /^No chat model is available in this editor, so its Chat cannot use the LCA tools/);
    assert.ok(!recorded.calls.some(([c]) => c === 'workbench.action.chat.open'), 'the Chat is not opened');
    assert.deepStrictEqual(doneKeys(recorded.calls), []);
  });
});
