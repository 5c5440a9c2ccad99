// User-facing text of the dashboard webview, in one place: each read translates through @vscode/l10n, whose bundle
// the extension sends (`l10n` message) — so a language change shows on the next render. Literal templates, so
// that the string extractor finds them.
import * as l10n from '@vscode/l10n';
import type { ChartStrings } from './charts';

export const S = {
  get loading(): string {
    return l10n.t('Loading dashboard…');
  },
  get refreshing(): string {
    return l10n.t('Refreshing…');
  },
  get errorTitle(): string {
    return l10n.t('The dashboard could not be loaded');
  },
  get retry(): string {
    return l10n.t('Retry');
  },
  get signIn(): string {
    return l10n.t('Sign In');
  },
  get refresh(): string {
    return l10n.t('Refresh');
  },
  get emptyTitle(): string {
    return l10n.t('Nothing to show');
  },
  get emptyNoStages(): string {
    return l10n.t('No stage is selected. Select at least one stage to see emissions.');
  },
  get emptyNoData(): string {
    return l10n.t('This selection has no elements with emissions yet (nothing mapped, or no figures for these stages).');
  },
  get stages(): string {
    return l10n.t('Stages');
  },
  get indicator(): string {
    return l10n.t('Indicator');
  },
  get branch(): string {
    return l10n.t('Branch');
  },
  get serviceDefault(): string {
    return l10n.t('Service default');
  },
  get exportCsvBreakdown(): string {
    return l10n.t('Export CSV (breakdown)');
  },
  get exportCsvPhases(): string {
    return l10n.t('Export CSV (phases)');
  },
  get exportJson(): string {
    return l10n.t('Export JSON');
  },
  get savePng(): string {
    return l10n.t('Save PNG');
  },
  savePngOf: (title: string): string => l10n.t('Save "{0}" as PNG', title),
  get budget(): string {
    return l10n.t('Emission budget');
  },
  get perPhase(): string {
    return l10n.t('Emission per phase');
  },
  get perModel(): string {
    return l10n.t('Emission per model');
  },
  get perConstruction(): string {
    return l10n.t('Emission per construction');
  },
  get hotSpots(): string {
    return l10n.t('Hot spots');
  },
  get epdTypes(): string {
    return l10n.t('EPD types');
  },
  get mappingStatus(): string {
    return l10n.t('Mapping status');
  },
  get breakdown(): string {
    return l10n.t('Breakdown');
  },
  get breakdownTable(): string {
    return l10n.t('Breakdown table');
  },
  get used(): string {
    return l10n.t('Used');
  },
  get remaining(): string {
    return l10n.t('Remaining');
  },
  get overLimit(): string {
    return l10n.t('Over limit');
  },
  get limit(): string {
    return l10n.t('Limit');
  },
  get limitTotal(): string {
    return l10n.t('Limit incl. allowances');
  },
  get allowance(): string {
    return l10n.t('special-condition allowance');
  },
  get moduleD(): string {
    return l10n.t('Module D');
  },
  get notCounted(): string {
    return l10n.t('not counted');
  },
  get withinLimit(): string {
    return l10n.t('Within the limit');
  },
  notBr18: (why: string): string => l10n.t('Not a BR18 result ({0})', why),
  get constructionNoVerdict(): string {
    return l10n.t('One construction’s figures — not compared with the building’s limit');
  },
  overBy: (v: string): string => l10n.t('Over the limit by {0}', v),
  get of(): string {
    return l10n.t('of');
  },
  get referenceArea(): string {
    return l10n.t('Reference area');
  },
  get period(): string {
    return l10n.t('Consideration period');
  },
  years: (n: string): string => l10n.t('{0} years', n),
  get mappedElements(): string {
    return l10n.t('Mapped elements');
  },
  get result(): string {
    return l10n.t('Result');
  },
  get passes(): string {
    return l10n.t('Passes');
  },
  get fails(): string {
    return l10n.t('Fails');
  },
  get countedTotal(): string {
    return l10n.t('Total of counted phases');
  },
  summaryUnavailable: (why: string): string => l10n.t('Summary unavailable: {0}', why),
  get construction(): string {
    return l10n.t('Construction');
  },
  constructionOf: (c: string, p: string): string => l10n.t('Construction {0} in {1}', c, p),
  others: (n: number): string => l10n.t('Others ({0})', n),
  get mapped(): string {
    return l10n.t('mapped');
  },
  get notMapped(): string {
    return l10n.t('not mapped');
  },
  get elements(): string {
    return l10n.t('elements');
  },
  treemapLeftOut: (n: number): string => l10n.t('{0} construction(s) with zero or net negative emissions are not drawn here; the table lists them.', n),
  get filterPlaceholder(): string {
    return l10n.t('Filter by classification, construction or material');
  },
  get filterLabel(): string {
    return l10n.t('Filter the breakdown');
  },
  matches: (n: number): string => l10n.t('{0} match(es)', n),
  moreRows: (n: number): string => l10n.t('{0} more rows not shown — narrow the filter.', n),
  get colName(): string {
    return l10n.t('Classification / construction / material');
  },
  get colElements(): string {
    return l10n.t('Elements');
  },
  get colQuantity(): string {
    return l10n.t('Quantity');
  },
  get colUnit(): string {
    return l10n.t('Unit');
  },
  get colLifetime(): string {
    return l10n.t('Lifetime (years)');
  },
  get colEpd(): string {
    return l10n.t('EPD');
  },
  expand: (label: string): string => l10n.t('Expand {0}', label),
  collapse: (label: string): string => l10n.t('Collapse {0}', label),
  get inspect(): string {
    return l10n.t('Inspect');
  },
  inspectLabel: (name: string): string => l10n.t('Inspect construction {0}', name),
  get openEpd(): string {
    return l10n.t('Open EPD');
  },
  get noHotSpots(): string {
    return l10n.t('No hot spots.');
  },
  get noRows(): string {
    return l10n.t('No breakdown rows.');
  },
  /** The unit of the figures in words: "kg CO2e/m²/yr" → "kg CO₂e/m²/år" in Danish; other units per m² and year alike. */
  unit(unit: string): string {
    if (unit === 'kg CO2e/m²/yr') return l10n.t('kg CO2e/m²/yr');
    const perYear = /^(.+)\/m²\/yr$/.exec(unit);
    return perYear ? l10n.t('{0}/m²/yr', perYear[1]) : unit;
  },
  get summary(): string {
    return l10n.t('Summary');
  },
  chartNotShown: (chart: string): string => l10n.t('The chart "{0}" is not on screen.', chart),
  /** The service's EPD type keys in words (other keys as they come). */
  epdType(name: string): string {
    if (name === 'Generic') return l10n.t('Generic');
    if (name === 'Industry') return l10n.t('Industry');
    if (name === 'Product') return l10n.t('Product');
    return name;
  },
  get expandAll(): string {
    return l10n.t('Expand all');
  },
  get collapseAll(): string {
    return l10n.t('Collapse all');
  },
};

/** The chart texts, read when a chart is drawn (so in the language of that moment). */
export const CHART_STRINGS: ChartStrings = {
  get used() {
    return S.used;
  },
  get remaining() {
    return S.remaining;
  },
  get overLimit() {
    return S.overLimit;
  },
  get limit() {
    return S.limit;
  },
  get limitTotal() {
    return S.limitTotal;
  },
  get notCounted() {
    return S.notCounted;
  },
  others: (n: number) => S.others(n),
  get mapped() {
    return S.mapped;
  },
};
