// Which project a command applies to: the one it was invoked on (commandArgs.projectOf), else one the user picks from
// the service's project list. Used by the Projects commands and the dashboards.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { DEFAULT_PROJECT_LIST_VARIABLES } from '../../client';
import type { LcaSession } from '../session';
import { projectOf, type ProjectRef } from '../commandArgs';
import { showQuickPick } from '../ui';
import type { ProjectsTreeProvider } from './tree';

/**
 * The project `arg` names, or one picked from every project the signed-in user can see (favourites first, then the
 * most recently changed; searchable by name, city and id). When there is none, says so (`none`, else a general
 * sentence) and resolves to undefined, as when the user cancels.
 */
export async function pickProject(session: LcaSession, arg: unknown, title: string, none?: string): Promise<ProjectRef | undefined> {
  const given = projectOf(arg);
  if (given) return given;
  const projects = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: l10n.t('Loading projects…') }, async () =>
    (await session.client()).listProjects(DEFAULT_PROJECT_LIST_VARIABLES),
  );
  if (!projects.length) {
    void vscode.window.showInformationMessage(none ?? l10n.t('There are no projects to choose from.'));
    return undefined;
  }
  const picked = await showQuickPick(
    projects.map((p) => ({ label: p.name, description: p.location?.city ?? '', detail: p.id, project: { id: p.id, name: p.name } })),
    { title, matchOnDetail: true, placeHolder: l10n.t('Choose a project') },
  );
  return picked?.project;
}

/** The project a command is about (as pickProject chooses it) with its detail read fresh; undefined when none was chosen. */
export async function pickProjectDetail(
  { session, tree }: { session: LcaSession; tree: ProjectsTreeProvider },
  arg: unknown,
  title: string,
): Promise<{ id: string; detail: Awaited<ReturnType<ProjectsTreeProvider['projectDetail']>> } | undefined> {
  const id = (await pickProject(session, arg, title))?.id;
  return id ? { id, detail: await tree.projectDetail(id, true) } : undefined;
}
