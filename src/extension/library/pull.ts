// Pull by Id: a material or construction read from the service into a workspace file (the one already linked to its
// id, else a new one named after it), linked to the id; says what the file format could not carry over.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { ConstructionRead, MaterialRead } from '../../client';
import { formatProblem } from '../../core/schemas';
import { fileStem } from '../../core/templates/names';
import { constructionCreateBody, materialCreateBody } from '../../core/templates';
import type { LcaSession } from '../session';
import { askUuid, isUuid, showError, writeJsonFile } from '../ui';
import { CommandFailure } from '../commands';
import { libraryTargetOf, type LibraryKind } from '../commandArgs';
import { FILTERS, fileIn, is404, workspaceFolder } from './files';
import type { LibraryContext } from './context';

export async function fetchRecord(session: LcaSession, id: string, kind: LibraryKind | undefined): Promise<{ kind: LibraryKind; record: MaterialRead | ConstructionRead }> {
  const client = await session.client();
  if (kind === 'construction') return { kind, record: await client.getConstruction(id) };
  try {
    return { kind: 'material', record: await client.getMaterial(id) };
  } catch (e) {
    if (kind === 'material' || !is404(e)) throw e;
  }
  // Not a material: perhaps a construction (Pull by Id takes either).
  return { kind: 'construction', record: await client.getConstruction(id) };
}

export async function pull({ catalog, session }: LibraryContext, arg?: unknown, kindArg?: unknown): Promise<vscode.Uri | undefined> {
  const target = libraryTargetOf(arg, kindArg);
  const id = target.id ?? (await askUuid(l10n.t('Pull from the LCA service'), l10n.t('Id (UUID) of a material or construction')));
  if (!id) return undefined;
  if (!isUuid(id)) {
    void showError(l10n.t('"{0}" is not a UUID; nothing was pulled.', id));
    return undefined;
  }
  try {
    const { kind, record } = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: l10n.t('Pulling {0}…', id) },
      () => fetchRecord(session, id, target.kind),
    );
    const { body, dropped, problems } = kind === 'material' ? materialCreateBody(record, catalog.codes) : constructionCreateBody(record);
    const name = typeof record.name === 'string' && record.name ? record.name : id;
    // A file already linked to this id is the one to refresh; otherwise a new file named after the record.
    const known = kind === 'material' ? catalog.material(id) : catalog.construction(id);
    const linkedFile = known?.uri && catalog.linkedId(known.uri)?.toLowerCase() === id.toLowerCase() ? known.uri : undefined;
    const uri = await writeJsonFile(linkedFile ?? fileIn(workspaceFolder(), fileStem(name, kind), `.${kind}.json`), body, {
      replaceDetail: l10n.t('Replace it with "{0}" from the service? Your edits in that file would be lost.', name),
      filters: FILTERS[kind],
    });
    if (!uri) return undefined;
    catalog.remember(kind, record, 'pulled');
    await catalog.linkFile(uri, record.id ?? id, 'pulled');
    if (dropped.length || problems.length) {
      const what = [...dropped.map((d) => l10n.t('{0} left out', d)), ...problems.map((p) => l10n.say(formatProblem(p)))].slice(0, 5).join('; ');
      void vscode.window.showWarningMessage(l10n.t('Pulled "{0}", but not everything could be carried over: {1}', name, what));
    } else {
      vscode.window.setStatusBarMessage(l10n.t('Pulled "{0}" into {1}', name, vscode.workspace.asRelativePath(uri)), 5000);
    }
    return uri;
  } catch (e) {
    const why = is404(e) ? l10n.t('No material or construction with id {0} is visible to you', id) : undefined;
    if (why) {
      void showError(why);
      return undefined;
    }
    // Shown by the command wrapper; its Retry pulls with the same arguments.
    throw new CommandFailure(l10n.t('Could not pull {0}', id), e);
  }
}
