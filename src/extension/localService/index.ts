// Runs the local LCA service inside the extension host ("LCA: Start Local Service"), with its data
// in the extension's global storage, so a user with only the .vsix can try everything.
import * as vscode from 'vscode';
import * as path from 'path';
import { startLocalService, type LocalService, type ServiceUrls } from '../../service/server';
import { showError } from '../ui';

export class LocalServiceController implements vscode.Disposable {
  private service: LocalService | undefined;
  private starting: Promise<ServiceUrls> | undefined;
  private readonly changed = new vscode.EventEmitter<ServiceUrls | undefined>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly storageDir: string,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get urls(): ServiceUrls | undefined {
    return this.service?.urls;
  }

  start(): Promise<ServiceUrls> {
    if (this.service) return Promise.resolve(this.service.urls);
    this.starting ??= (async () => {
      try {
        const dataDir = path.join(this.storageDir, 'local-service');
        this.service = await startLocalService({
          port: 0,
          host: '127.0.0.1',
          dataDir,
          log: (line) => this.log.debug(`[local service] ${line}`),
        });
        this.log.info(`Local LCA service running at ${this.service.urls.baseUrl} (data in ${dataDir})`);
        await vscode.commands.executeCommand('setContext', 'lca.localServiceRunning', true);
        this.changed.fire(this.service.urls);
        return this.service.urls;
      } finally {
        this.starting = undefined;
      }
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    const service = this.service;
    this.service = undefined;
    if (service) {
      await service.close();
      this.log.info('Local LCA service stopped');
      await vscode.commands.executeCommand('setContext', 'lca.localServiceRunning', false);
      this.changed.fire(undefined);
    }
  }

  dispose(): void {
    void this.stop();
    this.changed.dispose();
  }
}

export function registerLocalService(context: vscode.ExtensionContext, controller: LocalServiceController): void {
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('lca.startLocalService', async () => {
      try {
        const urls = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local LCA service…') },
          () => controller.start(),
        );
        void vscode.window.showInformationMessage(
          vscode.l10n.t('The local LCA service is running at {0}. Sign in as demo@example.com / demo-password.', urls.baseUrl),
        );
        return urls;
      } catch (e) {
        void showError(vscode.l10n.t('Could not start the local LCA service: {0}', (e as Error).message));
        return undefined;
      }
    }),
    vscode.commands.registerCommand('lca.stopLocalService', () => controller.stop()),
  );
}
