// The one place the tools ask for the findings of an LCA file: the single analysis (`analyze`) of src/core/rules, with
// JSON syntax errors in the editor's words beside the rules' findings and the schema problems.
import type { CodeTable } from '../codeTable';
import { documentKindOf, LineIndex, syntaxProblems } from '../document';
import { analyze, type EpdResolver, type Severity } from '../rules';
import { validateAgainst } from '../schemas';
import { sentence } from './shared';

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
  const analysis = analyze(text, {
    codes: options.codes,
    validate: validateAgainst,
    fileName: options.fileName,
    ...(options.resolveEpd ? { resolveEpd: options.resolveEpd } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  if (!analysis.strict) {
    for (const p of syntaxProblems(text, lines)) out.push({ rule: 'syntax', severity: 'error', message: sentence(p.message), line: p.line, column: p.column, offset: p.offset });
  }
  for (const d of [...analysis.findings, ...analysis.schemaProblems]) {
    out.push({ rule: d.ruleId, severity: d.severity, message: sentence(d.message), ...lines.position(d.offset), offset: d.offset });
  }
  return out.sort((a, b) => a.offset - b.offset).map(({ offset: _offset, ...f }) => f);
}
