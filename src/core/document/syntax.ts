// JSON syntax errors of a text as VS Code's JSON language service reads a *.json file — the errors Problems shows for
// it, counted, worded and placed alike —, so that a refusal before sending (and a tool's check) says what Problems
// says. One reading: the bulk and push checks, the check of files no editor holds and the tools all call this.
import { createScanner, type JSONScanner } from './jsonc';
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

/** The words of a syntax error that has no better name. */
export const JSON_SYNTAX_ERROR: Msg = msg('JSON syntax error');

// jsonc-parser's SyntaxKind and ScanError values (const enums, which isolated modules cannot read from declarations).
const T = { OpenBrace: 1, CloseBrace: 2, OpenBracket: 3, CloseBracket: 4, Comma: 5, Colon: 6, Null: 7, True: 8, False: 9, String: 10, Number: 11, LineComment: 12, BlockComment: 13, LineBreak: 14, Trivia: 15, Unknown: 16, EOF: 17 } as const;

/** The scanner's errors in VS Code's words (by jsonc-parser's ScanError). */
const SCAN_WORDS: Record<number, Msg> = {
  1: msg('Unexpected end of comment.'),
  2: msg('Unexpected end of string.'),
  3: msg('Unexpected end of number.'),
  4: msg('Invalid unicode sequence in string.'),
  5: msg('Invalid escape character in string.'),
  6: msg('Invalid characters in string. Control characters must be escaped.'),
};

const COMMENT = msg('Comments are not permitted in JSON.');

interface Found {
  message: Msg;
  offset: number;
  length: number;
}

/**
 * Reads a text as strict JSON the way VS Code's JSON language service does for a *.json file: after an error it goes
 * on where that service goes on, and it keeps one problem per place (the service drops a problem at the place of the
 * one before it, warnings included, and a repeated message at the same place), so that the count equals Problems'.
 */
class StrictReading {
  private readonly scanner: JSONScanner;
  /** Where the last problem (error or warning) was placed: the next one there is not reported. */
  private lastAt = -1;
  readonly errors: Found[] = [];
  readonly comments: Found[] = [];

  constructor(private readonly text: string) {
    this.scanner = createScanner(text, false);
  }

  read(): void {
    if (this.next() === T.EOF) return;
    if (!this.value()) this.error(msg('Expected a JSON object, array or literal.'));
    else if (this.token() !== T.EOF) this.error(msg('End of file expected.'));
  }

  private token(): number {
    return this.scanner.getToken();
  }

  /** The next token that is neither white space nor a comment (comments are noted: each is an error in JSON). */
  private next(): number {
    for (;;) {
      const token = this.scanner.scan();
      const scanError = SCAN_WORDS[this.scanner.getTokenError()];
      if (scanError) this.error(scanError);
      if (token === T.LineComment || token === T.BlockComment) this.comments.push({ message: COMMENT, offset: this.scanner.getTokenOffset(), length: this.scanner.getTokenLength() });
      else if (token !== T.Trivia && token !== T.LineBreak) return token;
    }
  }

  /** A problem at `offset` unless the one before was placed there; errors are kept, warnings only take the place. */
  private place(message: Msg | undefined, offset: number, length: number): void {
    if (offset === this.lastAt) return;
    this.lastAt = offset;
    if (message) this.errors.push({ message, offset, length });
  }

  /**
   * An error at the current token — at the end of the file, on the last character before it that is not white
   * space —, then the tokens skipped up to one of `until` (or the end).
   */
  private error(message: Msg, until: readonly number[] = []): void {
    let start = this.scanner.getTokenOffset();
    let end = start + this.scanner.getTokenLength();
    if (start === end && start > 0) {
      start--;
      while (start > 0 && /\s/.test(this.text.charAt(start))) start--;
      end = start + 1;
    }
    this.place(message, start, end - start);
    if (until.length === 0) return;
    for (let token = this.token(); token !== T.EOF && !until.includes(token); ) token = this.next();
  }

  /** Reads a value when one starts here; false when none does (nothing is read). */
  private value(): boolean {
    switch (this.token()) {
      case T.OpenBracket:
        this.list(T.CloseBracket);
        return true;
      case T.OpenBrace:
        this.list(T.CloseBrace);
        return true;
      case T.String:
      case T.Number:
      case T.Null:
      case T.True:
      case T.False:
        this.next();
        return true;
      default:
        return false;
    }
  }

  /** An array (`close` a bracket) or an object (a brace): its entries, commas and the closing token. */
  private list(close: number): void {
    const isObject = close === T.CloseBrace;
    const keys = new Map<string, number | undefined>();
    const missing = isObject ? msg('Property expected') : msg('Value expected');
    this.next();
    let needsComma = false;
    while (this.token() !== close && this.token() !== T.EOF) {
      if (this.token() === T.Comma) {
        if (!needsComma) this.error(missing);
        const comma = this.scanner.getTokenOffset();
        this.next();
        if (this.token() === close) {
          if (needsComma) this.place(msg('Trailing comma'), comma, 1);
          continue;
        }
      } else if (needsComma) this.error(msg('Expected comma'));
      if (!(isObject ? this.property(keys) : this.value())) this.error(missing, [close, T.Comma]);
      needsComma = true;
    }
    if (this.token() !== close) this.error(isObject ? msg('Expected comma or closing brace') : msg('Expected comma or closing bracket'));
    else this.next();
  }

  /** A property when a key starts here (false when none does); `keys`: the object's keys so far, by their offsets. */
  private property(keys: Map<string, number | undefined>): boolean {
    const at = this.scanner.getTokenOffset();
    const keyEnd = at + this.scanner.getTokenLength();
    const key = this.scanner.getTokenValue();
    if (this.token() === T.Unknown) this.error(msg('Property keys must be doublequoted'));
    else if (this.token() !== T.String) return false;
    this.next();
    if (key !== '//') {
      // A key said twice is a warning (not counted), which still takes the place of a problem.
      if (keys.has(key)) {
        const first = keys.get(key);
        this.place(undefined, at, 0);
        if (first !== undefined) this.place(undefined, first, 0);
        keys.set(key, undefined);
      } else keys.set(key, at);
    }
    if (this.token() === T.Colon) this.next();
    else {
      this.error(msg('Colon expected'));
      // A key alone on its line, a string on the next: the property ends with its key.
      if (this.token() === T.String && /[\r\n]/.test(this.text.slice(keyEnd, this.scanner.getTokenOffset()))) return true;
    }
    if (!this.value()) this.error(msg('Value expected'), [T.CloseBrace, T.Comma]);
    return true;
  }
}

/** The JSON syntax errors of a text (strict JSON: no comments, no trailing commas), as Problems shows them, in text order. */
export function syntaxProblems(text: string, lines = new LineIndex(text)): SyntaxProblem[] {
  let found: Found[];
  try {
    const reading = new StrictReading(text);
    reading.read();
    // Each message once per place (the comments after the other errors, as VS Code adds them).
    const seen = new Set<string>();
    found = [...reading.errors, ...reading.comments].filter((f) => {
      const key = `${f.offset} ${f.message.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  } catch (e) {
    // Nested thousands deep: the reading overflows; one error at the start says the file cannot be read.
    if (!(e instanceof RangeError)) throw e;
    found = [{ message: msg('Value expected'), offset: 0, length: 0 }];
  }
  return found.sort((a, b) => a.offset - b.offset).map((f) => ({ kind: 'syntax' as const, ...f, ...lines.position(f.offset) }));
}
