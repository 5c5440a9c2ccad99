// The live impact preview of *.construction.json: a CodeLens at the top with the GWP per declared unit (A1-A3, B4
// over the reference period, C3, C4, D apart) and one per component with its A1-A3 share, computed locally by the
// calculation code the local service uses (src/core/preview → src/core/lca). Clicking a lens opens a Markdown
// breakdown that follows the document. Both read the construction's value from its analysis (analyses.ts).
import * as vscode from 'vscode';
import { Disposable } from '../disposable';
import * as l10n from '../l10n';
import { showRendered } from '../ui';
import { componentTitle, previewConstruction, previewMarkdown, previewTitle, type ConstructionPreview, type PreviewResolver } from '../../core/preview';
import type { Catalog } from '../library/catalog';
import type { ActiveCodes } from '../codes';
import { parseDocument } from '../../core/document';
import type { DocumentAnalyses } from './analyses';
import { lcaKindOf } from './documents';
import type { PeriodChoice, ProjectPeriods } from './projectPeriod';

export const SHOW_BREAKDOWN_COMMAND = 'lca.showImpactBreakdown';
const BREAKDOWN_SCHEME = 'lca-impact';

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
  return previewConstruction(value, catalogResolver(catalog), catalog.codes, period);
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

  constructor(
    private readonly catalog: Catalog,
    private readonly periods: ProjectPeriods,
    private readonly analyses: DocumentAnalyses,
    codes: ActiveCodes,
  ) {
    super();
    for (const d of [
      this.lensesChanged, this.breakdownChanged,
      catalog.onDidChange(() => this.refresh()),
      codes.onDidChange(() => this.refresh()),
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
    const lenses = [new vscode.CodeLens(top, command(l10n.say(previewTitle(preview, locale))))];
    const indices = [...preview.components.map((c) => c.index), ...preview.problems.map((p) => p.index)].sort((a, b) => a - b);
    // One component alone needs no lens of its own (the top lens says it all), unless it is the one that fails.
    if (indices.length > 1 || preview.problems.length > 0) {
      const locator = analysis.locator;
      for (const index of indices) {
        const title = componentTitle(preview, index, locale);
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
    const name = source.path.split('/').pop()?.replace(/\.construction\.json$/i, '') ?? 'construction';
    return vscode.Uri.from({ scheme: BREAKDOWN_SCHEME, path: `/${name} impact.md`, query: source.toString() });
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const source = vscode.Uri.parse(uri.query);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === source.toString()) ?? (await vscode.workspace.openTextDocument(source));
    const analysis = this.analyses.get(document);
    const value = analysis ? analysis.value : parseDocument(document.getText());
    const name = typeof (value as { name?: unknown } | undefined)?.name === 'string' ? (value as { name: string }).name : (source.path.split('/').pop() ?? '');
    const period = this.periods.periodFor(source);
    const markdown = previewMarkdown(previewOf(value, this.catalog, period.years), name, { say: l10n.say, locale: l10n.locale() });
    return `${markdown.trimEnd()}\n\n${l10n.t('Reference period for B4: {0} years, from {1}.', period.years, periodSource(period))}\n`;
  }

  async showBreakdown(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const source = target ?? vscode.window.activeTextEditor?.document.uri;
    if (!source || !/\.construction\.json$/i.test(source.path)) {
      void vscode.window.showInformationMessage(l10n.t('Open a *.construction.json file to see its impact breakdown.'));
      return undefined;
    }
    const uri = this.breakdownUri(source);
    await showRendered(await vscode.workspace.openTextDocument(uri), { beside: true, preserveFocus: true });
    return uri;
  }

  private refresh(): void {
    if (this.refreshTimer) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.lensesChanged.fire();
      for (const d of vscode.workspace.textDocuments) if (d.uri.scheme === BREAKDOWN_SCHEME) this.breakdownChanged.fire(d.uri);
    }, 100);
  }

  private refreshBreakdowns(source: vscode.Uri): void {
    const uri = this.breakdownUri(source).toString();
    for (const d of vscode.workspace.textDocuments) if (d.uri.toString() === uri) this.breakdownChanged.fire(d.uri);
  }

  override dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    super.dispose();
  }
}
