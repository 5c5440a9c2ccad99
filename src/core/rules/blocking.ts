// What keeps a document from being sent: JSON syntax errors, schema problems and rule errors, each once, with its
// line:column and the words the editor shows (`blockingOf` an analysis gives them). The editor's diagnostics and the
// refusals of bulk create and push come from the same analysis, so that Problems and a refusal agree on the count,
// the words and the place.
import { msg, type Msg } from '../l10n';

export type BlockingKind = 'syntax' | 'schema' | 'rule';

export interface BlockingProblem {
  kind: BlockingKind;
  message: Msg;
  offset: number;
  length: number;
  /** 1-based, as the Problems view shows it. */
  line: number;
  column: number;
}

/** "3:14 `declaredValue` must be a number" — how a refusal and the log name one problem. */
export function describeBlocking(p: Pick<BlockingProblem, 'line' | 'column' | 'message'>): Msg {
  return msg('{0}:{1} {2}', p.line, p.column, p.message);
}
