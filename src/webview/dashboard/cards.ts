// The chart cards beside the budget: emission per phase, per construction, hot spots (with What if…), and the
// shares (models, EPD types, mapping status). Each draws one dashboard's figures; nothing is judged here.
import type { Dashboard } from '../../core/api/types';
import type { FigureFormatter } from '../../core/dashboard/format';
import type { ChartId, WebviewToExtension } from '../../core/dashboard/messages';
import type { ShownIndicator } from '../../core/dashboard/indicator';
import { countedTotal, epdTypeEntries, mappingModel, phaseRows, sortedEntries, topWithOthers } from '../../core/dashboard/viewModel';
import { donutOption, mappingOption, phasesOption, rankedBarOption, type ChartSet } from './charts';
import { clear, h } from './dom';
import * as l10n from './l10n';
import type { Card, Shell } from './shell';
import { epdTypeText } from './text';
import type { ChartTheme } from './theme';

export const TOP_CONSTRUCTIONS = 10;
export const TOP_HOT_SPOTS = 10;

/** What a card draws with: the charts, the current theme, and how to ask the extension (What if… of the shown branch). */
export interface CardDeps {
  charts: ChartSet<ChartId>;
  theme(): ChartTheme;
  post(message: WebviewToExtension): void;
  branch(): string | undefined;
}

/** The phases of the shown indicator: a phase it has no figure for (B6 under GWP fossil) is said so, not drawn as 0. */
export function renderPhases(card: Card, deps: CardDeps, d: Dashboard, fmt: FigureFormatter, indicator: ShownIndicator): void {
  const rows = phaseRows(d.emissionPerPhase, indicator);
  const drawn = rows.filter((r) => !r.unavailable);
  const unavailable = rows.filter((r) => r.unavailable).map((r) => r.label);
  clear(card.text);
  card.text.append(h('p', {}, `${l10n.t('Total of counted phases')} (${rows.filter((r) => r.counted).map((r) => r.label).join(', ')}): ${fmt.withUnit(countedTotal(rows))}`));
  if (unavailable.length && indicator) {
    card.text.append(h('p', { class: 'muted phase-unavailable' }, l10n.t('{0} is not available for {1}: the operational energy is computed for GWP total only.', unavailable.join(', '), indicator.name)));
  }
  const list = h('ul', { class: 'phase-list visually-hidden' });
  for (const r of rows) {
    const value = r.unavailable ? l10n.t('not available for {0}', indicator?.name ?? '') : `${fmt.withUnit(r.value)}${r.counted ? '' : ` (${l10n.t('not counted')})`}`;
    list.append(h('li', {}, `${r.label}: ${value}`));
  }
  card.text.append(list);
  deps.charts.render('phases', card.chart!, () => phasesOption(drawn, deps.theme(), fmt));
}

export function renderConstructions(card: Card, deps: CardDeps, d: Dashboard, fmt: FigureFormatter): void {
  const sorted = sortedEntries(d.emissionPerConstruction);
  const top = topWithOthers(sorted, TOP_CONSTRUCTIONS, l10n.t('Others ({0})', Math.max(0, sorted.length - TOP_CONSTRUCTIONS)));
  clear(card.text);
  card.chart!.classList.toggle('tall', top.length > 6);
  deps.charts.render('constructions', card.chart!, () => rankedBarOption(top, deps.theme(), fmt));
}

/** The largest hot spots; on a project each has What if… (the building's result after replacing the material). */
export function renderHotSpots(card: Card, deps: CardDeps, d: Dashboard, fmt: FigureFormatter, judged: boolean): void {
  const top = sortedEntries(d.hotSpot).slice(0, TOP_HOT_SPOTS);
  clear(card.text);
  if (!top.length) {
    card.text.append(h('p', { class: 'muted' }, l10n.t('No hot spots.')));
    return;
  }
  const max = Math.max(...top.map((e) => Math.abs(e.value)), 1e-9);
  const list = h('ol', { class: 'hot-spots' });
  for (const e of top) {
    const bar = h('span', { class: 'bar', 'aria-hidden': 'true' });
    // A CSSOM write, not a style attribute: allowed under the strict style-src.
    bar.style.width = `${Math.round((Math.abs(e.value) / max) * 100)}%`;
    let whatIf: HTMLButtonElement | null = null;
    if (judged) {
      whatIf = h('button', { type: 'button', class: 'secondary small what-if', title: l10n.t('What if {0} were replaced?', e.name), 'aria-label': l10n.t('What if {0} were replaced?', e.name) }, l10n.t('What if…'));
      whatIf.addEventListener('click', () => {
        const branch = deps.branch();
        deps.post({ type: 'whatIf', material: e.name, ...(branch ? { branch } : {}) });
      });
    }
    list.append(h('li', {}, h('span', { class: 'hot-name' }, e.name), h('span', { class: 'hot-value' }, fmt.withUnit(e.value)), whatIf ?? h('span', {}), h('span', { class: 'bar-track' }, bar)));
  }
  card.text.append(list, h('div', { class: 'what-if-result', id: 'what-if', role: 'status', 'aria-live': 'polite' }));
}

export function renderShares(cards: Shell['cards'], deps: CardDeps, d: Dashboard, fmt: FigureFormatter): void {
  const models = sortedEntries(d.emissionPerModel);
  clear(cards.models.text);
  deps.charts.render('models', cards.models.chart!, () => donutOption(models, deps.theme(), fmt, (v) => fmt.number(v)));
  const epd = epdTypeEntries(d).map((e) => ({ ...e, name: epdTypeText(e.name) }));
  clear(cards.epdTypes.text);
  deps.charts.render('epdTypes', cards.epdTypes.chart!, () => donutOption(epd, deps.theme(), fmt, (v) => fmt.count(v)));
  const m = mappingModel(d);
  clear(cards.mapping.text);
  cards.mapping.text.append(h('p', {}, `${fmt.count(m.mapped)} ${l10n.t('mapped')} · ${fmt.count(m.notMapped)} ${l10n.t('not mapped')} (${fmt.count(m.total)} ${l10n.t('elements')})`));
  deps.charts.render('mapping', cards.mapping.chart!, () => mappingOption(m, deps.theme(), fmt));
}
