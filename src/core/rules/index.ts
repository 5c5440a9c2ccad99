// Semantic checks of *.material.json, *.materials.json and *.construction.json beyond the schema: diagnostics at
// exact ranges with fixes as text edits. Plain functions, no editor: the editor layer maps them to VS Code.
import { parse, type ParseError } from './jsonc';
import { activeCodes } from '../codeTable';
import { checkCodes } from './codes';
import { checkConstruction } from './construction';
import { DocumentLocator, fixEdits, formattingOf } from './locate';
import { checkMaterial, checkMaterials } from './material';
import { validateAgainst, type SchemaProblem } from '../schemas';
import { JSON_SYNTAX_ERROR, LineIndex, placedSchemaProblems, schemaProblemSpan, syntaxProblems, type BlockingProblem } from './blocking';
import { pointerSegments } from '../schemas/messages';
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
  checkCodes(kind, value, options.codes ?? activeCodes(), out);
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
    diagnostics.push(diagnosticOf(finding, range, fixes));
  }
  return diagnostics;
}

/** A finding placed at `range` with its fixes; candidates (fixesAreCandidates) are all offered, none as the clear fix. */
export function diagnosticOf(finding: RuleFinding, range: { offset: number; length: number }, fixes: RuleFix[]): RuleDiagnostic {
  const preferred = finding.fixesAreCandidates ? undefined : fixes[0];
  const others = preferred ? fixes.slice(1) : fixes;
  return {
    ruleId: finding.ruleId,
    severity: finding.severity,
    message: finding.message,
    offset: range.offset,
    length: range.length,
    path: finding.path,
    ...(preferred ? { fix: preferred } : {}),
    ...(others.length > 0 ? { moreFixes: others } : {}),
  };
}
export { describeBlocking, LineIndex, placedSchemaProblems, schemaProblemSpan, syntaxProblems, type BlockingKind, type BlockingProblem } from './blocking';

/**
 * The schema problems of a document's text as placed errors (what the editor shows red besides the rules' errors and
 * VS Code's own syntax errors); none for a kind it cannot tell.
 */
export function schemaErrors(text: string, options: CheckOptions = {}): BlockingProblem[] {
  const value = parseDocument(text);
  const kind = kindFor(value, options);
  if (!kind) return [];
  const problems = validateAgainst(kind, value);
  return problems.length ? placedSchemaProblems(text, problems) : [];
}

/**
 * The rules' diagnostics and the schema problems (placed) of a text, parsing it once: what the editor shows. The schema
 * part is empty for a kind it cannot tell.
 */
/**
 * Rules and schema in one list of diagnostics (a schema problem as an error with rule id `schema`): what the editor
 * shows for a document, and what the incremental check of a bulk file must equal.
 */
export function checkTextWithSchema(text: string, options: CheckOptions = {}): RuleDiagnostic[] {
  const value = parseDocument(text);
  const kind = kindFor(value, options);
  if (!kind) return [];
  const findings = checkValue(kind, value, options);
  const rules = findings.length === 0 ? [] : toDiagnostics(text, findings);
  const problems = validateAgainst(kind, value);
  if (!problems.length) return rules;
  const locator = new DocumentLocator(text);
  return [...rules, ...problems.map((p) => schemaDiagnosticOf(locator, p))];
}

/** A schema problem placed by `locator` as a rule diagnostic (id `schema`, an error: the service refuses it). */
export function schemaDiagnosticOf(locator: DocumentLocator, p: SchemaProblem, shift = 0, pathPrefix: (string | number)[] = []): RuleDiagnostic {
  const span = schemaProblemSpan(locator, p);
  const path = [...pathPrefix, ...pointerSegments(p.pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s))];
  return { ruleId: 'schema', severity: 'error', message: p.message, offset: span.offset + shift, length: span.length, path };
}

export function checkTextAndSchema(text: string, options: CheckOptions = {}): { rules: RuleDiagnostic[]; schema: BlockingProblem[] } {
  const value = parseDocument(text);
  const kind = kindFor(value, options);
  if (!kind) return { rules: [], schema: [] };
  const findings = checkValue(kind, value, options);
  const problems = validateAgainst(kind, value);
  return { rules: findings.length === 0 ? [] : toDiagnostics(text, findings), schema: problems.length ? placedSchemaProblems(text, problems) : [] };
}

/**
 * Everything that keeps a document from being sent, once each and in text order: JSON syntax errors, schema
 * problems and the rules' errors (warnings do not block). The same list the editor shows as errors.
 */
export function blockingProblems(text: string, options: CheckOptions = {}): { kind: DocumentKind | undefined; value: unknown; problems: BlockingProblem[] } {
  const lines = new LineIndex(text);
  let syntax: BlockingProblem[] = [];
  try {
    JSON.parse(text);
  } catch {
    syntax = syntaxProblems(text, lines);
    if (syntax.length === 0) syntax = [{ kind: 'syntax', message: JSON_SYNTAX_ERROR, offset: 0, length: 0, line: 1, column: 1 }];
  }
  const check = checkDocument(text, options);
  const locator = new DocumentLocator(text);
  const schema = placedSchemaProblems(text, check.schemaProblems, locator, lines);
  const rules: BlockingProblem[] = check.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ kind: 'rule', message: d.message, offset: d.offset, length: d.length, ...lines.position(d.offset) }));
  const problems = [...syntax, ...schema, ...rules].sort((a, b) => a.offset - b.offset);
  return { kind: check.kind, value: check.value, problems };
}
