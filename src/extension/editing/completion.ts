// epdId completion from the catalog's known materials, code completion, and hovers: an epdId shows the material (name,
// declared unit, GWP A1-A3); module, indicator and unit codes show their names and units. Each reads the text around
// the cursor from the document's analysis (in a bulk file only the material there).
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { naturalCompare } from '../../core/display';
import type { Catalog, CatalogMaterial } from '../library/catalog';
import { textAround, type DocumentAnalyses } from './analyses';
import { lcaKindOf } from './documents';
import { sourceWords } from '../library/sourceWords';
import { loadFamilies, loadPreview } from '../bundles';
import type { EpdData } from '../../core/lca/types';
import type { Msg } from '../../core/l10n';

/** One answer of the completion or hover provider: when it started (Date.now) and its extension-host ms. */
export interface LanguageAnswer {
  kind: 'completion' | 'hover';
  startedAt: number;
  ms: number;
}

/** The latest answers (newest last), for the tests: the time VS Code took around them is not the providers'. */
export const languageAnswers: LanguageAnswer[] = [];

function timed<T>(kind: LanguageAnswer['kind'], answer: () => T): T {
  const startedAt = Date.now();
  const t = performance.now();
  try {
    return answer();
  } finally {
    languageAnswers.push({ kind, startedAt, ms: performance.now() - t });
    if (languageAnswers.length > 50) languageAnswers.shift();
  }
}

function sourceOf(m: CatalogMaterial): string {
  const where = sourceWords(m.source).detail;
  return m.uri ? `${where} (${vscode.workspace.asRelativePath(m.uri, false)})` : where;
}

function spanRange(document: vscode.TextDocument, span: { offset: number; length: number }): vscode.Range {
  return new vscode.Range(document.positionAt(span.offset), document.positionAt(span.offset + span.length));
}

/**
 * Materials that can be referred to (they have a service id), one per id: none that only another identity created or
 * read (another tenant's id would be refused), those of unknown owner marked (see Catalog.offeredMaterials).
 */
function referable(catalog: Catalog): { material: CatalogMaterial & { id: string }; owner: 'own' | 'unknown' }[] {
  return catalog.offeredMaterials();
}

/** `find` run on the text around `offset` (in a bulk file only the material there), its span moved back to document offsets. */
function around<T extends { offset: number; length: number }>(
  analyses: DocumentAnalyses,
  document: vscode.TextDocument,
  offset: number,
  find: (text: string, offset: number) => T | undefined,
): T | undefined {
  const { start, text } = textAround(analyses, document, offset);
  const found = find(text, offset - start);
  return found && { ...found, offset: found.offset + start };
}

/**
 * Completion in LCA files, reading only the text around the cursor (the material under it, in a big library): the
 * materials the workspace knows in an `epdId` (triggered by `"`), else the codes of a code field (triggered by `:`).
 */
export class LcaCompletion implements vscode.CompletionItemProvider {
  constructor(
    private readonly catalog: Catalog,
    private readonly analyses: DocumentAnalyses,
  ) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    if (!lcaKindOf(document)) return undefined;
    this.analyses.asked(document);
    return timed('completion', () => this.epdIds(document, position) ?? this.codeValues(document, position));
  }

  private epdIds(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    const span = around(this.analyses, document, document.offsetAt(position), loadPreview().epdIdCompletionSpan);
    if (!span) return undefined;
    const range = spanRange(document, span);
    // A string that runs over lines (unterminated) cannot be replaced by a completion: insert at the cursor instead.
    const target = range.isSingleLine ? range : new vscode.Range(position, position);
    const locale = l10n.locale();
    const unconfirmed = l10n.t('not yet confirmed readable by you');
    return referable(this.catalog)
      .sort((a, b) => naturalCompare(a.material.name, b.material.name))
      .map(({ material: m, owner }, i) => {
        const description = owner === 'own' ? sourceOf(m) : `${sourceOf(m)} · ${unconfirmed}`;
        const item = new vscode.CompletionItem({ label: m.name, description }, vscode.CompletionItemKind.Value);
        const codes = this.catalog.codes;
        const unitAndGwp = `${l10n.say(loadPreview().declaredUnitSummary(m.epd.declaredUnit, codes, locale))} · ${l10n.say(loadPreview().gwpA1A3Text(m.gwpA1A3, m.epd.declaredUnit, codes, locale))}`;
        item.detail = unitAndGwp;
        item.documentation = new vscode.MarkdownString(
          l10n.say(loadPreview().materialHover({ id: m.id, name: m.name, declaredUnit: m.epd.declaredUnit, gwpA1A3: m.gwpA1A3, source: sourceOf(m), family: familyText(m.epd) }, codes, locale)),
        );
        item.insertText = JSON.stringify(m.id);
        item.range = target;
        // Matched against the typed text from the range start, which begins with the opening quote.
        // Searchable by name, declared unit, GWP and id.
        item.filterText = `"${m.name} ${unitAndGwp} ${m.id}"`;
        item.sortText = String(i).padStart(6, '0');
        return item;
      });
  }

  /**
   * Value completion of codes (units, modules, module status, EPD type) listed as words — "3 — M3 (cubic metre)" —
   * and inserted as the number. Labels come from the active environment's code table (the catalog's).
   */
  private codeValues(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] | undefined {
    const offset = document.offsetAt(position);
    const { start, text } = textAround(this.analyses, document, offset);
    const found = loadPreview().codeCompletionAt(text, offset - start, this.catalog.codes);
    if (!found) return undefined;
    const range = spanRange(document, { offset: found.span.offset + start, length: found.span.length });
    return found.choices.map((c, i) => {
      const label = l10n.say(c.label);
      const item = new vscode.CompletionItem({ label, description: found.key }, vscode.CompletionItemKind.EnumMember);
      item.detail = l10n.say(c.detail);
      item.insertText = String(c.code);
      item.range = range;
      // Typing "3" or "m3" or "cubic" finds it.
      item.filterText = label;
      item.sortText = `0${String(i).padStart(4, '0')}`;
      return item;
    });
  }
}

export class LcaHover implements vscode.HoverProvider {
  constructor(
    private readonly catalog: Catalog,
    private readonly analyses: DocumentAnalyses,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!lcaKindOf(document)) return undefined;
    this.analyses.asked(document);
    return timed('hover', () => this.hoverAt(document, position));
  }

  private hoverAt(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const offset = document.offsetAt(position);
    const { start, text: near } = textAround(this.analyses, document, offset);
    const codes = this.catalog.codes;
    const found = loadPreview().jsonContextAt(near, offset - start, codes);
    const ctx = found && { ...found, span: { offset: found.span.offset + start, length: found.span.length } };
    if (!ctx) return undefined;
    let text: string;
    const say = l10n.say;
    switch (ctx.kind) {
      case 'epdId':
        text = this.epdIdHover(ctx.value);
        break;
      case 'module':
        text = say(loadPreview().moduleHover(ctx.code, codes));
        break;
      case 'indicator':
        text = say(loadPreview().indicatorHover(ctx.indicator, ctx.written));
        break;
      case 'indicatorUnit':
        text = say(loadPreview().indicatorUnitHover(ctx.unit, ctx.indicator));
        break;
      case 'unitCode':
        text = say(loadPreview().unitCodeHover(ctx.code, ctx.key, codes));
        break;
    }
    return new vscode.Hover(new vscode.MarkdownString(text), spanRange(document, ctx.span));
  }

  private epdIdHover(id: string): string {
    const owner = this.catalog.ownerOfUnreadable(id);
    if (owner) return l10n.t('Material `{0}` belongs to another sign-in ({1}): the service does not give it to you.', id, owner);
    const m = this.catalog.material(id);
    const locale = l10n.locale();
    const codes = this.catalog.codes;
    if (m) return l10n.say(loadPreview().materialHover({ id, name: m.name, declaredUnit: m.epd.declaredUnit, gwpA1A3: m.gwpA1A3, source: sourceOf(m), family: familyText(m.epd) }, codes, locale));
    const resolved = this.catalog.resolveEpd(id);
    if (resolved === undefined) return l10n.t('No material with id `{0}` is known (workspace files, cache or service).', id);
    if (resolved !== 'unknown') return l10n.t('**{0}**\n\nDeclared unit: {1}', resolved.name, l10n.say(loadPreview().declaredUnitSummary(resolved.declaredUnit, codes, locale)));
    return l10n.t('Material `{0}` is not known yet: it is looked up on the service when you are signed in.', id);
  }
}

/**
 * A material's family with where it was read (the vocabulary is a bundle of its own, loaded on the first hover), its
 * words escaped for the hover's Markdown.
 */
function familyText(epd: EpdData): Msg {
  const core = loadFamilies();
  const f = core.familyOfEpd(epd);
  return core.familyWords({ ...f, ...(f.by ? { by: f.by.replace(/([\\`*_{}[\]()<>#+!|])/g, '\\$1') } : {}) });
}
