// The breakdown table: classification → construction → materials, expanded on demand (so that a project with
// tens of thousands of elements renders only what is open), filterable, every cell set as text.
import { isWebLink } from '../../core/dashboard/messages';
import type { FigureFormatter } from '../../core/dashboard/format';
import { matchBreakdown, toNumber, type BreakdownRow } from '../../core/dashboard/viewModel';
import { clear, h } from './dom';
import * as l10n from './l10n';

/** Rows drawn at most; beyond that the user narrows the filter or collapses. */
export const MAX_TABLE_ROWS = 500;

export interface TableCallbacks {
  onStateChange(expanded: string[], filterText: string): void;
  openLink(url: string): void;
  inspect(constructionId: string, name: string): void;
  /** What if… on a material of a construction (the building's result after replacing it there). */
  whatIf(material: string, construction: string): void;
}

export class BreakdownTable {
  private rows: BreakdownRow[] = [];
  private expanded = new Set<string>();
  private filterText = '';
  private allowInspect = false;
  private fmt!: FigureFormatter;
  private readonly tbody: HTMLTableSectionElement;
  private readonly status: HTMLElement;
  private readonly filterInput: HTMLInputElement;

  constructor(
    readonly root: HTMLElement,
    private readonly callbacks: TableCallbacks,
  ) {
    this.filterInput = h('input', { type: 'search', class: 'filter', placeholder: l10n.t('Filter by classification, construction or material'), 'aria-label': l10n.t('Filter the breakdown') });
    this.filterInput.addEventListener('input', () => {
      this.filterText = this.filterInput.value;
      this.draw();
      this.emit();
    });
    this.status = h('span', { class: 'muted table-status', 'aria-live': 'polite' });
    const collapseAll = h('button', { type: 'button', class: 'secondary' }, l10n.t('Collapse all'));
    collapseAll.addEventListener('click', () => {
      this.expanded.clear();
      this.draw();
      this.emit();
    });
    this.tbody = h('tbody');
    const table = h(
      'table',
      { class: 'breakdown', 'aria-label': l10n.t('Breakdown table') },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, l10n.t('Classification / construction / material')),
          h('th', { scope: 'col', class: 'num' }, l10n.t('Elements')),
          h('th', { scope: 'col', class: 'num', id: 'col-value' }, ''),
          h('th', { scope: 'col', class: 'num' }, l10n.t('Quantity')),
          h('th', { scope: 'col' }, l10n.t('Unit')),
          h('th', { scope: 'col', class: 'num' }, l10n.t('Lifetime (years)')),
          h('th', { scope: 'col' }, l10n.t('EPD')),
        ),
      ),
      this.tbody,
    );
    root.append(h('div', { class: 'table-tools' }, this.filterInput, collapseAll, this.status), h('div', { class: 'table-scroll' }, table));
    this.tbody.addEventListener('click', (e) => this.onClick(e));
  }

  setData(rows: BreakdownRow[], fmt: FigureFormatter, unit: string, allowInspect: boolean, expanded: string[], filterText: string): void {
    this.rows = rows;
    this.fmt = fmt;
    this.allowInspect = allowInspect;
    this.expanded = new Set(expanded);
    this.filterText = filterText;
    this.filterInput.value = filterText;
    const valueHeader = this.root.querySelector('#col-value');
    if (valueHeader) valueHeader.textContent = unit;
    this.draw();
  }

  /** Opens the path to a row (e.g. a construction clicked in the treemap) and moves focus to it. */
  reveal(id: string): void {
    const parts = id.split('/');
    for (let i = 1; i < parts.length; i++) this.expanded.add(parts.slice(0, i).join('/'));
    this.filterText = '';
    this.filterInput.value = '';
    this.draw();
    this.emit();
    const tr = this.tbody.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(id)}"]`);
    if (tr) {
      tr.classList.add('highlight');
      tr.scrollIntoView({ block: 'center' });
      tr.querySelector<HTMLElement>('button')?.focus();
    }
  }

  private emit(): void {
    this.callbacks.onStateChange([...this.expanded], this.filterText);
  }

  private onClick(e: Event): void {
    const button = (e.target as HTMLElement).closest('button');
    if (!button) return;
    const action = button.dataset.action;
    const id = button.closest('tr')?.dataset.id;
    if (!id) return;
    if (action === 'toggle') {
      if (this.expanded.has(id)) this.expanded.delete(id);
      else this.expanded.add(id);
      this.draw();
      this.emit();
      this.tbody.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(id)}"] button[data-action="toggle"]`)?.focus();
    } else if (action === 'link' && button.dataset.url) {
      this.callbacks.openLink(button.dataset.url);
    } else if (action === 'inspect' && button.dataset.construction) {
      this.callbacks.inspect(button.dataset.construction, button.dataset.name ?? '');
    } else if (action === 'whatif' && button.dataset.material) {
      this.callbacks.whatIf(button.dataset.material, button.dataset.in ?? '');
    }
  }

  private draw(): void {
    clear(this.tbody);
    const filtering = this.filterText.trim() !== '';
    const match = filtering ? matchBreakdown(this.rows, this.filterText) : undefined;
    const out: HTMLTableRowElement[] = [];
    let hidden = 0;
    const walk = (row: BreakdownRow, parent?: BreakdownRow): void => {
      if (match && !match.visible.has(row.id)) return;
      if (out.length >= MAX_TABLE_ROWS) {
        hidden++;
      } else {
        out.push(this.rowElement(row, match ? true : this.expanded.has(row.id), parent));
      }
      const open = match ? true : this.expanded.has(row.id);
      if (open) for (const c of row.children) walk(c, row);
    };
    for (const r of this.rows) walk(r);
    this.tbody.append(...out);
    if (hidden) this.tbody.append(h('tr', { class: 'more' }, h('td', { colspan: 7, class: 'muted' }, l10n.t('{0} more rows not shown — narrow the filter.', hidden))));
    if (!this.rows.length) this.tbody.append(h('tr', {}, h('td', { colspan: 7, class: 'muted' }, l10n.t('No breakdown rows.'))));
    this.status.textContent = match ? l10n.t('{0} match(es)', match.matches) : '';
  }

  private rowElement(row: BreakdownRow, open: boolean, parent?: BreakdownRow): HTMLTableRowElement {
    const fmt = this.fmt;
    const hasChildren = row.children.length > 0;
    const toggle = hasChildren
      ? h(
          'button',
          { type: 'button', class: 'toggle', 'data-action': 'toggle', 'aria-expanded': String(open), 'aria-label': open ? l10n.t('Collapse {0}', row.label) : l10n.t('Expand {0}', row.label) },
          open ? '▾' : '▸',
        )
      : h('span', { class: 'toggle-spacer', 'aria-hidden': 'true' });
    const m = row.material;
    const nameCell = h('td', { class: `name depth-${Math.min(row.depth, 6)} kind-${row.kind}` }, toggle, h('span', { class: 'label' }, row.label));
    const epdCell = h('td', {});
    if (m?.epdSource) {
      if (isWebLink(m.epdSource)) {
        epdCell.append(h('button', { type: 'button', class: 'link', 'data-action': 'link', 'data-url': m.epdSource, title: m.epdSource }, l10n.t('Open EPD')));
      } else {
        epdCell.append(h('span', { class: 'muted' }, m.epdSource));
      }
    }
    if (row.kind === 'construction' && row.constructionId && this.allowInspect) {
      epdCell.append(
        h(
          'button',
          { type: 'button', class: 'link', 'data-action': 'inspect', 'data-construction': row.constructionId, 'data-name': row.label, 'aria-label': l10n.t('Inspect construction {0}', row.label) },
          l10n.t('Inspect'),
        ),
      );
    }
    if (row.kind === 'material' && m?.epdName && parent?.kind === 'construction' && this.allowInspect) {
      epdCell.append(
        h(
          'button',
          { type: 'button', class: 'link', 'data-action': 'whatif', 'data-material': m.epdName, 'data-in': parent.label, 'aria-label': l10n.t('What if {0} in {1} were replaced?', m.epdName, parent.label) },
          l10n.t('What if…'),
        ),
      );
    }
    const quantity = m ? toNumber(m.quantity) : NaN;
    return h(
      'tr',
      { 'data-id': row.id, 'aria-level': row.depth + 1, class: `row-${row.kind}` },
      nameCell,
      h('td', { class: 'num' }, fmt.count(row.elements)),
      h('td', { class: `num${row.value < 0 ? ' negative' : ''}` }, row.raw === '' ? '—' : fmt.number(row.value)),
      h('td', { class: 'num' }, m ? fmt.number(quantity) : ''),
      h('td', {}, m?.unit ?? ''),
      h('td', { class: 'num' }, m?.lifetime !== undefined ? fmt.count(m.lifetime) : ''),
      epdCell,
    );
  }
}
