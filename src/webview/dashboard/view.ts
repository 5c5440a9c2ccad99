// The dashboard page's state and its drawing order: what is shown (loading, error, data, empty), the filters and the
// shown branch, kept with setState. The first charts (budget, phases) are drawn at once; the heavier parts follow a
// tick later. What each part draws is in shell.ts, budget.ts, cards.ts, breakdown.ts, whatIf.ts and capture.ts; the
// BR18 verdicts come judged in the data (the page judges nothing).
import type { Br18DashboardView } from '../../core/dashboard/br18View';
import { createFormatter, type FigureFormatter } from '../../core/dashboard/format';
import { parsePayload, type ChartId, type DashboardData, type DashboardPayload, type DashboardQuery, type DashboardTarget, type DashboardViewState, type WebviewToExtension, type WhatIfAnswer } from '../../core/dashboard/messages';
import { indicatorOf } from '../../core/dashboard/indicator';
import { dashboardFor, isEmptyDashboard } from '../../core/dashboard/viewModel';
import { BreakdownCards } from './breakdown';
import { emptyVerdict, fillSummary, renderBudget } from './budget';
import { caption, ChartPictures } from './capture';
import { renderConstructions, renderHotSpots, renderPhases, renderShares, type CardDeps } from './cards';
import { ChartSet, warmUpChart } from './charts';
import { clear } from './dom';
import * as l10n from './l10n';
import { button, buildShell, checkedStages, fillHeader, messageBox, showEmpty, syncFilters, type Shell } from './shell';
import { unitText } from './text';
import { PageState } from './state';
import { onThemeChange, readTheme, type ChartTheme } from './theme';
import { showWhatIf } from './whatIf';

/** performance.mark name set when the first chart of a data message is on screen (read by the bench). */
export const FIRST_PAINT_MARK = 'lca-dashboard-first-chart-paint';

export interface Host {
  post(message: WebviewToExtension): void;
  saveState(state: DashboardViewState): void;
}

export class DashboardView {
  private readonly charts = new ChartSet<ChartId>();
  private theme: ChartTheme = readTheme();
  private chartsWarm = false;
  private payload: DashboardData | undefined;
  private readonly state: PageState;
  private generation = 0;
  private shell: Shell | undefined;
  /** The last data as received (drawn again in another language), or how to show the last state without data. */
  private lastPayload: DashboardPayload | undefined;
  private lastState: (() => void) | undefined;
  private locale: string | undefined;
  private formatter?: { key: string; fmt: FigureFormatter };
  private readonly deps: CardDeps = { charts: this.charts, theme: () => this.theme, post: (m) => this.host.post(m), branch: () => this.state.branch };
  private readonly pictures = new ChartPictures({
    charts: this.charts,
    theme: () => this.theme,
    caption: (chart) => caption(chart, this.payload, this.shownBranch(), this.br18()),
    missing: (chart) => {
      // No budget bar without a verdict: the answer says why.
      const v = chart === 'budget' ? this.br18()?.verdict : undefined;
      return v?.kind === 'none' ? l10n.t('There is no budget chart: {0}.', l10n.say(v.reason)) : undefined;
    },
    post: (m) => this.host.post(m),
  });
  private readonly breakdown = new BreakdownCards({ ...this.deps, tableState: () => this.state, tableStateChanged: (e, f) => this.state.table(e, f) });

  constructor(
    private readonly root: HTMLElement,
    private readonly host: Host,
    restored: DashboardViewState | undefined,
  ) {
    this.state = new PageState((s) => host.saveState(s), (m) => host.post(m), restored);
    onThemeChange(() => {
      this.theme = readTheme();
      this.charts.rerender();
    });
  }

  /**
   * Another language or number format (`lca.language`, `lca.numberFormat`): takes the bundle and draws what is
   * shown again — the page, charts and table — in it.
   */
  setLanguage(locale: string, bundle: Readonly<Record<string, string>> | undefined): void {
    l10n.configure(locale, bundle);
    const changed = this.locale !== undefined && this.locale !== locale;
    this.locale = locale;
    document.documentElement.lang = locale;
    if (this.lastPayload) {
      this.clearPage();
      this.showData(this.lastPayload);
    } else if (this.lastState) this.lastState();
    else if (changed) this.warmUp(locale);
  }

  /**
   * Work that needs no data, done while the first answer is awaited: the browser loads its number-formatting
   * (ICU) data on the first Intl use, and ECharts its code and the canvas's fonts on the first chart, which would
   * otherwise delay the first figure by tens of milliseconds.
   */
  warmUp(locale: string): void {
    const fmt = createFormatter(locale, '');
    fmt.number(1234.5);
    if (this.chartsWarm) return;
    this.chartsWarm = true;
    try {
      warmUpChart(this.theme, fmt);
    } catch {
      // Only a head start: the first real chart does the same work (and reports what fails).
    }
  }

  showLoading(target: DashboardTarget, query: DashboardQuery): void {
    this.state.target = target;
    this.state.query = query;
    this.state.save();
    if (this.shell && this.payload) {
      // Keep the figures on screen while new ones load; the bar and aria-busy say they are stale.
      this.shell.progress.hidden = false;
      this.root.setAttribute('aria-busy', 'true');
      syncFilters(this.shell, this.state.query);
      return;
    }
    this.lastState = () => this.showLoading(target, query);
    this.showMessage('loading', l10n.t('Loading dashboard…'), undefined);
  }

  showError(target: DashboardTarget, message: string, signInAction: boolean, retryable = true): void {
    this.state.target = target;
    this.generation++;
    this.lastPayload = undefined;
    this.lastState = () => this.showError(target, message, signInAction, retryable);
    const actions: HTMLElement[] = [];
    if (retryable) actions.push(button(l10n.t('Retry'), () => this.host.post({ type: 'retry' }), 'primary'));
    if (signInAction) actions.push(button(l10n.t('Sign In'), () => this.host.post({ type: 'signIn' }), actions.length ? 'secondary' : 'primary'));
    this.showMessage('error', l10n.t('The dashboard could not be loaded'), message, actions);
  }

  showData(message: DashboardPayload): void {
    const gen = ++this.generation;
    this.pictures.unsettle();
    this.lastPayload = message;
    this.lastState = undefined;
    // The number format the extension last set wins over the one the data was sent with.
    const payload = parsePayload(this.locale ? { ...message, locale: this.locale } : message);
    const firstOfTarget = !this.payload || this.payload.target.projectId !== payload.target.projectId;
    this.payload = payload;
    this.state.target = payload.target;
    this.state.query = payload.query;
    if (firstOfTarget && this.state.branch && !(this.state.branch in payload.response.dashboardsPerBranchPlusTotal)) this.state.branch = undefined;
    this.root.removeAttribute('aria-busy');
    if (!this.shell || !this.shell.main.isConnected) {
      this.clearPage();
      this.shell = buildShell(this.root, {
        post: (m) => this.host.post(m),
        stagesChanged: () => this.state.stagesChanged(checkedStages(this.shell!)),
        mappingChanged: () => this.state.mappingChanged(this.shell!.mapping.value),
        branchChanged: (branch) => {
          this.state.branch = branch;
          this.state.save();
          this.renderBranch(++this.generation);
        },
      });
    }
    this.shell.progress.hidden = true;
    this.state.branch = fillHeader(this.shell, payload, this.state.query, this.state.branch);
    this.renderBranch(gen);
    this.state.save();
  }

  /** Answers the extension's request for a chart picture. */
  chartImage(requestId: string, chart: ChartId): void {
    this.pictures.request(requestId, chart);
  }

  /** The answer to a What if…: the building's result and verdicts after the change beside the current ones. */
  showWhatIf(answer: WhatIfAnswer): void {
    const box = document.getElementById('what-if');
    if (box && this.payload) showWhatIf(box, answer, this.fmt(this.payload), unitText(this.payload.unit));
  }

  private clearPage(): void {
    this.charts.dispose();
    clear(this.root);
    this.shell = undefined;
    this.breakdown.reset();
  }

  private showMessage(kind: 'loading' | 'error' | 'empty', title: string, detail: string | undefined, actions: HTMLElement[] = []): void {
    this.pictures.unsettle();
    this.clearPage();
    this.root.setAttribute('aria-busy', kind === 'loading' ? 'true' : 'false');
    this.root.append(messageBox(kind, title, detail, actions));
    actions[0]?.focus();
    if (kind !== 'loading') this.pictures.settle();
  }

  private fmt(payload: DashboardData): FigureFormatter {
    const unit = unitText(payload.unit);
    const key = `${payload.locale}\u0000${unit}`;
    if (this.formatter?.key !== key) this.formatter = { key, fmt: createFormatter(payload.locale, unit) };
    return this.formatter.fmt;
  }

  private shownBranch(): string | undefined {
    return this.payload ? dashboardFor(this.payload.response, this.state.branch)?.branch : undefined;
  }

  /** The BR18 view of the shown branch as the extension judged it; undefined for a construction (or none sent). */
  private br18(): Br18DashboardView | undefined {
    const p = this.payload;
    const branch = this.shownBranch();
    return p?.target.kind === 'project' && branch !== undefined ? p.br18?.perBranch[branch] : undefined;
  }

  private renderBranch(gen: number): void {
    const payload = this.payload;
    const shell = this.shell;
    if (!payload || !shell) return;
    this.pictures.unsettle();
    const dashboard = dashboardFor(payload.response, this.state.branch)?.dashboard;
    const view = this.br18();
    const fmt = this.fmt(payload);
    // The strip follows the shown branch: its figure and, with a verdict, its limit and remaining.
    fillSummary(shell.summary, payload, dashboard, view, fmt);
    const noStages = payload.target.kind === 'project' && payload.query.stages.length === 0;
    if (!dashboard || isEmptyDashboard(dashboard) || noStages) {
      this.charts.dispose();
      this.breakdown.reset();
      showEmpty(shell, noStages, emptyVerdict(payload, view), () => this.host.post({ type: 'retry' }));
      performance.mark(FIRST_PAINT_MARK);
      this.pictures.settle();
      return;
    }
    shell.grid.hidden = false;
    shell.empty.hidden = true;
    const cards = shell.cards;
    // First paint: the budget alone; the phases next, everything else after the browser has had a chance to draw.
    renderBudget(cards.budget, this.charts, () => this.theme, dashboard, fmt, payload, view, () => performance.mark(FIRST_PAINT_MARK));
    const later = (fn: () => void): void => {
      setTimeout(() => {
        if (gen === this.generation) fn();
      }, 0);
    };
    later(() => renderPhases(cards.phases, this.deps, dashboard, fmt, indicatorOf(payload.mappings, payload.query)));
    later(() => {
      renderConstructions(cards.constructions, this.deps, dashboard, fmt);
      renderHotSpots(cards.hotSpots, this.deps, dashboard, fmt, payload.target.kind === 'project');
      renderShares(cards, this.deps, dashboard, fmt);
      later(() => {
        this.breakdown.render(cards, dashboard, fmt, payload);
        this.pictures.settle();
      });
    });
  }
}
