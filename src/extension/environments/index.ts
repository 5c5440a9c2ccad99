// Named environments (Local, Test, Production, …): which four host URLs the extension talks to,
// the status-bar item that shows environment and account, and "LCA: Switch Environment".
import * as vscode from 'vscode';
import { readSettings, onSettingsChanged } from '../settings';
import { hostUrlsOf } from '../../core/hostUrls';
import type { ServiceUrls } from '../../client';
import type { LocalServiceController } from '../localService';
import { showError } from '../ui';
import { registerCommand } from '../commands';
import { Disposable } from '../disposable';
import type { LcaSession } from '../session';
import * as l10n from '../l10n';

export const LOCAL_ENVIRONMENT = 'Local';

export interface Environment {
  name: string;
  /** Undefined for Local while its service is not running and no hosts are configured. */
  urls: ServiceUrls | undefined;
  isLocal: boolean;
  problems: string[];
}

export class EnvironmentService extends Disposable {
  private readonly changed = this.register(new vscode.EventEmitter<Environment>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly local: LocalServiceController) {
    super();
    this.register(onSettingsChanged(() => this.changed.fire(this.current())));
    this.register(local.onDidChange(() => this.changed.fire(this.current())));
  }

  names(): string[] {
    const { environments } = readSettings();
    return [LOCAL_ENVIRONMENT, ...environments.map((e) => e.name).filter((n) => n !== LOCAL_ENVIRONMENT)];
  }

  current(): Environment {
    const settings = readSettings();
    const name = settings.activeEnvironment;
    if (name === LOCAL_ENVIRONMENT) {
      const configured = settings.localService;
      const anySet = Object.values(configured).some((v) => v.trim() !== '');
      if (anySet) {
        const { urls, problems } = hostUrlsOf(configured);
        return { name, urls, isLocal: true, problems: problems.map((p) => `lca.service.${l10n.say(p)}`) };
      }
      const running = this.local.urls;
      return { name, urls: running, isLocal: true, problems: [] };
    }
    const env = settings.environments.find((e) => e.name === name);
    if (!env) {
      return { name, urls: undefined, isLocal: false, problems: [l10n.t('{0}: no environment named "{1}" in {2}', 'lca.environment', name, 'lca.environments')] };
    }
    const { urls, problems } = hostUrlsOf(env);
    return { name, urls, isLocal: false, problems: problems.map((p) => `lca.environments["${name}"].${l10n.say(p)}`) };
  }

  /** The active environment's URLs, starting the built-in local service when Local needs it. */
  async resolveUrls(): Promise<ServiceUrls> {
    const env = this.current();
    if (env.problems.length) throw new Error(l10n.t('Settings problem: {0}', env.problems.join('; ')));
    if (env.urls) return env.urls;
    if (env.isLocal) return this.local.start();
    throw new Error(l10n.t('Environment "{0}" has no service addresses', env.name));
  }

  async switchTo(name: string): Promise<void> {
    await vscode.workspace.getConfiguration('lca').update('environment', name, vscode.ConfigurationTarget.Global);
  }
}

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
