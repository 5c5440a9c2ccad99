// What if…: the extension's answer drawn beside the current verdict (the building's result and verdicts before and
// after the change, the distance to passing), and the What if… buttons of a construction clicked in the treemap.
import type { FigureFormatter } from '../../core/dashboard/format';
import type { WhatIfAnswer } from '../../core/dashboard/messages';
import { verdictBadge } from '../../core/dashboard/verdictText';
import { rowById, type BreakdownRow } from '../../core/dashboard/viewModel';
import { append, clear, h } from './dom';
import * as l10n from './l10n';
import { reasonText } from './text';

/** Draws the answer into `box`; `unit` is the figures' unit in words. */
export function showWhatIf(box: HTMLElement, answer: WhatIfAnswer, fmt: FigureFormatter, unit: string): void {
  const sign = (n: number): string => {
    const r = Number(n.toFixed(4));
    return r === 0 ? '±0' : r > 0 ? `+${fmt.number(r)}` : `\u2212${fmt.number(-r)}`;
  };
  // A judged figure: one decimal, as BR18 rounds before comparing ("8,0", not "8").
  const judgedFormat = new Intl.NumberFormat(fmt.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const judged = (n: number): string => judgedFormat.format(n);
  clear(box);
  const e = answer.effect;
  const rows: HTMLElement[] = [];
  if (e) {
    const side = (label: string, s: typeof e.before, id: string): HTMLElement => {
      const v = s.verdict;
      const cells: HTMLElement[] = [h('th', { scope: 'row' }, label)];
      if (v.kind === 'verdict') {
        // The judged figure: rounded to one decimal, as BR18 compares it (and as the verdict and its margin are).
        cells.push(h('td', { class: 'num' }, fmt.withUnit(v.building.value)), h('td', {}, h('span', { class: v.building.passes ? 'badge pass' : 'badge fail' }, l10n.say(verdictBadge('building', v.building)))));
        cells.push(h('td', {}, v.constructionProcess ? h('span', { class: v.constructionProcess.passes ? 'badge pass' : 'badge fail' }, l10n.say(verdictBadge('constructionProcess', v.constructionProcess))) : ''));
      } else {
        const total = Object.entries(s.perPhase).reduce((t, [p, x]) => (p === 'D' ? t : t + (x ?? 0)), 0);
        cells.push(h('td', { class: 'num' }, fmt.withUnit(total)), h('td', { colspan: 2 }, h('span', { class: 'badge not-br18' }, reasonText(v.reason))));
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
      h('p', { id: 'what-if-change' }, l10n.t('Change: {0} {1} ({2} breakdown line(s))', sign(e.change), unit, e.lines)),
    );
    if (e.estimate.length) rows.push(h('p', { class: 'muted', id: 'what-if-estimate' }, l10n.t('An estimate: {0}.', e.estimate.map((m) => l10n.say(m)).join('; '))));
  } else if (answer.problem) {
    rows.push(h('p', { class: 'muted', id: 'what-if-problem' }, l10n.t('No change to show for {0}: {1}.', answer.material, l10n.say(answer.problem))));
  }
  const needed = answer.needed.building;
  const largest = answer.largest
    .map((c, i) =>
      c.building !== undefined
        ? l10n.t('{0}. {1} → {2} ({3}; building {4}, {5})', i + 1, c.material, c.replacement, sign(c.change), judged(c.building), c.passes ? l10n.t('passes') : l10n.t('fails'))
        : l10n.t('{0}. {1} → {2} ({3})', i + 1, c.material, c.replacement, sign(c.change)),
    )
    .join('; ');
  if (needed !== undefined && needed < 0) {
    rows.push(
      h(
        'p',
        { id: 'what-if-needed' },
        largest ? l10n.t('Needs {0} {1}; the three largest single changes of the same job, with nothing to check: {2}.', sign(needed), unit, largest) : l10n.t('Needs {0} {1}; no single change of the same job with nothing to check lowers it.', sign(needed), unit),
      ),
    );
    const c = answer.combination;
    if (c) {
      const which = c.changes.join(' + ');
      rows.push(
        h(
          'p',
          { id: 'what-if-combination' },
          c.passes
            ? c.changes.length === 1
              ? l10n.t('Passes with change {0} (building {1}).', which, c.building === undefined ? '—' : `${judged(c.building)} ${unit}`)
              : l10n.t('Passes with changes {0} (building {1}).', which, c.building === undefined ? '—' : `${judged(c.building)} ${unit}`)
            : l10n.t('Even changes {0} together do not pass (building {1}; needs {2} {3} more).', which, c.building === undefined ? '—' : `${judged(c.building)} ${unit}`, sign(c.needed ?? 0), unit),
        ),
      );
    }
  } else if (needed !== undefined) {
    rows.push(h('p', { id: 'what-if-needed' }, largest ? l10n.t('Passes now; the three largest single changes of the same job, with nothing to check: {0}.', largest) : l10n.t('Passes now.')));
  }
  rows.push(...worthCheckingRows(answer, sign, judged), ...buildUpRows(answer, sign, judged));
  append(box, ...rows);
  box.scrollIntoView?.({ block: 'nearest' });
}

/** The swaps worth checking, apart from the changes counted: each with the building beside the combination and its check. */
function worthCheckingRows(answer: WhatIfAnswer, sign: (n: number) => string, judged: (n: number) => string): HTMLElement[] {
  const checks = answer.worthChecking ?? [];
  if (!checks.length) return [];
  const items = checks.map((c) => {
    const verdict = c.passes ? l10n.t('passes') : l10n.t('fails');
    const building = c.building === undefined ? '' : c.withChanges.length ? l10n.t('with changes {0}: building {1}, {2}', c.withChanges.join(' + '), judged(c.building), verdict) : l10n.t('building {0}, {1}', judged(c.building), verdict);
    return h('li', {}, l10n.t('{0} → {1} ({2}{3}) — worth checking: {4}', c.material, c.replacement, sign(c.change), building ? `; ${building}` : '', l10n.say(c.check)));
  });
  return [h('p', { id: 'what-if-worth-checking' }, l10n.t('Worth checking, not counted above (the check stands between the building and a pass):')), h('ul', { class: 'what-if-checks' }, ...items)];
}

/** Whole build-ups: each construction the material is in against those of its part the workspace knows. */
function buildUpRows(answer: WhatIfAnswer, sign: (n: number) => string, judged: (n: number) => string): HTMLElement[] {
  const rows: HTMLElement[] = [];
  for (const b of answer.buildUps ?? []) {
    const part = typeof b.part === 'string' ? b.part : l10n.say(b.part);
    const items = b.options.map((o) => {
      if (o.problem) return h('li', {}, l10n.t('{0} ({1}): {2}', o.name, o.source, l10n.say(o.problem)));
      const after = o.building === undefined ? '' : `; ${l10n.t('building {0}, {1}', judged(o.building), o.passes ? l10n.t('passes') : l10n.t('fails'))}`;
      return h('li', {}, l10n.t('{0} ({1}): {2}{3}', o.name, o.source, sign(o.change ?? 0), after));
    });
    rows.push(
      h('p', { class: 'what-if-build-ups' }, l10n.t('Whole build-ups of {0} instead of {1}:', part, b.construction)),
      items.length ? h('ul', { class: 'what-if-build-ups-list' }, ...items) : h('p', { class: 'muted' }, l10n.t('The workspace knows no other construction of {0} (construction files, the Library).', part)),
    );
  }
  return rows;
}

/** At most this many materials of a clicked construction get a What if… button under the treemap (largest first). */
const TREEMAP_WHAT_IF = 6;

/** The What if… buttons for the materials of construction row `id` (clicked in the treemap). */
export function showTreemapWhatIf(box: HTMLElement, rows: readonly BreakdownRow[], id: string, ask: (material: string, construction: string) => void): void {
  clear(box);
  const row = rowById(rows, id);
  if (!row || row.kind !== 'construction') return;
  const construction = row.label;
  const materials = row.children
    .filter((m) => m.kind === 'material' && typeof m.material?.epdName === 'string' && m.material.epdName !== '')
    .sort((a, b) => b.value - a.value)
    .slice(0, TREEMAP_WHAT_IF);
  if (!materials.length) return;
  const buttons = materials.map((m) => {
    const material = m.material!.epdName!;
    const label = l10n.t('What if {0} in {1} were replaced?', material, construction);
    const button = h('button', { type: 'button', class: 'secondary small what-if', title: label, 'aria-label': label, 'data-material': material, 'data-in': construction }, l10n.t('What if… {0}', material));
    button.addEventListener('click', () => ask(material, construction));
    return button;
  });
  append(box, h('span', { class: 'treemap-what-if-label' }, l10n.t('In {0}:', construction)), ...buttons);
}
