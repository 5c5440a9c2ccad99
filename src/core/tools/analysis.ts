// The one place the tools ask for the findings of an LCA file. Today it calls the rules' checks (schema and
// semantic rules, and JSON syntax); when the single analysis entry point lands it is switched here and nowhere else.
import type { CodeTable } from '../codeTable';
import { format } from '../l10n';
import { checkTextWithSchema, documentKindOf, LineIndex, syntaxProblems, type EpdResolver, type Severity } from '../rules';

export interface FileFinding {
  rule: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
}

/** The findings of one file's text (syntax, schema, rules), in text order; none for a file that is no LCA document. */
export function analyzeFile(text: string, options: { fileName: string; codes: CodeTable; resolveEpd?: EpdResolver; now?: Date }): FileFinding[] {
  if (!documentKindOf(options.fileName)) return [];
  const lines = new LineIndex(text);
  const out: (FileFinding & { offset: number })[] = [];
  try {
    JSON.parse(text);
  } catch {
    for (const p of syntaxProblems(text, lines)) out.push({ rule: 'syntax', severity: 'error', message: format(p.message), line: p.line, column: p.column, offset: p.offset });
  }
  const diagnostics = checkTextWithSchema(text, {
    fileName: options.fileName,
    codes: options.codes,
    ...(options.resolveEpd ? { resolveEpd: options.resolveEpd } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  for (const d of diagnostics) out.push({ rule: d.ruleId, severity: d.severity, message: format(d.message), ...lines.position(d.offset), offset: d.offset });
  return out.sort((a, b) => a.offset - b.offset).map(({ offset: _offset, ...f }) => f);
}
