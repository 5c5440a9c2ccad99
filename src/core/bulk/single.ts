// Push Material: one `*.material.json` (a single material object) sent through the bulk-create path — the same
// check, the same job, and a sidecar `X.material.created.json` next to it (the same shape as a materials file's), so
// that a second push knows the material is already on the service. Pure: the editor layer asks and shows.
import { msg, type Msg } from '../l10n';
import { analyze, blockingOf, describeBlocking, type BlockingKind } from '../rules';
import { materialKey, createdKeys, type Sidecar } from './sidecar';
import type { BulkItem } from './items';
import { templateItems, type BulkPlan, type PlanChecks } from './plan';
import type { Material } from '../schemas/types';

const MAX_SAMPLES = 5;

/**
 * Checks the text of a `*.material.json` (syntax, schema, semantic errors) and says whether the sidecar records it for
 * `epdUrl` and the login signed in (`createdBy`: another login's ids do not count, as in a bulk plan). The refusal is
 * `blockingOf` the analysis — what the editor shows as errors —, so that it and Problems agree on the count, the words
 * and the line:column.
 */
export function planMaterialFile(text: string, options: PlanChecks & { fileName: string; sidecar?: Sidecar; epdUrl: string; createdBy?: string; now?: Date }): BulkPlan {
  const doc = analyze(text, { codes: options.codes, validate: options.validate, errorsOnly: true, fileName: options.fileName, kind: 'material', ...(options.now ? { now: options.now } : {}) });
  const blocking = blockingOf(doc);
  const samples: Msg[] = blocking.slice(0, MAX_SAMPLES).map(describeBlocking);
  const count = (kind: BlockingKind): number => blocking.filter((b) => b.kind === kind).length;
  const isObject = typeof doc.value === 'object' && doc.value !== null && !Array.isArray(doc.value);
  const known = createdKeys(options.sidecar, options.epdUrl, options.createdBy);
  if (blocking.length > 0) {
    return { problems: { count: blocking.length, syntax: count('syntax'), schema: count('schema'), semantic: count('rule'), samples }, items: [], toSend: [], created: [], known, templates: [] };
  }
  if (!isObject) {
    samples.push(msg('(file): a *.material.json file holds one material (a JSON object)'));
    return { problems: { count: 1, syntax: 0, schema: 1, semantic: 0, samples }, items: [], toSend: [], created: [], known, templates: [] };
  }
  const material = { ...(doc.value as Record<string, unknown>) };
  // `$schema` is for editors; the service's material has no such field.
  delete material.$schema;
  const item: BulkItem = { index: 0, key: materialKey(String(material.originalUUID), String(material.originalVersion)), material: material as unknown as Material };
  const recorded = known.has(item.key);
  return { items: [item], toSend: recorded ? [] : [item], created: recorded ? [item] : [], known, templates: templateItems([item], options.codes) };
}
