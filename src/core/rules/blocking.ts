// What keeps a document from being sent: JSON syntax errors, schema problems and rule errors, each once, with its
// line:column and the words the editor shows. The editor's diagnostics and the refusals of bulk create and push are
// built from these, so that Problems and a refusal agree on the count, the words and the place.
import { parse, type ParseError } from './jsonc';
import { DocumentLocator } from './locate';
import type { SchemaProblem } from '../schemas';
import { pointerSegments } from '../schemas/messages';
import { msg, type Msg } from '../l10n';
import type { JsonPath } from './types';

export type BlockingKind = 'syntax' | 'schema' | 'rule';

export interface BlockingProblem {
  kind: BlockingKind;
  message: Msg;
  offset: number;
  length: number;
  /** 1-based, as the Problems view shows it. */
  line: number;
  column: number;
}

/**
 * JSON syntax errors in VS Code's own words (its JSON language service), so that a refusal reads like Problems.
 * A trailing comma is named as such, as VS Code does.
 */
// jsonc-parser's ParseErrorCode values (a const enum, which isolated modules cannot read from its declarations).
const PARSE_ERROR = { PropertyNameExpected: 3, ValueExpected: 4 } as const;

const SYNTAX_WORDS: Record<number, Msg> = {
  1 /* InvalidSymbol */: msg('Invalid symbol'),
  2 /* InvalidNumberFormat */: msg('Invalid number format.'),
  3 /* PropertyNameExpected */: msg('Property expected'),
  4 /* ValueExpected */: msg('Value expected'),
  5 /* ColonExpected */: msg('Colon expected'),
  6 /* CommaExpected */: msg('Expected comma'),
  7 /* CloseBraceExpected */: msg('Expected comma or closing brace'),
  8 /* CloseBracketExpected */: msg('Expected comma or closing bracket'),
  9 /* EndOfFileExpected */: msg('End of file expected.'),
  10 /* InvalidCommentToken */: msg('Comments are not permitted in JSON.'),
  11 /* UnexpectedEndOfComment */: msg('Unexpected end of comment.'),
  12 /* UnexpectedEndOfString */: msg('Unexpected end of string.'),
  13 /* UnexpectedEndOfNumber */: msg('Unexpected end of number.'),
  14 /* InvalidUnicode */: msg('Invalid unicode sequence in string.'),
  15 /* InvalidEscapeCharacter */: msg('Invalid escape character in string.'),
  16 /* InvalidCharacter */: msg('Invalid characters in string. Control characters must be escaped.'),
};

/** The words of a syntax error that has no better name. */
export const JSON_SYNTAX_ERROR: Msg = msg('JSON syntax error');

/** Offsets → 1-based line and column, with the line starts found once. */
export class LineIndex {
  private starts: number[] | undefined;
  constructor(private readonly text: string) {}

  position(offset: number): { line: number; column: number } {
    if (!this.starts) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.starts = starts;
    }
    const lo = Math.max(0, lastAtOrBefore(this.starts, offset));
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}

function isTrailingComma(text: string, e: ParseError): boolean {
  if (e.error !== PARSE_ERROR.PropertyNameExpected && e.error !== PARSE_ERROR.ValueExpected) return false;
  const next = text.slice(e.offset, e.offset + 1);
  if (next !== '}' && next !== ']') return false;
  const before = text.slice(0, e.offset).trimEnd();
  return before.endsWith(',');
}

/** The JSON syntax errors of a text (strict JSON: no comments, no trailing commas), in VS Code's words. */
export function syntaxProblems(text: string, lines = new LineIndex(text)): BlockingProblem[] {
  const errors: ParseError[] = [];
  try {
    parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  } catch {
    // Nested thousands deep: the parser overflows; one error at the start says the file cannot be read.
    errors.push({ error: PARSE_ERROR.ValueExpected, offset: 0, length: 0 });
  }
  return errors.map((e) => {
    if (isTrailingComma(text, e)) {
      const comma = text.slice(0, e.offset).trimEnd().length - 1;
      return { kind: 'syntax' as const, message: msg('Trailing comma'), offset: comma, length: 1, ...lines.position(comma) };
    }
    return { kind: 'syntax' as const, message: SYNTAX_WORDS[e.error] ?? JSON_SYNTAX_ERROR, offset: e.offset, length: e.length, ...lines.position(e.offset) };
  });
}

/** Where a schema problem is shown: a missing property at its object's key (or opening brace), anything else at the value. */
export function schemaProblemSpan(locator: DocumentLocator, problem: SchemaProblem): { offset: number; length: number } {
  const path: JsonPath = pointerSegments(problem.pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (problem.keyword === 'required') {
    // An object that is a property shows it at its key; an item of a list (no key) at its opening brace.
    const key = path.length && typeof path[path.length - 1] === 'string' ? locator.rangeOf(path, 'key') : undefined;
    if (key && key.length > 0) return key;
    const value = locator.rangeOf(path, 'value');
    return value ? { offset: value.offset, length: Math.min(1, value.length) } : { offset: 0, length: 0 };
  }
  return locator.rangeOf(path, 'value') ?? locator.rangeOf(path.slice(0, -1), 'value') ?? { offset: 0, length: 0 };
}

/** The schema problems of an already parsed document, placed in its text. */
export function placedSchemaProblems(
  text: string,
  problems: readonly SchemaProblem[],
  locator = new DocumentLocator(text),
  lines = new LineIndex(text),
): BlockingProblem[] {
  return problems.map((p) => {
    const span = schemaProblemSpan(locator, p);
    return { kind: 'schema' as const, message: p.message, ...span, ...lines.position(span.offset) };
  });
}

/** "3:14 `declaredValue` must be a number" — how a refusal and the log name one problem. */
export function describeBlocking(p: Pick<BlockingProblem, 'line' | 'column' | 'message'>): Msg {
  return msg('{0}:{1} {2}', p.line, p.column, p.message);
}

/** The index of the last value ≤ `value` in ascending `sorted` (binary search); -1 when there is none. */
export function lastAtOrBefore(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  if (hi < 0 || sorted[0] > value) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid] <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
