// The Library tree's own actions: open an item (its file, or the record read from the catalog or the service), Retry a
// failed material lookup, copy an item's id.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { topLevelItems } from '../../core/document';
import { CommandFailure, registerCommand } from '../commands';
import { libraryTargetOf } from '../commandArgs';
import type { LibraryNode } from './tree';
import { fetchRecord } from './pull';
import type { LibraryContext } from './context';

async function openItem({ catalog, session, docs }: LibraryContext, arg?: unknown): Promise<vscode.TextEditor | vscode.TextDocument | undefined> {
  const node = arg as LibraryNode | undefined;
  const target = libraryTargetOf(arg);
  if (target.uri) {
    const editor = await vscode.window.showTextDocument(target.uri, { preview: true });
    if (node?.kind === 'material' && node.material.index !== undefined) revealItem(editor, node.material.index);
    return editor;
  }
  if (!target.id) return undefined;
  const kind = target.kind ?? 'material';
  let record: unknown = kind === 'material' ? catalog.material(target.id)?.record : catalog.construction(target.id)?.record;
  try {
    if (!record) {
      record = (await fetchRecord(session, target.id, kind)).record;
      catalog.remember(kind, record, 'opened');
    }
    return await docs.open(`/${kind}/${target.id}.json`, JSON.stringify(record, null, 2) + '\n', 'json');
  } catch (e) {
    throw new CommandFailure(l10n.t('Could not open {0}', target.name ?? target.id), e);
  }
}

export function registerItemCommands(ctx: LibraryContext): vscode.Disposable[] {
  const { catalog, tree } = ctx;
  return [
    registerCommand('lca.openLibraryItem', (arg?: unknown) => openItem(ctx, arg)),
    // Retry on a component whose material lookup failed: asks the service again now (no back-off); resolves when it answered.
    registerCommand('lca.retryMaterialLookup', async (arg?: unknown) => {
      const id = libraryTargetOf(arg, 'material').id;
      if (!id) return;
      await catalog.retryLookup(id);
      tree.refresh();
    }),
    registerCommand('lca.copyLibraryId', (arg?: unknown) => {
      const id = libraryTargetOf(arg).id;
      return id ? vscode.commands.executeCommand('lca.copyId', id) : undefined;
    }),
  ];
}

/** Selects item `index` of a *.materials.json in the editor. */
function revealItem(editor: vscode.TextEditor, index: number): void {
  const doc = editor.document;
  const span = topLevelItems(doc.getText())?.[index];
  if (!span) return;
  const range = new vscode.Range(doc.positionAt(span.offset), doc.positionAt(span.offset + span.length));
  editor.selection = new vscode.Selection(range.start, range.start);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
