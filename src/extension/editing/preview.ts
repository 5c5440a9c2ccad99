// The live impact preview of *.construction.json: a CodeLens at the top with the GWP per declared unit (A1-A3, B4
// over the reference period, C3, C4, D apart) and one per component with its A1-A3 share, computed locally by the
// calculation code the local service uses (src/core/preview → src/core/lca). Clicking a lens opens the breakdown
// beside — a webview page per construction that follows the document, with Find Lower-Carbon Alternatives… on each
// component (a link to that command for that component, the only command the page may run) — and its Markdown is the
// lca-impact: document the command answers with. Both read the construction's value from its analysis (analyses.ts).
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import * as l10n from '../l10n';
import { createNonce } from '../../core/dashboard/html';
import { loadPreview } from '../bundles';
import { FIND_ALTERNATIVES_COMMAND } from './alternatives';
import type { ConstructionPreview, PreviewResolver } from '../../core/preview';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import { constructionStem, isConstructionPath, parseDocument } from '../../core/document';
import type { DocumentAnalyses } from './analyses';
import { lcaKindOf } from './documents';
import type { PeriodChoice, ProjectPeriods } from './projectPeriod';
import { showInfoWithWalkthrough, stepDone } from '../walkthrough';

export const SHOW_BREAKDOWN_COMMAND = 'lca.showImpactBreakdown';
const BREAKDOWN_SCHEME = 'lca-impact';
export const BREAKDOWN_VIEW_TYPE = 'lca.impactBreakdown';

/**
 * The catalog as the preview's resolver: the EPD when known, undefined when the service said 404, else 'unknown'. An
 * epdId that is a workspace material's originalUUID (an imported construction) computes with that file's figures.
 */
export function catalogResolver(catalog: Catalog): PreviewResolver {
  return (epdId) => {
    const r = catalog.resolveEpd(epdId);
    if (r === undefined || r === 'unknown') return r;
    return catalog.materialFor(epdId)?.epd ?? 'unknown';
  };
}

/** The preview of a construction's value (as the document's analysis read it). */
export function previewOf(value: unknown, catalog: Catalog, period: number): ConstructionPreview {
  return loadPreview().previewConstruction(value, catalogResolver(catalog), catalog.codes, period);
}

/** Where B4's period comes from, in words. */
export function periodSource(choice: PeriodChoice): string {
  return choice.project
    ? l10n.t('the considerationPeriod of {0}', choice.project.path.split('/').pop() ?? '')
    : l10n.t('the lca.preview.referencePeriod setting (no single *.project.json beside the construction or above it)');
}

export class ImpactPreview extends Disposable implements vscode.CodeLensProvider, vscode.TextDocumentContentProvider {
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly breakdownChanged = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.breakdownChanged.event;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** The breakdown pages open, by their construction's URI (a page keeps its nonce: its HTML is set only when it changes). */
  private readonly pages = new Map<string, { panel: vscode.WebviewPanel; nonce: string }>();

  private readonly catalog: Catalog;
  private readonly periods: ProjectPeriods;
  private readonly analyses: DocumentAnalyses;

  /** `session`: a new code table shows new figures. */
  constructor(deps: { catalog: Catalog; periods: ProjectPeriods; analyses: DocumentAnalyses; session: Pick<LcaSession, 'onDidChange'> }) {
    super();
    ({ catalog: this.catalog, periods: this.periods, analyses: this.analyses } = deps);
    const { catalog, periods, session } = deps;
    for (const d of [
      this.lensesChanged, this.breakdownChanged,
      catalog.onDidChange(() => this.refresh()),
      session.onDidChange((change) => change === 'codes' && this.refresh()),
      periods.onDidChange(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('lca.preview')) this.refresh();
      }),
      l10n.onDidChangeLanguage(() => this.refresh()),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (lcaKindOf(e.document) === 'construction') this.refreshBreakdowns(e.document.uri);
      }),
    ]) this.register(d);
  }

  // ---- CodeLens ----

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const analysis = lcaKindOf(document) === 'construction' ? this.analyses.get(document) : undefined;
    if (!analysis) return [];
    const period = this.periods.periodFor(document.uri);
    const preview = previewOf(analysis.value, this.catalog, period.years);
    const top = new vscode.Range(0, 0, 0, 0);
    const command = (title: string): vscode.Command => ({
      title,
      command: SHOW_BREAKDOWN_COMMAND,
      arguments: [document.uri],
      tooltip: l10n.t('Show the impact breakdown of this construction (B4 over {0} years: {1})', period.years, periodSource(period)),
    });
    const locale = l10n.locale();
    const lenses = [new vscode.CodeLens(top, command(l10n.say(loadPreview().previewTitle(preview, locale))))];
    const indices = [...preview.components.map((c) => c.index), ...preview.problems.map((p) => p.index)].sort((a, b) => a - b);
    // One component alone needs no lens of its own (the top lens says it all), unless it is the one that fails.
    if (indices.length > 1 || preview.problems.length > 0) {
      const locator = analysis.locator;
      for (const index of indices) {
        const title = loadPreview().componentTitle(preview, index, locale);
        const span = locator.rangeOf(['constructionEpds', index]);
        if (title === undefined || !span) continue;
        const at = document.positionAt(span.offset);
        lenses.push(new vscode.CodeLens(new vscode.Range(at, at), command(l10n.say(title))));
      }
    }
    return lenses;
  }

  // ---- breakdown document ----

  /** lca-impact:/<name> impact.md?<source uri> */
  breakdownUri(source: vscode.Uri): vscode.Uri {
    const name = constructionStem(source.path) || 'construction';
    return vscode.Uri.from({ scheme: BREAKDOWN_SCHEME, path: `/${name} impact.md`, query: source.toString() });
  }

  /** The construction's value as its analysis read it, its name and B4's period. */
  private async breakdownOf(source: vscode.Uri): Promise<{ preview: ConstructionPreview; name: string; footer: string }> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === source.toString()) ?? (await vscode.workspace.openTextDocument(source));
    const analysis = this.analyses.get(document);
    const value = analysis ? analysis.value : parseDocument(document.getText());
    const name = typeof (value as { name?: unknown } | undefined)?.name === 'string' ? (value as { name: string }).name : (source.path.split('/').pop() ?? '');
    const period = this.periods.periodFor(source);
    const footer = l10n.t('Reference period for B4: {0} years, from {1}.', period.years, periodSource(period));
    return { preview: previewOf(value, this.catalog, period.years), name, footer };
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const { preview, name, footer } = await this.breakdownOf(vscode.Uri.parse(uri.query));
    const markdown = loadPreview().previewMarkdown(preview, name, { say: l10n.say, locale: l10n.locale() });
    return `${markdown.trimEnd()}\n\n${footer}\n`;
  }

  /** Opens (or reveals) the breakdown page of a construction beside it; answers with its Markdown document's URI. */
  async showBreakdown(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const source = target ?? vscode.window.activeTextEditor?.document.uri;
    if (!source || !isConstructionPath(source.path)) {
      void showInfoWithWalkthrough(l10n.t('Open a *.construction.json file to see its impact breakdown.'), 'construction');
      return undefined;
    }
    const key = source.toString();
    let page = this.pages.get(key);
    if (page) page.panel.reveal(undefined, true);
    else {
      const file = constructionStem(source.path);
      const panel = vscode.window.createWebviewPanel(BREAKDOWN_VIEW_TYPE, l10n.t('Impact: {0}', file), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableCommandUris: [FIND_ALTERNATIVES_COMMAND], enableFindWidget: true });
      page = { panel, nonce: createNonce() };
      this.pages.set(key, page);
      panel.onDidDispose(() => this.pages.delete(key));
    }
    await this.render(source, page);
    stepDone('construction');
    return this.breakdownUri(source);
  }

  private async render(source: vscode.Uri, page: { panel: vscode.WebviewPanel; nonce: string }): Promise<void> {
    const { preview, name, footer } = await this.breakdownOf(source);
    // A component's link runs Find Lower-Carbon Alternatives… with what the code action passes: the file and the index.
    const href = (index: number): string => `command:${FIND_ALTERNATIVES_COMMAND}?${encodeURIComponent(JSON.stringify([source.toString(), index]))}`;
    const html = loadPreview().breakdownHtml(preview, name, { phrasing: { say: l10n.say, locale: l10n.locale() }, nonce: page.nonce, footer, alternativesHref: href });
    // Set only when it changed: each setting reloads the page (its scroll and focus).
    if (page.panel.webview.html !== html) page.panel.webview.html = html;
  }

  private renderPages(source?: string): void {
    for (const [key, page] of this.pages) if (source === undefined || key === source) void this.render(vscode.Uri.parse(key), page).catch(() => undefined);
  }

  private refresh(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.lensesChanged.fire();
      for (const d of vscode.workspace.textDocuments) if (d.uri.scheme === BREAKDOWN_SCHEME) this.breakdownChanged.fire(d.uri);
      this.renderPages();
    }, 100);
  }

  private refreshBreakdowns(source: vscode.Uri): void {
    const uri = this.breakdownUri(source).toString();
    for (const d of vscode.workspace.textDocuments) if (d.uri.toString() === uri) this.breakdownChanged.fire(d.uri);
    this.renderPages(source.toString());
  }

  override dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const page of [...this.pages.values()]) page.panel.dispose();
    super.dispose();
  }
}
