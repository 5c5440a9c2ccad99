// The Library view and the material/construction commands: new files from templates, pull by id, push a
// construction after a diff, and the tree's open / copy id actions (importing EPDs is src/extension/import).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { LcaServiceError, type ConstructionRead, type MaterialRead } from '../../client';
import { activeCodes } from '../../core/codeTable';
import { blockingProblems, describeBlocking, parseDocument, topLevelItems } from '../../core/rules';
import { formatProblem } from '../../core/schemas';
import { fileStem } from '../../core/templates/names';
import { templates } from './templates';
import type { Catalog } from './catalog';
import type { ServiceClientProvider } from '../serviceClient';
import { askUuid, confirmModal, isUuid, showError, showServiceError, type VirtualDocuments, writeJsonFile } from '../ui';
import { LibraryTreeProvider, unitText, type LibraryNode } from './tree';
import { materialById, pickMaterial } from './pick';

export { LibraryTreeProvider, type LibraryNode } from './tree';

export interface LibraryDeps {
  catalog: Catalog;
  clients: ServiceClientProvider;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  isSignedIn: () => boolean;
  onSignInChange: vscode.Event<unknown>;
}

type Kind = 'material' | 'construction';

/** Save-dialog filters, named in the chosen language. */
const FILTERS = {
  get material(): Record<string, string[]> {
    return { [l10n.t('LCA material')]: ['material.json'] };
  },
  get materials(): Record<string, string[]> {
    return { [l10n.t('LCA materials')]: ['materials.json'] };
  },
  get construction(): Record<string, string[]> {
    return { [l10n.t('LCA construction')]: ['construction.json'] };
  },
};

/** What a command was invoked on: a Library node, an id, or `{id, kind}`. */
function targetOf(arg: unknown, kind?: unknown): { id?: string; kind?: Kind; uri?: vscode.Uri; name?: string } {
  const k = kind === 'material' || kind === 'construction' ? kind : undefined;
  if (typeof arg === 'string') return { id: arg.trim(), kind: k };
  if (arg instanceof vscode.Uri) return { uri: arg, kind: k };
  if (!arg || typeof arg !== 'object') return {};
  const node = arg as LibraryNode;
  switch (node.kind) {
    case 'material':
      return { id: node.material.id, kind: 'material', uri: node.material.uri, name: node.material.name };
    case 'construction':
      return { id: node.construction.id, kind: 'construction', uri: node.construction.uri, name: node.construction.name };
    case 'component':
      return { id: node.epdId, kind: 'material', uri: node.material?.uri, name: node.material?.name };
  }
  // `{id, kind}` from another feature or a test.
  const plain = arg as { id?: unknown; kind?: unknown };
  const plainKind = plain.kind === 'material' || plain.kind === 'construction' ? plain.kind : k;
  return { id: typeof plain.id === 'string' ? plain.id : undefined, kind: plainKind };
}

function workspaceFolder(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

function fileIn(folder: vscode.Uri | undefined, stem: string, suffix: string): vscode.Uri | undefined {
  return folder ? vscode.Uri.joinPath(folder, `${stem}${suffix}`) : undefined;
}

function is404(e: unknown): boolean {
  return e instanceof LcaServiceError && e.status === 404;
}

export function registerLibrary(context: vscode.ExtensionContext, deps: LibraryDeps): LibraryTreeProvider {
  const { catalog, clients, docs, log } = deps;
  const tree = new LibraryTreeProvider(catalog, deps.isSignedIn);
  const view = vscode.window.createTreeView('lca.library', { treeDataProvider: tree, showCollapseAll: true });

  // ---- new files ----

  async function askName(title: string, prompt: string, value = ''): Promise<string | undefined> {
    const name = await vscode.window.showInputBox({ title, prompt, value, validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
    return name?.trim() || undefined;
  }

  async function newMaterial(preset?: { name?: string; declaredUnit?: number; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
    const name = preset?.name ?? (await askName(l10n.t('New material (1/2)'), l10n.t('Name of the material; the file is named after it')));
    if (!name) return undefined;
    let declaredUnit = preset?.declaredUnit;
    if (declaredUnit === undefined && !preset?.name) {
      const picked = await vscode.window.showQuickPick(
        activeCodes().units.filter((u) => u.dimension !== 'none').map((u) => ({ label: unitText(u.code), description: u.name, code: u.code })),
        { title: l10n.t('New material (2/2): declared unit (results per 1 …)') },
      );
      if (!picked) return undefined;
      declaredUnit = picked.code;
    }
    const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'material'), '.material.json');
    return writeJsonFile(target, templates().newMaterialTemplate({ name, declaredUnit }), {
      replaceDetail: l10n.t('Replace it with a new, empty material? What the file holds now would be lost.'),
      filters: FILTERS.material,
    });
  }

  async function newMaterials(preset?: { name?: string; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
    const name = preset?.name ?? (await askName(l10n.t('New materials file'), l10n.t('File name (without .materials.json), e.g. my-library'), 'my-library'));
    if (!name) return undefined;
    const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'materials'), '.materials.json');
    return writeJsonFile(target, templates().newMaterialsTemplate({ name: l10n.t('New material') }), {
      replaceDetail: l10n.t('Replace it with a new materials file? The materials it holds now would be lost.'),
      filters: FILTERS.materials,
    });
  }

  async function newConstruction(preset?: { name?: string; epdId?: string; declaredUnit?: number; folder?: vscode.Uri }): Promise<vscode.Uri | undefined> {
    const name = preset?.name ?? (await askName(l10n.t('New construction (1/2)'), l10n.t('Name of the construction; the file is named after it')));
    if (!name) return undefined;
    const material = preset?.epdId
      ? await materialById(catalog, preset.epdId)
      : await pickMaterial(catalog, { title: l10n.t('New construction (2/2): material of the first component') });
    if (!material) return undefined;
    const target = fileIn(preset?.folder ?? workspaceFolder(), fileStem(name, 'construction'), '.construction.json');
    return writeJsonFile(target, templates().newConstructionTemplate({ name, material, declaredUnit: preset?.declaredUnit }), {
      replaceDetail: l10n.t('Replace it with a new construction? What the file holds now would be lost.'),
      filters: FILTERS.construction,
    });
  }

  // ---- pull ----

  function askId(prompt: string): Thenable<string | undefined> {
    return askUuid(l10n.t('Pull from the LCA service'), prompt);
  }

  async function fetchRecord(id: string, kind: Kind | undefined): Promise<{ kind: Kind; record: MaterialRead | ConstructionRead }> {
    const client = await clients.get();
    if (kind === 'construction') return { kind, record: await client.getConstruction(id) };
    try {
      return { kind: 'material', record: await client.getMaterial(id) };
    } catch (e) {
      if (kind === 'material' || !is404(e)) throw e;
    }
    // Not a material: perhaps a construction (Pull by Id takes either).
    return { kind: 'construction', record: await client.getConstruction(id) };
  }

  async function pull(arg?: unknown, kindArg?: unknown): Promise<vscode.Uri | undefined> {
    const target = targetOf(arg, kindArg);
    const id = target.id ?? (await askId(l10n.t('Id (UUID) of a material or construction')));
    if (!id) return undefined;
    if (!isUuid(id)) {
      void showError(l10n.t('"{0}" is not a UUID; nothing was pulled.', id));
      return undefined;
    }
    try {
      const { kind, record } = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: l10n.t('Pulling {0}…', id) },
        () => fetchRecord(id, target.kind),
      );
      const { body, dropped, problems } = kind === 'material' ? templates().materialCreateBody(record) : templates().constructionCreateBody(record);
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
      void showServiceError(l10n.t('Could not pull {0}', id), e, log, () => pull(arg, kindArg));
      return undefined;
    }
  }

  // ---- push construction ----

  async function pushConstruction(arg?: unknown): Promise<ConstructionRead | undefined> {
    const uri = targetOf(arg).uri ?? vscode.window.activeTextEditor?.document.uri;
    if (!uri || !/\.construction\.json$/i.test(uri.path)) {
      void showError(l10n.t('Open a *.construction.json file to push it.'));
      return undefined;
    }
    const file = vscode.workspace.asRelativePath(uri);
    try {
      const doc = await vscode.workspace.openTextDocument(uri);
      if (doc.isDirty) await doc.save();
      const text = doc.getText();
      // Wait for the materials the components name, so that the check sees what the service will see.
      const parsed = parseDocument(text) as { constructionEpds?: { epdId?: unknown }[] } | undefined;
      const epdIds = Array.isArray(parsed?.constructionEpds) ? parsed.constructionEpds.map((c) => c?.epdId).filter((x): x is string => typeof x === 'string') : [];
      await Promise.all(epdIds.map((id) => catalog.resolveEpdNow(id)));
      // The same list, words and line:column as the errors the editor shows (syntax, schema, rules).
      const check = blockingProblems(text, { fileName: uri.path, kind: 'construction', resolveEpd: catalog.resolveEpd, suggestEpds: catalog.suggestEpds });
      const errors = check.problems.map((p) => l10n.say(describeBlocking(p)));
      if (errors.length || typeof check.value !== 'object' || check.value === null || Array.isArray(check.value)) {
        const show = l10n.t('Show Problems');
        const first = errors[0] ?? l10n.t('it is not a JSON object');
        void showError(l10n.t('{0} has {1} error(s) — nothing was sent. First: {2}', file, Math.max(errors.length, 1), first), show)
          .then((c) => c && vscode.commands.executeCommand('workbench.actions.view.problems'));
        return undefined;
      }
      const body = { ...(check.value as Record<string, unknown>) };
      delete body.$schema;
      const name = typeof body.name === 'string' ? body.name : file;
      const client = await clients.get();
      const linkedId = catalog.linkedId(uri);
      let left: vscode.Uri;
      let title: string;
      let detail: string;
      if (linkedId) {
        let service: Record<string, unknown> | undefined;
        try {
          service = templates().constructionCreateBody(await client.getConstruction(linkedId)).body as unknown as Record<string, unknown>;
        } catch (e) {
          if (!is404(e)) throw e;
        }
        if (service && templates().sameCreateBody(service, templates().constructionCreateBody(body).body)) {
          void vscode.window.showInformationMessage(l10n.t('"{0}" already matches construction {1} on the service; nothing to push.', name, linkedId));
          return undefined;
        }
        left = docs.set(`/construction/${linkedId}.service.json`, JSON.stringify(service ?? {}, null, 2) + '\n');
        title = l10n.t('{0}: service ↔ your file', name);
        detail = l10n.t(
          'This file is linked to construction {0}. The service cannot change a construction, so a new one is created from the file (with {1} component(s)) and the file is linked to it.',
          linkedId,
          String((body.constructionEpds as unknown[]).length),
        );
      } else {
        left = docs.set(`/construction/new/${fileStem(name, 'construction')}.to-send.json`, JSON.stringify(body, null, 2) + '\n');
        title = l10n.t('{0}: what will be sent ↔ your file', name);
        detail = l10n.t('A new construction with {0} component(s) is created from {1}.', String((body.constructionEpds as unknown[]).length), file);
      }
      await vscode.commands.executeCommand('vscode.diff', left, uri, title, { preview: true });
      const ok = await confirmModal(l10n.t('Create construction "{0}" on the LCA service?', name), detail, l10n.t('Create Construction'));
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
      void showServiceError(l10n.t('Push of {0} failed', file), e, log, () => pushConstruction(uri));
      return undefined;
    }
  }

  // ---- tree actions ----

  async function openItem(arg?: unknown): Promise<vscode.TextEditor | vscode.TextDocument | undefined> {
    const node = arg as LibraryNode | undefined;
    const target = targetOf(arg);
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
        record = (await fetchRecord(target.id, kind)).record;
        catalog.remember(kind, record, 'opened');
      }
      return await docs.open(`/${kind}/${target.id}.json`, JSON.stringify(record, null, 2) + '\n', 'json');
    } catch (e) {
      void showServiceError(l10n.t('Could not open {0}', target.name ?? target.id), e, log);
      return undefined;
    }
  }

  context.subscriptions.push(
    tree,
    view,
    deps.onSignInChange(() => tree.refresh()),
    l10n.onDidChangeLanguage(() => tree.refresh()),
    vscode.commands.registerCommand('lca.refreshLibrary', () => tree.refresh()),
    vscode.commands.registerCommand('lca.newMaterial', newMaterial),
    vscode.commands.registerCommand('lca.newMaterials', newMaterials),
    vscode.commands.registerCommand('lca.newConstruction', newConstruction),
    vscode.commands.registerCommand('lca.pullById', pull),
    vscode.commands.registerCommand('lca.pushConstruction', pushConstruction),
    vscode.commands.registerCommand('lca.openLibraryItem', openItem),
    // Retry on a component whose material lookup failed: asks the service again now (no back-off); resolves when it answered.
    vscode.commands.registerCommand('lca.retryMaterialLookup', async (arg?: unknown) => {
      const id = targetOf(arg, 'material').id;
      if (!id) return;
      await catalog.retryLookup(id);
      tree.refresh();
    }),
    vscode.commands.registerCommand('lca.copyLibraryId', (arg?: unknown) => {
      const id = targetOf(arg).id;
      return id ? vscode.commands.executeCommand('lca.copyId', id) : undefined;
    }),
  );
  return tree;
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
