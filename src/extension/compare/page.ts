// The comparison page: one webview per pair of sides (shown again when compared again), its script for sorting,
// filtering and the export buttons, and "Export Comparison as CSV / JSON" through the one export runner.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { Comparison } from '../../core/compare';
import { createNonce } from '../../core/dashboard/html';
import { fileStem } from '../../core/templates/names';
import { loadCompare } from '../bundles';
import { runExport } from '../export/run';

export const COMPARE_VIEW_TYPE = 'lca.comparison';

interface Page {
  panel: vscode.WebviewPanel;
  comparison: Comparison;
}

const pages = new Map<string, Page>();
/** The page last shown or focused (a panel's own `active` lags behind a new page): what Export Comparison… exports. */
let latest: Page | undefined;

export type ComparisonExportKind = 'csv' | 'json';

/** Shows `c` in its page (the one of the same two sides, else a new one). */
export function showComparison(c: Comparison, extensionUri: vscode.Uri): void {
  const key = `${c.a.source}\u0000${c.b.source}`;
  let page = pages.get(key);
  if (!page) {
    const panel = vscode.window.createWebviewPanel(COMPARE_VIEW_TYPE, l10n.t('Compare: {0} → {1}', c.a.name, c.b.name), vscode.ViewColumn.Active, {
      enableFindWidget: true,
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media', 'dist')],
    });
    const opened: Page = { panel, comparison: c };
    pages.set(key, opened);
    panel.onDidDispose(() => {
      pages.delete(key);
      if (latest === opened) latest = undefined;
    });
    panel.onDidChangeViewState((e) => (e.webviewPanel.active ? (latest = opened) : undefined));
    panel.webview.onDidReceiveMessage((m: unknown) => {
      const kind = (m as { type?: unknown; kind?: unknown } | null)?.type === 'export' ? (m as { kind?: unknown }).kind : undefined;
      if (kind === 'csv' || kind === 'json') void vscode.commands.executeCommand('lca.exportComparison', kind);
    });
    page = opened;
  }
  page.comparison = c;
  latest = page;
  const { webview } = page.panel;
  const uri = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'dist', 'compare.js')).toString();
  webview.html = loadCompare().compareHtml(c, { phrasing: l10n.phrasing(), nonce: createNonce(), script: { uri, cspSource: webview.cspSource } });
  page.panel.reveal();
}

/** Writes the comparison of the active (or last) page as CSV or JSON; without `kind` asks which. The file, or undefined. */
export async function exportComparison(kind?: unknown, target?: unknown): Promise<vscode.Uri | undefined> {
  const page = latest;
  if (!page) throw new Error(l10n.t('Compare two states first (Compare LCA…): there is no comparison to export.'));
  let chosen: ComparisonExportKind | undefined = kind === 'csv' || kind === 'json' ? kind : undefined;
  if (kind !== undefined && !chosen) throw new Error(l10n.t('{0} is not a comparison export: csv or json.', String(kind)));
  if (!chosen) {
    const picked = await vscode.window.showQuickPick(
      [
        { label: l10n.t('CSV (a spreadsheet: the result, modules, building parts and lines)'), format: 'csv' as const },
        { label: l10n.t('JSON (every figure, as lca_compare gives it)'), format: 'json' as const },
      ],
      { title: l10n.t('Export Comparison') },
    );
    if (!picked) return undefined;
    chosen = picked.format;
  }
  const c = page.comparison;
  const exporter = loadCompare().COMPARE_EXPORTERS[chosen];
  const name = `${fileStem(c.a.name, 'a')}-vs-${fileStem(c.b.name, 'b')}${exporter.ending}`;
  return (await runExport({ exporter, target, name, title: l10n.t('Export Comparison'), read: async () => c }))?.file;
}
