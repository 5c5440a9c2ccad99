// An agent tool made from an exporter of the frame (core/export/frame.ts). By default a dry run: it says which files it
// would write, whether they exist, and what the export holds (the tool's plan); nothing is written. With write: true
// it writes the file and the report beside it (reportPathOf), replacing existing files only with overwrite: true.
// Every path is confined to the workspace (resolveInWorkspace). Refusals say what to change; English, as models read.
import { extensionOf, reportPathOf, type ExportBuild, type Exporter } from '../export/frame';
import { ENGLISH } from '../l10n';
import { resolveInWorkspace, shownPath } from '../workspace';
import { eitherOf, list, obj, str, type Schema } from './shared';
import type { FromSchema } from 'json-schema-to-ts';
import { defineTool } from './define';
import { ToolInputError, type InputSchema, type ToolContext, type ToolDefinition } from './types';

/** A call's export: the exporter, its input, and the file written when the call gives no `path` (as a `path` is given). */
export interface ExportCall<I, D> {
  exporter: Exporter<I, D>;
  input: I;
  path: string;
}

/** What every export tool's input holds beside what its export needs: where, and whether to write. */
interface WriteFlags {
  path?: string;
  write?: boolean;
  overwrite?: boolean;
}

export interface ExportToolSpec<S extends InputSchema, Input, I, D> extends Omit<ToolDefinition, 'writes' | 'run' | 'outputSchema' | 'inputSchema'> {
  /** The JSON Schema of each property `plan` answers with, and those it may leave out (the tool's output schema). */
  planSchema: { properties: Record<string, Schema>; optional?: readonly string[] };
  /** With `path`, `write` and `overwrite` beside what the export needs; the input's type is derived from it (defineTool). */
  inputSchema: S;
  /** Reads the call's export from the workspace and the service (bad input: a ToolInputError). */
  read(input: Input, ctx: ToolContext): Promise<ExportCall<I, D>>;
  /** What the answer says of the export beside its files (as the workspace names them), in a model's words. */
  plan(built: ExportBuild<D>, at: { call: ExportCall<I, D>; files: { file: string; report: string; filesExist: boolean }; input: Input; ctx: ToolContext }): Record<string, unknown>;
}

// `Input` is the schema's type, a parameter of its own as in defineTool (not worked out inside this function).
export function exportTool<const S extends InputSchema, I, D, Input = FromSchema<S>>({ read, plan, planSchema, ...definition }: ExportToolSpec<S, Input & WriteFlags, I, D>): ToolDefinition {
  const optional = [...(planSchema.optional ?? [])];
  return defineTool<S, Input & WriteFlags>(
    {
      ...definition,
      // A dry run says what to do next; a write says what it wrote.
      outputSchema: eitherOf(obj({ dryRun: { const: true }, ...planSchema.properties, next: str }, optional), obj({ dryRun: { const: false }, written: list(str), ...planSchema.properties }, optional)),
      writes: true,
    },
    async (input, ctx) => {
      const call = await read(input, ctx);
      const { exporter } = call;
      const requested = input.path ?? call.path;
      const extension = `.${extensionOf(exporter.ending)}`;
      if (!requested.toLowerCase().endsWith(extension)) throw new ToolInputError(`The path ${JSON.stringify(requested)} does not end in ${extension}: give a path ending in ${exporter.ending}.`);
      const target = await resolveInWorkspace(requested, ctx.workspace.roots);
      const reportPath = reportPathOf(target);
      const shown = (p: string): string => shownPath(p, ctx.workspace.roots);
      const built = exporter.build(call.input, ENGLISH, { name: target.split(/[\\/]/).pop() ?? target, reportPath, shown });
      const paths = built.report === undefined ? [target] : [target, reportPath];
      const exists = (await Promise.all(paths.map((p) => ctx.workspace.exists(p)))).some(Boolean);
      const answer = plan(built, { call, files: { file: shown(target), report: shown(reportPath), filesExist: exists }, input, ctx });
      const overwrite = input.overwrite === true;
      if (input.write !== true) {
        const next = built.failure !== undefined ? `Nothing to write: ${built.failure}` : exists && !overwrite ? `There already is ${shown(target)}: call again with write: true and overwrite: true to replace it.` : 'Call again with write: true to write the files.';
        return { dryRun: true, ...answer, next };
      }
      if (built.failure !== undefined) throw new ToolInputError(`Nothing to write: ${built.failure}`);
      if (exists && !overwrite) throw new ToolInputError(`There already is ${paths.map(shown).join(' or ')}: pass overwrite: true to replace ${paths.length > 1 ? 'them' : 'it'}, or give another path.`);
      const content = await built.content();
      if (typeof content === 'string') await ctx.workspace.writeText(target, content);
      else if (ctx.workspace.writeBytes) await ctx.workspace.writeBytes(target, content);
      else throw new ToolInputError('This workspace cannot write binary files: export with the editor\'s command instead.');
      if (built.report !== undefined) await ctx.workspace.writeText(reportPath, built.report);
      return { dryRun: false, written: paths.map(shown), ...answer };
    },
  );
}
