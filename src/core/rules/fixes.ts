// A fix plan (by path) turned into formatting-preserving text edits: replaced values, and items appended in the style
// of their siblings and the document's indentation and line ends.
import type { FormattingOptions } from '../document/jsonc';
import type { DocumentLocator, Span } from '../document';
import type { TextEdit } from '../document';
import type { FixPlan, RuleFix } from './types';

/** Indentation and line ends as the document already uses them. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const sample = text.slice(0, 20000);
  const indented = /\n([ \t]+)\S/.exec(sample);
  if (indented && indented[1].startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
  let size = 2;
  if (indented) {
    // The smallest indentation in the sample is one level.
    let min = Infinity;
    for (const m of sample.matchAll(/\n( +)\S/g)) min = Math.min(min, m[1].length);
    if (Number.isFinite(min) && min > 0 && min <= 8) size = min;
  }
  return { insertSpaces: true, tabSize: size, eol };
}

/** The whitespace before `offset` on its line, or undefined when something else precedes it there. */
function lineIndent(text: string, offset: number): string | undefined {
  const lead = text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset);
  return /^[ \t]*$/.test(lead) ? lead : undefined;
}

/** An item rendered on one line, spaced like a sibling written as `{ "a": 1 }` or `{"a":1}`. */
function oneLine(value: unknown, spaced: boolean): string {
  const sep = spaced ? ', ' : ',';
  if (Array.isArray(value)) return `[${value.map((v) => oneLine(v, spaced)).join(sep)}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const inner = entries.map(([k, v]) => `${JSON.stringify(k)}:${spaced ? ' ' : ''}${oneLine(v, spaced)}`).join(sep);
    return spaced ? `{ ${inner} }` : `{${inner}}`;
  }
  return JSON.stringify(value);
}

/** An item rendered over several lines, each indented from `indent`. */
function multiLine(item: unknown, indent: string, unit: string, eol: string): string {
  return JSON.stringify(item, null, unit).split('\n').join(eol + indent);
}

/**
 * Edits that append items to an array without touching what is there: the new items follow the style of the
 * last existing item (its indentation, and one line or several), and the document's line ends.
 */
function appendEdits(text: string, array: Span, children: Span[], items: unknown[], formatting: FormattingOptions): TextEdit[] {
  const eol = formatting.eol ?? '\n';
  const unit = formatting.insertSpaces === false ? '\t' : ' '.repeat(formatting.tabSize ?? 2);
  const arrayStart = array.offset;
  if (children.length === 0) {
    const outer = lineIndent(text, arrayStart) ?? text.slice(text.lastIndexOf('\n', arrayStart - 1) + 1).match(/^[ \t]*/)?.[0] ?? '';
    const inner = outer + unit;
    const body = items.map((item) => inner + multiLine(item, inner, unit, eol)).join(',' + eol);
    return [{ offset: arrayStart, length: array.length, newText: `[${eol}${body}${eol}${outer}]` }];
  }
  const last = children[children.length - 1];
  const lastStart = last.offset;
  const lastText = text.slice(lastStart, lastStart + last.length);
  const indent = lineIndent(text, lastStart);
  const render = (item: unknown): string =>
    lastText.includes('\n') ? multiLine(item, indent ?? '', unit, eol) : oneLine(item, /^[[{] /.test(lastText));
  const newText = items.map((item) => (indent === undefined ? ', ' : ',' + eol + indent) + render(item)).join('');
  return [{ offset: lastStart + last.length, length: 0, newText }];
}

/** The text edits of a fix plan, or undefined when its target cannot be found. */
export function fixEdits(locator: DocumentLocator, plan: FixPlan, formatting: FormattingOptions): RuleFix | undefined {
  const found = locator.find(plan.path);
  if (!found?.exact) return undefined;
  const { located } = found;
  if (plan.kind === 'replaceValue') {
    const span = locator.spanOf(located);
    return { title: plan.title, edits: [{ offset: span.offset, length: span.length, newText: JSON.stringify(plan.value) }] };
  }
  const children = locator.itemsAt(located);
  if (!children || plan.items.length === 0) return undefined;
  return { title: plan.title, edits: appendEdits(locator.text, locator.spanOf(located), children, plan.items, formatting) };
}
