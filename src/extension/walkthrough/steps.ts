// The buttons of the walkthrough's steps that do more than run one command: the construction step opens the sample
// construction with its impact breakdown, the alternatives step opens it at the clay brick's epdId and runs Find
// Lower-Carbon Alternatives…, the agents step opens the Chat only where a chat model can run the tools. Each step is
// ticked by what its action shows (stepDone, called where that happens), never by the button's click.
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import * as l10n from '../l10n';
import { showInfo } from '../ui';
import { parseDocument } from '../../core/document';
import { isObject } from '../../core/guards';
import { stepDone } from './done';

/** The sample construction of the samples folder (`npm start` opens a copy of it). */
const SAMPLE = 'outer-wall.construction.json';

/** The sample construction of the workspace, opened beside the walkthrough; undefined (said) when there is none. */
async function openSample(): Promise<vscode.TextEditor | undefined> {
  const [uri] = await vscode.workspace.findFiles(`**/${SAMPLE}`, '**/node_modules/**', 1);
  if (!uri) {
    void showInfo(l10n.t('There is no {0} in this workspace: open the samples folder (npm start opens a copy of it), or a *.construction.json of your own.', SAMPLE));
    return undefined;
  }
  return vscode.window.showTextDocument(uri, { viewColumn: vscode.ViewColumn.Beside });
}

/** The offset inside the first component's epdId (the sample's first layer is the clay brick), or undefined. */
function firstEpdIdOffset(text: string): number | undefined {
  const value = parseDocument(text);
  const first = isObject(value) && Array.isArray(value.constructionEpds) && isObject(value.constructionEpds[0]) ? value.constructionEpds[0].epdId : undefined;
  if (typeof first !== 'string' || !first) return undefined;
  const at = text.indexOf(`"${first}"`);
  return at < 0 ? undefined : at + 2;
}

/** Step 3: the sample construction with its impact breakdown beside it (the step is ticked when the breakdown shows). */
async function showSample(): Promise<unknown> {
  const editor = await openSample();
  return editor && vscode.commands.executeCommand('lca.showImpactBreakdown', editor.document.uri);
}

/** Step 5: the sample at its brick's epdId, and Find Lower-Carbon Alternatives… there (ticked when it lists some). */
async function alternativesOnSample(): Promise<unknown> {
  const editor = await openSample();
  if (!editor) return undefined;
  const offset = firstEpdIdOffset(editor.document.getText());
  if (offset !== undefined) {
    const at = editor.document.positionAt(offset);
    editor.selection = new vscode.Selection(at, at);
    editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  return vscode.commands.executeCommand('lca.findAlternatives');
}

/**
 * Step 6: VS Code's Chat, where a chat model can run the tools (ticked then); without one (no Copilot Chat or other
 * model provider, as in code-server) the Chat would open empty or not at all: that is said, with where the MCP route is.
 */
async function openChat(): Promise<void> {
  const models = await Promise.resolve(vscode.lm.selectChatModels()).catch(() => []);
  if (!models.length) {
    void showInfo(
      l10n.t('No chat model is available in this editor, so its Chat cannot use the LCA tools (VS Code\'s Chat needs GitHub Copilot Chat or another provider of language models). Any MCP client can use the same tools through the MCP server: see docs/tools-for-agents.md in the user guide.'),
    );
    return;
  }
  await vscode.commands.executeCommand('workbench.action.chat.open');
  stepDone('agents');
}

export function registerWalkthroughSteps(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    registerCommand('lca.getStarted.openSample', showSample, () => l10n.t('Could not open the sample construction')),
    registerCommand('lca.getStarted.findAlternatives', alternativesOnSample, () => l10n.t('Could not find alternatives on the sample construction')),
    registerCommand('lca.getStarted.openChat', openChat, () => l10n.t('Could not open the Chat')),
  );
}
