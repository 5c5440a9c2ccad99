// One tool for agents in one call: its name, its descriptions, the JSON Schema of its input, that of its answer and its
// run function. The input's type is derived from the schema literal (json-schema-to-ts, types only), so a tool reads
// `input.path` as the schema says it is; runTool has validated the input against that schema before run sees it.
import type { FromSchema } from 'json-schema-to-ts';
import type { InputSchema, ToolContext, ToolDefinition, ToolResult } from './types';

// `Input` is the schema's type; a parameter of its own (not inferred: run's input is typed by it) keeps the compiler
// from working FromSchema out for every schema inside this function.
export function defineTool<const S extends InputSchema, Input = FromSchema<S>>(
  tool: Omit<ToolDefinition, 'inputSchema' | 'run'> & { inputSchema: S },
  run: (input: Input, ctx: ToolContext) => Promise<ToolResult>,
): ToolDefinition {
  // The one place validated input is given its schema's type (validateInput checked it against the same schema).
  return { ...tool, run: (input, ctx) => run(input as Input, ctx) };
}
