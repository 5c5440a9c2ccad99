// The semantic check of a document kept up to date edit by edit: in a bulk file (a top-level array of materials) an
// edit inside one material re-parses, re-checks and re-places only that material, so typing in a 10,000-material
// library costs a small fraction of a full check. The result always equals the full analysis of the current text: any edit
// the incremental path cannot prove safe (one that crosses an item's boundary, leaves an item unparsable, a file
// that is not plain JSON, …) falls back to the full check.
//
// Generic over rules: each item's own findings come from checkMaterial (whatever rules it runs), the findings across
// items from checkAcrossMaterials, re-run over the parsed items on every update (cheap: no text is touched).
import { DocumentLocator, documentKindOf, documentKindOfValue, parseDocument, topLevelItems, applyAll, type DocumentKind, type TextChange } from '../document';
import type { FormattingOptions } from '../document/jsonc';
import type { SchemaProblem } from '../schemas/kinds';
import { checkBulkItem, fullCheck, placeFindings, placeItem, shiftFix } from './check';
import { formattingOf } from './fixes';
import { checkAcrossMaterials } from './material';
import type { AnalyzeOptions, RuleContext, RuleDiagnostic, RuleFinding } from './types';
import { allParse, ItemTexts } from './itemTexts';

/** Diagnostics of one part of the document: offsets relative to `start`; the array is the same object while unchanged. */
export interface DiagnosticGroup {
  start: number;
  diagnostics: readonly RuleDiagnostic[];
}

/** What the last update did, for logs and benchmarks. */
export interface UpdateStats {
  mode: 'incremental' | 'full';
  /** Items re-parsed and re-checked (incremental), or all of them (full). */
  itemsChecked: number;
  /** Why the full check ran, when it did. */
  reason?: string;
}

const SAMPLE = 20000; // formattingOf reads the first 20,000 characters

function isItemIndex(segment: unknown, count: number): segment is number {
  return typeof segment === 'number' && Number.isInteger(segment) && segment >= 0 && segment < count;
}

function findingKey(f: RuleFinding): string {
  return JSON.stringify([f.ruleId, f.severity, f.message, f.path, f.target, f.fixes ?? null, f.fixesAreCandidates ?? false]);
}

/** A diagnostic moved by `by` characters (fix edits too). */
export function shiftDiagnostic(d: RuleDiagnostic, by: number): RuleDiagnostic {
  if (by === 0) return d;
  const out: RuleDiagnostic = { ...d, offset: d.offset + by };
  if (d.fix) out.fix = shiftFix(d.fix, by);
  if (d.moreFixes) out.moreFixes = d.moreFixes.map((f) => shiftFix(f, by));
  return out;
}

/**
 * The items a bulk file had when an edit left one of them incomplete JSON (`"declaredUnit": ,` while a value is
 * replaced), kept with the edits since: when they make every touched item JSON again, the check goes back to items
 * without checking the whole file again.
 */
interface Shadow {
  parts: ItemTexts;
  kind: DocumentKind | undefined;
  /** Items changed since they were last parsed. */
  dirty: Set<number>;
}

export class IncrementalCheck {
  /** In plain mode after an item became incomplete: the items, to go back to. */
  private shadow: Shadow | undefined;
  // Plain mode: the whole text and its diagnostics as one group at 0.
  private text: string | undefined;
  private plain: RuleDiagnostic[] = [];
  // Items mode: the text as head, items, separators and tail (the document is JSON.parse-able, an array of items).
  private parts = ItemTexts.empty();
  private formatting: FormattingOptions | undefined;
  private formattingKey = '';
  private ctx: RuleContext;
  private groupsCache: DiagnosticGroup[] | undefined;
  private flatCache: RuleDiagnostic[] | undefined;
  /** Diagnostics of findings that could not be placed within one item (their paths reach elsewhere). */
  private elsewhere: RuleDiagnostic[] = [];
  lastUpdate: UpdateStats = { mode: 'full', itemsChecked: 0 };
  /** Plain mode: the value of the text. */
  private plainValue: unknown;
  /** The document kind, as the last full check found it. */
  kind: DocumentKind | undefined;
  /** The text is plain JSON (always so while items are checked one by one: only their insides change). */
  strict = true;

  constructor(
    text: string,
    private readonly options: AnalyzeOptions,
  ) {
    this.ctx = { now: (options.now ?? new Date()).getTime(), codes: options.codes };
    this.init(text, 'opened');
  }

  /** True while edits inside one item are checked incrementally. */
  get incremental(): boolean {
    return this.text === undefined;
  }

  /** Characters in the text (without joining it). */
  get length(): number {
    return this.text !== undefined ? this.text.length : this.parts.length;
  }

  /** The parsed document: the items as checked (no parse), or the tolerant parse of text that is not plain JSON. */
  value(): unknown {
    return this.text !== undefined ? this.plainValue : this.parts.items.map((i) => i.value);
  }

  /** The item whose text holds `offset` (its first character up to just after its last), in items mode. */
  itemAt(offset: number): { start: number; text: string } | undefined {
    return this.text !== undefined ? undefined : this.parts.itemAt(offset);
  }

  /** The text as it is after the updates (joined from its parts in items mode: costs a copy of the document). */
  currentText(): string {
    return this.text ?? this.parts.join();
  }

  /** The diagnostics, as the full analysis of the current text gives them (in another order: by item). */
  diagnostics(): RuleDiagnostic[] {
    if (!this.flatCache) {
      const out: RuleDiagnostic[] = [];
      for (const g of this.groups()) for (const d of g.diagnostics) out.push(shiftDiagnostic(d, g.start));
      this.flatCache = out;
    }
    return this.flatCache;
  }

  /** The diagnostics by item (offsets relative to the group's start). */
  groups(): readonly DiagnosticGroup[] {
    if (!this.groupsCache) {
      if (this.text !== undefined) this.groupsCache = [{ start: 0, diagnostics: this.plain }];
      else {
        const groups: DiagnosticGroup[] = [];
        const { items, starts } = this.parts;
        for (let i = 0; i < items.length; i++) {
          const placed = items[i].placed!;
          if (placed.length > 0) groups.push({ start: starts[i], diagnostics: placed });
        }
        if (this.elsewhere.length > 0) groups.push({ start: 0, diagnostics: this.elsewhere });
        this.groupsCache = groups;
      }
    }
    return this.groupsCache;
  }

  /**
   * Applies the changes in order (each against the text the previous one left, as VS Code's change events list
   * them) and checks again: only the changed items when every change falls inside one item, else in full.
   */
  update(changes: readonly TextChange[], now?: Date): UpdateStats {
    const ctxNow = (now ?? this.options.now ?? new Date()).getTime();
    this.groupsCache = undefined;
    this.flatCache = undefined;
    // The expiry rule compares with the date: a new day checks everything again.
    const sameDay = Math.floor(ctxNow / 86_400_000) === Math.floor(this.ctx.now / 86_400_000);
    this.ctx = { now: ctxNow, codes: this.options.codes };
    let dirty: Set<number>;
    if (this.text !== undefined) {
      const shadow = this.shadow;
      this.shadow = undefined;
      if (!shadow || shadow.parts.applyInside(changes, shadow.dirty) !== -1) return this.init(applyAll(this.text, changes), 'not an array of items parsed as JSON');
      if (!allParse([...shadow.dirty].map((k) => shadow.parts.items[k].text))) {
        const stats = this.init(applyAll(this.text, changes), 'not an array of items parsed as JSON');
        if (this.text !== undefined) this.shadow = shadow;
        return stats;
      }
      // Every item the edits touched is JSON again: back to the items, checking only those.
      ({ parts: this.parts, kind: this.kind, dirty } = shadow);
      this.text = undefined;
      this.plain = [];
      this.plainValue = undefined;
      this.strict = true;
      // The edits while the text was not JSON may have changed the first lines or the line ends.
      this.refreshFormatting();
    } else {
      dirty = new Set<number>();
      const outside = this.parts.applyInside(changes, dirty);
      if (outside !== -1) return this.init(applyAll(this.parts.join(), changes.slice(outside)), 'an edit outside one item');
    }
    const { items, seps, starts } = this.parts;
    for (const k of dirty) {
      const item = items[k];
      try {
        item.value = JSON.parse(item.text);
      } catch {
        const shadow: Shadow = { parts: this.parts, kind: this.kind, dirty };
        const stats = this.init(this.parts.join(), `item ${k} is not complete JSON`);
        if (this.text !== undefined) this.shadow = shadow;
        return stats;
      }
      item.own = undefined;
      item.placed = undefined;
    }
    if (!sameDay) {
      for (const item of items) {
        item.own = undefined;
        item.placed = undefined;
      }
    }
    // A changed item on the line where later items start changes what those items' fixes see before them.
    for (const k of [...dirty]) for (let j = k + 1; j < items.length && !seps[j - 1].includes('\n'); j++) items[j].placed = undefined;
    if ([...dirty].some((k) => starts[k] < SAMPLE) || changes.some((c) => c.text.includes('\r'))) this.refreshFormatting();
    const checked = this.checkItems();
    this.lastUpdate = { mode: 'incremental', itemsChecked: checked };
    return this.lastUpdate;
  }

  /**
   * Whether `update(changes)` would check the whole document (a full check: text that is not plain JSON, an edit
   * across items, an item left incomplete — `"declaredUnit": ,` while a value is typed) rather than only the items the
   * changes touch. Changes nothing; costs a parse of the touched items.
   */
  wouldCheckInFull(changes: readonly TextChange[]): boolean {
    const state = this.text === undefined ? { parts: this.parts, dirty: new Set<number>() } : this.shadow;
    return !state || !state.parts.keepsItems(changes, state.dirty);
  }

  // ---- items mode ----

  private init(text: string, reason: string): UpdateStats {
    this.shadow = undefined;
    this.groupsCache = undefined;
    this.flatCache = undefined;
    this.elsewhere = [];
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(text);
    } catch {
      parsed = false;
    }
    const kind = this.options.kind ?? (this.options.fileName ? documentKindOf(this.options.fileName) : undefined) ?? (parsed ? documentKindOfValue(value) : undefined);
    this.strict = parsed;
    // Text that is not plain JSON is read by the tolerant parser (comments, trailing commas, broken text).
    let tolerant: { value: unknown } | undefined;
    const read = (): unknown => (parsed ? value : (tolerant ??= { value: parseDocument(text) }).value);
    this.kind = kind ?? (parsed ? undefined : documentKindOfValue(read()));
    const spans = parsed && kind === 'materials' && Array.isArray(value) && value.length > 0 ? topLevelItems(text) : undefined;
    if (!spans || spans.length !== (value as unknown[]).length) {
      this.text = text;
      this.parts = ItemTexts.empty();
      this.plainValue = read();
      const checked = this.kind ? fullCheck(text, read(), this.kind, this.ctx, this.options) : undefined;
      this.plain = checked ? [...checked.findings, ...checked.schema] : [];
      this.lastUpdate = { mode: 'full', itemsChecked: Array.isArray(value) ? value.length : 1, reason };
      return this.lastUpdate;
    }
    const values = value as unknown[];
    this.text = undefined;
    this.plain = [];
    this.plainValue = undefined;
    this.parts = ItemTexts.of(text, spans, values);
    this.formatting = undefined;
    this.formattingKey = '';
    this.refreshFormatting(text);
    this.checkItems();
    this.lastUpdate = { mode: 'full', itemsChecked: this.parts.items.length, reason };
    return this.lastUpdate;
  }

  /** formattingOf the document, from its first characters and whether it has CRLF line ends. */
  private refreshFormatting(whole?: string): void {
    const { sample, crlf } = whole !== undefined ? { sample: whole.slice(0, SAMPLE), crlf: whole.includes('\r\n') } : this.parts.sample(SAMPLE);
    // formattingOf looks at the first characters' indentation and at whether the text has CRLF anywhere.
    const exact = formattingOf(crlf && !sample.includes('\r\n') ? `${sample}\r\n` : sample);
    const key = JSON.stringify(exact);
    if (key !== this.formattingKey) {
      // Fixes that add items follow the document's indentation and line ends: place every item again.
      if (this.formattingKey) for (const item of this.parts.items) item.placed = undefined;
      this.formattingKey = key;
      this.formatting = exact;
    }
  }

  /** Checks the items without findings, runs the rules across items, and places what changed; returns how many items were checked. */
  private checkItems(): number {
    let checked = 0;
    const { items } = this.parts;
    const count = items.length;
    for (let i = 0; i < count; i++) {
      const item = items[i];
      if (item.own) continue;
      const { own, schema } = checkBulkItem(item.value, i, this.ctx, this.options.validate);
      item.own = own;
      item.schema = schema;
      checked++;
    }
    const across: RuleFinding[] = [];
    checkAcrossMaterials(
      items.map((i) => i.value),
      this.ctx,
      across,
    );
    const byItem = new Map<number, RuleFinding[]>();
    const elsewhere: RuleFinding[] = [];
    for (const f of across) {
      if (isItemIndex(f.path[0], count)) {
        const list = byItem.get(f.path[0]) ?? [];
        list.push(f);
        byItem.set(f.path[0], list);
      } else elsewhere.push(f);
    }
    const outside: RuleFinding[] = [...elsewhere];
    for (let i = 0; i < count; i++) {
      const item = items[i];
      const mine = byItem.get(i) ?? [];
      const key = mine.length === 0 ? '' : mine.map(findingKey).join('\n');
      if (item.placed && key === item.acrossKey) continue;
      item.acrossKey = key;
      item.placed = this.place(i, [...item.own!, ...mine], outside);
    }
    this.elsewhere = outside.length === 0 ? [] : placeFindings(new DocumentLocator(this.parts.join()), outside);
    return checked;
  }

  /** Places an item's findings within its own text (offsets relative to its start); findings reaching elsewhere go to `outside`. */
  private place(i: number, findings: RuleFinding[], outside: RuleFinding[]): RuleDiagnostic[] {
    const schema: readonly SchemaProblem[] = this.parts.items[i].schema ?? [];
    if (findings.length === 0 && schema.length === 0) return [];
    if (schema.length === 0 && findings.every((f) => f.path[0] !== i || (f.fixes ?? []).some((p) => p.path[0] !== i))) {
      outside.push(...findings);
      return [];
    }
    const prefix = this.parts.linePrefix(i);
    const locator = new DocumentLocator(prefix + this.parts.items[i].text, prefix.length);
    return placeItem(locator, i, findings, schema, () => this.formatting!, -prefix.length, outside);
  }
}
