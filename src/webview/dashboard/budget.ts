// What the page says about BR18, drawn from the answer the extension sends (it judges nothing itself): the budget
// card, the summary strip's figures and verdicts, and why an empty dashboard has no result. Where the answer is "no
// verdict" (LCA only, not a BR18 result, no result yet, another indicator) there is no limit, remaining or bar:
// the reason is shown instead.
import type { Dashboard } from '../../core/api/types';
import type { Br18DashboardView } from '../../core/dashboard/br18View';
import type { FigureFormatter } from '../../core/dashboard/format';
import type { ChartId, DashboardData } from '../../core/dashboard/messages';
import { BR18_LABELS, verdictBadge } from '../../core/dashboard/verdictText';
import { budgetModel, toNumber } from '../../core/dashboard/viewModel';
import { budgetOption, type ChartSet } from './charts';
import { append, clear, h } from './dom';
import * as l10n from './l10n';
import type { Card } from './shell';
import { reasonText } from './text';
import type { ChartTheme } from './theme';

/** The verdict's text of a view: the building's and the construction process's badges, or the reason there is none. */
export function verdictLines(view: Br18DashboardView): string[] {
  const v = view.verdict;
  if (v.kind !== 'verdict') return [reasonText(v.reason)];
  return [l10n.say(verdictBadge('building', v.building)), ...(v.constructionProcess ? [l10n.say(verdictBadge('constructionProcess', v.constructionProcess))] : [])];
}

/** Why a project dashboard has no verdict when the extension sent none (it always does; a malformed one is dropped). */
const noAnswer = (): string => l10n.t('no BR18 verdict was sent with these figures');

export function renderBudget(card: Card, charts: ChartSet<ChartId>, theme: () => ChartTheme, d: Dashboard, fmt: FigureFormatter, payload: DashboardData, view: Br18DashboardView | undefined, onPainted: () => void): void {
  const isProject = payload.target.kind === 'project';
  const b = budgetModel(d, view?.verdict, payload.br18?.allowance);
  clear(card.text);
  const moduleD = b.moduleD !== undefined ? h('p', { class: 'muted', id: 'budget-d' }, `${l10n.t('Module D')} (${l10n.t('not counted')}): ${fmt.withUnit(b.moduleD)}`) : null;
  const rules = view?.rules ? h('p', { class: 'muted', id: 'budget-rules' }, l10n.say(view.rules)) : null;
  if (!b.judged) {
    // Nothing judged: the figure and why — no limit, no remaining, no bar against a limit there is not.
    const why = !isProject ? l10n.t('One construction’s figures — not compared with the building’s limit') : b.reason ? reasonText(b.reason) : noAnswer();
    append(card.text, h('p', { class: 'figure', id: 'budget-used' }, fmt.withUnit(b.used)), h('p', { class: isProject ? 'badge not-br18' : 'badge muted', id: 'budget-verdict' }, why), rules, moduleD);
    charts.dispose('budget');
    card.chart!.hidden = true;
    onPainted();
    return;
  }
  const v = view!.verdict;
  if (v.kind !== 'verdict') return;
  card.chart!.hidden = false;
  const allowance = b.extraAllowance ? ` (${fmt.number(b.limit ?? b.limitTotal - b.extraAllowance)} + ${fmt.number(b.extraAllowance)} ${l10n.t('special-condition allowance')})` : '';
  const left = b.passes ? `${l10n.t('Remaining')} ${fmt.number(b.remaining)}` : `${l10n.t('Over limit')} ${fmt.number(b.overBy)}`;
  append(
    card.text,
    h('p', { class: 'figure', id: 'budget-used' }, fmt.withUnit(b.used)),
    h('p', { id: 'budget-limit' }, `${l10n.t('Used')} ${l10n.t('of')} ${fmt.number(b.limitTotal)}${allowance} · ${left}`),
    h('p', { class: v.building.passes ? 'badge pass' : 'badge fail', id: 'budget-verdict' }, l10n.say(verdictBadge('building', v.building))),
    view!.building ? h('p', { id: 'budget-building' }, l10n.say(view!.building)) : null,
    ...(v.constructionProcess
      ? [
          h('p', { class: v.constructionProcess.passes ? 'badge pass' : 'badge fail', id: 'budget-verdict-cp' }, l10n.say(verdictBadge('constructionProcess', v.constructionProcess))),
          view!.constructionProcess ? h('p', { id: 'budget-construction-process' }, l10n.say(view!.constructionProcess)) : null,
        ]
      : []),
    rules,
    moduleD,
  );
  charts.render('budget', card.chart!, () => budgetOption(b, theme(), fmt), onPainted);
}

type Item = (label: string, value: string, cls?: string) => HTMLElement;

const item: Item = (label, value, cls = '') => h('div', { class: `summary-item ${cls}` }, h('span', { class: 'summary-label' }, label), h('span', { class: 'summary-value' }, value));

/** The summary strip of a project: the shown dashboard's figure, the limit and remaining only with a verdict, then the project's facts. */
export function fillSummary(el: HTMLElement, payload: DashboardData, d: Dashboard | undefined, view: Br18DashboardView | undefined, fmt: FigureFormatter): void {
  clear(el);
  if (payload.target.kind !== 'project') {
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const s = payload.summary;
  const b = budgetModel(d ?? {}, view?.verdict, payload.br18?.allowance);
  // "Used" is of a limit: without a verdict the figure is only the total of the counted phases.
  const figures: HTMLElement[] = [item(b.judged ? l10n.t('Used') : l10n.t('Total of counted phases'), fmt.withUnit(b.used), 'summary-used')];
  if (b.judged) {
    const limitText = b.extraAllowance ? `${fmt.number(b.limitTotal)} (${fmt.number(b.limit ?? b.limitTotal - b.extraAllowance)} + ${fmt.number(b.extraAllowance)})` : fmt.number(b.limitTotal);
    figures.push(item(l10n.t('Limit incl. allowances'), limitText, 'summary-limit'), b.passes ? item(l10n.t('Remaining'), fmt.number(b.remaining), 'summary-remaining') : item(l10n.t('Over limit'), fmt.number(b.overBy), 'summary-remaining'));
  }
  if (b.moduleD !== undefined) figures.push(item(`${l10n.t('Module D')} (${l10n.t('not counted')})`, fmt.number(b.moduleD)));
  append(el, ...figures);
  if (!s) el.append(h('p', { class: 'muted' }, l10n.t('Summary unavailable: {0}', payload.summaryError ?? '—')));
  else {
    append(
      el,
      item(l10n.t('Reference area'), `${fmt.number(toNumber(s.referenceArea))} m²`),
      s.considerationPeriod !== undefined ? item(l10n.t('Consideration period'), l10n.t('{0} years', fmt.count(s.considerationPeriod))) : null,
      s.elements !== undefined ? item(l10n.t('Mapped elements'), `${fmt.count(s.mappedElements ?? 0)} / ${fmt.count(s.elements)}`) : null,
    );
  }
  append(el, ...resultItems(view));
}

function resultItems(view: Br18DashboardView | undefined): HTMLElement[] {
  if (!view) return [item(l10n.t('Result'), noAnswer(), 'not-br18 summary-result')];
  const v = view.verdict;
  const rules = v.ruleSet ? [item(l10n.say(BR18_LABELS.rules), l10n.say(v.ruleSet.label), 'summary-rules')] : [];
  if (v.kind !== 'verdict') return [item(l10n.t('Result'), reasonText(v.reason), 'not-br18 summary-result'), ...rules];
  const out = [item(l10n.say(BR18_LABELS.building), l10n.say(verdictBadge('building', v.building)), `${v.building.passes ? 'pass' : 'fail'} summary-result`)];
  if (v.constructionProcess) out.push(item(l10n.say(BR18_LABELS.constructionProcess), l10n.say(verdictBadge('constructionProcess', v.constructionProcess)), `${v.constructionProcess.passes ? 'pass' : 'fail'} summary-result-cp`));
  return [...out, ...rules];
}

/** Why an empty project dashboard has no verdict ("no result yet: 0 of 0 elements mapped"). */
export function emptyVerdict(payload: DashboardData, view: Br18DashboardView | undefined): HTMLElement[] {
  if (payload.target.kind !== 'project') return [];
  const v = view?.verdict;
  if (v?.kind === 'verdict') return [];
  return [h('p', { class: 'badge not-br18', id: 'empty-verdict' }, v ? reasonText(v.reason) : noAnswer())];
}
