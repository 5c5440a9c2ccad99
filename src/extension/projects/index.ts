// Registers the Projects view and its commands: filters, refresh, open as JSON, new project,
// edit base info and push, users, copy id, find by stream, create and delete streams, enumerations.
import * as vscode from 'vscode';
import * as jsonc from 'jsonc-parser';
import type { ProjectDetail, ProjectEnums, ProjectListItem } from '../../client';
import { BR18_DEFAULT_PHASES, CALCULATION_TYPES, defaultLimit, INDICATORS, PHASES, PROJECT_ROLES, DEFAULT_BRANCH_IDS } from '../../core/codes';
import type { ServiceClientProvider } from '../serviceClient';
import { confirmModal, errorMessage, showError, showInfo, showInputBox, showQuickPick, showQuickPickMany, showServiceError, showWarning, VirtualDocuments } from '../ui';
import { ProjectsTreeProvider, streamLabel, type ProjectsNode } from './tree';
import type { FilterKind, ProjectFilter } from './filter';
import { baseInfoOf, changedFields, newProjectTemplate, projectReferenceArea, PulledProjects, slug, uncarriedChanges, UPDATE_FIELDS, type NewProjectChoices } from './projectFiles';
import * as l10n from '../l10n';

/** A number typed in an input box (a comma as decimal separator is accepted); undefined when cancelled. */
async function askNumber(title: string, prompt: string, value: number | undefined, limits: { min?: number; exclusiveMin?: boolean; integer?: boolean }): Promise<number | undefined> {
  const parse = (v: string): number => Number(v.trim().replace(/\s/g, '').replace(',', '.'));
  const answer = await showInputBox({
    title,
    prompt,
    value: value === undefined ? '' : String(value),
    validateInput: (v) => {
      const n = parse(v);
      if (!v.trim() || !Number.isFinite(n)) return l10n.t('Enter a number');
      if (limits.integer && !Number.isInteger(n)) return l10n.t('Enter a whole number');
      if (limits.min !== undefined && (limits.exclusiveMin ? n <= limits.min : n < limits.min)) {
        return limits.exclusiveMin ? l10n.t('Enter a number above {0}', limits.min) : l10n.t('Enter a number of at least {0}', limits.min);
      }
      return undefined;
    },
  });
  return answer === undefined ? undefined : parse(answer);
}

export interface ProjectsDeps {
  clients: ServiceClientProvider;
  docs: VirtualDocuments;
  log: vscode.LogOutputChannel;
  isSignedIn: () => boolean | Promise<boolean>;
  onSignInChange: vscode.Event<unknown>;
}

function projectIdOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  const node = arg as ProjectsNode | undefined;
  if (node?.kind === 'project') return node.project.id;
  if (node?.kind === 'group') return node.project.id;
  if (node?.kind === 'stream') return node.projectId;
  return undefined;
}

export function registerProjects(context: vscode.ExtensionContext, deps: ProjectsDeps): ProjectsTreeProvider {
  const { clients, docs, log } = deps;
  const tree = new ProjectsTreeProvider(clients, deps.isSignedIn);
  const view = vscode.window.createTreeView('lca.projects', { treeDataProvider: tree, showCollapseAll: true });
  tree.attach(view);
  const pulled = new PulledProjects(context.workspaceState);
  let enumsCache: ProjectEnums | undefined;
  const enums = async (): Promise<ProjectEnums> => (enumsCache ??= await (await clients.get()).getProjectEnums());

  async function pickProject(arg: unknown, title: string): Promise<string | undefined> {
    const id = projectIdOf(arg);
    if (id) return id;
    let projects: ProjectListItem[] = tree.lastProjects;
    if (!projects.length) projects = await (await clients.get()).listProjects({ orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }], whereBuildingType: {}, whereCalculation: {}, whereFavorite: {}, whereLocation: {}, whereName: {}, whereProjectStatus: {}, whereRole: {} });
    const picked = await vscode.window.showQuickPick(
      projects.map((p) => ({ label: p.name, description: p.location?.city ?? '', detail: p.id, id: p.id })),
      { title, matchOnDetail: true },
    );
    return picked?.id;
  }

  async function setFilter(kind: FilterKind, value: unknown): Promise<void> {
    const filter: ProjectFilter = tree.currentFilter;
    let chosen: string | boolean | undefined;
    if (value !== undefined) {
      chosen = value as string | boolean;
    } else if (kind === 'name' || kind === 'city') {
      chosen = await vscode.window.showInputBox({
        title: kind === 'name' ? l10n.t('Filter projects by name') : l10n.t('Filter projects by city'),
        prompt: l10n.t('Part of the text; empty clears this filter'),
        value: (filter[kind] as string | undefined) ?? '',
      });
      if (chosen === undefined) return;
    } else if (kind === 'favorite') {
      chosen = !filter.favorite;
    } else {
      const options =
        kind === 'role'
          ? [...PROJECT_ROLES]
          : kind === 'buildingType'
            ? (await enums()).buildingTypeEnum
            : (await enums()).buildingProjectStageEnums;
      const picked = await vscode.window.showQuickPick([l10n.t('(any)'), ...options], { title: l10n.t('Filter projects') });
      if (picked === undefined) return;
      chosen = options.includes(picked) ? picked : '';
    }
    if (chosen === '' || chosen === false) delete filter[kind];
    else (filter as Record<string, unknown>)[kind] = chosen;
    tree.setFilter(filter);
  }

  const filterCommands: [string, FilterKind][] = [
    ['lca.filterProjectsByName', 'name'],
    ['lca.filterProjectsByBuildingType', 'buildingType'],
    ['lca.filterProjectsByStatus', 'status'],
    ['lca.filterProjectsByFavorite', 'favorite'],
    ['lca.filterProjectsByRole', 'role'],
    ['lca.filterProjectsByCity', 'city'],
  ];

  async function writeProjectFile(name: string, body: Record<string, unknown>): Promise<vscode.Uri | undefined> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const suggested = folder ? vscode.Uri.joinPath(folder, `${slug(name)}.project.json`) : undefined;
    let target = suggested;
    if (target) {
      try {
        await vscode.workspace.fs.stat(target);
        const overwrite = await confirmModal(
          l10n.t('{0} already exists.', vscode.workspace.asRelativePath(target)),
          l10n.t('Replace it with the project from the service? Your edits in that file would be lost.'),
          l10n.t('Replace'),
        );
        if (!overwrite) target = await vscode.window.showSaveDialog({ defaultUri: target, filters: { [l10n.t('LCA project')]: ['project.json'] } });
      } catch {
        // does not exist: write it
      }
    } else {
      target = await vscode.window.showSaveDialog({ filters: { [l10n.t('LCA project')]: ['project.json'] } });
    }
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, Buffer.from(JSON.stringify(body, null, 2) + '\n', 'utf8'));
    await vscode.window.showTextDocument(target);
    return target;
  }

  /** The stream's name from the detail of a project linked to it; undefined when none says (or the lookup fails). */
  async function streamNameOf(streamId: string): Promise<string | undefined> {
    try {
      const client = await clients.get();
      const [linked] = await client.findProjectsByStream(streamId.trim());
      if (!linked) return undefined;
      const name = (await client.getProject(linked.id)).streamName;
      return typeof name === 'string' && name.trim() ? name : undefined;
    } catch (e) {
      log.debug(`Could not look up the name of stream ${streamId}: ${errorMessage(e)}`);
      return undefined;
    }
  }

  async function pushProject(arg?: vscode.Uri): Promise<ProjectDetail | undefined> {
    const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
    if (!uri || !uri.path.endsWith('.project.json')) {
      void showError(l10n.t('Open a *.project.json file to push it.'));
      return undefined;
    }
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
    const link = pulled.get(uri);
    const client = await clients.get();
    try {
      if (!link) {
        const area = projectReferenceArea(body);
        const ok = await confirmModal(
          l10n.t('Create project "{0}" on the LCA service?', String(body.projectName ?? '')),
          [
            l10n.t('A new project is created from {0}. Later pushes of this file update its base information.', vscode.workspace.asRelativePath(uri)),
            area > 0
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
        if (uncarried.length) void showWarning(l10n.t('"{0}": {1} Nothing was sent.', link.name, uncarriedText));
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
      if (uncarried.length) void showWarning(l10n.t('Updated "{0}": {1}. Not sent: {2}', updated.projectName ?? link.name, changes.join(', '), uncarriedText));
      else void showInfo(l10n.t('Updated "{0}": {1}.', updated.projectName ?? link.name, changes.join(', ')));
      tree.refresh();
      return updated;
    } catch (e) {
      void showServiceError(l10n.t('Push of {0} failed', vscode.workspace.asRelativePath(uri)), e, log, () => pushProject(uri));
      return undefined;
    }
  }

  /** Asks for what a new project needs, a BR18 calculation included; undefined when the user cancels a step. */
  async function askNewProject(e: ProjectEnums): Promise<NewProjectChoices | undefined> {
    const steps = 11;
    const title = (n: number, what: string) => l10n.t('New LCA project ({0}/{1}): {2}', n, steps, what);
    const name = await showInputBox({ title: title(1, l10n.t('name')), prompt: l10n.t('Project name'), validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
    if (!name) return undefined;
    const type = await showQuickPick(e.buildingTypeEnum.map((label, index) => ({ label, index })), { title: title(2, l10n.t('building type')) });
    if (!type) return undefined;
    const stage = await showQuickPick(e.buildingProjectStageEnums.map((label, index) => ({ label, index })), { title: title(3, l10n.t('stage')) });
    if (!stage) return undefined;
    const calc = await showQuickPick(
      CALCULATION_TYPES.map((c) => ({ label: c.label, description: l10n.t('limit {0} kg CO2e/m²/yr', defaultLimit(c.code, type.index).toFixed(1)), code: c.code })),
      { title: title(4, l10n.t('calculation type (rules and limit)')) },
    );
    if (!calc) return undefined;
    const limit = await askNumber(title(5, l10n.t('limit')), l10n.t('Limit in kg CO2e per m² per year (without special-condition allowances)'), defaultLimit(calc.code, type.index), { min: 0, exclusiveMin: true });
    if (limit === undefined) return undefined;
    const above = await askNumber(title(6, l10n.t('heated floor area above ground')), l10n.t('Heated floor area above ground in m² (counts 100 % in the reference area)'), undefined, { min: 0, exclusiveMin: true });
    if (above === undefined) return undefined;
    const basement = await askNumber(title(7, l10n.t('heated basement area')), l10n.t('Heated basement area in m² (counts 100 %; 0 when there is none)'), 0, { min: 0 });
    if (basement === undefined) return undefined;
    const factors = e.regerencedAreaTypeEnum ?? {};
    const picked = await showQuickPickMany(
      Object.entries(factors).map(([label, factor]) => ({ label, description: l10n.t('counts {0} %', String(Math.round(factor * 100))) })),
      { title: title(8, l10n.t('other areas in the reference area (none is fine)')) },
    );
    if (!picked) return undefined;
    const referencedAreas: Record<string, number> = {};
    for (const item of picked) {
      const area = await askNumber(title(8, item.label), l10n.t('{0} in m² (weighted by {1})', item.label, String(factors[item.label])), undefined, { min: 0 });
      if (area === undefined) return undefined;
      referencedAreas[item.label] = area;
    }
    const period = await askNumber(title(9, l10n.t('consideration period')), l10n.t('Years (BR18: 50)'), 50, { min: 1, integer: true });
    if (period === undefined) return undefined;
    const year = new Date().getFullYear() + 2;
    const commissioning = await askNumber(title(10, l10n.t('year of commissioning')), l10n.t('Year the building is taken into use (operational energy B6 is counted from it)'), year, { min: 1900, integer: true });
    if (commissioning === undefined) return undefined;
    const defaults = new Set<string>(CALCULATION_TYPES.find((c) => c.code === calc.code)?.phases ?? BR18_DEFAULT_PHASES);
    const phases = await showQuickPickMany(
      PHASES.map((label) => ({ label, picked: defaults.has(label) })),
      { title: title(11, l10n.t('included phases')) },
    );
    if (!phases) return undefined;
    return {
      name: name.trim(),
      type: type.index,
      stage: stage.index,
      phases: phases.map((p) => p.label),
      calculationType: calc.code,
      limit,
      heatedFloorAreaAboveGround: above,
      heatedBasementArea: basement,
      referencedAreas,
      considerationPeriod: period,
      yearOfCommissioning: commissioning,
    };
  }

  const run = <T>(what: string, fn: (...args: never[]) => Promise<T>) =>
    async (...args: never[]): Promise<T | undefined> => {
      try {
        return await fn(...args);
      } catch (e) {
        void showServiceError(what, e, log);
        return undefined;
      }
    };

  context.subscriptions.push(
    tree,
    view,
    deps.onSignInChange(() => tree.refresh()),
    l10n.onDidChangeLanguage(() => tree.setFilter(tree.currentFilter)),
    vscode.commands.registerCommand('lca.refreshProjects', () => tree.refresh()),
    vscode.commands.registerCommand('lca.retryProjectsNode', (node: ProjectsNode) =>
      node?.kind === 'error' && node.retry ? tree.refresh(node.retry) : tree.refresh(),
    ),
    ...filterCommands.map(([id, kind]) => vscode.commands.registerCommand(id, (value?: unknown) => setFilter(kind, value))),
    vscode.commands.registerCommand('lca.filterProjects', async () => {
      const picked = await vscode.window.showQuickPick(
        [
          { label: l10n.t('Name'), filterKind: 'name' as const },
          { label: l10n.t('Building type'), filterKind: 'buildingType' as const },
          { label: l10n.t('Status'), filterKind: 'status' as const },
          { label: l10n.t('Favourites only (toggle)'), filterKind: 'favorite' as const },
          { label: l10n.t('My role'), filterKind: 'role' as const },
          { label: l10n.t('City'), filterKind: 'city' as const },
        ],
        { title: l10n.t('Filter projects by…') },
      );
      if (picked) await setFilter(picked.filterKind, undefined);
    }),
    vscode.commands.registerCommand('lca.clearProjectFilter', () => tree.setFilter({})),
    vscode.commands.registerCommand(
      'lca.openProjectJson',
      run(l10n.t('Could not open the project'), async (arg?: unknown) => {
        const id = await pickProject(arg, l10n.t('Open project as JSON'));
        if (!id) return undefined;
        const detail = await tree.projectDetail(id, true);
        return docs.open(`/project/${id}.json`, JSON.stringify(detail, null, 2) + '\n', 'json');
      }),
    ),
    vscode.commands.registerCommand(
      'lca.newProject',
      run(l10n.t('Could not create a project file'), async (preset?: NewProjectChoices) => {
        const choices = preset ?? (await askNewProject(await enums()));
        if (!choices) return undefined;
        return writeProjectFile(choices.name, newProjectTemplate(choices));
      }),
    ),
    vscode.commands.registerCommand('lca.pushProject', (uri?: vscode.Uri) => pushProject(uri)),
    vscode.commands.registerCommand(
      'lca.editProjectBaseInfo',
      run(l10n.t('Could not pull the project'), async (arg?: unknown) => {
        const id = await pickProject(arg, l10n.t('Edit base information of…'));
        if (!id) return undefined;
        const detail = await tree.projectDetail(id, true);
        const name = detail.projectName ?? id;
        if (typeof detail.role === 'string' && detail.role.toLowerCase() === 'viewer') {
          // The service refuses a Viewer's update (403): say so now rather than after the user has edited a file.
          void showError(
            l10n.t('You are a Viewer on "{0}": a Viewer cannot edit its base information. Ask an Owner of the project for the Editor role.', name),
          );
          return undefined;
        }
        const uri = await writeProjectFile(name, baseInfoOf(detail));
        if (uri) await pulled.set(uri, { projectId: id, updatedAt: detail.updatedAt, name });
        return uri;
      }),
    ),
    vscode.commands.registerCommand(
      'lca.showProjectUsers',
      run(l10n.t('Could not read the project users'), async (arg?: unknown) => {
        const id = await pickProject(arg, l10n.t('Users of project…'));
        if (!id) return undefined;
        const users = await (await clients.get()).getProjectUsers(id);
        void vscode.window.showQuickPick(
          users.map((u) => ({ label: u.name || u.email || u.userId, description: u.role, detail: u.email })),
          { title: l10n.t('Users of the project ({0})', users.length) },
        );
        return users;
      }),
    ),
    vscode.commands.registerCommand('lca.copyId', async (arg?: unknown) => {
      const node = arg as ProjectsNode | undefined;
      const id =
        typeof arg === 'string' ? arg
        : node?.kind === 'stream' ? node.streamId
        : node?.kind === 'field' ? node.value
        : projectIdOf(arg);
      if (!id) return undefined;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(l10n.t('Copied {0}', id), 3000);
      return id;
    }),
    vscode.commands.registerCommand(
      'lca.findProjectsByStream',
      run(l10n.t('Could not find projects by stream'), async (arg?: unknown) => {
        const node = arg as ProjectsNode | undefined;
        const streamId =
          typeof arg === 'string' ? arg
          : node?.kind === 'stream' ? node.streamId
          : await vscode.window.showInputBox({ title: l10n.t('Find projects by stream id'), prompt: l10n.t('Stream id') });
        if (!streamId) return undefined;
        const projects = await (await clients.get()).findProjectsByStream(streamId.trim());
        if (!projects.length) {
          void vscode.window.showInformationMessage(l10n.t('No project is linked to stream {0}.', streamId));
          return projects;
        }
        void vscode.window
          .showQuickPick(projects.map((p) => ({ label: p.name, detail: p.id, id: p.id })), { title: l10n.t('Projects linked to stream {0}', streamId) })
          .then((p) => p && vscode.commands.executeCommand('lca.openProjectJson', p.id));
        return projects;
      }),
    ),
    vscode.commands.registerCommand(
      'lca.createStream',
      run(l10n.t('Could not create the stream'), async (preset?: { streamName: string; branches: string[] }) => {
        const e = await enums();
        const ids = { ...DEFAULT_BRANCH_IDS, ...(e.defaultBranchIds ?? {}) };
        let streamName = preset?.streamName;
        let branchNames = preset?.branches;
        if (!streamName) {
          streamName = await vscode.window.showInputBox({ title: l10n.t('Create stream (1/2)'), prompt: l10n.t('Stream name'), validateInput: (v) => (v.trim() ? undefined : l10n.t('Required')) });
          if (!streamName) return undefined;
        }
        if (!branchNames) {
          const picked = await vscode.window.showQuickPick(
            e.defaultBranches.map((label) => ({ label, picked: label === 'Arkitektur' || label === 'Konstruktioner' })),
            { title: l10n.t('Create stream (2/2): default branches'), canPickMany: true },
          );
          if (!picked) return undefined;
          branchNames = picked.map((p) => p.label);
        }
        const unknown = branchNames.filter((n) => !ids[n]);
        if (unknown.length) throw new Error(l10n.t('Unknown default branch: {0}', unknown.join(', ')));
        const created = await (await clients.get()).createStream(streamName.trim(), branchNames.map((n) => ids[n]));
        const copy = l10n.t('Copy Stream Id');
        void vscode.window
          .showInformationMessage(l10n.t('Created stream "{0}" ({1}) with {2} branches.', created.streamName ?? streamName, created.streamId, branchNames.length), copy)
          .then((c) => (c ? vscode.env.clipboard.writeText(created.streamId) : undefined));
        return created;
      }),
    ),
    vscode.commands.registerCommand(
      'lca.deleteStream',
      run(l10n.t('Could not delete the stream'), async (arg?: unknown) => {
        const node = arg as ProjectsNode | undefined;
        const streamId =
          typeof arg === 'string' ? arg
          : node?.kind === 'stream' ? node.streamId
          : await vscode.window.showInputBox({ title: l10n.t('Delete stream'), prompt: l10n.t('Id of the stream to delete') });
        if (!streamId) return false;
        const streamName = node?.kind === 'stream' ? node.streamName : await streamNameOf(streamId);
        const label = streamLabel(streamId, streamName);
        const ok = await confirmModal(
          l10n.t('Delete stream {0}?', label),
          l10n.t('The stream and all its branches are deleted on the service and projects linked to it are unlinked. This cannot be undone.'),
          l10n.t('Delete Stream'),
        );
        if (!ok) return false;
        await (await clients.get()).deleteStream(streamId);
        void vscode.window.showInformationMessage(l10n.t('Deleted stream {0}.', label));
        tree.refresh();
        return true;
      }),
    ),
    vscode.commands.registerCommand(
      'lca.showEnumerations',
      run(l10n.t('Could not read the enumerations'), async () => {
        const client = await clients.get();
        const [projectEnums, indicatorEnums] = await Promise.all([client.getProjectEnums(), client.getIndicatorEnums()]);
        return docs.open('/enumerations.md', enumerationsMarkdown(projectEnums, indicatorEnums), 'markdown');
      }),
    ),
  );
  return tree;
}

function enumerationsMarkdown(p: ProjectEnums, i: { indicators?: { type: number; name: string; unit: string; description?: string }[] }): string {
  const out: string[] = [`# ${l10n.t('LCA enumerations')}`, '', `## ${l10n.t('Project enumerations')}`, ''];
  const codeList = (title: string, values: string[] | undefined) => {
    out.push(`### ${title}`, '', `| ${l10n.t('code')} | ${l10n.t('value')} |`, '|---|---|');
    (values ?? []).forEach((v, index) => out.push(`| ${index} | ${v} |`));
    out.push('');
  };
  codeList(l10n.t('Building types (`type`)'), p.buildingTypeEnum);
  codeList(l10n.t('Project stages (`stage`)'), p.buildingProjectStageEnums);
  out.push(`### ${l10n.t('Referenced area types (weight factors)')}`, '', `| ${l10n.t('area')} | ${l10n.t('factor')} |`, '|---|---|');
  for (const [name, factor] of Object.entries(p.regerencedAreaTypeEnum ?? {})) out.push(`| ${name} | ${factor} |`);
  out.push('');
  out.push(`### ${l10n.t('Default branches')}`, '', `| ${l10n.t('branch')} | id |`, '|---|---|');
  for (const name of p.defaultBranches ?? []) out.push(`| ${name} | ${(p.defaultBranchIds ?? {})[name] ?? '—'} |`);
  out.push('');
  codeList(l10n.t('Operation heat supply'), p.operationHeatSupplyEnum);
  codeList(l10n.t('Operation electricity supply'), p.operationElectricitySupplyEnum);
  codeList(l10n.t('Construction heat supply'), p.constructionHeatSupplyEnum);
  codeList(l10n.t('Construction electricity supply'), p.constructionElectricitySupplyEnum);
  codeList(l10n.t('Material mapping methods'), p.materialMappingMethodEnum);
  codeList(l10n.t('Material sources'), p.materialSourceEnum);
  out.push(`## ${l10n.t('Indicator enumerations')}`, '', `| ${l10n.t('type')} | ${l10n.t('name')} | ${l10n.t('unit')} | ${l10n.t('description')} |`, '|---|---|---|---|');
  const indicators = i.indicators?.length ? i.indicators : INDICATORS;
  for (const x of indicators) out.push(`| ${x.type} | ${x.name} | ${x.unit} | ${x.description ?? ''} |`);
  return out.join('\n') + '\n';
}

