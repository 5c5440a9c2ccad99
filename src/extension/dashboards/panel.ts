// One dashboard webview panel: loads a project's (or a construction's) dashboard from the service, sends it to
// the webview, and answers every message the webview sends (re-query, retry, sign-in, links, inspection, exports,
// chart pictures) in one place: `receive`.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { DashboardResponse, DashboardSummary, IndicatorEnums, LcaClient, ProjectDetail } from '../../client';
import { BR18_DEFAULT_PHASES, type Phase } from '../../core/codes';
import type { CodeTable } from '../../core/codeTable';
import { projectPhases, verdictProjectOf } from '../../core/dashboard/br18View';
import { NO_VERDICT_PROJECT } from '../../core/lca/verdictInput';
import { ruleSetOfCalculationType, type Br18Rules, type VerdictProject } from '../../core/lca/br18Rules';
import type { Msg } from '../../core/l10n';
import {
  createNonce,
  dashboardHtml,
  DEFAULT_UNIT,
  indicatorOf,
  isGwpMapping,
  isWebLink,
  parseWebviewMessage,
  targetKey,
  type ChartId,
  pageResponse,
  pageSummary,
  type Br18Payload,
  type DashboardPayload,
  type DashboardQuery,
  type DashboardTarget,
  type ExportKind,
  type ExtensionToWebview,
  type IndicatorMappingOption,
  type WebviewToExtension,
  type WhatIfAnswer,
} from '../../core/dashboard';
import { br18Payload } from '../../core/dashboard/verdicts';
import { withPngText } from '../../core/dashboard/png';
import { errorMessage, needsSignIn, retryCanHelp } from '../ui';
import { Disposable } from '../disposable';
import { stepDone } from '../walkthrough';

export interface PanelDeps {
  client(): Promise<LcaClient>;
  indicatorEnums(): Promise<IndicatorEnums | undefined>;
  /** The active environment's code table (the unit of a chosen indicator is read from it). */
  codes(): CodeTable;
  /** The active environment's BR18 rule table (its `br18` override applied), read when the figures are judged. */
  rules(): Br18Rules;
  log: vscode.LogOutputChannel;
  extensionUri: vscode.Uri;
  /** Opens (or reveals) another dashboard: what the page's Inspect asks for. */
  open(target: DashboardTarget): void;
  /** Saves an export of this panel where the user chooses, saying where it went or why it failed. */
  export(panel: DashboardPanel, kind: ExportKind, chart?: ChartId): Promise<unknown>;
  /** What if… on a hot spot: asks for the alternative and computes its effect; undefined when nothing is to be shown. */
  whatIf(panel: DashboardPanel, request: Extract<WebviewToExtension, { type: 'whatIf' }>): Promise<WhatIfAnswer | undefined>;
}

/** The data last received for a panel, kept for exports ("JSON as received"). */
export interface LoadedDashboard {
  response: DashboardResponse;
  summary?: DashboardSummary;
  /** The BR18 view of every dashboard of the response (project dashboards whose project was read). */
  br18?: Br18Payload;
  unit: string;
  receivedAt: Date;
}

const CHART_IMAGE_TIMEOUT_MS = 20_000;

/** The webview may load files from the bundle folder only (the script and the stylesheet esbuild puts there). */
export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
  return { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media', 'dist')] };
}

export function panelTitle(target: DashboardTarget): string {
  return target.kind === 'project'
    ? l10n.t('Dashboard: {0}', target.projectName ?? target.projectId)
    : l10n.t('Inspect: {0}', target.constructionName ?? target.constructionId);
}

/** The figures' unit in the chosen language: "kg CO2e/m²/yr" (as the service names it) → "kg CO₂e/m²/yr", "kg CO₂e/m²/år" (as the webview writes it). */
export function unitText(unit: string): string {
  if (unit === DEFAULT_UNIT) return l10n.t('kg CO₂e/m²/yr');
  const perYear = /^(.+)\/m²\/yr$/.exec(unit);
  return perYear ? l10n.t('{0}/m²/yr', perYear[1]) : unit;
}

const isGwp = isGwpMapping;

export function mappingOptions(enums: IndicatorEnums | undefined): IndicatorMappingOption[] {
  return (enums?.indicatorTypeMappings ?? [])
    .filter((m) => typeof m.id === 'string' && typeof m.name === 'string')
    .map((m) => ({ id: m.id, name: m.name, indicator: m.indicator === undefined ? undefined : String(m.indicator) }));
}

/** The unit of the figures: the summary's, else per m² and year of the chosen indicator's unit (by `codes`). */
export function unitFor(mappings: IndicatorMappingOption[], mappingId: string | undefined, codes: CodeTable, summary?: DashboardSummary): string {
  if (summary?.unit) return summary.unit;
  const m = mappings.find((x) => x.id === mappingId);
  if (!m || isGwp(m)) return DEFAULT_UNIT;
  const indicator = codes.indicatorByName(m.indicator ?? '') ?? codes.indicatorByType(Number(m.indicator));
  return indicator ? `${indicator.unit}/m²/yr` : DEFAULT_UNIT;
}

// The project's own phases, as the agents' project question asks for them too.
export { projectPhases } from '../../core/dashboard/br18View';

export class DashboardPanel extends Disposable {
  readonly key: string;
  /** Fired (then disposed) by dispose() itself, after everything else: so not registered. */
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private last: ExtensionToWebview | undefined;
  private abort: AbortController | undefined;
  private loaded: LoadedDashboard | undefined;
  private mappings: IndicatorMappingOption[] = [];
  private phases: Phase[] = [...BR18_DEFAULT_PHASES];
  private br18Project: VerdictProject | undefined;
  private projectRead: ProjectDetail | undefined;

  /** The BR18 rule set the project's figures are judged by (exports say it), when the project was read. */
  get br18RuleSet(): Msg | undefined {
    return this.br18Project && ruleSetOfCalculationType(this.deps.rules(), this.br18Project.calculationTypeEnum)?.label;
  }
  private readonly images = new Map<string, (r: { dataUrl?: string; error?: string; caption?: string[] }) => void>();
  private contextLoaded = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    private targetValue: DashboardTarget,
    private queryValue: DashboardQuery | undefined,
    private readonly deps: PanelDeps,
  ) {
    super();
    // Disposed after the listeners below: its own onDidDispose listener is gone by then.
    this.register(panel);
    this.key = targetKey(targetValue);
    panel.webview.options = webviewOptions(deps.extensionUri);
    panel.iconPath = vscode.Uri.joinPath(deps.extensionUri, 'media', 'lca.svg');
    panel.title = panelTitle(targetValue);
    panel.webview.html = this.html();
    this.register(panel.webview.onDidReceiveMessage((m) => void this.receive(m)));
    this.register(panel.onDidDispose(() => this.dispose()));
    // Another language or number format: the webview draws what it shows again in it; the title follows.
    this.register(
      l10n.onDidChangeLanguage(() => {
        panel.title = panelTitle(this.targetValue);
        this.postLanguage();
      }),
    );
  }

  get target(): DashboardTarget {
    return this.targetValue;
  }

  get query(): DashboardQuery | undefined {
    return this.queryValue;
  }

  /** The data of the last successful load. */
  get data(): LoadedDashboard | undefined {
    return this.loaded;
  }

  get lastMessage(): ExtensionToWebview | undefined {
    return this.last;
  }

  /** What the What if… is computed from: the project read and the indicator the figures are of. */
  get whatIfContext(): { detail?: ProjectDetail; indicator?: { name: string; gwpTotal: boolean } } {
    const indicator = this.queryValue && indicatorOf(this.mappings, this.queryValue);
    return { detail: this.projectRead, ...(indicator ? { indicator } : {}) };
  }

  private html(): string {
    const webview = this.panel.webview;
    const bundle = (file: string): string => webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'dist', file)).toString();
    return dashboardHtml({
      cspSource: webview.cspSource,
      scriptUri: bundle('dashboard.js'),
      styleUri: bundle('dashboard.css'),
      nonce: createNonce(),
      lang: l10n.locale(),
      title: this.panel.title,
    });
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** The bundle and number locale the webview translates and formats with. */
  private postLanguage(): void {
    const bundle = l10n.bundle();
    this.post({ type: 'l10n', locale: l10n.locale(), ...(bundle ? { bundle } : {}) });
  }

  private post(message: ExtensionToWebview): void {
    if (this.isDisposed) return;
    // requestChartImage is a one-off; replaying it after a reload would answer a request nobody waits for; the
    // language is sent on every (re)load anyway.
    if (message.type !== 'requestChartImage' && message.type !== 'l10n' && message.type !== 'whatIf') this.last = message;
    void this.panel.webview.postMessage(message);
  }

  /** Loads (or reloads) everything; a newer load cancels an older one still under way. */
  async load(query?: DashboardQuery): Promise<void> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const signal = abort.signal;
    if (query) this.queryValue = query;
    const target = this.targetValue;
    this.post({ type: 'loading', target, query: this.queryValue ?? { stages: this.phases } });
    try {
      const client = await this.deps.client();
      if (!this.contextLoaded) {
        await this.loadContext(client, signal);
        this.contextLoaded = true;
      }
      const q = this.queryValue ?? { stages: this.phases };
      const isProject = this.targetValue.kind === 'project';
      const body = { stages: q.stages, ...(q.indicatorTypeMappingId ? { indicatorTypeMappingId: q.indicatorTypeMappingId } : {}) };
      const [response, summaryResult] = await Promise.all([
        this.targetValue.kind === 'project'
          ? client.getDashboard(target.projectId, body, signal)
          : client.inspectConstruction(target.projectId, this.targetValue.constructionId, signal),
        isProject
          ? client.getDashboardSummary(target.projectId, body, signal).then(
              (summary) => ({ summary, error: undefined }),
              (e: unknown) => ({ summary: undefined, error: errorMessage(e) }),
            )
          : Promise.resolve({ summary: undefined, error: undefined }),
      ]);
      if (signal.aborted) return;
      if (summaryResult.error) this.deps.log.warn(`Dashboard summary of ${target.projectId}: ${summaryResult.error}`);
      const unit = unitFor(this.mappings, q.indicatorTypeMappingId, this.deps.codes(), summaryResult.summary);
      // The verdicts are judged here, per branch, with the active environment's tables; the page only draws them.
      // A project that could not be read has no calculation type: every view then says there are no rules for it.
      const br18 = isProject ? br18Payload(this.deps.rules(), this.deps.codes(), this.br18Project ?? NO_VERDICT_PROJECT, response, q, this.mappings) : undefined;
      this.loaded = { response, summary: summaryResult.summary, ...(br18 ? { br18 } : {}), unit, receivedAt: new Date() };
      const payload: DashboardPayload = {
        target: this.targetValue,
        query: q,
        // The page gets no limit figure of the service's (no Remaining, no summary limit): only the verdicts in `br18`.
        responseJson: JSON.stringify(pageResponse(response)),
        summary: pageSummary(summaryResult.summary),
        summaryError: summaryResult.error,
        mappings: this.mappings,
        projectPhases: this.phases,
        ...(br18 ? { br18 } : {}),
        unit,
        locale: l10n.locale(),
      };
      this.post({ type: 'data', payload });
      // A project's dashboard drawn: the walkthrough's dashboard step has shown what it shows.
      if (isProject) stepDone('dashboard');
    } catch (e) {
      if (signal.aborted) return;
      this.deps.log.error(`Dashboard ${this.key}: ${errorMessage(e)}`);
      const signInAction = needsSignIn(e);
      // A refusal the service will repeat (404: not visible to this sign-in, 422, …) gets no Retry; Sign In reloads itself.
      const retryable = !signInAction && retryCanHelp(e);
      this.post({ type: 'error', target: this.targetValue, message: errorMessage(e), signInAction, ...(retryable ? {} : { retryable: false }) });
    } finally {
      if (this.abort === abort) this.abort = undefined;
    }
  }

  /** Project name and phases, and the indicator mappings: what the first query and the title need. */
  private async loadContext(client: LcaClient, signal: AbortSignal): Promise<void> {
    const [project, enums] = await Promise.all([
      client.getProject(this.targetValue.projectId, signal).catch((e: unknown) => {
        this.deps.log.warn(`Project ${this.targetValue.projectId} for its dashboard: ${errorMessage(e)}`);
        return undefined;
      }),
      this.deps.indicatorEnums(),
    ]);
    this.mappings = mappingOptions(enums);
    this.phases = projectPhases(project);
    this.br18Project = verdictProjectOf(project);
    this.projectRead = project;
    if (project?.projectName && !this.targetValue.projectName) {
      this.targetValue = { ...this.targetValue, projectName: project.projectName };
      this.panel.title = panelTitle(this.targetValue);
    }
    if (!this.queryValue) {
      const gwp = this.mappings.find(isGwp) ?? this.mappings[0];
      this.queryValue = gwp ? { stages: this.phases, indicatorTypeMappingId: gwp.id } : { stages: this.phases };
    }
  }

  /** Handles one message from the webview (tests call this to act as the webview). */
  async receive(raw: unknown): Promise<void> {
    const message = parseWebviewMessage(raw);
    if (!message) {
      this.deps.log.warn(`Dashboard ${this.key}: ignored a malformed message from the webview`);
      return;
    }
    switch (message.type) {
      case 'ready':
        // The webview (re)loaded: its language first, then what it should show now.
        this.postLanguage();
        if (this.last) void this.panel.webview.postMessage(this.last);
        else await this.load();
        return;
      case 'query':
        await this.load(message.query);
        return;
      case 'retry':
        await this.load();
        return;
      case 'signIn':
        await vscode.commands.executeCommand('lca.signIn');
        await this.load();
        return;
      case 'chartImage': {
        const resolve = this.images.get(message.requestId);
        this.images.delete(message.requestId);
        resolve?.(message);
        return;
      }
      case 'cspViolation':
        this.deps.log.warn(`Dashboard webview CSP violation: ${message.detail}`);
        return;
      case 'openLink':
        if (isWebLink(message.url)) await vscode.env.openExternal(vscode.Uri.parse(message.url, true));
        else this.deps.log.warn(`Dashboard: refused to open a link that is not http(s): ${message.url.slice(0, 200)}`);
        return;
      case 'inspectConstruction':
        this.deps.open({
          kind: 'construction',
          projectId: this.targetValue.projectId,
          projectName: this.targetValue.projectName,
          constructionId: message.constructionId,
          constructionName: message.constructionName,
        });
        return;
      case 'export':
        await this.deps.export(this, message.kind, message.chart);
        return;
      case 'whatIf': {
        const answer = await this.deps.whatIf(this, message);
        if (answer) this.post({ type: 'whatIf', answer });
        return;
      }
    }
  }

  /** Asks the webview for a PNG of a chart. */
  async chartImage(chart: ChartId): Promise<Uint8Array> {
    this.reveal();
    const requestId = createNonce();
    const answer = new Promise<{ dataUrl?: string; error?: string; caption?: string[] }>((resolve) => {
      this.images.set(requestId, resolve);
      setTimeout(() => {
        if (this.images.delete(requestId)) resolve({ error: l10n.t('The dashboard did not answer in time.') });
      }, CHART_IMAGE_TIMEOUT_MS);
    });
    // A panel that was hidden reloads its webview on reveal and may miss the first request: ask again until answered.
    this.post({ type: 'requestChartImage', requestId, chart });
    const again = setInterval(() => {
      if (this.images.has(requestId)) this.post({ type: 'requestChartImage', requestId, chart });
    }, 1000);
    const { dataUrl, error, caption } = await answer.finally(() => clearInterval(again));
    const match = dataUrl ? /^data:image\/png;base64,(.+)$/.exec(dataUrl) : null;
    if (!match) throw new Error(error ?? l10n.t('The chart image could not be made.'));
    const png = new Uint8Array(Buffer.from(match[1], 'base64'));
    // The heading drawn above the chart, also as the file's Title/Description metadata.
    return caption?.length ? withPngText(png, { Title: caption.join(' — '), Description: caption.join('\n'), Software: 'LCA Workbench' }) : png;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    this.abort?.abort();
    for (const resolve of this.images.values()) resolve({ error: l10n.t('The dashboard was closed.') });
    this.images.clear();
    super.dispose();
    this.disposed.fire();
    this.disposed.dispose();
  }
}
