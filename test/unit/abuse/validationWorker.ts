// Worker of the abuse suite's file-validation tests: runs checkText and checkDocument on one text per message, so
// that the test can stop it when a check hangs (a loop in the main thread could not be interrupted).
import { parentPort } from 'worker_threads';
import { analyze, type AnalyzeOptions, type RuleDiagnostic } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import { format } from '../../../src/core/l10n';

export interface ValidationJob {
  id: number;
  text: string;
  fileName?: string;
}

export interface ValidationOutcome {
  id: number;
  threw?: string;
  kind?: string;
  schemaProblems: { pointer: string; message: string }[];
  diagnostics: Pick<RuleDiagnostic, 'ruleId' | 'message' | 'offset' | 'length' | 'fix'>[];
  textDiagnostics: number;
  ms: number;
}

const LIMIT = 50;

parentPort?.on('message', (job: ValidationJob) => {
  const started = Date.now();
  const options: AnalyzeOptions = { ...CHECKS, ...(job.fileName ? { fileName: job.fileName } : {}), now: new Date('2026-05-17T00:00:00Z') };
  try {
    const doc = analyze(job.text, options);
    // The editor's incremental analysis of the same text (a bulk file) must survive it too.
    const text = analyze(job.text, { ...options, incremental: true }).findings;
    const outcome: ValidationOutcome = {
      id: job.id,
      ...(doc.kind ? { kind: doc.kind } : {}),
      schemaProblems: doc.schemaProblems.slice(0, LIMIT).map((p) => ({ pointer: p.path.map((s) => `/${s}`).join(''), message: format(p.message) })),
      diagnostics: doc.findings.slice(0, LIMIT).map((d) => ({ ruleId: d.ruleId, message: d.message, offset: d.offset, length: d.length, ...(d.fix ? { fix: d.fix } : {}) })),
      textDiagnostics: text.length,
      ms: Date.now() - started,
    };
    parentPort?.postMessage(outcome);
  } catch (e) {
    parentPort?.postMessage({ id: job.id, threw: `${(e as Error).name}: ${(e as Error).message}`, schemaProblems: [], diagnostics: [], textDiagnostics: 0, ms: Date.now() - started });
  }
});
