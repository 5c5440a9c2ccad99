// The dashboard page: filters, summary strip, chart cards and the breakdown table, with loading, empty and
// error states. The first charts (budget, phases) are drawn at once; the heavier parts follow a tick later.
import { PHASES, type Phase } from '../../core/codes';
import { createFormatter, type FigureFormatter } from '../../core/dashboard/format';
import { parsePayload, type ChartId, type DashboardData, type DashboardPayload, type DashboardQuery, type DashboardTarget, type DashboardViewState, type WebviewToExtension, type WhatIfAnswer } from '../../core/dashboard/messages';
import {
  branchNames,
  breakdownTree,
  budgetModel,
  countedTotal,
  dashboardFor,
  epdTypeEntries,
  isEmptyDashboard,
  mappingModel,
  phaseLabel,
  phaseRows,
  TOTAL_BRANCH,
  sortedEntries,
  toNumber,
  topWithOthers,
  treemapData,
  rowById,
  type BreakdownRow,
} from '../../core/dashboard/viewModel';
import type { Dashboard } from '../../core/api/types';
import { BR18_LABELS, br18DashboardView, isGwpTotalMapping, verdictBadge, type Br18DashboardView } from '../../core/dashboard/br18View';
import { ASSUMED_CODES, codeTableOf, type CodeTable, type CodeTableData } from '../../core/codeTable';
import { BR18_RULES } from '../../core/lca/br18Rules';
import { budgetOption, ChartSet, donutOption, mappingOption, phasesOption, rankedBarOption, treemapOption } from './charts';
import { append, clear, h } from './dom';
import * as l10n from './l10n';
import { BreakdownTable } from './table';
import { onThemeChange, readTheme, type ChartTheme } from './theme';

export const TOP_CONSTRUCTIONS = 10;
export const TOP_HOT_SPOTS = 10;
/** performance.mark name set when the first chart of a data message is on screen (read by the bench). */
export const FIRST_PAINT_MARK = 'lca-dashboard-first-chart-paint';

export interface Host {
  post(message: WebviewToExtension): void;
  saveState(state: DashboardViewState): void;
}

interface Card {
  section: HTMLElement;
  text: HTMLElement;
  chart?: HTMLElement;
}

export class DashboardView {
  private readonly charts = new ChartSet<ChartId>();
  private theme: ChartTheme = readTheme();
  private payload: DashboardData | undefined;
  /** The active environment's code table the extension sent with the project (made once per payload). */
  private codes: { data: CodeTableData; table: CodeTable } | undefined;
  private target: DashboardTarget | undefined;
  private query: DashboardQuery | undefined;
  private branch: string | undefined;
  private expanded: string[] = [];
  private filterText = '';
  private generation = 0;
  /** False while data is loading or charts are still being drawn; picture requests wait for it. */
  private settled = false;
  private readonly pendingImages = new Map<string, ChartId>();
  private shell: ReturnType<DashboardView['buildShell']> | undefined;
  private table: BreakdownTable | undefined;
  private rows: BreakdownRow[] = [];
  /** The last data as received (drawn again in another language), or how to show the last state without data. */
  private lastPayload: DashboardPayload | undefined;
  private lastState: (() => void) | undefined;
  private locale: string | undefined;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: Host,
    restored: DashboardViewState | undefined,
  ) {
    if (restored) {
      this.target = restored.target;
      this.query = restored.query;
      this.branch = restored.branch;
      this.expanded = restored.expanded ?? [];
      this.filterText = restored.filterText ?? '';
    }
    onThemeChange(() => {
      this.theme = readTheme();
      this.charts.rerender();
    });
  }

  // ---- language ----

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
      this.charts.dispose();
      clear(this.root);
      this.shell = undefined;
      this.table = undefined;
      this.formatter = undefined;
      this.showData(this.lastPayload);
    } else if (this.lastState) this.lastState();
    else if (changed) this.warmUp(locale);
  }

  // ---- states ----

  showLoading(target: DashboardTarget, query: DashboardQuery): void {
    this.target = target;
    this.query = query;
    this.save();
    if (this.shell && this.payload) {
      // Keep the figures on screen while new ones load; the bar and aria-busy say they are stale.
      this.shell.progress.hidden = false;
      this.root.setAttribute('aria-busy', 'true');
      this.syncFilters();
      return;
    }
    this.lastState = () => this.showLoading(target, query);
    this.showMessage('loading', l10n.t('Loading dashboard…'), undefined);
  }

  showError(target: DashboardTarget, message: string, signInAction: boolean, retryable = true): void {
    this.target = target;
    this.generation++;
    this.lastPayload = undefined;
    this.lastState = () => this.showError(target, message, signInAction, retryable);
    const actions: HTMLElement[] = [];
    if (retryable) actions.push(this.button(l10n.t('Retry'), () => this.host.post({ type: 'retry' }), actions.length ? 'secondary' : 'primary'));
    if (signInAction) actions.push(this.button(l10n.t('Sign In'), () => this.host.post({ type: 'signIn' }), actions.length ? 'secondary' : 'primary'));
    this.showMessage('error', l10n.t('The dashboard could not be loaded'), message, actions);
  }

  showData(message: DashboardPayload): void {
    const gen = ++this.generation;
    this.settled = false;
    this.lastPayload = message;
    this.lastState = undefined;
    // The number format the extension last set wins over the one the data was sent with.
    const payload = parsePayload(this.locale ? { ...message, locale: this.locale } : message);
    const firstOfTarget = !this.payload || this.payload.target.projectId !== payload.target.projectId;
    this.payload = payload;
    this.target = payload.target;
    this.query = payload.query;
    if (firstOfTarget && this.branch && !(this.branch in payload.response.dashboardsPerBranchPlusTotal)) this.branch = undefined;
    this.root.removeAttribute('aria-busy');
    if (!this.shell || !this.shell.main.isConnected) {
      this.charts.dispose();
      clear(this.root);
      this.shell = this.buildShell();
      this.table = undefined;
    }
    this.shell.progress.hidden = true;
    this.fillHeader(payload);
    this.renderBranch(gen);
    this.save();
  }

  /** Answers the extension's request for a chart picture. */
  chartImage(requestId: string, chart: ChartId): void {
    const canvas = this.charts.canvas(chart, this.theme.background);
    if (canvas) {
      this.pendingImages.delete(requestId);
      const caption = this.caption(chart);
      this.host.post({ type: 'chartImage', requestId, dataUrl: withCaption(canvas, caption, this.theme), caption });
    } else if (!this.settled) {
      // Still loading or drawing: answer once the charts are there.
      this.pendingImages.set(requestId, chart);
    } else {
      this.pendingImages.delete(requestId);
      this.host.post({ type: 'chartImage', requestId, error: l10n.t('The chart "{0}" is not on screen.', chart) });
    }
  }

  /** What a saved chart says about itself: the project (or construction), the chart, the branch and the unit. */
  private caption(chart: ChartId): string[] {
    const p = this.payload;
    const t = p?.target;
    const project = t?.projectName ?? t?.projectId ?? '';
    const who = t?.kind === 'construction' ? l10n.t('Construction {0} in {1}', t.constructionName ?? t.constructionId, project) : project;
    const branch = p ? dashboardFor(p.response, this.branch)?.branch : undefined;
    const stages = p && t?.kind === 'project' ? p.query.stages.map(phaseLabel).join(', ') : undefined;
    const second = [chartTitle(chart), branch && branch !== TOTAL_BRANCH ? `${l10n.t('Branch')}: ${branch}` : undefined, stages, p ? unitText(p.unit) : undefined].filter(Boolean).join(' · ');
    // Which rules the figures are judged by, and the verdicts (or why there is none): a saved chart says it too.
    const view = this.br18();
    const v = view?.verdict;
    const third = !v
      ? undefined
      : [v.ruleSet ? l10n.say(view!.rules!) : undefined, ...(v.kind === 'verdict' ? [l10n.say(verdictBadge('building', v.building)), v.constructionProcess ? l10n.say(verdictBadge('constructionProcess', v.constructionProcess)) : undefined] : [l10n.say(v.reason)])]
          .filter(Boolean)
          .join(' · ');
    return third ? [who, second, third] : [who, second];
  }

  /** Marks the view as fully drawn (or in a final state) and answers waiting picture requests. */
  private settle(): void {
    this.settled = true;
    for (const [requestId, chart] of [...this.pendingImages]) this.chartImage(requestId, chart);
  }

  // ---- layout ----

  private showMessage(kind: 'loading' | 'error' | 'empty', title: string, detail: string | undefined, actions: HTMLElement[] = []): void {
    this.settled = false;
    this.charts.dispose();
    this.shell = undefined;
    this.table = undefined;
    clear(this.root);
    this.root.setAttribute('aria-busy', kind === 'loading' ? 'true' : 'false');
    const box = h('div', { class: `state state-${kind}`, role: kind === 'error' ? 'alert' : 'status' });
    if (kind === 'loading') box.append(h('div', { class: 'spinner', 'aria-hidden': 'true' }));
    append(box, h('p', { class: 'state-title' }, title), detail ? h('p', { class: 'state-detail' }, detail) : null);
    if (actions.length) box.append(h('div', { class: 'state-actions' }, ...actions));
    this.root.append(box);
    actions[0]?.focus();
    if (kind !== 'loading') this.settle();
  }

  private button(label: string, onClick: () => void, cls = 'secondary', attrs: Record<string, string> = {}): HTMLButtonElement {
    const b = h('button', { type: 'button', class: cls, ...attrs }, label);
    b.addEventListener('click', onClick);
    return b;
  }

  private card(id: string, title: string, chart: ChartId | undefined, wide = false): Card {
    const text = h('div', { class: 'card-text' });
    const chartEl = chart ? h('div', { class: `chart chart-${chart}`, id: `chart-${chart}`, role: 'img', 'aria-label': title }) : undefined;
    const header = h('header', { class: 'card-header' }, h('h2', { id: `${id}-title` }, title));
    if (chart) header.append(this.button(l10n.t('Save PNG'), () => this.host.post({ type: 'export', kind: 'png', chart }), 'secondary small', { 'aria-label': l10n.t('Save "{0}" as PNG', title) }));
    const section = h('section', { class: `card${wide ? ' wide' : ''}`, id, 'aria-labelledby': `${id}-title` }, header, text);
    if (chartEl) section.append(chartEl);
    return { section, text, chart: chartEl };
  }

  private buildShell() {
    const progress = h('div', { class: 'progress', role: 'progressbar', 'aria-label': l10n.t('Refreshing…') });
    progress.hidden = true;
    const title = h('h1', { id: 'title' });
    const subtitle = h('span', { id: 'subtitle', class: 'muted' });
    const stages = h('fieldset', { class: 'stages', id: 'stages' }, h('legend', {}, l10n.t('Stages')));
    for (const p of PHASES) {
      const box = h('input', { type: 'checkbox', id: `stage-${p}`, value: p });
      box.addEventListener('change', () => this.onStagesChanged());
      stages.append(h('label', { class: 'stage', for: `stage-${p}` }, box, phaseLabel(p)));
    }
    const mapping = h('select', { id: 'mapping' });
    mapping.addEventListener('change', () => this.onMappingChanged());
    const branch = h('select', { id: 'branch' });
    branch.addEventListener('change', () => {
      this.branch = branch.value;
      this.save();
      this.renderBranch(++this.generation);
    });
    const mappingField = h('label', { class: 'field', id: 'mapping-field' }, h('span', {}, l10n.t('Indicator')), mapping);
    const branchField = h('label', { class: 'field' }, h('span', {}, l10n.t('Branch')), branch);
    const actions = h(
      'div',
      { class: 'actions' },
      this.button(l10n.t('Refresh'), () => this.host.post({ type: 'retry' }), 'secondary', { id: 'refresh' }),
      this.button(l10n.t('Export CSV (breakdown)'), () => this.host.post({ type: 'export', kind: 'csvBreakdown' })),
      this.button(l10n.t('Export CSV (phases)'), () => this.host.post({ type: 'export', kind: 'csvPhases' })),
      this.button(l10n.t('Export JSON'), () => this.host.post({ type: 'export', kind: 'json' })),
    );
    const header = h(
      'header',
      { class: 'page-header' },
      h('div', { class: 'title-row' }, title, subtitle),
      h('div', { class: 'toolbar' }, stages, mappingField, branchField, actions),
    );
    const summary = h('section', { class: 'summary-strip', id: 'summary', 'aria-label': l10n.t('Summary') });
    const empty = h('div', { class: 'state state-empty', role: 'status' });
    empty.hidden = true;
    const cards = {
      budget: this.card('card-budget', l10n.t('Emission budget'), 'budget'),
      phases: this.card('card-phases', l10n.t('Emission per phase'), 'phases'),
      constructions: this.card('card-constructions', l10n.t('Emission per construction'), 'constructions'),
      hotSpots: this.card('card-hotspots', l10n.t('Hot spots'), undefined),
      models: this.card('card-models', l10n.t('Emission per model'), 'models'),
      epdTypes: this.card('card-epdtypes', l10n.t('EPD types'), 'epdTypes'),
      mapping: this.card('card-mapping', l10n.t('Mapping status'), 'mapping'),
      breakdown: this.card('card-breakdown', l10n.t('Breakdown'), 'breakdown', true),
      table: this.card('card-table', l10n.t('Breakdown table'), undefined, true),
    };
    const grid = h('div', { class: 'grid', id: 'content' }, ...Object.values(cards).map((c) => c.section));
    const main = h('div', { class: 'page' }, progress, header, summary, empty, grid);
    this.root.append(main);
    return { main, progress, title, subtitle, stages, mapping, mappingField, branch, summary, empty, grid, cards };
  }

  // ---- filling ----

  private formatter?: { key: string; fmt: FigureFormatter };

  private fmt(payload: DashboardData): FigureFormatter {
    const unit = unitText(payload.unit);
    const key = `${payload.locale}\u0000${unit}`;
    if (this.formatter?.key !== key) this.formatter = { key, fmt: createFormatter(payload.locale, unit) };
    return this.formatter.fmt;
  }

  /**
   * Work that needs no data, done while the first answer is awaited: the browser loads its number-formatting
   * (ICU) data on the first Intl use, which would otherwise delay the first figure by tens of milliseconds.
   */
  warmUp(locale: string): void {
    createFormatter(locale, '').number(1234.5);
  }

  private fillHeader(payload: DashboardData): void {
    const shell = this.shell!;
    const t = payload.target;
    const project = t.projectName ?? payload.summary?.projectName ?? t.projectId;
    shell.title.textContent = t.kind === 'project' ? project : (t.constructionName ?? t.constructionId);
    const unit = unitText(payload.unit);
    shell.subtitle.textContent = t.kind === 'project' ? unit : `${l10n.t('Construction')} · ${project} · ${unit}`;
    document.title = shell.title.textContent;
    const isProject = t.kind === 'project';
    shell.stages.hidden = !isProject;
    shell.mappingField.hidden = !isProject;
    clear(shell.mapping);
    if (payload.mappings.length) {
      for (const m of payload.mappings) shell.mapping.append(h('option', { value: m.id }, m.name));
      shell.mapping.disabled = false;
    } else {
      shell.mapping.append(h('option', { value: '' }, l10n.t('Service default')));
      shell.mapping.disabled = true;
    }
    this.syncFilters();
    clear(shell.branch);
    const names = branchNames(payload.response);
    for (const n of names) shell.branch.append(h('option', { value: n }, n));
    const chosen = dashboardFor(payload.response, this.branch);
    this.branch = chosen?.branch;
    if (chosen) shell.branch.value = chosen.branch;
    shell.branch.disabled = names.length < 2;
    this.fillSummary(payload);
  }

  private syncFilters(): void {
    if (!this.shell || !this.query) return;
    for (const p of PHASES) {
      const box = this.shell.stages.querySelector<HTMLInputElement>(`#stage-${p}`);
      if (box) box.checked = this.query.stages.includes(p);
    }
    if (this.query.indicatorTypeMappingId) this.shell.mapping.value = this.query.indicatorTypeMappingId;
  }

  private fillSummary(payload: DashboardData): void {
    const el = this.shell!.summary;
    clear(el);
    const s = payload.summary;
    const fmt = this.fmt(payload);
    if (payload.target.kind !== 'project') {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    if (!s) {
      el.append(h('p', { class: 'muted' }, l10n.t('Summary unavailable: {0}', payload.summaryError ?? '—')));
      return;
    }
    const item = (label: string, value: string, cls = ''): HTMLElement =>
      h('div', { class: `summary-item ${cls}` }, h('span', { class: 'summary-label' }, label), h('span', { class: 'summary-value' }, value));
    const used = toNumber(s.used);
    const limitTotal = toNumber(s.limitTotal);
    const extra = toNumber(s.extraAllowance);
    const limitText = Number.isFinite(extra) && extra !== 0 ? `${fmt.number(limitTotal)} (${fmt.number(toNumber(s.limit))} + ${fmt.number(extra)})` : fmt.number(limitTotal);
    append(
      el,
      item(l10n.t('Used'), fmt.withUnit(used), 'summary-used'),
      item(l10n.t('Limit incl. allowances'), limitText),
      item(l10n.t('Remaining'), fmt.number(toNumber(s.remaining))),
      item(`${l10n.t('Module D')} (${l10n.t('not counted')})`, fmt.number(toNumber(s.moduleD))),
      item(l10n.t('Reference area'), `${fmt.number(toNumber(s.referenceArea))} m²`),
      s.considerationPeriod !== undefined ? item(l10n.t('Consideration period'), l10n.t('{0} years', fmt.count(s.considerationPeriod))) : null,
      s.elements !== undefined ? item(l10n.t('Mapped elements'), `${fmt.count(s.mappedElements ?? 0)} / ${fmt.count(s.elements)}`) : null,
      ...this.resultItems(item),
    );
  }

  /**
   * The BR18 view of the shown branch (the verdicts, or why there is none), judged from the dashboard's per-phase
   * figures and the project's fields; undefined for a construction (Inspect shows no verdict).
   */
  private br18(dashboard?: Dashboard): Br18DashboardView | undefined {
    const p = this.payload;
    if (!p || p.target.kind !== 'project') return undefined;
    const d = dashboard ?? dashboardFor(p.response, this.branch)?.dashboard ?? {};
    const mapping = p.mappings.find((m) => m.id === p.query.indicatorTypeMappingId);
    const indicator = mapping ? { name: mapping.name, gwpTotal: isGwpTotalMapping(mapping) } : undefined;
    if (!p.br18) return br18DashboardView(BR18_RULES, ASSUMED_CODES, { calculationTypeEnum: undefined, heatedArea: 0 }, d, p.query.stages, indicator);
    // The project's BR18 category comes from its building type in the active environment's code table, sent with it.
    if (this.codes?.data !== p.br18.codes) this.codes = { data: p.br18.codes, table: codeTableOf(p.br18.codes) };
    return br18DashboardView(p.br18.rules, this.codes.table, p.br18.project, d, p.query.stages, indicator);
  }

  private resultItems(item: (label: string, value: string, cls?: string) => HTMLElement): HTMLElement[] {
    const view = this.br18();
    if (!view) return [];
    const v = view.verdict;
    const rules = v.ruleSet ? [item(l10n.say(BR18_LABELS.rules), l10n.say(v.ruleSet.label), 'summary-rules')] : [];
    if (v.kind !== 'verdict') return [item(l10n.t('Result'), l10n.say(v.reason), 'not-br18 summary-result'), ...rules];
    const out = [item(l10n.say(BR18_LABELS.building), l10n.say(verdictBadge('building', v.building)), `${v.building.passes ? 'pass' : 'fail'} summary-result`)];
    if (v.constructionProcess) out.push(item(l10n.say(BR18_LABELS.constructionProcess), l10n.say(verdictBadge('constructionProcess', v.constructionProcess)), `${v.constructionProcess.passes ? 'pass' : 'fail'} summary-result-cp`));
    return [...out, ...rules];
  }

  private renderBranch(gen: number): void {
    const payload = this.payload;
    const shell = this.shell;
    if (!payload || !shell) return;
    this.settled = false;
    const chosen = dashboardFor(payload.response, this.branch);
    const dashboard: Dashboard | undefined = chosen?.dashboard;
    const noStages = payload.target.kind === 'project' && payload.query.stages.length === 0;
    if (!dashboard || isEmptyDashboard(dashboard) || noStages) {
      this.charts.dispose();
      this.table = undefined;
      shell.grid.hidden = true;
      shell.empty.hidden = false;
      clear(shell.empty);
      append(
        shell.empty,
        h('p', { class: 'state-title' }, l10n.t('Nothing to show')),
        h('p', { class: 'state-detail' }, noStages ? l10n.t('No stage is selected. Select at least one stage to see emissions.') : l10n.t('This selection has no elements with emissions yet (nothing mapped, or no figures for these stages).')),
        ...this.emptyVerdict(dashboard),
        h('div', { class: 'state-actions' }, this.button(l10n.t('Refresh'), () => this.host.post({ type: 'retry' }))),
      );
      performance.mark(FIRST_PAINT_MARK);
      this.settle();
      return;
    }
    shell.grid.hidden = false;
    shell.empty.hidden = true;
    const fmt = this.fmt(payload);
    // First paint: the budget alone; the phases next, everything else after the browser has had a chance to draw.
    this.renderBudget(dashboard, fmt, () => performance.mark(FIRST_PAINT_MARK));
    const later = (fn: () => void): void => {
      setTimeout(() => {
        if (gen === this.generation) fn();
      }, 0);
    };
    later(() => this.renderPhases(dashboard, fmt));
    later(() => {
      this.renderConstructions(dashboard, fmt);
      this.renderHotSpots(dashboard, fmt);
      this.renderShares(dashboard, fmt);
      later(() => {
        this.renderBreakdown(dashboard, fmt, payload);
        this.settle();
      });
    });
  }

  /** Why an empty project dashboard has no verdict ("no result yet: 0 of 0 elements mapped"). */
  private emptyVerdict(dashboard: Dashboard | undefined): HTMLElement[] {
    const view = this.br18(dashboard ?? {});
    if (!view || view.verdict.kind === 'verdict') return [];
    return [h('p', { class: 'badge not-br18', id: 'empty-verdict' }, l10n.say(view.verdict.reason))];
  }

  private renderBudget(d: Dashboard, fmt: FigureFormatter, onPainted: () => void): void {
    const card = this.shell!.cards.budget;
    // The limit and its allowances are the project's, whichever branch is shown.
    const computed = budgetModel(d, this.payload?.summary);
    clear(card.text);
    const moduleD = computed.moduleD !== undefined ? h('p', { class: 'muted', id: 'budget-d' }, `${l10n.t('Module D')} (${l10n.t('not counted')}): ${fmt.withUnit(computed.moduleD)}`) : null;
    const view = this.br18(d);
    if (!view) {
      // One construction's figures: the building's limit is not the construction's, so nothing is compared with it.
      append(
        card.text,
        h('p', { class: 'figure', id: 'budget-used' }, fmt.withUnit(computed.used)),
        h('p', { class: 'badge muted', id: 'budget-verdict' }, l10n.t('One construction’s figures — not compared with the building’s limit')),
        moduleD,
      );
      card.chart!.hidden = true;
      onPainted();
      return;
    }
    card.chart!.hidden = false;
    const v = view.verdict;
    // Without a verdict the figures are not judged: no pass/fail colour, no "over by"; the reason is said instead.
    const b = v.kind === 'verdict' ? computed : { ...computed, passes: true, overBy: 0 };
    const allowance = b.extraAllowance ? ` (${fmt.number(b.limit ?? b.limitTotal - b.extraAllowance)} + ${fmt.number(b.extraAllowance)} ${l10n.t('special-condition allowance')})` : '';
    const verdicts: HTMLElement[] =
      v.kind === 'verdict'
        ? [
            h('p', { class: v.building.passes ? 'badge pass' : 'badge fail', id: 'budget-verdict' }, l10n.say(verdictBadge('building', v.building))),
            h('p', { id: 'budget-building' }, l10n.say(view.building!)),
            ...(v.constructionProcess
              ? [
                  h('p', { class: v.constructionProcess.passes ? 'badge pass' : 'badge fail', id: 'budget-verdict-cp' }, l10n.say(verdictBadge('constructionProcess', v.constructionProcess))),
                  h('p', { id: 'budget-construction-process' }, l10n.say(view.constructionProcess!)),
                ]
              : []),
          ]
        : [h('p', { class: 'badge not-br18', id: 'budget-verdict' }, l10n.say(v.reason))];
    append(
      card.text,
      h('p', { class: 'figure', id: 'budget-used' }, fmt.withUnit(b.used)),
      h('p', {}, `${l10n.t('Used')} ${l10n.t('of')} ${fmt.number(b.limitTotal)}${allowance} · ${l10n.t('Remaining')} ${fmt.number(b.remaining)}`),
      ...verdicts,
      view.serviceDiffers ? h('p', { class: 'muted', id: 'budget-service-differs' }, l10n.say(view.serviceDiffers)) : null,
      view.rules ? h('p', { class: 'muted', id: 'budget-rules' }, l10n.say(view.rules)) : null,
      moduleD,
    );
    this.charts.render('budget', card.chart!, () => budgetOption(b, this.theme, fmt), onPainted);
  }

  private renderPhases(d: Dashboard, fmt: FigureFormatter): void {
    const card = this.shell!.cards.phases;
    const rows = phaseRows(d.emissionPerPhase);
    clear(card.text);
    card.text.append(h('p', {}, `${l10n.t('Total of counted phases')} (${rows.filter((r) => r.counted).map((r) => r.label).join(', ')}): ${fmt.withUnit(countedTotal(rows))}`));
    const list = h('ul', { class: 'phase-list visually-hidden' });
    for (const r of rows) list.append(h('li', {}, `${r.label}: ${fmt.withUnit(r.value)}${r.counted ? '' : ` (${l10n.t('not counted')})`}`));
    card.text.append(list);
    this.charts.render('phases', card.chart!, () => phasesOption(rows, this.theme, fmt));
  }

  private renderConstructions(d: Dashboard, fmt: FigureFormatter): void {
    const card = this.shell!.cards.constructions;
    const sorted = sortedEntries(d.emissionPerConstruction);
    const top = topWithOthers(sorted, TOP_CONSTRUCTIONS, l10n.t('Others ({0})', Math.max(0, sorted.length - TOP_CONSTRUCTIONS)));
    clear(card.text);
    card.chart!.classList.toggle('tall', top.length > 6);
    this.charts.render('constructions', card.chart!, () => rankedBarOption(top, this.theme, fmt));
  }

  private renderHotSpots(d: Dashboard, fmt: FigureFormatter): void {
    const card = this.shell!.cards.hotSpots;
    const top = sortedEntries(d.hotSpot).slice(0, TOP_HOT_SPOTS);
    clear(card.text);
    if (!top.length) {
      card.text.append(h('p', { class: 'muted' }, l10n.t('No hot spots.')));
      return;
    }
    const max = Math.max(...top.map((e) => Math.abs(e.value)), 1e-9);
    const list = h('ol', { class: 'hot-spots' });
    const judged = this.payload?.target.kind === 'project';
    for (const e of top) {
      const bar = h('span', { class: 'bar', 'aria-hidden': 'true' });
      // A CSSOM write, not a style attribute: allowed under the strict style-src.
      bar.style.width = `${Math.round((Math.abs(e.value) / max) * 100)}%`;
      let whatIf: HTMLButtonElement | null = null;
      if (judged) {
        whatIf = h('button', { type: 'button', class: 'secondary small what-if', title: l10n.t('What if {0} were replaced?', e.name), 'aria-label': l10n.t('What if {0} were replaced?', e.name) }, l10n.t('What if…'));
        whatIf.addEventListener('click', () => this.host.post({ type: 'whatIf', material: e.name, ...(this.branch ? { branch: this.branch } : {}) }));
      }
      list.append(h('li', {}, h('span', { class: 'hot-name' }, e.name), h('span', { class: 'hot-value' }, fmt.withUnit(e.value)), whatIf ?? h('span', {}), h('span', { class: 'bar-track' }, bar)));
    }
    card.text.append(list, h('div', { class: 'what-if-result', id: 'what-if', role: 'status', 'aria-live': 'polite' }));
  }

  /** The answer to a What if…: the building's result and verdicts after the change beside the current ones. */
  showWhatIf(answer: WhatIfAnswer): void {
    const box = document.getElementById('what-if');
    const payload = this.payload;
    if (!box || !payload) return;
    const fmt = this.fmt(payload);
    const sign = (n: number): string => {
      const r = Number(n.toFixed(4));
      return r === 0 ? '±0' : r > 0 ? `+${fmt.number(r)}` : `\u2212${fmt.number(-r)}`;
    };
    clear(box);
    const e = answer.effect;
    const rows: HTMLElement[] = [];
    if (e) {
      const side = (label: string, s: typeof e.before, id: string): HTMLElement => {
        const v = s.verdict;
        const cells: HTMLElement[] = [h('th', { scope: 'row' }, label)];
        if (v.kind === 'verdict') {
          cells.push(h('td', { class: 'num' }, fmt.withUnit(v.building.exact)), h('td', {}, h('span', { class: v.building.passes ? 'badge pass' : 'badge fail' }, l10n.say(verdictBadge('building', v.building)))));
          cells.push(h('td', {}, v.constructionProcess ? h('span', { class: v.constructionProcess.passes ? 'badge pass' : 'badge fail' }, l10n.say(verdictBadge('constructionProcess', v.constructionProcess))) : ''));
        } else {
          const total = Object.entries(s.perPhase).reduce((t, [p, x]) => (p === 'D' ? t : t + (x ?? 0)), 0);
          cells.push(h('td', { class: 'num' }, fmt.withUnit(total)), h('td', { colspan: 2 }, h('span', { class: 'badge not-br18' }, l10n.say(v.reason))));
        }
        return h('tr', { id }, ...cells);
      };
      rows.push(
        h('h3', { class: 'what-if-title' }, e.construction ? l10n.t('What if {0} in {1} were {2}', e.material, e.construction, e.replacement.name) : l10n.t('What if {0} were {1}', e.material, e.replacement.name)),
        h(
          'table',
          { class: 'what-if-table' },
          h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', { scope: 'col' }, l10n.t('Building')), h('th', { scope: 'col' }, l10n.t('Verdict')), h('th', { scope: 'col' }, l10n.t('Construction process')))),
          h('tbody', {}, side(l10n.t('Now'), e.before, 'what-if-before'), side(e.estimate.length ? l10n.t('After the change (estimate)') : l10n.t('After the change'), e.after, 'what-if-after')),
        ),
        h('p', { id: 'what-if-change' }, l10n.t('Change: {0} {1} ({2} breakdown line(s))', sign(e.change), unitText(payload.unit), e.lines)),
      );
      if (e.estimate.length) rows.push(h('p', { class: 'muted', id: 'what-if-estimate' }, l10n.t('An estimate: {0}.', e.estimate.map((m) => l10n.say(m)).join('; '))));
    } else if (answer.problem) {
      rows.push(h('p', { class: 'muted', id: 'what-if-problem' }, l10n.t('No change to show for {0}: {1}.', answer.material, l10n.say(answer.problem))));
    }
    const needed = answer.needed.building;
    const largest = answer.largest.map((c) => l10n.t('{0} → {1} ({2})', c.material, c.replacement, sign(c.change))).join('; ');
    if (needed !== undefined && needed < 0) {
      rows.push(
        h(
          'p',
          { id: 'what-if-needed' },
          largest
            ? l10n.t('Needs {0} {1}; the three largest single changes available: {2}.', sign(needed), unitText(payload.unit), largest)
            : l10n.t('Needs {0} {1}; no single change among the known alternatives lowers it.', sign(needed), unitText(payload.unit)),
        ),
      );
    } else if (needed !== undefined) {
      rows.push(h('p', { id: 'what-if-needed' }, largest ? l10n.t('Passes now; the three largest single changes available: {0}.', largest) : l10n.t('Passes now.')));
    }
    append(box, ...rows);
    box.scrollIntoView?.({ block: 'nearest' });
  }

  private renderShares(d: Dashboard, fmt: FigureFormatter): void {
    const cards = this.shell!.cards;
    const models = sortedEntries(d.emissionPerModel);
    clear(cards.models.text);
    this.charts.render('models', cards.models.chart!, () => donutOption(models, this.theme, fmt, (v) => fmt.number(v)));
    const epd = epdTypeEntries(d).map((e) => ({ ...e, name: epdTypeText(e.name) }));
    clear(cards.epdTypes.text);
    this.charts.render('epdTypes', cards.epdTypes.chart!, () => donutOption(epd, this.theme, fmt, (v) => fmt.count(v)));
    const m = mappingModel(d);
    clear(cards.mapping.text);
    cards.mapping.text.append(
      h('p', {}, `${fmt.count(m.mapped)} ${l10n.t('mapped')} · ${fmt.count(m.notMapped)} ${l10n.t('not mapped')} (${fmt.count(m.total)} ${l10n.t('elements')})`),
    );
    this.charts.render('mapping', cards.mapping.chart!, () => mappingOption(m, this.theme, fmt));
  }

  private renderBreakdown(d: Dashboard, fmt: FigureFormatter, payload: DashboardData): void {
    const cards = this.shell!.cards;
    this.rows = breakdownTree(d.projectBreakdown, l10n.say);
    const { data, leftOut } = treemapData(this.rows);
    clear(cards.breakdown.text);
    if (leftOut) cards.breakdown.text.append(h('p', { class: 'muted' }, l10n.t('{0} construction(s) with zero or net negative emissions are not drawn here; the table lists them.', leftOut)));
    this.charts.render('breakdown', cards.breakdown.chart!, () => treemapOption(data, this.theme, fmt, this.branch ?? ''));
    // What if… for the last construction clicked in the treemap: a button per material of it (as the table's), so
    // that the tiles, which a keyboard cannot reach, lead to the same question by a focusable button.
    const whatIfBox = h('div', { class: 'treemap-what-if', id: 'treemap-what-if', 'aria-live': 'polite' });
    cards.breakdown.text.append(whatIfBox);
    this.charts.on('breakdown', 'click', (p) => {
      const id = (p.data as { id?: string; children?: unknown } | undefined)?.id;
      if (!id || (p.data as { children?: unknown }).children) return;
      this.table?.reveal(id);
      if (payload.target.kind === 'project') this.showTreemapWhatIf(whatIfBox, id);
    });
    if (!this.table) {
      clear(cards.table.text);
      this.table = new BreakdownTable(cards.table.text, {
        onStateChange: (expanded, filterText) => {
          this.expanded = expanded;
          this.filterText = filterText;
          this.save();
        },
        openLink: (url) => this.host.post({ type: 'openLink', url }),
        inspect: (constructionId, constructionName) => this.host.post({ type: 'inspectConstruction', constructionId, constructionName }),
        whatIf: (material, construction) => this.host.post({ type: 'whatIf', material, construction, ...(this.branch ? { branch: this.branch } : {}) }),
      });
    }
    this.table.setData(this.rows, fmt, unitText(payload.unit), payload.target.kind === 'project', this.expanded, this.filterText);
  }

  /** At most this many materials of a clicked construction get a What if… button under the treemap (largest first). */
  private static readonly TREEMAP_WHAT_IF = 6;

  /** The What if… buttons for the materials of construction row `id` (clicked in the treemap). */
  private showTreemapWhatIf(box: HTMLElement, id: string): void {
    clear(box);
    const row = rowById(this.rows, id);
    if (!row || row.kind !== 'construction') return;
    const construction = row.label;
    const materials = row.children
      .filter((m) => m.kind === 'material' && typeof m.material?.epdName === 'string' && m.material.epdName !== '')
      .sort((a, b) => b.value - a.value)
      .slice(0, DashboardView.TREEMAP_WHAT_IF);
    if (!materials.length) return;
    const buttons = materials.map((m) => {
      const material = m.material!.epdName!;
      const label = l10n.t('What if {0} in {1} were replaced?', material, construction);
      const button = h('button', { type: 'button', class: 'secondary small what-if', title: label, 'aria-label': label, 'data-material': material, 'data-in': construction }, l10n.t('What if… {0}', material));
      button.addEventListener('click', () => this.host.post({ type: 'whatIf', material, construction, ...(this.branch ? { branch: this.branch } : {}) }));
      return button;
    });
    append(box, h('span', { class: 'treemap-what-if-label' }, l10n.t('In {0}:', construction)), ...buttons);
  }

  // ---- filters ----

  private onStagesChanged(): void {
    if (!this.shell || !this.query) return;
    const stages = PHASES.filter((p) => this.shell!.stages.querySelector<HTMLInputElement>(`#stage-${p}`)?.checked) as Phase[];
    this.requery({ ...this.query, stages });
  }

  private onMappingChanged(): void {
    if (!this.shell || !this.query) return;
    const id = this.shell.mapping.value;
    this.requery(id ? { ...this.query, indicatorTypeMappingId: id } : { stages: this.query.stages });
  }

  private requery(query: DashboardQuery): void {
    this.query = query;
    this.save();
    this.host.post({ type: 'query', query });
  }

  private save(): void {
    if (!this.target) return;
    this.host.saveState({ target: this.target, query: this.query, branch: this.branch, expanded: this.expanded, filterText: this.filterText });
  }
}

/** The unit of the figures in words: "kg CO2e/m²/yr" → "kg CO₂e/m²/år" in Danish; other units per m² and year alike. */
function unitText(unit: string): string {
  if (unit === 'kg CO2e/m²/yr') return l10n.t('kg CO2e/m²/yr');
  const perYear = /^(.+)\/m²\/yr$/.exec(unit);
  return perYear ? l10n.t('{0}/m²/yr', perYear[1]) : unit;
}

/** The service's EPD type keys in words (other keys as they come). */
function epdTypeText(name: string): string {
  if (name === 'Generic') return l10n.t('Generic');
  if (name === 'Industry') return l10n.t('Industry');
  if (name === 'Product') return l10n.t('Product');
  return name;
}

/** A chart's title in the current language. */
function chartTitle(chart: ChartId): string {
  const titles: Record<ChartId, string> = {
    budget: l10n.t('Emission budget'),
    phases: l10n.t('Emission per phase'),
    models: l10n.t('Emission per model'),
    constructions: l10n.t('Emission per construction'),
    hotSpots: l10n.t('Hot spots'),
    epdTypes: l10n.t('EPD types'),
    mapping: l10n.t('Mapping status'),
    breakdown: l10n.t('Breakdown'),
  };
  return titles[chart];
}

/** The chart's picture with a heading above it, in the theme's colours, as a PNG data URL. */
function withCaption(chart: HTMLCanvasElement, lines: readonly string[], theme: ChartTheme): string {
  // The chart is drawn at pixelRatio 2; the heading follows.
  const scale = 2;
  const pad = 12 * scale;
  const first = 16 * scale;
  const rest = 13 * scale;
  const gap = 6 * scale;
  const header = pad + first + (lines.length - 1) * (rest + gap) + pad;
  const canvas = document.createElement('canvas');
  canvas.width = chart.width;
  canvas.height = chart.height + header;
  const ctx = canvas.getContext('2d');
  if (!ctx) return chart.toDataURL('image/png');
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = theme.foreground;
  ctx.textBaseline = 'top';
  let y = pad;
  lines.forEach((line, i) => {
    const size = i === 0 ? first : rest;
    ctx.font = `${i === 0 ? '600 ' : ''}${size}px ${theme.fontFamily}`;
    ctx.fillText(line, pad, y, canvas.width - 2 * pad);
    y += size + gap;
  });
  ctx.drawImage(chart, 0, header);
  return canvas.toDataURL('image/png');
}
