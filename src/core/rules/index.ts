// Semantic checks of *.material.json, *.materials.json and *.construction.json beyond the schema: diagnostics at
// exact ranges with fixes as text edits. Plain functions, no editor: the editor layer maps them to VS Code.
import { parse, type ParseError } from './jsonc';
import { checkConstruction } from './construction';
import { DocumentLocator, fixEdits, formattingOf } from './locate';
import { checkMaterial, checkMaterials } from './material';
import { validateAgainst, type SchemaProblem } from '../schemas';
import type { CheckOptions, DocumentKind, RuleDiagnostic, RuleFinding, RuleFix, TextEdit } from './types';

export * from './types';
export { toDeclaredUnits, type ComponentQuantity, type Conversion, type MissingInput } from './conversion';
export { DocumentLocator, locatePointer, topLevelItems, type Span } from './locate';
export { normalizeUnit, sumsAgree } from './material';

/** The document kind a file name says, e.g. walls.construction.json → 'construction'. */
export function documentKindOf(fileName: string): DocumentKind | undefined {
  const name = fileName.toLowerCase();
  if (name.endsWith('.materials.json')) return 'materials';
  if (name.endsWith('.material.json')) return 'material';
  if (name.endsWith('.construction.json')) return 'construction';
  return undefined;
}

/** The kind a parsed value looks like, when no file name tells. */
export function documentKindOfValue(value: unknown): DocumentKind | undefined {
  if (Array.isArray(value)) return 'materials';
  if (typeof value !== 'object' || value === null) return undefined;
  if ('constructionEpds' in value) return 'construction';
  if ('lciaResults' in value || 'originalUUID' in value) return 'material';
  return undefined;
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

/** Findings by path on an already parsed document (no ranges): for checks before sending, and for benchmarks. */
export function checkValue(kind: DocumentKind, value: unknown, options: CheckOptions = {}): RuleFinding[] {
  const out: RuleFinding[] = [];
  const ctx = { now: (options.now ?? new Date()).getTime() };
  if (kind === 'materials') checkMaterials(value, ctx, out);
  else if (kind === 'material') checkMaterial(value, [], ctx, out);
  else checkConstruction(value, options, out);
  return out;
}

function kindFor(value: unknown, options: CheckOptions): DocumentKind | undefined {
  return options.kind ?? (options.fileName ? documentKindOf(options.fileName) : undefined) ?? documentKindOfValue(value);
}

/** Diagnostics of a document's text, with ranges and fixes. Unknown kinds give none. */
export function checkText(text: string, options: CheckOptions = {}): RuleDiagnostic[] {
  const value = parseDocument(text);
  const kind = kindFor(value, options);
  if (!kind) return [];
  const findings = checkValue(kind, value, options);
  return findings.length === 0 ? [] : toDiagnostics(text, findings);
}

export interface DocumentCheck {
  kind: DocumentKind | undefined;
  value: unknown;
  /** Problems against the kind's JSON Schema (pointers; `locatePointer` gives their ranges). */
  schemaProblems: SchemaProblem[];
  diagnostics: RuleDiagnostic[];
}

/** Everything known about a document, parsing it once: the schema check and the semantic rules (e.g. before a bulk create). */
export function checkDocument(text: string, options: CheckOptions = {}): DocumentCheck {
  const value = parseDocument(text);
  const kind = kindFor(value, options);
  if (!kind) return { kind, value, schemaProblems: [], diagnostics: [] };
  const findings = checkValue(kind, value, options);
  return {
    kind,
    value,
    schemaProblems: validateAgainst(kind, value),
    diagnostics: findings.length === 0 ? [] : toDiagnostics(text, findings),
  };
}

/** The text after a fix's edits (applied from the end so earlier offsets stay valid). */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = text;
  for (const e of [...edits].sort((a, b) => b.offset - a.offset)) {
    result = result.slice(0, e.offset) + e.newText + result.slice(e.offset + e.length);
  }
  return result;
}

/** Places findings in the text. */
export function toDiagnostics(text: string, findings: readonly RuleFinding[]): RuleDiagnostic[] {
  const locator = new DocumentLocator(text);
  let formatting: ReturnType<typeof formattingOf> | undefined;
  const diagnostics: RuleDiagnostic[] = [];
  for (const finding of findings) {
    const range = locator.rangeOf(finding.path, finding.target) ?? { offset: 0, length: 0 };
    const fixes: RuleFix[] = [];
    for (const plan of finding.fixes ?? []) {
      formatting ??= formattingOf(text);
      const fix = fixEdits(locator, plan, formatting);
      if (fix) fixes.push(fix);
    }
    // Candidates (fixesAreCandidates) are all offered, none as the clear fix.
    const preferred = finding.fixesAreCandidates ? undefined : fixes[0];
    const others = preferred ? fixes.slice(1) : fixes;
    diagnostics.push({
      ruleId: finding.ruleId,
      severity: finding.severity,
      message: finding.message,
      offset: range.offset,
      length: range.length,
      path: finding.path,
      ...(preferred ? { fix: preferred } : {}),
      ...(others.length > 0 ? { moreFixes: others } : {}),
    });
  }
  return diagnostics;
}
