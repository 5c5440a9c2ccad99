// The page's frame: header with the filters and actions, the summary strip, the empty state and the grid of chart
// cards; and the whole-page states (loading, error) that replace it.
import { PHASES, type Phase } from '../../core/codes';
import type { ChartId, DashboardData, DashboardQuery, WebviewToExtension } from '../../core/dashboard/messages';
import { branchNames, dashboardFor, phaseLabel } from '../../core/dashboard/viewModel';
import { append, clear, h } from './dom';
import * as l10n from './l10n';
import { unitText } from './text';

export interface Card {
  section: HTMLElement;
  text: HTMLElement;
  chart?: HTMLElement;
}

export type Shell = ReturnType<typeof buildShell>;

/** What the frame's controls ask for. */
export interface ShellHandlers {
  post(message: WebviewToExtension): void;
  stagesChanged(): void;
  mappingChanged(): void;
  branchChanged(branch: string): void;
}

export function button(label: string, onClick: () => void, cls = 'secondary', attrs: Record<string, string> = {}): HTMLButtonElement {
  const b = h('button', { type: 'button', class: cls, ...attrs }, label);
  b.addEventListener('click', onClick);
  return b;
}

function card(post: ShellHandlers['post'], id: string, title: string, chart: ChartId | undefined, wide = false): Card {
  const text = h('div', { class: 'card-text' });
  const chartEl = chart ? h('div', { class: `chart chart-${chart}`, id: `chart-${chart}`, role: 'img', 'aria-label': title }) : undefined;
  const header = h('header', { class: 'card-header' }, h('h2', { id: `${id}-title` }, title));
  if (chart) header.append(button(l10n.t('Save PNG'), () => post({ type: 'export', kind: 'png', chart }), 'secondary small', { 'aria-label': l10n.t('Save "{0}" as PNG', title) }));
  const section = h('section', { class: `card${wide ? ' wide' : ''}`, id, 'aria-labelledby': `${id}-title` }, header, text);
  if (chartEl) section.append(chartEl);
  return { section, text, chart: chartEl };
}

/** Builds the frame into `root`. */
export function buildShell(root: HTMLElement, on: ShellHandlers) {
  const progress = h('div', { class: 'progress', role: 'progressbar', 'aria-label': l10n.t('Refreshing…') });
  progress.hidden = true;
  const title = h('h1', { id: 'title' });
  const subtitle = h('span', { id: 'subtitle', class: 'muted' });
  const stages = h('fieldset', { class: 'stages', id: 'stages' }, h('legend', {}, l10n.t('Stages')));
  for (const p of PHASES) {
    const box = h('input', { type: 'checkbox', id: `stage-${p}`, value: p });
    box.addEventListener('change', () => on.stagesChanged());
    stages.append(h('label', { class: 'stage', for: `stage-${p}` }, box, phaseLabel(p)));
  }
  const mapping = h('select', { id: 'mapping' });
  mapping.addEventListener('change', () => on.mappingChanged());
  const branch = h('select', { id: 'branch' });
  branch.addEventListener('change', () => on.branchChanged(branch.value));
  const mappingField = h('label', { class: 'field', id: 'mapping-field' }, h('span', {}, l10n.t('Indicator')), mapping);
  const branchField = h('label', { class: 'field' }, h('span', {}, l10n.t('Branch')), branch);
  const actions = h(
    'div',
    { class: 'actions' },
    button(l10n.t('Refresh'), () => on.post({ type: 'retry' }), 'secondary', { id: 'refresh' }),
    button(l10n.t('Export CSV (breakdown)'), () => on.post({ type: 'export', kind: 'csvBreakdown' })),
    button(l10n.t('Export CSV (phases)'), () => on.post({ type: 'export', kind: 'csvPhases' })),
    button(l10n.t('Export JSON'), () => on.post({ type: 'export', kind: 'json' })),
  );
  const header = h('header', { class: 'page-header' }, h('div', { class: 'title-row' }, title, subtitle), h('div', { class: 'toolbar' }, stages, mappingField, branchField, actions));
  const summary = h('section', { class: 'summary-strip', id: 'summary', 'aria-label': l10n.t('Summary') });
  const empty = h('div', { class: 'state state-empty', role: 'status' });
  empty.hidden = true;
  const cards = {
    budget: card(on.post, 'card-budget', l10n.t('Emission budget'), 'budget'),
    phases: card(on.post, 'card-phases', l10n.t('Emission per phase'), 'phases'),
    constructions: card(on.post, 'card-constructions', l10n.t('Emission per construction'), 'constructions'),
    hotSpots: card(on.post, 'card-hotspots', l10n.t('Hot spots'), undefined),
    models: card(on.post, 'card-models', l10n.t('Emission per model'), 'models'),
    epdTypes: card(on.post, 'card-epdtypes', l10n.t('EPD types'), 'epdTypes'),
    mapping: card(on.post, 'card-mapping', l10n.t('Mapping status'), 'mapping'),
    breakdown: card(on.post, 'card-breakdown', l10n.t('Breakdown'), 'breakdown', true),
    table: card(on.post, 'card-table', l10n.t('Breakdown table'), undefined, true),
  };
  const grid = h('div', { class: 'grid', id: 'content' }, ...Object.values(cards).map((c) => c.section));
  const main = h('div', { class: 'page' }, progress, header, summary, empty, grid);
  root.append(main);
  return { main, progress, title, subtitle, stages, mapping, mappingField, branch, summary, empty, grid, cards };
}

/** A whole-page state in place of the frame: loading (with a spinner), an error or nothing to show. */
export function messageBox(kind: 'loading' | 'error' | 'empty', title: string, detail: string | undefined, actions: HTMLElement[] = []): HTMLElement {
  const box = h('div', { class: `state state-${kind}`, role: kind === 'error' ? 'alert' : 'status' });
  if (kind === 'loading') box.append(h('div', { class: 'spinner', 'aria-hidden': 'true' }));
  append(box, h('p', { class: 'state-title' }, title), detail ? h('p', { class: 'state-detail' }, detail) : null);
  if (actions.length) box.append(h('div', { class: 'state-actions' }, ...actions));
  return box;
}

/** Fills the header with the data's title, indicator choices and branches; returns the branch shown (`branch` if there). */
export function fillHeader(shell: Shell, payload: DashboardData, query: DashboardQuery | undefined, branch: string | undefined): string | undefined {
  const t = payload.target;
  const project = t.projectName ?? payload.summary?.projectName ?? t.projectId;
  shell.title.textContent = t.kind === 'project' ? project : (t.constructionName ?? t.constructionId);
  const unit = unitText(payload.unit);
  shell.subtitle.textContent = t.kind === 'project' ? unit : `${l10n.t('Construction')} · ${project} · ${unit}`;
  document.title = shell.title.textContent;
  shell.stages.hidden = t.kind !== 'project';
  shell.mappingField.hidden = t.kind !== 'project';
  clear(shell.mapping);
  for (const m of payload.mappings) shell.mapping.append(h('option', { value: m.id }, m.name));
  if (!payload.mappings.length) shell.mapping.append(h('option', { value: '' }, l10n.t('Service default')));
  shell.mapping.disabled = !payload.mappings.length;
  syncFilters(shell, query);
  clear(shell.branch);
  const names = branchNames(payload.response);
  for (const n of names) shell.branch.append(h('option', { value: n }, n));
  const chosen = dashboardFor(payload.response, branch);
  if (chosen) shell.branch.value = chosen.branch;
  shell.branch.disabled = names.length < 2;
  return chosen?.branch;
}

/** Sets the stage boxes and the indicator to the query. */
export function syncFilters(shell: Shell, query: DashboardQuery | undefined): void {
  if (!query) return;
  for (const p of PHASES) {
    const box = shell.stages.querySelector<HTMLInputElement>(`#stage-${p}`);
    if (box) box.checked = query.stages.includes(p);
  }
  if (query.indicatorTypeMappingId) shell.mapping.value = query.indicatorTypeMappingId;
}

/** The stages ticked. */
export function checkedStages(shell: Shell): Phase[] {
  return PHASES.filter((p) => shell.stages.querySelector<HTMLInputElement>(`#stage-${p}`)?.checked);
}

/** In place of the cards: nothing to show (no stage selected, or no figures), with why there is no verdict. */
export function showEmpty(shell: Shell, noStages: boolean, verdict: HTMLElement[], refresh: () => void): void {
  shell.grid.hidden = true;
  shell.empty.hidden = false;
  clear(shell.empty);
  const detail = noStages ? l10n.t('No stage is selected. Select at least one stage to see emissions.') : l10n.t('This selection has no elements with emissions yet (nothing mapped, or no figures for these stages).');
  append(shell.empty, h('p', { class: 'state-title' }, l10n.t('Nothing to show')), h('p', { class: 'state-detail' }, detail), ...verdict, h('div', { class: 'state-actions' }, button(l10n.t('Refresh'), refresh)));
}
