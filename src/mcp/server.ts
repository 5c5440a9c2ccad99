// The MCP server: the tools of src/core/tools over an MCP transport, with the same names, descriptions and input
// schemas as the editor's language-model tools (one source), and each tool's output schema: an answer is its JSON as
// text and, the same value, as structured content (MCP 2025-06-18). Read tools (the bulk-create plan among them: it
// never sends) are annotated read-only; the write tools destructive — and they write only with their explicit flag.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { ToolContext } from '../core/tools';

// Loaded on the first request, not at start: initialize is answered before the tools' code (ajv, importers) is read.
const loadTools = (): Promise<typeof import('../core/tools')> => import('../core/tools');

export const SERVER_NAME = 'lca-workbench';

/** The server; `context` is asked once per call (the sign-in may still be under way at the first). */
export function createServer(version: string, context: () => Promise<ToolContext>): Server {
  const server = new Server({ name: SERVER_NAME, version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: (await loadTools()).TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      outputSchema: t.outputSchema,
      annotations: { title: t.title, readOnlyHint: !t.writes, destructiveHint: t.writes, idempotentHint: !t.writes, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { runTool } = await loadTools();
    const answer = await runTool(request.params.name, request.params.arguments ?? {}, await context());
    return { content: [{ type: 'text' as const, text: answer.text }], ...(answer.result ? { structuredContent: answer.result } : {}), isError: answer.isError };
  });
  return server;
}
