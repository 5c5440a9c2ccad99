// Reading an LCA document: its kind from the file name or the value's shape, and its value from text that may hold
// comments, trailing commas or broken JSON.
import { parse, type ParseError } from './jsonc';
import type { DocumentKind } from './types';

/** The document kind a file name says, e.g. walls.construction.json → 'construction'. */
export function documentKindOf(fileName: string): DocumentKind | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.materials.json')) return 'materials';
  if (name.endsWith('.material.json')) return 'material';
  if (name.endsWith('.construction.json')) return 'construction';
  return undefined;
}

/** Whether a path names a construction file (`*.construction.json`). */
export const isConstructionPath = (path: string): boolean => documentKindOf(path) === 'construction';

/** A construction file's name without `.construction.json` (`outer-wall` of `…/outer-wall.construction.json`). */
export const constructionStem = (path: string): string => (path.split(/[\\/]/).pop() ?? '').replace(/\.construction\.json$/i, '');

/** The kind a parsed value looks like, when no file name tells. */
export function documentKindOfValue(value: unknown): DocumentKind | undefined {
  if (Array.isArray(value)) return 'materials';
  if (typeof value !== 'object' || value === null) return undefined;
  if ('constructionEpds' in value) return 'construction';
  if ('lciaResults' in value || 'originalUUID' in value) return 'material';
  return undefined;
}

/** The kind given, else the file name's, else the value's shape. */
export function kindFor(value: unknown, options: { kind?: DocumentKind; fileName?: string }): DocumentKind | undefined {
  return options.kind ?? (options.fileName ? documentKindOf(options.fileName) : undefined) ?? documentKindOfValue(value);
}

/** Parses JSON fast; falls back to the tolerant JSONC parser for comments, trailing commas or broken text. */
export function parseDocument(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const errors: ParseError[] = [];
    try {
      return parse(text, errors, { allowTrailingComma: true, disallowComments: false });
    } catch {
      // The tolerant parser recurses per nesting level: broken text nested thousands deep overflows the stack.
      // Such a document has no value to check (the schema reports the missing document).
      return undefined;
    }
  }
}
