// Filtering the Projects tree: by name, building type, status, favourites, role or city, and clearing the filter.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { PROJECT_ROLES } from '../../core/codes';
import { registerCommand } from '../commands';
import type { FilterKind, ProjectFilter } from './filter';
import type { ProjectsContext } from './context';

async function setFilter({ tree, enums }: ProjectsContext, kind: FilterKind, value: unknown): Promise<void> {
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
    // Shown in the user's language; the filter keeps the label as the service serves it.
    const items: (vscode.QuickPickItem & { value: string })[] = [
      { label: l10n.t('(any)'), value: '' },
      ...options.map((o) => ({ label: l10n.served(o), value: o })),
    ];
    const picked = await vscode.window.showQuickPick(items, { title: l10n.t('Filter projects') });
    if (picked === undefined) return;
    chosen = picked.value;
  }
  if (chosen === '' || chosen === false) delete filter[kind];
  else (filter as Record<string, unknown>)[kind] = chosen;
  tree.setFilter(filter);
}

const FILTER_COMMANDS: [string, FilterKind][] = [
  ['lca.filterProjectsByName', 'name'],
  ['lca.filterProjectsByBuildingType', 'buildingType'],
  ['lca.filterProjectsByStatus', 'status'],
  ['lca.filterProjectsByFavorite', 'favorite'],
  ['lca.filterProjectsByRole', 'role'],
  ['lca.filterProjectsByCity', 'city'],
];

export function registerFilterCommands(ctx: ProjectsContext): vscode.Disposable[] {
  return [
    ...FILTER_COMMANDS.map(([id, kind]) => registerCommand(id, (value?: unknown) => setFilter(ctx, kind, value))),
    registerCommand('lca.filterProjects', async () => {
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
      if (picked) await setFilter(ctx, picked.filterKind, undefined);
    }),
    registerCommand('lca.clearProjectFilter', () => ctx.tree.setFilter({})),
  ];
}
