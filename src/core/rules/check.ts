// The parts analyze (analyze.ts) and its incremental path (incremental.ts) are built from: the rules' findings of a
// parsed value, the findings of one item of a materials file, and findings and schema problems placed in a text as
// diagnostics with ranges and fixes. Not exported from core/rules: callers use analyze.
import { DocumentLocator, type DocumentKind, type JsonPath, type TextEdit } from '../document';
import type { FormattingOptions } from '../document/jsonc';
import type { Msg } from '../l10n';
import type { SchemaProblem } from '../schemas/kinds';
import { pointerSegments } from '../schemas/messages';
import { checkCodes } from './codes';
import { checkConstruction } from './construction';
import { fixEdits, formattingOf } from './fixes';
import { checkMaterial, checkMaterials } from './material';
import type { AnalyzeOptions, RuleContext, RuleDiagnostic, RuleFinding, RuleFix, SchemaValidator } from './types';

/** The rules' findings by path on a parsed value (no ranges). */
export function findingsOf(kind: DocumentKind, value: unknown, ctx: RuleContext, options: Pick<AnalyzeOptions, 'resolveEpd' | 'suggestEpds' | 'ownerOfUnreadable'>): RuleFinding[] {
  const out: RuleFinding[] = [];
  if (kind === 'materials') checkMaterials(value, ctx, out);
  else if (kind === 'material') checkMaterial(value, [], ctx, out);
  else checkConstruction(value, { ...options, codes: ctx.codes }, out);
  checkCodes(kind, value, ctx.codes, out);
  return out;
}

/** Places findings in the text of `locator`: diagnostics with ranges and fixes. */
export function placeFindings(locator: DocumentLocator, findings: readonly RuleFinding[]): RuleDiagnostic[] {
  let formatting: FormattingOptions | undefined;
  const diagnostics: RuleDiagnostic[] = [];
  for (const finding of findings) {
    const range = locator.rangeOf(finding.path, finding.target) ?? { offset: 0, length: 0 };
    const fixes: RuleFix[] = [];
    for (const plan of finding.fixes ?? []) {
      formatting ??= formattingOf(locator.text);
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

/** A schema problem placed by `locator` as a diagnostic (rule id `schema`, an error: the service refuses it). */
export function schemaDiagnosticOf(locator: DocumentLocator, p: SchemaProblem, shift = 0, pathPrefix: JsonPath = []): RuleDiagnostic {
  const span = schemaProblemSpan(locator, p);
  const path = [...pathPrefix, ...pointerSegments(p.pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s))];
  return { ruleId: 'schema', severity: 'error', message: p.message, offset: span.offset + shift, length: span.length, path };
}

/**
 * Item `i` of a materials file checked on its own: the rules' findings about it (paths from the file's root, so they
 * start with `i`) and its schema problems (pointers relative to the item). What the full check finds in it, less the
 * findings across items (checkAcrossMaterials).
 */
export function checkBulkItem(value: unknown, i: number, ctx: RuleContext, validate: SchemaValidator): { own: RuleFinding[]; schema: SchemaProblem[] } {
  const own: RuleFinding[] = [];
  checkMaterial(value, [i], ctx, own);
  const found: RuleFinding[] = [];
  checkCodes('material', value, ctx.codes, found);
  // Checked as a document of its own: its paths start inside item i.
  for (const f of found) own.push({ ...f, path: [i, ...f.path], ...(f.fixes ? { fixes: f.fixes.map((x) => ({ ...x, path: [i, ...x.path] })) } : {}) });
  return { own, schema: besidesRestated(itemSchemaProblems(value, i, validate), own, [i]) };
}

/** Schema problems less those a finding restates at the same path (`restatesSchema`): each value is reported once. */
function besidesRestated(problems: SchemaProblem[], findings: readonly RuleFinding[], prefix: JsonPath = []): SchemaProblem[] {
  const restated = new Set(findings.filter((f) => f.restatesSchema).map((f) => JSON.stringify(f.path)));
  if (restated.size === 0 || problems.length === 0) return problems;
  return problems.filter((p) => !restated.has(JSON.stringify([...prefix, ...pathOf(p.pointer)])));
}

/** A JSON pointer's segments, array indices as numbers (as findings' paths have them). */
function pathOf(pointer: string): JsonPath {
  return pointerSegments(pointer).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * An item's findings (paths starting with `i`) and schema problems (pointers relative to the item) placed by a locator
 * whose root is the item; offsets moved by `by`. Findings whose path or fixes reach beyond the item go to `outside`.
 */
export function placeItem(
  locator: DocumentLocator,
  i: number,
  findings: readonly RuleFinding[],
  schema: readonly SchemaProblem[],
  formatting: () => FormattingOptions,
  by: number,
  outside: RuleFinding[],
): RuleDiagnostic[] {
  const local = findings.filter((f) => f.path[0] === i && (f.fixes ?? []).every((p) => p.path[0] === i));
  for (const f of findings) if (!local.includes(f)) outside.push(f);
  const diagnostics: RuleDiagnostic[] = [];
  for (const finding of local) {
    const range = locator.rangeOf(finding.path.slice(1), finding.target) ?? { offset: -by, length: 0 };
    const fixes: RuleFix[] = [];
    for (const plan of finding.fixes ?? []) {
      const fix = fixEdits(locator, { ...plan, path: plan.path.slice(1) }, formatting());
      if (fix) fixes.push(shiftFix(fix, by));
    }
    diagnostics.push(diagnosticOf(finding, { offset: range.offset + by, length: range.length }, fixes));
  }
  for (const p of schema) diagnostics.push(schemaDiagnosticOf(locator, p, by, [i]));
  return diagnostics;
}

export function shiftFix(fix: RuleFix, by: number): RuleFix {
  return { title: fix.title, edits: fix.edits.map((e: TextEdit) => ({ offset: e.offset + by, length: e.length, newText: e.newText })) };
}

/**
 * Schema problems of item `i` of a materials file, pointers relative to the item: the item is validated as the only
 * item of a list (the same schema, so the same words), and "item 0" becomes "item i" where the item itself is meant.
 */
function itemSchemaProblems(value: unknown, i: number, validate: SchemaValidator): SchemaProblem[] {
  return validate('materials', [value]).map((p) => {
    const rest = p.pointer.replace(/^\/0(?=\/|$)/, '');
    const aboutItem = rest.split('/').length <= 2;
    return { ...p, pointer: rest, message: aboutItem ? renumberItem(p.message, i) : p.message };
  });
}

/** The message with its subject "item 0" (the item validated alone) said as "item i". */
function renumberItem(m: Msg, i: number): Msg {
  if (m.message === ITEM_SUBJECT && m.args[0] === 0) return { message: m.message, args: [i] };
  return { message: m.message, args: m.args.map((a) => (typeof a === 'object' ? renumberItem(a, i) : a)) };
}
/** The template of the subject "item N" (schemas/messages.ts `subjectOf`), not imported: the editor bundle does not need the rest. */
const ITEM_SUBJECT = 'item {0}';

/** The rules and the schema of a whole text, placed: the full check (and what the incremental path must equal). */
export function fullCheck(
  text: string,
  value: unknown,
  kind: DocumentKind,
  ctx: RuleContext,
  options: AnalyzeOptions,
  locator?: DocumentLocator,
): { findings: RuleDiagnostic[]; schema: RuleDiagnostic[] } {
  const all = findingsOf(kind, value, ctx, options);
  const found = options.errorsOnly ? all.filter((f) => f.severity === 'error') : all;
  const problems = besidesRestated(options.validate(kind, value), all);
  if (found.length === 0 && problems.length === 0) return { findings: [], schema: [] };
  locator ??= new DocumentLocator(text);
  return { findings: placeFindings(locator, found), schema: problems.map((p) => schemaDiagnosticOf(locator, p)) };
}
