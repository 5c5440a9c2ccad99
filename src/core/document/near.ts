// The material under the cursor in a bulk file (*.materials.json) read from a window of its text only — for hover and
// completion before the file's analysis has caught up (just opened, changed on disk): they must answer from the text
// near the cursor, never wait for a full check or a copy of a 50 MB document.
import { createScanner } from './jsonc';

/** jsonc-parser's SyntaxKind (a const enum its typings declare, which isolated modules cannot read). */
const SyntaxKind = { OpenBraceToken: 1, CloseBraceToken: 2, OpenBracketToken: 3, CloseBracketToken: 4, ColonToken: 6, StringLiteral: 10, EOF: 17 } as const;

/**
 * Keys a material has at its top level and none of its nested objects has (declaredUnit, lciaResults[], indicators[],
 * epdInfo): an object with one of them is the material itself, not a part of it.
 */
const MATERIAL_KEYS = new Set(['name', 'originalUUID', 'originalVersion', 'lciaResults', 'epdInfo', 'expectedLifespan', 'description', 'tags', 'isPublic', 'isCustom']);

interface Open {
  offset: number;
  /** Keys seen at this object's own level (undefined for an array). */
  keys: Set<string> | undefined;
}

/**
 * In `window` — text of a bulk file that starts at a line start (JSON strings do not run over lines, so the scan starts
 * outside any string) — the material (an object with a material's own keys) whose text holds `at`: its span in the
 * window. Undefined when the window does not hold all of it (a caller reads a larger window) or `at` is in no material.
 */
export function materialAround(window: string, at: number): { start: number; end: number } | undefined {
  if (at < 0 || at > window.length) return undefined;
  const scanner = createScanner(window, true);
  const stack: Open[] = [];
  /** The objects that hold `at`, innermost last (those opened before the window are not seen). */
  let around: Set<Open> | undefined;
  let lastString: string | undefined;
  for (let token: number = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (!around && offset >= at) {
      around = new Set(stack.filter((o) => o.keys));
      if (!around.size) return undefined;
    }
    switch (token) {
      case SyntaxKind.OpenBraceToken:
        stack.push({ offset, keys: new Set() });
        break;
      case SyntaxKind.OpenBracketToken:
        stack.push({ offset, keys: undefined });
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        // An empty stack: this closes something opened before the window.
        const closed = stack.pop();
        if (closed && around?.has(closed) && [...closed.keys!].some((k) => MATERIAL_KEYS.has(k))) return { start: closed.offset, end: offset + 1 };
        if (closed && around?.has(closed)) around.delete(closed);
        if (around && !around.size) return undefined;
        break;
      }
      case SyntaxKind.ColonToken: {
        const top = stack[stack.length - 1];
        if (top?.keys && lastString !== undefined) top.keys.add(lastString);
        break;
      }
    }
    lastString = token === SyntaxKind.StringLiteral ? scanner.getTokenValue() : undefined;
  }
  return undefined;
}
