// epdId completion from the catalog's known materials, and hovers: an epdId shows the material (name, declared unit,
// GWP A1-A3); module, indicator and unit codes show their names and units.
import * as vscode from 'vscode';
import {
  declaredUnitSummary,
  epdIdCompletionSpan,
  gwpA1A3Text,
  indicatorHover,
  indicatorUnitHover,
  jsonContextAt,
  materialHover,
  moduleHover,
  unitCodeHover,
} from '../../core/preview';
import type { Catalog, CatalogMaterial } from '../library/catalog';
import { lcaKindOf } from './documents';

const SOURCE_TEXT: Record<CatalogMaterial['source'], string> = {
  file: 'workspace file',
  service: 'read from the service',
  pulled: 'pulled from the service',
  pushed: 'pushed to the service',
  created: 'bulk-created',
  opened: 'opened from the service',
};

function sourceOf(m: CatalogMaterial): string {
  const where = SOURCE_TEXT[m.source] ?? m.source;
  return m.uri ? `${where} (${vscode.workspace.asRelativePath(m.uri, false)})` : where;
}

function spanRange(document: vscode.TextDocument, span: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(span.offset), document.positionAt(span.offset + span.length));
}

/** Materials that can be referred to (they have a service id), one per id. */
function referable(catalog: Catalog): (CatalogMaterial & { id: string })[] {
  const seen = new Set<string>();
  const out: (CatalogMaterial & { id: string })[] = [];
  for (const m of catalog.materials()) {
    if (!m.id || seen.has(m.id.toLowerCase())) continue;
    seen.add(m.id.toLowerCase());
    out.push(m as CatalogMaterial & { id: string });
  }
  return out;
}

export class EpdIdCompletion implements vscode.CompletionItemProvider {
  constructor(private readonly catalog: Catalog) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    if (!lcaKindOf(document)) return undefined;
    const span = epdIdCompletionSpan(document.getText(), document.offsetAt(position));
    if (!span) return undefined;
    const range = spanRange(document, span);
    // A string that runs over lines (unterminated) cannot be replaced by a completion: insert at the cursor instead.
    const target = range.isSingleLine ? range : new vscode.Range(position, position);
    return referable(this.catalog)
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m, i) => {
        const item = new vscode.CompletionItem(m.name, vscode.CompletionItemKind.Value);
        item.detail = `${declaredUnitSummary(m.epd.declaredUnit)} · ${gwpA1A3Text(m.gwpA1A3, m.epd.declaredUnit)}`;
        item.documentation = new vscode.MarkdownString(
          materialHover({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit, gwpA1A3: m.gwpA1A3, source: sourceOf(m) }),
        );
        item.insertText = JSON.stringify(m.id);
        item.range = target;
        // Matched against the typed text from the range start, which begins with the opening quote.
        item.filterText = `"${m.name} ${m.id}"`;
        item.sortText = String(i).padStart(6, '0');
        return item;
      });
  }
}

export class LcaHover implements vscode.HoverProvider {
  constructor(private readonly catalog: Catalog) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!lcaKindOf(document)) return undefined;
    const ctx = jsonContextAt(document.getText(), document.offsetAt(position));
    if (!ctx) return undefined;
    let text: string;
    switch (ctx.kind) {
      case 'epdId':
        text = this.epdIdHover(ctx.value);
        break;
      case 'module':
        text = moduleHover(ctx.code);
        break;
      case 'indicator':
        text = indicatorHover(ctx.indicator, ctx.written);
        break;
      case 'indicatorUnit':
        text = indicatorUnitHover(ctx.unit, ctx.indicator);
        break;
      case 'unitCode':
        text = unitCodeHover(ctx.code, ctx.key);
        break;
    }
    return new vscode.Hover(new vscode.MarkdownString(text), spanRange(document, ctx.span));
  }

  private epdIdHover(id: string): string {
    const m = this.catalog.material(id);
    if (m) return materialHover({ id, name: m.name, declaredUnit: m.epd.declaredUnit, gwpA1A3: m.gwpA1A3, source: sourceOf(m) });
    const resolved = this.catalog.resolveEpd(id);
    if (resolved === undefined) return `No material with id \`${id}\` is known (workspace files, cache or service).`;
    if (resolved !== 'unknown') return `**${resolved.name}**\n\nDeclared unit: ${declaredUnitSummary(resolved.declaredUnit)}`;
    return `Material \`${id}\` is not known yet: it is looked up on the service when you are signed in.`;
  }
}
