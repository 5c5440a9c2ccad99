// Push Material: one `*.material.json` (a single material object) sent through the bulk-create path — the same
// check, the same job, and a sidecar `X.material.created.json` next to it (the same shape as a materials file's), so
// that a second push knows the material is already on the service. Pure: the editor layer asks and shows.
import { msg, type Msg } from '../l10n';
import { analyze } from '../rules';
import { parse as parseJsonc, type ParseError } from '../document/jsonc';
import { materialKey, createdKeys, type Sidecar } from './sidecar';
import type { BulkItem } from './job';
import type { BulkPlan, PlanChecks } from './plan';
import type { Material } from '../schemas/types';

const MAX_SAMPLES = 5;

/**
 * Checks the text of a `*.material.json` (syntax, schema, semantic errors) and says whether the sidecar records it for
 * `epdUrl` and the login signed in (`createdBy`: another login's ids do not count, as in a bulk plan).
 */
export function planMaterialFile(text: string, options: PlanChecks & { fileName: string; sidecar?: Sidecar; epdUrl: string; createdBy?: string; now?: Date }): BulkPlan {
  const samples: Msg[] = [];
  const syntaxErrors: ParseError[] = [];
  parseJsonc(text, syntaxErrors, { allowTrailingComma: false, disallowComments: true });
  for (const e of syntaxErrors.slice(0, MAX_SAMPLES)) samples.push(msg('offset {0}: JSON syntax error (code {1})', e.offset, e.error));
  const doc = analyze(text, { codes: options.codes, validate: options.validate, errorsOnly: true, fileName: options.fileName, kind: 'material', ...(options.now ? { now: options.now } : {}) });
  const errors = doc.findings.filter((d) => d.severity === 'error');
  for (const p of doc.schemaProblems) if (samples.length < MAX_SAMPLES) samples.push(msg('{0}: {1}', pointerOf(p.path) || '(file)', p.message));
  for (const d of errors) if (samples.length < MAX_SAMPLES) samples.push(msg('{0}: {1}', `/${d.path.join('/')}`, d.message));
  const isObject = typeof doc.value === 'object' && doc.value !== null && !Array.isArray(doc.value);
  let schema = doc.schemaProblems.length;
  if (!isObject && syntaxErrors.length === 0 && schema === 0) {
    schema = 1;
    samples.push(msg('(file): a *.material.json file holds one material (a JSON object)'));
  }
  const count = syntaxErrors.length + schema + errors.length;
  const known = createdKeys(options.sidecar, options.epdUrl, options.createdBy);
  if (count > 0 || !isObject) {
    return { problems: { count, syntax: syntaxErrors.length, schema, semantic: errors.length, samples }, items: [], toSend: [], created: [], known };
  }
  const material = { ...(doc.value as Record<string, unknown>) };
  // `$schema` is for editors; the service's material has no such field.
  delete material.$schema;
  const item: BulkItem = { index: 0, key: materialKey(String(material.originalUUID), String(material.originalVersion)), material: material as unknown as Material };
  const recorded = known.has(item.key);
  return { items: [item], toSend: recorded ? [] : [item], created: recorded ? [item] : [], known };
}

/** A path as a JSON pointer, e.g. ['lciaResults', 0] → /lciaResults/0. */
function pointerOf(path: readonly (string | number)[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
