// What the page keeps across reloads (VS Code's setState): the target, the query, the shown branch and the
// breakdown table's expansion and filter; and the re-queries the filters ask for.
import type { DashboardQuery, DashboardTarget, DashboardViewState, WebviewToExtension } from '../../core/dashboard/messages';

export class PageState {
  target: DashboardTarget | undefined;
  query: DashboardQuery | undefined;
  branch: string | undefined;
  expanded: string[] = [];
  filterText = '';

  constructor(
    private readonly store: (state: DashboardViewState) => void,
    private readonly post: (message: WebviewToExtension) => void,
    restored: DashboardViewState | undefined,
  ) {
    if (!restored) return;
    this.target = restored.target;
    this.query = restored.query;
    this.branch = restored.branch;
    this.expanded = restored.expanded ?? [];
    this.filterText = restored.filterText ?? '';
  }

  save(): void {
    if (!this.target) return;
    this.store({ target: this.target, query: this.query, branch: this.branch, expanded: this.expanded, filterText: this.filterText });
  }

  /** The breakdown table's expansion or filter changed. */
  table(expanded: string[], filterText: string): void {
    this.expanded = expanded;
    this.filterText = filterText;
    this.save();
  }

  /** Asks the extension for the dashboard of `query` (a filter changed). */
  requery(query: DashboardQuery): void {
    this.query = query;
    this.save();
    this.post({ type: 'query', query });
  }

  /** The stages ticked now. */
  stagesChanged(stages: DashboardQuery['stages']): void {
    if (this.query) this.requery({ ...this.query, stages });
  }

  /** The indicator chosen now ('' = the service's default). */
  mappingChanged(id: string): void {
    if (this.query) this.requery(id ? { ...this.query, indicatorTypeMappingId: id } : { stages: this.query.stages });
  }
}
