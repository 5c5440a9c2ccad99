// Running a tool for an agent: look it up, validate the input against its schema, call its one function and answer
// with JSON text capped in length — or with a message that says what to change. Never throws: a model acts on text.
import { TOOLS } from './all';
import { ToolInputError, type ToolContext, type ToolDefinition, type ToolResult } from './types';
import { validateInput } from './validate';

export * from './types';
export { TOOLS } from './all';
// The workspace a tool context is made of (the editor and the MCP server build it).
export { diskWorkspace } from '../workspace';

/** A result longer than this is refused with how to narrow it (a model's context is not the place for 10,000 rows). */
export const MAX_RESULT_CHARS = 100_000;

export interface ToolAnswer {
  /** JSON of the result, or the message of a refusal or failure. */
  text: string;
  isError: boolean;
  /** The result the text is the JSON of (what the tool's output schema describes); none for a refusal or failure. */
  result?: ToolResult;
}

export function toolNamed(name: string): ToolDefinition | undefined {
  return TOOLS.find((t) => t.name === name);
}

/** Runs `name` with `input`: the validated call's JSON, or an error text a model can act on. */
export async function runTool(name: string, input: unknown, ctx: ToolContext): Promise<ToolAnswer> {
  const tool = toolNamed(name);
  if (!tool) return { text: `There is no tool ${JSON.stringify(name)}: use one of ${TOOLS.map((t) => t.name).join(', ')}.`, isError: true };
  try {
    const result = await tool.run(validateInput(tool, input), ctx);
    const text = JSON.stringify(result, null, 1);
    if (text.length > MAX_RESULT_CHARS) {
      return { text: `The result of ${name} is ${text.length} characters, over the cap of ${MAX_RESULT_CHARS}: narrow the input (a smaller limit or maxFindings, a query, fewer paths).`, isError: true };
    }
    return { text, isError: false, result };
  } catch (e) {
    if (e instanceof ToolInputError) return { text: e.message, isError: true };
    const status = (e as { status?: unknown }).status;
    const missing = status === 404 ? await missingProject(input, ctx) : undefined;
    if (missing !== undefined) return { text: `Project ${JSON.stringify(missing)} not found: call lca_list_projects to see the project ids you can read.`, isError: true };
    const message = e instanceof Error ? e.message : String(e);
    return { text: `The call of ${name} failed${typeof status === 'number' ? ` (the service answered ${status})` : ''}: ${message}`, isError: true };
  }
}

/**
 * The project the call named (`projectId`, or a side's of lca_compare: `a.projectId`, `b.projectId`) that the service
 * does not have, or does not show this sign-in; undefined when none.
 */
async function missingProject(input: unknown, ctx: ToolContext): Promise<string | undefined> {
  if (!ctx.service || typeof input !== 'object' || input === null) return undefined;
  const i = input as { projectId?: unknown; a?: { projectId?: unknown }; b?: { projectId?: unknown } };
  for (const id of [i.projectId, i.a?.projectId, i.b?.projectId]) {
    if (typeof id !== 'string') continue;
    try {
      await ctx.service.getProject(id);
    } catch (e) {
      if ((e as { status?: unknown }).status === 404) return id;
    }
  }
  return undefined;
}
