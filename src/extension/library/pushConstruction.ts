// Push Construction: a *.construction.json checked as the editor checks it (nothing is sent while it has errors),
// shown as a diff against the service's construction (or what will be sent), then created on the service after a
// confirmation — the service cannot change a construction — and the file linked to the new id.
import * as vscode from 'vscode';
import { isConstructionPath } from '../../core/document';
import * as l10n from '../l10n';
import type { ConstructionRead, LcaClient } from '../../client';
import { loadRules } from '../bundles';
import { validateAgainst } from '../../core/schemas';
import { fileStem } from '../../core/templates/names';
import { constructionCreateBody, sameCreateBody } from '../../core/templates';
import { confirmModal, showError, type VirtualDocuments } from '../ui';
import { CommandFailure } from '../commands';
import { libraryTargetOf } from '../commandArgs';
import { is404 } from './files';
import { withServiceIds } from '../../core/materialRefs';
import type { LibraryContext } from './context';
import type { Catalog } from './catalog';

export async function pushConstruction({ catalog, session, docs }: LibraryContext, arg?: unknown): Promise<ConstructionRead | undefined> {
  const uri = libraryTargetOf(arg).uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri || !isConstructionPath(uri.path)) {
    void showError(l10n.t('Open a *.construction.json file to push it.'));
    return undefined;
  }
  const file = vscode.workspace.asRelativePath(uri);
  try {
    const body = await bodyToSend(uri, file, catalog);
    if (!body) return undefined;
    const name = typeof body.name === 'string' ? body.name : file;
    const client = await session.client();
    const diff = await diffToConfirm(uri, file, name, body, catalog.linkedId(uri), client, docs);
    if (!diff) return undefined;
    await vscode.commands.executeCommand('vscode.diff', diff.left, uri, diff.title, { preview: true });
    const ok = await confirmModal(l10n.t('Create construction "{0}" on the LCA service?', name), diff.detail, l10n.t('Create Construction'));
    if (!ok) return undefined;
    const created = await client.createConstruction(body as never);
    catalog.remember('construction', created, 'pushed');
    await catalog.linkFile(uri, created.id, 'pushed');
    const copy = l10n.t('Copy Id');
    const inspect = l10n.t('Inspect');
    void vscode.window
      .showInformationMessage(l10n.t('Created construction "{0}" ({1}).', created.name ?? name, created.id), copy, inspect)
      .then((c) => {
        if (c === copy) return vscode.commands.executeCommand('lca.copyId', created.id);
        if (c === inspect) return vscode.commands.executeCommand('lca.inspectConstruction', { construction: { id: created.id, name: created.name ?? name } });
        return undefined;
      });
    return created;
  } catch (e) {
    // Shown by the command wrapper; its Retry pushes the same file again.
    throw new CommandFailure(l10n.t('Push of {0} failed', file), e, [uri]);
  }
}

/**
 * The construction the file asks to create, checked as the editor checks it and with its components' service ids;
 * undefined (said) while it has errors or a component's material is not on the service yet.
 */
async function bodyToSend(uri: vscode.Uri, file: string, catalog: Catalog): Promise<Record<string, unknown> | undefined> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.isDirty) await doc.save();
  const text = doc.getText();
  const { analyze, blockingOf, describeBlocking } = loadRules();
  const check = analyze(text, { codes: catalog.codes, validate: validateAgainst, fileName: uri.path, kind: 'construction', resolveEpd: catalog.resolveEpd, suggestEpds: catalog.suggestEpds });
  // Wait for the materials the components name, so that the check sees what the service will see (an analysis
  // runs its rules when their findings are first read: below).
  const parsed = check.value as { constructionEpds?: { epdId?: unknown }[] } | undefined;
  const epdIds = Array.isArray(parsed?.constructionEpds) ? parsed.constructionEpds.map((c) => c?.epdId).filter((x): x is string => typeof x === 'string') : [];
  await Promise.all(epdIds.map((id) => catalog.resolveEpdNow(id)));
  // The same list, words and line:column as the errors the editor shows (syntax, schema, rules).
  const errors = blockingOf(check).map((p) => l10n.say(describeBlocking(p)));
  if (errors.length || typeof check.value !== 'object' || check.value === null || Array.isArray(check.value)) {
    const show = l10n.t('Show Problems');
    const first = errors[0] ?? l10n.t('it is not a JSON object');
    void showError(l10n.t('{0} has {1} error(s) — nothing was sent. First: {2}', file, Math.max(errors.length, 1), first), show)
      .then((c) => c && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return undefined;
  }
  // A component naming a workspace material by its originalUUID (an imported construction) is sent with the
  // service id its push or bulk create recorded; one whose material is not on the service yet stops the push.
  const sendable = withServiceIds(check.value as Record<string, unknown>, catalog.resolveEpd);
  if (sendable.waiting.length) {
    void showError(l10n.t('{0} waits for "{1}" to be pushed — nothing was sent.', file, sendable.waiting.join('", "')));
    return undefined;
  }
  const body = { ...sendable.body };
  delete body.$schema;
  return body;
}

/**
 * What the diff before the confirmation shows: the linked construction on the service (a new one is created: the
 * service cannot change one) or what will be sent, beside the file; undefined (said) when the service already has it.
 */
async function diffToConfirm(
  uri: vscode.Uri,
  file: string,
  name: string,
  body: Record<string, unknown>,
  linkedId: string | undefined,
  client: LcaClient,
  docs: VirtualDocuments,
): Promise<{ left: vscode.Uri; title: string; detail: string } | undefined> {
  const components = String((body.constructionEpds as unknown[]).length);
  if (!linkedId) {
    return {
      left: docs.set(`/construction/new/${fileStem(name, 'construction')}.to-send.json`, JSON.stringify(body, null, 2) + '\n'),
      title: l10n.t('{0}: what will be sent ↔ your file', name),
      detail: l10n.t('A new construction with {0} component(s) is created from {1}.', components, file),
    };
  }
  let service: Record<string, unknown> | undefined;
  try {
    service = constructionCreateBody(await client.getConstruction(linkedId)).body as unknown as Record<string, unknown>;
  } catch (e) {
    if (!is404(e)) throw e;
  }
  if (service && sameCreateBody(service, constructionCreateBody(body).body)) {
    void vscode.window.showInformationMessage(l10n.t('"{0}" already matches construction {1} on the service; nothing to push.', name, linkedId));
    return undefined;
  }
  return {
    left: docs.set(`/construction/${linkedId}.service.json`, JSON.stringify(service ?? {}, null, 2) + '\n'),
    title: l10n.t('{0}: service ↔ your file', name),
    detail: l10n.t(
      'This file is linked to construction {0}. The service cannot change a construction, so a new one is created from the file (with {1} component(s)) and the file is linked to it.',
      linkedId,
      components,
    ),
  };
}
