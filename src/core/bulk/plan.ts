// Before a bulk create: check the materials file's text (JSON syntax, schema, semantic errors) and work out
// what would be sent given the sidecar. Pure: the editor layer shows the outcome and asks.
import { msg, type Msg } from '../l10n';
import { blockingProblems, checkValue, describeBlocking, type BlockingProblem } from '../rules';
import { validateAgainst } from '../schemas';
import { bulkItemsOf, duplicateKeys, type BulkItem } from './job';
import { createdKeys, type Sidecar, type SidecarItem } from './sidecar';

export interface BulkPlanProblems {
  /** Errors in all: syntax + schema + semantic errors (warnings do not block). */
  count: number;
  syntax: number;
  schema: number;
  semantic: number;
  /** The first few in text order, as "line:column message" (as Problems shows them). */
  samples: Msg[];
}

export interface BulkPlan {
  /** Set when the file must not be sent. */
  problems?: BulkPlanProblems;
  items: BulkItem[];
  /** Items to send (not created on this service per the sidecar). */
  toSend: BulkItem[];
  /** Items the sidecar records as created on this service. */
  created: BulkItem[];
  /** The sidecar's records that count for this service and identity, by key. */
  known: Map<string, SidecarItem>;
}

const MAX_SAMPLES = 5;

/** Checks `text` (the editor's current text of a *.materials.json) and splits its items by the sidecar. */
export function planBulkCreate(text: string, options: { fileName: string; sidecar?: Sidecar; epdUrl: string; createdBy?: string; now?: Date }): BulkPlan {
  const checkOptions = { fileName: options.fileName, kind: 'materials' as const, ...(options.now ? { now: options.now } : {}) };
  let parsed: { value: unknown } | undefined;
  try {
    parsed = { value: JSON.parse(text) as unknown };
  } catch {
    parsed = undefined;
  }
  // A valid file is checked on the value parsed once (no ranges needed); a file with any problem gets the same list
  // the editor shows as errors — count, words and line:column — so that the refusal and Problems agree.
  let value: unknown = parsed?.value;
  let blocking: BlockingProblem[] = [];
  const clean = parsed !== undefined && validateAgainst('materials', parsed.value).length === 0 && !checkValue('materials', parsed.value, checkOptions).some((f) => f.severity === 'error');
  if (!clean) {
    const found = blockingProblems(text, checkOptions);
    value = found.value;
    blocking = found.problems;
  }
  const samples = blocking.slice(0, MAX_SAMPLES).map(describeBlocking);
  const syntax = blocking.filter((b) => b.kind === 'syntax').length;
  const schema = blocking.filter((b) => b.kind === 'schema').length;
  const count = blocking.length;
  const check = { value };
  let items: BulkItem[] = [];
  if (Array.isArray(check.value)) items = bulkItemsOf(check.value);
  else if (count === 0) {
    samples.push(msg('(file): a *.materials.json file holds a JSON array of materials'));
    return { problems: { count: 1, syntax: 0, schema: 1, semantic: 0, samples }, items, toSend: [], created: [], known: new Map() };
  }
  let semantic = blocking.filter((b) => b.kind === 'rule').length;
  if (count === 0) {
    // The rules report duplicates too; this is a last guard, since a duplicate would fail a chunk.
    const dups = duplicateKeys(items);
    if (dups.size) {
      semantic += dups.size;
      for (const [key, at] of dups) if (samples.length < MAX_SAMPLES) samples.push(msg('items {0}: the same originalUUID@originalVersion {1}', at.join(', '), key));
    }
  }
  const total = syntax + schema + semantic;
  const known = createdKeys(options.sidecar, options.epdUrl, options.createdBy);
  const toSend = items.filter((it) => !known.has(it.key));
  const created = items.filter((it) => known.has(it.key));
  return {
    ...(total > 0 ? { problems: { count: total, syntax, schema, semantic, samples } } : {}),
    items,
    toSend,
    created,
    known,
  };
}
