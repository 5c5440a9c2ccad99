// Runs the local LCA service ("LCA: Start Local Service") with its data in the extension's global storage, so a
// user with only the .vsix can try everything. It runs as a child process from its own bundle (dist/service.js):
// the extension bundle carries none of its code (graphql, seed data, routes), activation never loads it, and its
// request handling never competes with the editor for the extension host's thread.
import * as vscode from 'vscode';
import type { ChildProcess } from 'child_process';
import * as path from 'path';
import { registerCommand } from '../commands';
import { Disposable } from '../disposable';
import { LocalServiceStartError, startLocalServiceProcess, type ServiceUrls } from '../../client';
import * as l10n from '../l10n';


/** How long the service may take to print its URLs before the start counts as failed. */
const START_TIMEOUT_MS = 30_000;
/** How long a stopping service may take before it is killed. */
const STOP_TIMEOUT_MS = 5_000;

export interface LocalServiceControllerDeps {
  /** The extension's global storage: the service's data goes in its `local-service` folder. */
  storageDir: string;
  log: vscode.LogOutputChannel;
  /** The service's bundle, dist/service.js in the extension's folder. */
  serviceScript: string;
}

export class LocalServiceController extends Disposable {
  private child: ChildProcess | undefined;
  private running: ServiceUrls | undefined;
  private starting: Promise<ServiceUrls> | undefined;
  private readonly changed = this.register(new vscode.EventEmitter<ServiceUrls | undefined>());
  readonly onDidChange = this.changed.event;

  private readonly storageDir: string;
  private readonly log: vscode.LogOutputChannel;
  private readonly serviceScript: string;

  constructor(deps: LocalServiceControllerDeps) {
    super();
    ({ storageDir: this.storageDir, log: this.log, serviceScript: this.serviceScript } = deps);
  }

  get urls(): ServiceUrls | undefined {
    return this.running;
  }

  start(): Promise<ServiceUrls> {
    if (this.running) return Promise.resolve(this.running);
    this.starting ??= this.spawn().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private async spawn(): Promise<ServiceUrls> {
    const dataDir = path.join(this.storageDir, 'local-service');
    const { child, ready } = startLocalServiceProcess({
      script: this.serviceScript,
      dataDir,
      timeoutMs: START_TIMEOUT_MS,
      verbose: true,
      // In desktop VS Code process.execPath is Electron: run it as plain Node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
      onLine: (line) => this.log.debug(`[local service] ${line}`),
    });
    this.child = child;
    const urls = await ready.catch((e: unknown) => {
      if (this.child === child) this.child = undefined;
      throw e instanceof LocalServiceStartError ? new Error(l10n.say(e.reason)) : e;
    });
    child.once('exit', (code, signal) => {
      if (this.child !== child) return; // stopped on purpose
      this.child = undefined;
      this.running = undefined;
      this.log.error(`Local LCA service stopped unexpectedly (${signal ?? `code ${code}`}); start it again with "LCA: Start Local Service"`);
      void vscode.commands.executeCommand('setContext', 'lca.localServiceRunning', false);
      this.changed.fire(undefined);
    });
    this.running = urls;
    this.log.info(`Local LCA service running at ${urls.baseUrl} (data in ${dataDir})`);
    this.log.debug(`[local service] process ${child.pid} (${this.serviceScript})`);
    await vscode.commands.executeCommand('setContext', 'lca.localServiceRunning', true);
    this.changed.fire(urls);
    return urls;
  }

  async stop(): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    const child = this.child;
    this.child = undefined;
    const wasRunning = this.running !== undefined;
    this.running = undefined;
    if (child) await stopProcess(child);
    if (wasRunning) {
      this.log.info('Local LCA service stopped');
      await vscode.commands.executeCommand('setContext', 'lca.localServiceRunning', false);
      this.changed.fire(undefined);
    }
  }

  override dispose(): void {
    // The service also stops by itself when the extension host goes away (its IPC channel closes).
    const child = this.child;
    this.child = undefined;
    this.running = undefined;
    if (child) void stopProcess(child);
    super.dispose();
  }
}

/** SIGTERM (the service saves and closes), then SIGKILL if it does not exit in time. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface LocalServiceDeps {
  log: vscode.LogOutputChannel;
}

/**
 * Creates the controller of the built-in service (stopped with the extension) and registers "LCA: Start Local
 * Service" and "LCA: Stop Local Service"; returns the controller, which the Local environment starts when needed.
 */
export function registerLocalService(context: vscode.ExtensionContext, { log }: LocalServiceDeps): LocalServiceController {
  const controller = new LocalServiceController({ storageDir: context.globalStorageUri.fsPath, log, serviceScript: context.asAbsolutePath('dist/service.js') });
  context.subscriptions.push(
    controller,
    registerCommand(
      'lca.startLocalService',
      async () => {
        const urls = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: l10n.t('Starting the local LCA service…') },
          () => controller.start(),
        );
        void vscode.window.showInformationMessage(
          l10n.t('The local LCA service is running at {0}. Sign in as demo@example.com / demo-password.', urls.baseUrl),
        );
        return urls;
      },
      () => l10n.t('Could not start the local LCA service'),
    ),
    registerCommand('lca.stopLocalService', () => controller.stop(), () => l10n.t('Could not stop the local LCA service')),
  );
  return controller;
}
