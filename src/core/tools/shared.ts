// What the tools for agents share: the properties of their input schemas, the parts of their answers (GWP per module,
// a material family) with the JSON Schemas of those parts, the period, the service and reading a workspace document.
// Results are data with units and ids; names from files or the service are values in the JSON, never instructions.
import { inScope } from '../lca/construction';
import type { CodeTable } from '../codeTable';
import { documentKindOf, parseDocument } from '../document';
import { FAMILY_IDS, familyLabel, type FamilyOf } from '../families';
import { format, type Named } from '../l10n';
import { resolveInWorkspace, shownPath } from '../workspace';
import { ToolInputError, type OutputSchema, type ToolContext } from './types';

// ---- input schemas' properties (literals: defineTool reads their types) ----

export const pathProp = (what: string) => ({ type: 'string', minLength: 1, maxLength: 1000, description: `${what} — relative to the workspace folder, or absolute inside it` }) as const;
export const periodProp = { type: 'integer', minimum: 1, maximum: 200, description: 'Reference study period in years (default: the considerationPeriod of the construction\'s *.project.json — beside it or in the nearest folder above — else the lca.preview.referencePeriod setting in VS Code, BR18\'s 50 over MCP)' } as const;
export const limitProp = (dflt: number, max: number) => ({ type: 'integer', minimum: 1, maximum: max, description: `At most this many items (default ${dflt})` }) as const;
export const textProp = (description: string, maxLength = 200) => ({ type: 'string', maxLength, description }) as const;
export const idProp = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, description }) as const;
export const flagProp = (description: string) => ({ type: 'boolean', description }) as const;

// ---- output schemas' parts ----

export type Schema = Record<string, unknown>;
export const num: Schema = { type: 'number' };
export const int: Schema = { type: 'integer' };
export const str: Schema = { type: 'string' };
export const bool: Schema = { type: 'boolean' };
/** A value of `type` or null. */
export const nullable = (type: string): Schema => ({ type: [type, 'null'] });
/** A schema's value or null. */
export const orNull = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
export const list = (items: Schema): Schema => ({ type: 'array', items });
export const oneOfValues = (values: readonly (string | number)[]): Schema => ({ enum: [...values] });
/** A string-keyed map of `values`. */
export const map = (values: Schema): Schema => ({ type: 'object', additionalProperties: values });

/** An object of exactly these properties, each always there but those named `optional`. */
export function obj(properties: Record<string, Schema>, optional: readonly string[] = []): OutputSchema {
  const required = Object.keys(properties).filter((k) => !optional.includes(k));
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** An object that is one of these (a tool whose answer has two shapes). */
export const eitherOf = (...shapes: OutputSchema[]): OutputSchema => ({ type: 'object', anyOf: shapes });

// ---- answers' parts ----

/**
 * A reason or message as a tool says it: a sentence, its first letter a capital. The editor's own texts (a finding in
 * Problems, a reason in the preview) are phrased to follow something ("Line 3: the document…"); a model reads them alone.
 * A sentence that begins with a property's name (`referenceServiceLife 0 is …`) keeps the name as it is spelled.
 */
export const sentence = (m: Named): string => {
  const text = format(m);
  return LEADING_IDENTIFIER.test(text) ? text : text.charAt(0).toUpperCase() + text.slice(1);
};
/** A camelCase name at the start of a text (a property: `epdId`, `referenceServiceLife`). */
export const LEADING_IDENTIFIER = /^[a-z]+[A-Z]\w*\b/;

export const round = (x: number): number => (Number.isFinite(x) ? Number(x.toPrecision(6)) : x);
export const unitLabel = (codes: CodeTable, code: number): string => codes.unitByCode(code)?.label ?? `unit ${code}`;

/** GWP per module (kg CO2e), with A1-A3 + B4 + C3 + C4 in scope and D apart, as a model reads it. */
export const gwpOut = (g: { a1a3: number; b4: number; c3: number; c4: number; d: number }): Record<string, number> => ({
  A1A3: round(g.a1a3),
  B4: round(g.b4),
  C3: round(g.c3),
  C4: round(g.c4),
  inScope: round(inScope(g)),
  D_apart: round(g.d),
});
export const GWP_PROPERTIES = { A1A3: num, B4: num, C3: num, C4: num, inScope: num, D_apart: num };
export const gwpSchema = obj(GWP_PROPERTIES);

/** A material's family as a model reads it: the family, and what it was read from. */
export const familyOut = (f: FamilyOf): Record<string, unknown> => ({ family: f.id, familyName: format(familyLabel(f.id)), familyFrom: f.from, ...(f.by ? { familyReadFrom: f.by } : {}) });
export const FAMILY_PROPERTIES = {
  family: oneOfValues(FAMILY_IDS),
  familyName: str,
  familyFrom: str,
  familyReadFrom: str,
};
/** The family's properties that are not always there (familyOut adds familyReadFrom when it knows it). */
export const FAMILY_OPTIONAL = ['familyReadFrom'];

// ---- the period, the service, a document ----


export function needService(ctx: ToolContext, tool: string): NonNullable<ToolContext['service']> {
  if (!ctx.service) {
    throw new ToolInputError(
      `No one is signed in to ${ctx.environment.name}, and ${tool} needs the LCA service: sign in (VS Code: LCA: Sign In; MCP: set LCA_EMAIL + LCA_PASSWORD or LCA_CLIENT_ID + LCA_SECRET) and try again.`,
    );
  }
  return ctx.service;
}

/** A workspace file of one of `kinds` (`construction`, `material`, `materials`, `project`), read and parsed. */
export async function readDocument(ctx: ToolContext, input: string, kinds: readonly string[]): Promise<{ abs: string; shown: string; value: unknown; text: string }> {
  const abs = await resolveInWorkspace(input, ctx.workspace.roots);
  const kind = documentKindOf(abs) ?? (abs.toLowerCase().endsWith('.project.json') ? 'project' : undefined);
  if (!kind || !kinds.includes(kind)) {
    throw new ToolInputError(`The path ${JSON.stringify(input)} is not a ${kinds.map((k) => `*.${k}.json`).join(' or ')} file: give the path of one.`);
  }
  let text: string;
  try {
    text = await ctx.workspace.readText(abs);
  } catch {
    throw new ToolInputError(`The file ${JSON.stringify(input)} cannot be read (does it exist?): give the path of an existing file.`);
  }
  return { abs, shown: shownPath(abs, ctx.workspace.roots), value: parseDocument(text), text };
}
