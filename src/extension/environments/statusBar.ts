// The status-bar item that shows the active LCA environment and who is signed in to it, and "LCA: Switch
// Environment" (the environments themselves: index.ts).
import * as vscode from 'vscode';
import { showError } from '../ui';
import { registerCommand } from '../commands';
import type { LcaSession } from '../session';
import * as l10n from '../l10n';
import type { EnvironmentService } from './index';

export interface EnvironmentsDeps {
  /** The environments to switch between. */
  environments: EnvironmentService;
  /** The active one and who is signed in to it, as the status bar shows them. */
  session: Pick<LcaSession, 'environment' | 'login' | 'onDidChange'>;
}

/** The status-bar item and "LCA: Switch Environment". */
export function registerEnvironments(context: vscode.ExtensionContext, { environments, session }: EnvironmentsDeps): void {
  const item = vscode.window.createStatusBarItem('lca.environment', vscode.StatusBarAlignment.Left, 50);
  item.name = l10n.t('LCA Environment');
  item.command = 'lca.switchEnvironment';
  const update = () => {
    const env = session.environment;
    const account = session.login;
    item.text = `$(cloud) LCA: ${env.name}${account ? ` · ${account}` : ''}`;
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${l10n.t('LCA environment:')}** ${env.name}\n\n`);
    tooltip.appendMarkdown(`${account ? l10n.t('Signed in as {0}', account) : l10n.t('Not signed in')}\n\n`);
    if (env.urls) tooltip.appendMarkdown(`${l10n.t('Service:')} \`${env.urls.baseUrl}\`\n\n`);
    else if (env.isLocal) tooltip.appendMarkdown(`${l10n.t('The local service starts when needed.')}\n\n`);
    if (env.problems.length) tooltip.appendMarkdown(`$(warning) ${env.problems.join('\n\n')}\n\n`);
    tooltip.supportThemeIcons = true;
    tooltip.appendMarkdown(l10n.t('Click to switch environment.'));
    item.tooltip = tooltip;
    item.backgroundColor = env.problems.length ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };
  update();
  context.subscriptions.push(
    item,
    session.onDidChange((change) => change !== 'codes' && update()),
    l10n.onDidChangeLanguage(update),
    registerCommand(
      'lca.switchEnvironment',
      async (name?: unknown) => {
        let target = typeof name === 'string' ? name : undefined;
        if (!target) {
          const current = environments.current().name;
          const picked = await vscode.window.showQuickPick(
            environments.names().map((n) => ({ label: n, description: n === current ? l10n.t('active') : undefined })),
            { title: l10n.t('Switch LCA environment'), placeHolder: l10n.t('Environments come from the lca.environments setting') },
          );
          target = picked?.label;
        }
        if (!target) return;
        if (!environments.names().includes(target)) {
          void showError(l10n.t('No LCA environment named "{0}". Add it to the lca.environments setting.', target));
          return;
        }
        await environments.switchTo(target);
      },
      () => l10n.t('Could not switch the LCA environment'),
    ),
  );
}
