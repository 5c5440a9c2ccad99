// The Projects commands on streams: find the projects linked to a stream, create a stream with default branches,
// delete a stream (after a confirmation naming it).
import * as vscode from 'vscode';
import { DEFAULT_BRANCH_IDS } from '../../core/codes';
import { confirmModal, errorMessage } from '../ui';
import { registerCommand } from '../commands';
import { streamOf } from '../commandArgs';
import { streamLabel } from './treeItems';
import type { ProjectsContext } from './context';
import * as l10n from '../l10n';

/** The stream's name from the detail of a project linked to it; undefined when none says (or the lookup fails). */
async function streamNameOf({ session, log }: ProjectsContext, streamId: string): Promise<string | undefined> {
  try {
    const client = await session.client();
    const [linked] = await client.findProjectsByStream(streamId.trim());
    if (!linked) return undefined;
    const name = (await client.getProject(linked.id)).streamName;
    return typeof name === 'string' && name.trim() ? name : undefined;
  } catch (e) {
    log.debug(`Could not look up the name of stream ${streamId}: ${errorMessage(e)}`);
    return undefined;
  }
}

export function registerStreamCommands(ctx: ProjectsContext): vscode.Disposable[] {
  const { session, tree, enums } = ctx;
  return [
    registerCommand(
      'lca.findProjectsByStream',
      async (arg?: unknown) => {
        const streamId =
          streamOf(arg)?.streamId ?? (await vscode.window.showInputBox({ title: l10n.t('Find projects by stream id'), prompt: l10n.t('Stream id') }));
        if (!streamId) return undefined;
        const projects = await (await session.client()).findProjectsByStream(streamId.trim());
        if (!projects.length) {
          void vscode.window.showInformationMessage(l10n.t('No project is linked to stream {0}.', streamId));
          return projects;
        }
        void vscode.window
          .showQuickPick(projects.map((p) => ({ label: p.name, detail: p.id, id: p.id })), { title: l10n.t('Projects linked to stream {0}', streamId) })
          .then((p) => p && vscode.commands.executeCommand('lca.openProjectJson', p.id));
        return projects;
      },
      () => l10n.t('Could not find projects by stream'),
    ),
    registerCommand(
      'lca.createStream',
      async (preset?: { streamName: string; branches: string[] }) => {
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
        const created = await (await session.client()).createStream(streamName.trim(), branchNames.map((n) => ids[n]));
        const copy = l10n.t('Copy Stream Id');
        void vscode.window
          .showInformationMessage(l10n.t('Created stream "{0}" ({1}) with {2} branches.', created.streamName ?? streamName, created.streamId, branchNames.length), copy)
          .then((c) => (c ? vscode.env.clipboard.writeText(created.streamId) : undefined));
        return created;
      },
      () => l10n.t('Could not create the stream'),
    ),
    registerCommand(
      'lca.deleteStream',
      async (arg?: unknown) => {
        const given = streamOf(arg);
        const streamId = given?.streamId ?? (await vscode.window.showInputBox({ title: l10n.t('Delete stream'), prompt: l10n.t('Id of the stream to delete') }));
        if (!streamId) return false;
        // A stream node says its name (or that it has none); for an id alone, a project linked to it may say.
        const streamName = given && typeof arg === 'object' ? given.streamName : await streamNameOf(ctx, streamId);
        const label = streamLabel(streamId, streamName);
        const ok = await confirmModal(
          l10n.t('Delete stream {0}?', label),
          l10n.t('The stream and all its branches are deleted on the service and projects linked to it are unlinked. This cannot be undone.'),
          l10n.t('Delete Stream'),
        );
        if (!ok) return false;
        await (await session.client()).deleteStream(streamId);
        void vscode.window.showInformationMessage(l10n.t('Deleted stream {0}.', label));
        tree.refresh();
        return true;
      },
      () => l10n.t('Could not delete the stream'),
    ),
  ];
}
