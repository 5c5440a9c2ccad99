// The breakdown cards: the treemap of classifications and constructions (a click reveals the construction in the
// table and offers What if… for its materials) and the breakdown table, which keeps its expansion and filter.
import type { Dashboard } from '../../core/api/types';
import type { FigureFormatter } from '../../core/dashboard/format';
import type { DashboardData } from '../../core/dashboard/messages';
import { breakdownTree, treemapData, type BreakdownRow } from '../../core/dashboard/viewModel';
import type { CardDeps } from './cards';
import { treemapOption } from './charts';
import { clear, h } from './dom';
import * as l10n from './l10n';
import type { Shell } from './shell';
import { BreakdownTable } from './table';
import { unitText } from './text';
import { showTreemapWhatIf } from './whatIf';

export interface BreakdownDeps extends CardDeps {
  /** The table's expanded rows and filter, kept in the view state. */
  tableState(): { expanded: string[]; filterText: string };
  tableStateChanged(expanded: string[], filterText: string): void;
}

export class BreakdownCards {
  private table: BreakdownTable | undefined;
  private rows: BreakdownRow[] = [];

  constructor(private readonly deps: BreakdownDeps) {}

  /** The table is built again with the next drawing (a new frame, or an empty dashboard in between). */
  reset(): void {
    this.table = undefined;
  }

  private whatIf(material: string, construction: string): void {
    const branch = this.deps.branch();
    this.deps.post({ type: 'whatIf', material, construction, ...(branch ? { branch } : {}) });
  }

  render(cards: Shell['cards'], d: Dashboard, fmt: FigureFormatter, payload: DashboardData): void {
    const deps = this.deps;
    this.rows = breakdownTree(d.projectBreakdown, l10n.say);
    const { data, leftOut } = treemapData(this.rows);
    clear(cards.breakdown.text);
    if (leftOut) cards.breakdown.text.append(h('p', { class: 'muted' }, l10n.t('{0} construction(s) with zero or net negative emissions are not drawn here; the table lists them.', leftOut)));
    deps.charts.render('breakdown', cards.breakdown.chart!, () => treemapOption(data, deps.theme(), fmt, deps.branch() ?? ''));
    // What if… for the last construction clicked in the treemap: a button per material of it (as the table's), so
    // that the tiles, which a keyboard cannot reach, lead to the same question by a focusable button.
    const whatIfBox = h('div', { class: 'treemap-what-if', id: 'treemap-what-if', 'aria-live': 'polite' });
    cards.breakdown.text.append(whatIfBox);
    deps.charts.on('breakdown', 'click', (p) => {
      const id = (p.data as { id?: string; children?: unknown } | undefined)?.id;
      if (!id || (p.data as { children?: unknown }).children) return;
      this.table?.reveal(id);
      if (payload.target.kind === 'project') showTreemapWhatIf(whatIfBox, this.rows, id, (material, construction) => this.whatIf(material, construction));
    });
    if (!this.table) {
      clear(cards.table.text);
      this.table = new BreakdownTable(cards.table.text, {
        onStateChange: (expanded, filterText) => deps.tableStateChanged(expanded, filterText),
        openLink: (url) => deps.post({ type: 'openLink', url }),
        inspect: (constructionId, constructionName) => deps.post({ type: 'inspectConstruction', constructionId, constructionName }),
        whatIf: (material, construction) => this.whatIf(material, construction),
      });
    }
    const { expanded, filterText } = deps.tableState();
    this.table.setData(this.rows, fmt, unitText(payload.unit), payload.target.kind === 'project', expanded, filterText);
  }
}
