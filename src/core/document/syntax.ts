// JSON syntax errors of a text in VS Code's own words (its JSON language service), with line:column, so that a refusal
// before sending reads like the Problems view.
import { parse, type ParseError } from './jsonc';
import { LineIndex } from './text';
import { msg, type Msg } from '../l10n';

/** A syntax error, placed (line and column 1-based, as the Problems view shows them). */
export interface SyntaxProblem {
  kind: 'syntax';
  message: Msg;
  offset: number;
  length: number;
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

function isTrailingComma(text: string, e: ParseError): boolean {
  if (e.error !== PARSE_ERROR.PropertyNameExpected && e.error !== PARSE_ERROR.ValueExpected) return false;
  const next = text.slice(e.offset, e.offset + 1);
  if (next !== '}' && next !== ']') return false;
  const before = text.slice(0, e.offset).trimEnd();
  return before.endsWith(',');
}

/** The JSON syntax errors of a text (strict JSON: no comments, no trailing commas), in VS Code's words. */
export function syntaxProblems(text: string, lines = new LineIndex(text)): SyntaxProblem[] {
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

