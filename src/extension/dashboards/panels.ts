// Every open dashboard panel, one per project or construction: opening or revealing one, restoring one after a
// reload, closing those another sign-in opened, and exporting with feedback. What a page asks for: panel.ts.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { IndicatorEnums } from '../../client';
import { DASHBOARD_VIEW_TYPE, targetKey, type ChartId, type DashboardQuery, type DashboardTarget, type ExportKind } from '../../core/dashboard';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import { errorMessage, showInfo, showServiceError } from '../ui';
import { toolContextOf } from '../tools';
import { exportDashboard } from './exports';
import { DashboardPanel, panelTitle, webviewOptions } from './panel';
import { askWhatIf } from './whatIf';

export interface DashboardDeps {
  /**
   * The environment: the service client, the code table and BR18 rule table the figures are read and judged with,
   * who is signed in (a dashboard shows only its opener's figures), what the What if… gathers candidates with.
   */
  session: LcaSession;
  log: vscode.LogOutputChannel;
  /** The Library: What if… resolves a material as the lens does. */
  catalog: Catalog;
}

/** Every open dashboard panel, one per project or construction. */
export class DashboardPanels implements vscode.Disposable {
  private readonly panels = new Map<string, DashboardPanel>();
  /** Who was signed in when each panel was opened (or restored). */
  private readonly openedBy = new WeakMap<DashboardPanel, string | undefined>();
  private activeKey: string | undefined;
  private enums: Promise<IndicatorEnums | undefined> | undefined;

  constructor(
    private readonly deps: DashboardDeps,
    private readonly extensionUri: vscode.Uri,
  ) {}

  /** Opens (or reveals) the dashboard of a target and loads it. */
  open(target: DashboardTarget, query?: DashboardQuery): DashboardPanel {
    const existing = this.panels.get(targetKey(target));
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(DASHBOARD_VIEW_TYPE, panelTitle(target), vscode.ViewColumn.Active, webviewOptions(this.extensionUri));
    return this.adopt(panel, target, query);
  }

  /** Takes over a webview panel (new, or restored by the serializer). */
  adopt(webviewPanel: vscode.WebviewPanel, target: DashboardTarget, query?: DashboardQuery): DashboardPanel {
    const panel = new DashboardPanel(webviewPanel, target, query, {
      client: () => this.deps.session.client(),
      indicatorEnums: () => this.indicatorEnums(),
      codes: () => this.deps.session.codes,
      rules: () => this.deps.session.br18Rules,
      log: this.deps.log,
      extensionUri: this.extensionUri,
      open: (target) => this.open(target),
      export: (p, kind, chart) => this.exportWithFeedback(p, kind, undefined, chart),
      // The alternatives' core (dist/alternatives.js, loaded on first use) gathers the candidates as the agents' and the
      // editor's alternatives do; the user chooses in a QuickPick searchable over all of them.
      whatIf: (p, request) =>
        askWhatIf(toolContextOf(this.deps), p, request, { rules: this.deps.session.br18Rules, codes: this.deps.session.codes })
          .catch((e: unknown) => void showServiceError(l10n.t('Could not work out what the change would do'), e, this.deps.log)),
    });
    this.panels.get(panel.key)?.dispose();
    this.panels.set(panel.key, panel);
    this.openedBy.set(panel, this.deps.session.identity);
    this.activeKey = panel.key;
    webviewPanel.onDidChangeViewState((e) => {
      if (e.webviewPanel.active) this.activeKey = panel.key;
    });
    panel.onDidDispose(() => {
      if (this.panels.get(panel.key) === panel) this.panels.delete(panel.key);
      if (this.activeKey === panel.key) this.activeKey = undefined;
    });
    void panel.load();
    return panel;
  }

  /**
   * After the signed-in identity changed: closes every dashboard opened by another identity (or while signed out), so
   * that one tenant's figures are never left on screen for another; says how many were closed and whose they were.
   * The number closed.
   */
  closeForeign(): number {
    const now = this.deps.session.identity;
    // A dashboard opened while signed out (or restored before the sign-in was read) showed nobody's figures: it is
    // now the current identity's, and one that showed an error loads again.
    for (const p of this.all.filter((x) => this.openedBy.get(x) === undefined && now !== undefined)) {
      this.openedBy.set(p, now);
      if (p.lastMessage?.type === 'error') void p.load();
    }
    const foreign = this.all.filter((p) => this.openedBy.get(p) !== undefined && this.openedBy.get(p) !== now);
    if (!foreign.length) return 0;
    const previous = this.openedBy.get(foreign[0]);
    for (const p of foreign) p.dispose();
    // The indicator mappings were read by the previous identity too.
    this.enums = undefined;
    const whose = previous ?? l10n.t('the previous sign-in');
    this.deps.log.info(`Closed ${foreign.length} dashboard(s) of ${whose}: the signed-in identity changed`);
    void showInfo(
      foreign.length === 1
        ? l10n.t('Closed the dashboard of {0}: it showed that sign-in’s figures.', whose)
        : l10n.t('Closed {0} dashboards of {1}: they showed that sign-in’s figures.', String(foreign.length), whose),
    );
    return foreign.length;
  }

  /** The indicator mappings change rarely: fetched once per session, and again after a failure. */
  private indicatorEnums(): Promise<IndicatorEnums | undefined> {
    this.enums ??= this.deps.session
      .client()
      .then((c) => c.getIndicatorEnums())
      .catch((e: unknown) => {
        this.deps.log.warn(`Indicator enumerations for the dashboard: ${errorMessage(e)}`);
        this.enums = undefined;
        return undefined;
      });
    return this.enums;
  }

  get all(): DashboardPanel[] {
    return [...this.panels.values()];
  }

  /** The project dashboard of a project id, if open. */
  forProject(projectId: string): DashboardPanel | undefined {
    return this.panels.get(targetKey({ kind: 'project', projectId }));
  }

  /** The panel an export or refresh applies to: the given project's, else the active one, else the only one. */
  resolve(projectId?: string): DashboardPanel | undefined {
    if (projectId) return this.forProject(projectId) ?? this.all.find((p) => p.target.projectId === projectId);
    const active = this.activeKey ? this.panels.get(this.activeKey) : undefined;
    return active ?? (this.panels.size === 1 ? this.all[0] : undefined);
  }

  async exportWithFeedback(panel: DashboardPanel, kind: ExportKind, target?: vscode.Uri, chart?: ChartId): Promise<vscode.Uri | undefined> {
    try {
      const uri = await exportDashboard(panel, kind, target, chart);
      if (uri && !target) void vscode.window.showInformationMessage(l10n.t('Dashboard exported to {0}', uri.fsPath || uri.toString()));
      return uri;
    } catch (e) {
      void showServiceError(l10n.t('Could not export the dashboard'), e, this.deps.log);
      if (target) throw e;
      return undefined;
    }
  }

  dispose(): void {
    for (const p of this.all) p.dispose();
    this.panels.clear();
  }
}
