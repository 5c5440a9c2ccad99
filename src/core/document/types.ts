// Shapes of a document's text: paths into its JSON value, spans of text, and edits of it.

/** Path of a value in the document: property names and array indices (jsonc-parser's JSONPath). */
export type JsonPath = (string | number)[];

/** A range of the text, in UTF-16 offsets. */
export interface Span {
  offset: number;
  length: number;
}

/** `length` characters at `offset` replaced by `newText` (a fix's edit). */
export interface TextEdit {
  offset: number;
  length: number;
  newText: string;
}

/** One change of the text, as VS Code reports it: `length` characters at `offset` replaced by `text`. */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

/** The LCA documents the rules know. */
export type DocumentKind = 'material' | 'materials' | 'construction';
