// Inside VS Code: the Get Started walkthrough is contributed as VS Code reads it, every button of its steps runs a
// command VS Code knows, every step's media is in the installed extension, and it opens from LCA: Get Started and
// from workbench.action.openWalkthrough with its id.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { api, EXTENSION_ID } from './support/extension';
import { waitFor } from './support/wait';

interface Step { id: string; title: string; description: string; media: { markdown?: string; image?: string }; completionEvents?: string[] }
interface Walkthrough { id: string; title: string; description: string; steps: Step[] }

const WALKTHROUGH = `${EXTENSION_ID}#lca.getStarted`;

describe('walkthrough: Get Started', function () {
  this.timeout(60_000);
  let ext: vscode.Extension<unknown>;
  let walkthrough: Walkthrough;
  /** A manifest string as VS Code shows it: %key% read from package.nls.json where the manifest was not localized. */
  let text: (s: string) => string;

  before(async () => {
    await api();
    ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    const found = (ext.packageJSON as { contributes: { walkthroughs?: Walkthrough[] } }).contributes.walkthroughs?.find((w) => w.id === 'lca.getStarted');
    assert.ok(found, 'the extension contributes the walkthrough lca.getStarted');
    walkthrough = found;
    const nls = JSON.parse(fs.readFileSync(path.join(ext.extensionPath, 'package.nls.json'), 'utf8')) as Record<string, string>;
    text = (s) => s.replace(/^%(.+)%$/, (_, k: string) => nls[k] ?? assert.fail(`no English text for ${k}`));
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('every step has a button whose command VS Code knows, and a completion event', async () => {
    const known = new Set(await vscode.commands.getCommands(true));
    assert.strictEqual(walkthrough.steps.length, 6);
    for (const step of walkthrough.steps) {
      const buttons = [...text(step.description).matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1]);
      assert.ok(buttons.length > 0, `${step.id} has a button`);
      for (const command of buttons) assert.ok(known.has(command), `${step.id}: VS Code knows ${command}`);
      assert.ok(step.completionEvents && step.completionEvents.length > 0, `${step.id} has completionEvents`);
    }
  });

  it("every step's media is a file of the installed extension", () => {
    for (const step of walkthrough.steps) {
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
