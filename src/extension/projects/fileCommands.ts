// The Projects commands that write *.project.json files: New Project (asks, then writes a BR18 project file), Edit
// Base Information (pulls a project's base information into a file linked to it) and Push Project.
import * as vscode from 'vscode';
import { showError, writeJsonFile } from '../ui';
import { registerCommand } from '../commands';
import { pickProjectDetail } from './pick';
import { askNewProject } from './askNewProject';
import { pushProject } from './pushProject';
import { baseInfoOf, newProjectTemplate, slug, type NewProjectChoices } from './projectFiles';
import type { ProjectsContext } from './context';
import * as l10n from '../l10n';

/** Writes a project file named after the project in the workspace folder (asking before replacing one) and opens it. */
function writeProjectFile(name: string, body: Record<string, unknown>): Promise<vscode.Uri | undefined> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return writeJsonFile(folder ? vscode.Uri.joinPath(folder, `${slug(name)}.project.json`) : undefined, body, {
    replaceDetail: l10n.t('Replace it with the project from the service? Your edits in that file would be lost.'),
    filters: { [l10n.t('LCA project')]: ['project.json'] },
  });
}

export function registerProjectFileCommands(ctx: ProjectsContext): vscode.Disposable[] {
  const { pulled, enums } = ctx;
  return [
    registerCommand(
      'lca.newProject',
      async (preset?: NewProjectChoices) => {
        // The active environment's BR18 table (its `br18` override applied), read once: what the wizard proposes is what
        // the file gets, also for choices passed in without a limit.
        const rules = ctx.session.br18Rules;
        const choices = preset ?? (await askNewProject(await enums(), rules, ctx.session.codes));
        if (!choices) return undefined;
        return writeProjectFile(choices.name, newProjectTemplate(choices, ctx.session.codes, rules));
      },
      () => l10n.t('Could not create a project file'),
    ),
    registerCommand('lca.pushProject', (uri?: vscode.Uri) => pushProject(ctx, uri)),
    registerCommand(
      'lca.editProjectBaseInfo',
      async (arg?: unknown) => {
        const chosen = await pickProjectDetail(ctx, arg, l10n.t('Edit base information of…'));
        if (!chosen) return undefined;
        const { id, detail } = chosen;
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
      },
      () => l10n.t('Could not pull the project'),
    ),
  ];
}
