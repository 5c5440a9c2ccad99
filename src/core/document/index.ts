// A document's text as the rest of core reads it: its kind, its parsed value, the ranges of paths in it (without a
// syntax tree), offsets as line:column, its JSON syntax errors in VS Code's words, and edits applied to it. No rules:
// the checks (core/rules), the calculation's preview (core/preview) and the bulk create (core/bulk) build on this.
export * from './types';
export { constructionStem, documentKindOf, documentKindOfValue, isConstructionPath, kindFor, parseDocument } from './parse';
export { DocumentLocator, locatePointer, topLevelItems, type Located } from './locate';
export { applyAll, applyTextEdits, lastAtOrBefore, LineIndex } from './text';
export { JSON_SYNTAX_ERROR, syntaxProblems, type SyntaxProblem } from './syntax';
export { materialAround } from './near';
export { getLocation } from './jsonc';
