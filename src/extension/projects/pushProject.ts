// "LCA: Push Project": a *.project.json not linked to a project creates one (after saying what its reference area
// will be); a linked one updates the project's base information after a diff and a confirmation, saying which
// changed fields the service cannot take.
import * as vscode from 'vscode';
import * as jsonc from 'jsonc-parser';
import type { LcaClient, ProjectDetail } from '../../client';
import { confirmModal, showError, showInfo, showWarning } from '../ui';
import { CommandFailure } from '../commands';
import { projectFacts, type ProjectSource } from '../../core/lca/projectFacts';
import { baseInfoOf, changedFields, uncarriedChanges, UPDATE_FIELDS, type PulledProject } from './projectFiles';
import type { ProjectsContext } from './context';
import * as l10n from '../l10n';

export async function pushProject(context: ProjectsContext, arg?: vscode.Uri): Promise<ProjectDetail | undefined> {
  const { session, pulled } = context;
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri || !uri.path.endsWith('.project.json')) {
    void showError(l10n.t('Open a *.project.json file to push it.'));
    return undefined;
  }
  const body = await projectBodyOf(uri);
  if (!body) return undefined;
  const link = pulled.get(uri);
  const client = await session.client();
  try {
    return link ? await updateProject(context, uri, body, link, client) : await createProject(context, uri, body, client);
  } catch (e) {
    // Shown by the command wrapper; its Retry pushes the same file again.
    throw new CommandFailure(l10n.t('Push of {0} failed', vscode.workspace.asRelativePath(uri)), e, [uri]);
  }
}

/** The project the file holds (saved first, without `$schema`); undefined (said, with where) when it is not a JSON object. */
async function projectBodyOf(uri: vscode.Uri): Promise<Record<string, unknown> | undefined> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.isDirty) await doc.save();
  const errors: jsonc.ParseError[] = [];
  const parsed = jsonc.parse(doc.getText(), errors, { allowTrailingComma: true });
  if (errors.length || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    const at = errors[0] ? doc.positionAt(errors[0].offset) : new vscode.Position(0, 0);
    void showError(
      l10n.t('{0} is not a JSON object (line {1}, column {2}); nothing was sent.', vscode.workspace.asRelativePath(uri), at.line + 1, at.character + 1),
    );
    return undefined;
  }
  const body = { ...(parsed as Record<string, unknown>) };
  delete body.$schema;
  return body;
}

/** A file not linked to a project: creates one after saying what its reference area will be, and links the file. */
async function createProject({ session, tree, pulled }: ProjectsContext, uri: vscode.Uri, body: Record<string, unknown>, client: LcaClient): Promise<ProjectDetail | undefined> {
  const area = projectFacts(body as ProjectSource, session.br18Rules).referenceArea;
  const ok = await confirmModal(
    l10n.t('Create project "{0}" on the LCA service?', String(body.projectName ?? '')),
    [
      l10n.t('A new project is created from {0}. Later pushes of this file update its base information.', vscode.workspace.asRelativePath(uri)),
      area !== undefined
        ? l10n.t('Reference area: {0} m².', l10n.formatNumber(area))
        : l10n.t('Warning: the file gives no reference area (heatArea and referencedAreas are 0), so its dashboard cannot give figures per m²; the service offers no endpoint to add it later. Set heatArea.heatedFloorAreaAboveGround first.'),
    ].join('\n\n'),
    l10n.t('Create Project'),
  );
  if (!ok) return undefined;
  const created = await client.createProject(body as never);
  await pulled.set(uri, { projectId: created.id, updatedAt: created.updatedAt, name: created.projectName ?? String(body.projectName) });
  void vscode.window.showInformationMessage(l10n.t('Created project "{0}" ({1}).', String(created.projectName ?? body.projectName), created.id));
  tree.refresh();
  return created;
}

/**
 * A linked file: updates the project's base information after a diff and a confirmation (warning when the project
 * changed on the service since the pull), saying which changed fields the service cannot take.
 */
async function updateProject(
  { docs, tree, pulled }: ProjectsContext,
  uri: vscode.Uri,
  body: Record<string, unknown>,
  link: PulledProject,
  client: LcaClient,
): Promise<ProjectDetail | undefined> {
  const current = await client.getProject(link.projectId);
  const serverBase = baseInfoOf(current);
  const fileBase: Record<string, unknown> = {};
  for (const key of UPDATE_FIELDS) if (body[key] !== undefined) fileBase[key] = body[key];
  const changes = changedFields(serverBase, fileBase);
  // Fields the base-info update cannot carry: say which, rather than "nothing to push" or a silent drop.
  const uncarried = uncarriedChanges(body, current as unknown as Record<string, unknown>);
  const uncarriedText = uncarried.length
    ? l10n.t(
        '{0} changed in the file but cannot be pushed: the service offers no endpoint to change them (its base-information update carries only {1}).',
        uncarried.join(', '),
        UPDATE_FIELDS.join(', '),
      )
    : '';
  if (!changes.length) {
    if (uncarried.length) offerRestore(uri, uncarried, current, l10n.t('"{0}": {1} Nothing was sent.', link.name, `${uncarriedText} ${insteadText()}`));
    else void showInfo(l10n.t('"{0}" already matches the service; nothing to push.', link.name));
    return current;
  }
  const left = docs.set(`/project/${link.projectId}/base-info.service.json`, JSON.stringify(serverBase, null, 2) + '\n');
  await vscode.commands.executeCommand('vscode.diff', left, uri, l10n.t('{0}: service ↔ your file', link.name), { preview: true });
  const changedOnService = link.updatedAt && current.updatedAt && link.updatedAt !== current.updatedAt;
  const detail = [
    l10n.t('Fields that change: {0}.', changes.join(', ')),
    uncarriedText,
    changedOnService
      ? l10n.t('Warning: the project changed on the service since you pulled this file ({0} → {1}). Pushing overwrites those changes.', l10n.formatDate(link.updatedAt), l10n.formatDate(current.updatedAt))
      : '',
  ].filter(Boolean).join('\n\n');
  const ok = await confirmModal(l10n.t('Update base information of "{0}"?', link.name), detail, l10n.t('Push Changes'));
  if (!ok) return undefined;
  const updated = await client.updateProjectBaseInfo(link.projectId, fileBase as never);
  await pulled.set(uri, { projectId: link.projectId, updatedAt: updated.updatedAt, name: updated.projectName ?? link.name });
  if (uncarried.length) offerRestore(uri, uncarried, current, l10n.t('Updated "{0}": {1}. Not sent: {2}', updated.projectName ?? link.name, changes.join(', '), `${uncarriedText} ${insteadText()}`));
  else void showInfo(l10n.t('Updated "{0}": {1}.', updated.projectName ?? link.name, changes.join(', ')));
  tree.refresh();
  return updated;
}

/** What to do instead when the service cannot take a change (an area, the calculation type …). */
function insteadText(): string {
  return l10n.t(
    'To use the new values, create a new project with them (Push Project on a copy of this file, which is not linked, creates one); or put the service’s values back in the file with Restore Service Values.',
  );
}

/** The warning, with an action that puts the service's values of `fields` back into the file (one undoable edit). */
function offerRestore(uri: vscode.Uri, fields: readonly string[], service: ProjectDetail, message: string): void {
  const restore = l10n.t('Restore Service Values');
  void showWarning(message, restore).then(async (choice) => {
    if (choice === restore) await restoreServiceValues(uri, fields, service);
  });
}

/**
 * Puts the service's values of the top-level `fields` back into the file, as one edit of the open document (Undo takes
 * it back); other fields and the file's formatting stay as they are. False when the edit could not be applied.
 */
export async function restoreServiceValues(uri: vscode.Uri, fields: readonly string[], service: ProjectDetail): Promise<boolean> {
  const doc = await vscode.workspace.openTextDocument(uri);
  let text = doc.getText();
  const values = service as unknown as Record<string, unknown>;
  for (const field of fields) {
    text = jsonc.applyEdits(text, jsonc.modify(text, [field], values[field], { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  return vscode.workspace.applyEdit(edit);
}
