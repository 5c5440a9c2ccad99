// Before a bulk create: check the materials file's text (JSON syntax, schema, semantic errors) and work out
// what would be sent given the sidecar. Pure: the editor layer shows the outcome and asks.
import { msg, type Msg } from '../l10n';
import { analyze, blockingOf, describeBlocking, templateOf, type AnalyzeOptions, type BlockingProblem } from '../rules';
import type { CodeTable } from '../codeTable';
import { bulkItemsOf, duplicateKeys, type BulkItem, type BulkItemRef } from './items';
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
  /**
   * Items to send whose results are still the New Material template's (the `results-template` rule: every value 0, or
   * no A1-A3 result): the editor asks before sending them.
   */
  templates: BulkItemRef[];
}

/** The items whose results are still the template's (what the `results-template` warning says of them). */
export function templateItems(items: readonly BulkItem[], codes: CodeTable): BulkItem[] {
  return items.filter((it) => templateOf(it.material, codes) !== undefined);
}

const MAX_SAMPLES = 5;

/** What the check before sending is given: the environment's code table and the schema validator. */
export type PlanChecks = Pick<AnalyzeOptions, 'codes' | 'validate'>;

/** Checks `text` (the editor's current text of a *.materials.json) and splits its items by the sidecar. */
export function planBulkCreate(text: string, options: PlanChecks & { fileName: string; sidecar?: Sidecar; epdUrl: string; createdBy?: string; now?: Date }): BulkPlan {
  // The refusal is the list the editor shows as errors — count, words and line:column — so that it and Problems agree.
  const analysis = analyze(text, { codes: options.codes, validate: options.validate, errorsOnly: true, fileName: options.fileName, kind: 'materials', ...(options.now ? { now: options.now } : {}) });
  const value = analysis.value;
  const blocking: BlockingProblem[] = blockingOf(analysis);
  const samples = blocking.slice(0, MAX_SAMPLES).map(describeBlocking);
  const syntax = blocking.filter((b) => b.kind === 'syntax').length;
  const schema = blocking.filter((b) => b.kind === 'schema').length;
  const count = blocking.length;
  let items: BulkItem[] = [];
  if (Array.isArray(value)) items = bulkItemsOf(value);
  else if (count === 0) {
    samples.push(msg('(file): a *.materials.json file holds a JSON array of materials'));
    return { problems: { count: 1, syntax: 0, schema: 1, semantic: 0, samples }, items, toSend: [], created: [], known: new Map(), templates: [] };
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
    templates: total > 0 ? [] : templateItems(toSend, options.codes),
  };
}
