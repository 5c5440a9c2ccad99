// Before a bulk create: check the materials file's text (JSON syntax, schema, semantic errors) and work out
// what would be sent given the sidecar. Pure: the editor layer shows the outcome and asks.
import { checkDocument, checkValue, type JsonPath } from '../rules';
import { validateAgainst, type SchemaProblem } from '../schemas';
import { parse as parseJsonc, type ParseError } from '../rules/jsonc';
import { bulkItemsOf, duplicateKeys, type BulkItem } from './job';
import { createdKeys, type Sidecar, type SidecarItem } from './sidecar';

export interface BulkPlanProblems {
  /** Errors in all: syntax + schema + semantic errors (warnings do not block). */
  count: number;
  syntax: number;
  schema: number;
  semantic: number;
  /** The first few, as "where: message" lines. */
  samples: string[];
}

export interface BulkPlan {
  /** Set when the file must not be sent. */
  problems?: BulkPlanProblems;
  items: BulkItem[];
  /** Items to send (not created on this service per the sidecar). */
  toSend: BulkItem[];
  /** Items the sidecar records as created on this service. */
  created: BulkItem[];
  /** The sidecar's records that count for this service, by key. */
  known: Map<string, SidecarItem>;
}

const MAX_SAMPLES = 5;

/** Checks `text` (the editor's current text of a *.materials.json) and splits its items by the sidecar. */
export function planBulkCreate(text: string, options: { fileName: string; sidecar?: Sidecar; epdUrl: string; now?: Date }): BulkPlan {
  const samples: string[] = [];
  let syntax = 0;
  let check: { value: unknown; schemaProblems: SchemaProblem[]; errors: { path: JsonPath; message: string }[] };
  const checkOptions = { fileName: options.fileName, kind: 'materials' as const, ...(options.now ? { now: options.now } : {}) };
  let parsed: { value: unknown } | undefined;
  try {
    parsed = { value: JSON.parse(text) as unknown };
  } catch {
    parsed = undefined;
  }
  if (parsed) {
    // What checkDocument does, on the value parsed once (ranges are not needed to count and name the errors).
    check = {
      value: parsed.value,
      schemaProblems: validateAgainst('materials', parsed.value),
      errors: checkValue('materials', parsed.value, checkOptions).filter((f) => f.severity === 'error'),
    };
  } else {
    const errors: ParseError[] = [];
    parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: true });
    syntax = Math.max(1, errors.length);
    for (const e of errors.slice(0, MAX_SAMPLES)) samples.push(`offset ${e.offset}: JSON syntax error (code ${e.error})`);
    const doc = checkDocument(text, checkOptions);
    check = { value: doc.value, schemaProblems: doc.schemaProblems, errors: doc.diagnostics.filter((d) => d.severity === 'error') };
  }
  const errors = check.errors;
  for (const p of check.schemaProblems) if (samples.length < MAX_SAMPLES) samples.push(`${p.pointer || '(file)'}: ${p.message}`);
  for (const d of errors) if (samples.length < MAX_SAMPLES) samples.push(`/${d.path.join('/')}: ${d.message}`);
  const count = syntax + check.schemaProblems.length + errors.length;
  let items: BulkItem[] = [];
  if (Array.isArray(check.value)) items = bulkItemsOf(check.value);
  else if (count === 0) {
    samples.push('(file): a *.materials.json file holds a JSON array of materials');
    return { problems: { count: 1, syntax: 0, schema: 1, semantic: 0, samples }, items, toSend: [], created: [], known: new Map() };
  }
  let semantic = errors.length;
  if (count === 0) {
    // The rules report duplicates too; this is a last guard, since a duplicate would fail a chunk.
    const dups = duplicateKeys(items);
    if (dups.size) {
      semantic += dups.size;
      for (const [key, at] of dups) if (samples.length < MAX_SAMPLES) samples.push(`items ${at.join(', ')}: the same originalUUID@originalVersion ${key}`);
    }
  }
  const total = syntax + check.schemaProblems.length + semantic;
  const known = createdKeys(options.sidecar, options.epdUrl);
  const toSend = items.filter((it) => !known.has(it.key));
  const created = items.filter((it) => known.has(it.key));
  return {
    ...(total > 0 ? { problems: { count: total, syntax, schema: check.schemaProblems.length, semantic, samples } } : {}),
    items,
    toSend,
    created,
    known,
  };
}
