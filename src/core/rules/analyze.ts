// The one check of an LCA document: `analyze(text, options)` gives its kind, its value, a locator of paths in its text,
// the rules' findings and the schema problems, placed (ranges and fixes). Everything it needs is passed in — the code
// table and the schema validator among it —, so the editor, the bulk create and push checks, and a tool reading a file
// that is not open all call the same function. A bulk file open in the editor is analysed incrementally: the analysis
// of the previous version and the edit's changes give the next one, re-checking only the items the edit touched.
// What keeps a document from being sent is a view of an analysis (`blockingOf`).
import {
  applyAll,
  DocumentLocator,
  documentKindOf,
  documentKindOfValue,
  JSON_SYNTAX_ERROR,
  LineIndex,
  parseDocument,
  syntaxProblems,
  type DocumentKind,
  type TextChange,
} from '../document';
import type { BlockingProblem } from './blocking';
import { checkBulkItem, fullCheck, placeItem, schemaDiagnosticOf } from './check';
import { formattingOf } from './fixes';
import { IncrementalCheck, type DiagnosticGroup, type UpdateStats } from './incremental';
import type { AnalyzeOptions, RuleContext, RuleDiagnostic } from './types';

/** Everything known about one version of a document's text. Parts are worked out when first read, then kept. */
export interface Analysis {
  /** The document kind (options, file name, else the value's shape); undefined for a document the rules do not know. */
  readonly kind: DocumentKind | undefined;
  /** The parsed value (tolerant of comments and broken text; undefined when nothing can be read). */
  readonly value: unknown;
  /** The text as analysed (in an incremental analysis joined from its items when read: a copy of the document). */
  readonly text: string;
  /** Characters in the text (without joining it). */
  readonly length: number;
  /** True when the text is plain JSON (no comments, trailing commas or syntax errors). */
  readonly strict: boolean;
  /** Ranges of paths in the text. */
  readonly locator: DocumentLocator;
  /** The rules' findings, placed: ranges and fixes as text edits. */
  readonly findings: readonly RuleDiagnostic[];
  /** The problems against the kind's JSON Schema, placed (rule id `schema`, errors: the service refuses them). */
  readonly schemaProblems: readonly RuleDiagnostic[];
  /**
   * Findings and schema problems by part of the text (offsets relative to the part's start): one part per material of
   * an incremental analysis, each the same array while its material is unchanged; else the whole text as one part.
   */
  readonly groups: readonly DiagnosticGroup[];
  /** How much this analysis checked: all of the document, or the items an edit touched. */
  readonly stats: UpdateStats;
  /** In an incremental analysis of a bulk file, the material whose text holds `offset` (its text only, no copy of the file). */
  itemAt(offset: number): { start: number; text: string } | undefined;
}

/** An edit of an analysed document: the analysis of the version before and the changes, in the order VS Code lists them. */
export interface AnalysisEdit {
  /** Superseded by the result: an incremental analysis shares its state with the next one. */
  previous: Analysis;
  changes: readonly TextChange[];
}

/**
 * Whether the analysis of `edit` (`analyze(edit, …)`) would check the whole document again rather than only the
 * materials the changes touch: the previous analysis is not incremental, or the changes cross a material's bounds or
 * leave one that is not complete JSON. Cheap (parses only the touched materials), changes nothing.
 */
export function checksInFull(edit: AnalysisEdit): boolean {
  return edit.previous instanceof IncrementalAnalysis ? edit.previous.checksInFull(edit.changes) : true;
}

/**
 * Analyses a document's text, or the text an edit leads to (incrementally when the previous analysis was made with
 * `incremental`; else in full). Unknown kinds have no findings and no schema problems.
 */
export function analyze(input: string | AnalysisEdit, options: AnalyzeOptions): Analysis {
  if (typeof input !== 'string') {
    if (input.previous instanceof IncrementalAnalysis) return input.previous.next(input.changes, options);
    return analyze(applyAll(input.previous.text, input.changes), options);
  }
  if (options.incremental) return new IncrementalAnalysis(new IncrementalCheck(input, options));
  if (options.item !== undefined) return new ItemAnalysis(input, options.item, options);
  return new FullAnalysis(input, options);
}

/**
 * Everything that keeps the analysed document from being sent, once each and in text order: JSON syntax errors
 * (strict JSON), schema problems and the rules' errors (warnings do not block). The errors the editor shows.
 */
export function blockingOf(analysis: Analysis): BlockingProblem[] {
  const text = analysis.text;
  const lines = new LineIndex(text);
  let syntax: BlockingProblem[] = [];
  if (!analysis.strict) {
    syntax = syntaxProblems(text, lines);
    if (syntax.length === 0) syntax = [{ kind: 'syntax', message: JSON_SYNTAX_ERROR, offset: 0, length: 0, line: 1, column: 1 }];
  }
  const placed = (kind: 'schema' | 'rule', d: RuleDiagnostic): BlockingProblem => ({ kind, message: d.message, offset: d.offset, length: d.length, ...lines.position(d.offset) });
  const schema = analysis.schemaProblems.map((d) => placed('schema', d));
  const rules = analysis.findings.filter((d) => d.severity === 'error').map((d) => placed('rule', d));
  return [...syntax, ...schema, ...rules].sort((a, b) => a.offset - b.offset);
}

/** Reads the value once: JSON when it is, else the tolerant parse. */
function parsed(text: string): { value: unknown; strict: boolean } {
  try {
    return { value: JSON.parse(text) as unknown, strict: true };
  } catch {
    return { value: parseDocument(text), strict: false };
  }
}

/** A whole text analysed at once, each part when first read. */
class FullAnalysis implements Analysis {
  private read: { value: unknown; strict: boolean } | undefined;
  private checked: { findings: RuleDiagnostic[]; schema: RuleDiagnostic[] } | undefined;
  private located: DocumentLocator | undefined;
  protected readonly ctx: RuleContext;
  readonly stats: UpdateStats = { mode: 'full', itemsChecked: 1 };

  constructor(
    readonly text: string,
    private readonly options: AnalyzeOptions,
  ) {
    this.ctx = { now: (options.now ?? new Date()).getTime(), codes: options.codes };
  }

  get value(): unknown {
    return this.parsed().value;
  }
  get strict(): boolean {
    return this.parsed().strict;
  }
  private parsed(): { value: unknown; strict: boolean } {
    this.read ??= 'value' in this.options ? { value: this.options.value, strict: true } : parsed(this.text);
    return this.read;
  }
  get kind(): DocumentKind | undefined {
    return this.options.kind ?? (this.options.fileName ? documentKindOf(this.options.fileName) : undefined) ?? documentKindOfValue(this.value);
  }
  get length(): number {
    return this.text.length;
  }
  get locator(): DocumentLocator {
    this.located ??= new DocumentLocator(this.text);
    return this.located;
  }
  private check(): { findings: RuleDiagnostic[]; schema: RuleDiagnostic[] } {
    if (!this.checked) {
      const kind = this.kind;
      this.checked = kind ? fullCheck(this.text, this.value, kind, this.ctx, this.options, this.locator) : { findings: [], schema: [] };
    }
    return this.checked;
  }
  get findings(): readonly RuleDiagnostic[] {
    return this.check().findings;
  }
  get schemaProblems(): readonly RuleDiagnostic[] {
    return this.check().schema;
  }
  get groups(): readonly DiagnosticGroup[] {
    const { findings, schema } = this.check();
    return [{ start: 0, diagnostics: [...findings, ...schema] }];
  }
  itemAt(): undefined {
    return undefined;
  }
}

/** Item `item` of a materials file, its text on its own: its own findings (paths from the file's root) and its schema problems as an item. */
class ItemAnalysis extends FullAnalysis {
  private own: { findings: RuleDiagnostic[]; schema: RuleDiagnostic[] } | undefined;

  constructor(
    text: string,
    private readonly item: number,
    private readonly itemOptions: AnalyzeOptions,
  ) {
    super(text, itemOptions);
  }

  override get kind(): DocumentKind {
    return 'materials';
  }
  private checkItem(): { findings: RuleDiagnostic[]; schema: RuleDiagnostic[] } {
    if (!this.own) {
      const { own, schema } = checkBulkItem(this.value, this.item, this.ctx, this.itemOptions.validate);
      const found = this.itemOptions.errorsOnly ? own.filter((f) => f.severity === 'error') : own;
      if (found.length === 0 && schema.length === 0) return (this.own = { findings: [], schema: [] });
      const locator = this.locator;
      this.own = {
        findings: placeItem(locator, this.item, found, [], () => formattingOf(this.text), 0, []),
        schema: schema.map((p) => schemaDiagnosticOf(locator, p, 0, [this.item])),
      };
    }
    return this.own;
  }
  override get findings(): readonly RuleDiagnostic[] {
    return this.checkItem().findings;
  }
  override get schemaProblems(): readonly RuleDiagnostic[] {
    return this.checkItem().schema;
  }
  override get groups(): readonly DiagnosticGroup[] {
    const { findings, schema } = this.checkItem();
    return [{ start: 0, diagnostics: [...findings, ...schema] }];
  }
}

/** A bulk file kept item by item (core/rules/incremental): one state shared along the edits. */
class IncrementalAnalysis implements Analysis {
  private all: readonly RuleDiagnostic[] | undefined;
  private joined: string | undefined;
  private located: DocumentLocator | undefined;
  readonly stats: UpdateStats;

  constructor(private readonly check: IncrementalCheck) {
    this.stats = check.lastUpdate;
  }

  checksInFull(changes: readonly TextChange[]): boolean {
    return this.check.wouldCheckInFull(changes);
  }

  next(changes: readonly TextChange[], options: AnalyzeOptions): Analysis {
    this.check.update(changes, options.now);
    return new IncrementalAnalysis(this.check);
  }

  get kind(): DocumentKind | undefined {
    return this.check.kind;
  }
  get value(): unknown {
    return this.check.value();
  }
  get text(): string {
    this.joined ??= this.check.currentText();
    return this.joined;
  }
  get length(): number {
    return this.check.length;
  }
  get strict(): boolean {
    return this.check.strict;
  }
  get locator(): DocumentLocator {
    this.located ??= new DocumentLocator(this.text);
    return this.located;
  }
  private diagnostics(): readonly RuleDiagnostic[] {
    this.all ??= this.check.diagnostics();
    return this.all;
  }
  get findings(): readonly RuleDiagnostic[] {
    return this.diagnostics().filter((d) => d.ruleId !== 'schema');
  }
  get schemaProblems(): readonly RuleDiagnostic[] {
    return this.diagnostics().filter((d) => d.ruleId === 'schema');
  }
  get groups(): readonly DiagnosticGroup[] {
    return this.check.groups();
  }
  itemAt(offset: number): { start: number; text: string } | undefined {
    return this.check.itemAt(offset);
  }
}
