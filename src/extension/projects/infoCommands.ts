// The Projects commands that show what the service knows: a project as JSON, its users, the enumerations; and Copy Id.
import * as vscode from 'vscode';
import type { ProjectEnums } from '../../client';
import { INDICATORS } from '../../core/codes';
import { registerCommand } from '../commands';
import { copyableIdOf } from '../commandArgs';
import { pickProject, pickProjectDetail } from './pick';
import type { ProjectsContext } from './context';
import * as l10n from '../l10n';

export function registerProjectInfoCommands({ session, docs, tree }: ProjectsContext): vscode.Disposable[] {
  return [
    registerCommand(
      'lca.openProjectJson',
      async (arg?: unknown) => {
        const chosen = await pickProjectDetail({ session, tree }, arg, l10n.t('Open project as JSON'));
        return chosen && docs.open(`/project/${chosen.id}.json`, JSON.stringify(chosen.detail, null, 2) + '\n', 'json');
      },
      () => l10n.t('Could not open the project'),
    ),
    registerCommand(
      'lca.showProjectUsers',
      async (arg?: unknown) => {
        const id = (await pickProject(session, arg, l10n.t('Users of project…')))?.id;
        if (!id) return undefined;
        const users = await (await session.client()).getProjectUsers(id);
        void vscode.window.showQuickPick(
          users.map((u) => ({ label: u.name || u.email || u.userId, description: u.role, detail: u.email })),
          { title: l10n.t('Users of the project ({0})', users.length) },
        );
        return users;
      },
      () => l10n.t('Could not read the project users'),
    ),
    registerCommand('lca.copyId', async (arg?: unknown) => {
      const id = copyableIdOf(arg);
      if (!id) return undefined;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(l10n.t('Copied {0}', id), 3000);
      return id;
    }),
    registerCommand(
      'lca.showEnumerations',
      async () => {
        const client = await session.client();
        const [projectEnums, indicatorEnums] = await Promise.all([client.getProjectEnums(), client.getIndicatorEnums()]);
        return docs.open('/enumerations.md', enumerationsMarkdown(projectEnums, indicatorEnums), 'markdown');
      },
      () => l10n.t('Could not read the enumerations'),
    ),
  ];
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

