// The LCA tools for Copilot agent mode and other chat participants: each core tool definition (src/core/tools) is
// registered as a language-model tool under the name package.json contributes; VS Code does not validate the input,
// so runTool does, and a bad input comes back as text the model can act on. The write tools (import, bulk create)
// ask the person first through prepareInvocation when their flag would write. In VS Code 1.101+ the MCP server is
// also offered (registerMcpServerDefinitionProvider, feature-detected: 1.100 has no such API and nothing breaks); for
// other MCP clients, "LCA: Copy MCP Client Configuration" (mcpConfig.ts).
import * as path from 'path';
import * as vscode from 'vscode';
import { loadTools, loadWorkspace } from '../bundles';
import type { MaterialCache, ToolContext, ToolWorkspace } from '../../core/tools/types';
import type { CandidateCache } from '../../core/alternatives/sources';
import * as l10n from '../l10n';
import type { Catalog } from '../library/catalog';
import type { LcaSession } from '../session';
import type { ProjectPeriods } from '../editing/projectPeriod';
import { mcpEnvironment, mcpWorkspaceFolder, registerMcpConfiguration } from './mcpConfig';

export interface ToolDeps {
  /** The environment, its sign-in, its code table and BR18 rule table: what the tools' context is made of. */
  session: LcaSession;
  /** A construction's reference period when the call gives none: its project's, else the setting (as its lens shows). */
  periods: ProjectPeriods;
  /** The Library: the materials it knows resolve a component's id as in the lens. */
  catalog: Catalog;
  /** dist/ of the extension, where mcp.js is. */
  distDir: string;
}

/** The workspace materials the tools read, per file: kept for the extension host's life (each file read again when it changes). */
const materialCache: MaterialCache = new Map();

/** The service's constructions the alternatives read (per identity), kept until the session changes. */
const candidateCaches = new WeakMap<LcaSession, CandidateCache>();
function candidateCacheOf(session: LcaSession): CandidateCache {
  let cache = candidateCaches.get(session);
  if (!cache) {
    const made: CandidateCache = new Map();
    cache = made;
    candidateCaches.set(session, made);
    session.onDidChange(() => made.clear());
  }
  return cache;
}

/** The workspace folders on disk, read as the editor has them (an open document's unsaved text first). */
function editorWorkspace(): ToolWorkspace {
  const roots = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
  // The disk reader confines every read and write to these folders.
  const core = loadWorkspace();
  const disk = core.diskWorkspace(roots, materialCache);
  const open = (p: string): vscode.TextDocument | undefined => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === p);
  return {
    ...disk,
    roots,
    readText: async (p) => {
      const document = open(p);
      if (!document) return disk.readText(p);
      await core.confine(p, roots, 'read');
      return document.getText();
    },
    // An open document's unsaved text is another text than the file's: its version says when it changes.
    stamp: async (p) => {
      const document = open(p);
      return document?.isDirty ? `open:${document.version}` : disk.stamp?.(p);
    },
    listFiles: (folder, options) => disk.listFiles(folder, options),
  };
}

/**
 * What the tools' core is given in the editor: the workspace folders (open documents' unsaved text first), the
 * environment's code table and BR18 rule table (its override applied, as the dashboard judges) and, when signed in,
 * the service client.
 */
export async function toolContextOf({ session, periods, catalog }: { session: LcaSession; periods?: ProjectPeriods; catalog?: Catalog }): Promise<ToolContext> {
  const client = session.signedIn ? await session.client().catch(() => undefined) : undefined;
  const { name, urls } = session.environment;
  const login = session.login;
  return {
    workspace: editorWorkspace(),
    codes: session.codes,
    rules: session.br18Rules,
    ...(client ? { service: client } : {}),
    environment: { name, epdUrl: urls?.epdUrl ?? '', ...(login ? { login } : {}) },
    ...(periods ? { periodFor: async (file: string) => (await periods.periodForNow(vscode.Uri.file(file))).years } : {}),
    // A material the Library knows (a pulled file, the service's answer it keeps) resolves as in the lens; what it has
    // read from the service is a candidate of the alternatives too (its files are the workspace's already).
    ...(catalog
      ? {
          library: (id: string) => catalog.materialFor(id),
          libraryMaterials: () => catalog.offeredMaterials().filter((o) => !o.material.uri).map((o) => o.material),
          libraryConstructions: () => catalog.constructions().filter((c) => !c.uri),
        }
      : {}),
    candidateCache: candidateCacheOf(session),
  };
}

/** What a write tool's confirmation says, or undefined when the call only reads (no flag set). */
function confirmationOf(name: string, input: Record<string, unknown>, env: string): vscode.LanguageModelToolConfirmationMessages | undefined {
  if (name === 'lca_import_epds' && input.write === true) {
    const paths = Array.isArray(input.paths) ? input.paths.map(String) : [];
    return {
      title: l10n.t('Import EPDs and write a material file?'),
      message: new vscode.MarkdownString(
        l10n.t('Imports {0} file(s) ({1}) and writes the material file next to the first{2}.', paths.length, paths.slice(0, 5).join(', '), input.overwrite === true ? l10n.t(', replacing an existing file') : ''),
      ),
    };
  }
  if (name === 'lca_export_documentation' && input.write === true) {
    return {
      title: l10n.t('Write the BR18 documentation?'),
      message: new vscode.MarkdownString(
        l10n.t('Writes the BR18 spreadsheet of project {0} and its report ({1}){2}.', String(input.projectId ?? ''), typeof input.path === 'string' ? input.path : l10n.t('<project>.br18.xlsx in the workspace folder'), input.overwrite === true ? l10n.t(', replacing existing files') : ''),
      ),
    };
  }
  if (name === 'lca_export_constructions' && input.write === true) {
    return {
      title: l10n.t('Write the export of the constructions?'),
      message: new vscode.MarkdownString(l10n.t('Exports {0} as {1} and writes the file and its report{2}.', String(input.paths), String(input.format), input.overwrite === true ? l10n.t(', replacing existing files') : '')),
    };
  }
  if (name === 'lca_bulk_create' && input.send === true) {
    return {
      title: l10n.t('Send materials to the LCA service?'),
      message: new vscode.MarkdownString(l10n.t('Bulk create of {0} on {1}.', String(input.path ?? ''), env)),
    };
  }
  return undefined;
}

class LcaTool implements vscode.LanguageModelTool<Record<string, unknown>> {
  constructor(
    private readonly name: string,
    private readonly deps: ToolDeps,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<Record<string, unknown>>): vscode.PreparedToolInvocation {
    const input = typeof options.input === 'object' && options.input !== null ? options.input : {};
    const confirmationMessages = confirmationOf(this.name, input, this.deps.session.environment.name);
    return { invocationMessage: l10n.t('Running {0}', this.name), ...(confirmationMessages ? { confirmationMessages } : {}) };
  }

  async invoke(options: vscode.LanguageModelToolInvocationOptions<Record<string, unknown>>): Promise<vscode.LanguageModelToolResult> {
    const answer = await loadTools().runTool(this.name, options.input, await toolContextOf(this.deps));
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
  }
}

interface McpApi {
  registerMcpServerDefinitionProvider?: (id: string, provider: { provideMcpServerDefinitions(): unknown[] }) => vscode.Disposable;
}
interface McpStdioCtor {
  new (label: string, command: string, args?: string[], env?: Record<string, string | number | null>, version?: string): unknown;
}

/**
 * Registers the tools (and, where VS Code has the API, the MCP server definition) and the command that copies the MCP
 * server's configuration for other clients; returns how many tools.
 */
export function registerTools(context: vscode.ExtensionContext, deps: ToolDeps): number {
  registerMcpConfiguration(context, deps);
  const names: string[] = ((context.extension.packageJSON as { contributes?: { languageModelTools?: { name: string }[] } }).contributes?.languageModelTools ?? []).map((t) => t.name);
  if (typeof vscode.lm?.registerTool !== 'function') return 0;
  for (const name of names) context.subscriptions.push(vscode.lm.registerTool(name, new LcaTool(name, deps)));

  const lm = vscode.lm as unknown as McpApi;
  const Stdio = (vscode as unknown as { McpStdioServerDefinition?: McpStdioCtor }).McpStdioServerDefinition;
  // 1.100 has a proposed function of that name that throws for a stable extension's contribution: only from 1.101.
  const [major, minor] = vscode.version.split('.').map(Number);
  const stable = major > 1 || (major === 1 && minor >= 101);
  if (stable && typeof lm.registerMcpServerDefinitionProvider === 'function' && Stdio) {
    try {
      context.subscriptions.push(
        lm.registerMcpServerDefinitionProvider('lca-workbench.mcp', {
          provideMcpServerDefinitions: () => {
            const folder = mcpWorkspaceFolder();
            if (!folder) return [];
            // The environment, its hosts and BR18 override only: the credentials are asked for by the server's environment variables, never passed here.
            const env = { ...mcpEnvironment(deps.session.environment), ELECTRON_RUN_AS_NODE: '1' };
            return [new Stdio(l10n.t('LCA Workbench tools'), process.execPath, [path.join(deps.distDir, 'mcp.js'), '--workspace', folder], env)];
          },
        }),
      );
    } catch {
      // There but refusing: the language-model tools above still work.
    }
  }
  return names.length;
}
