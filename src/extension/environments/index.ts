// Named environments (Local, Test, Production, …): which four host URLs the extension talks to. The status-bar item
// that shows environment and account, and "LCA: Switch Environment": statusBar.ts.
import * as vscode from 'vscode';
import { readSettings, onSettingsChanged } from '../settings';
import { hostUrlsOf } from '../../core/hostUrls';
import type { ServiceUrls } from '../../client';
import type { LocalServiceController } from '../localService';
import { Disposable } from '../disposable';
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
