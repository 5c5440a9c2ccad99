// Shapes of the tools for agents: one definition per tool (name, model-facing description, JSON Schema of the input,
// one core function) and what a tool is given to work with — the workspace, the environment's code table and, when
// signed in, the service. The editor (language-model tools) and the MCP server pass these in; nothing here knows
// which of them asks. No vscode.
import type { ConstructionRead, DashboardResponse, DashboardSummary, IndicatorEnums, MaterialRead, ProjectDetail, ProjectListItem } from '../api/types';
import type { DashboardRequest } from '../schemas/types';
import type { CodeTable } from '../codeTable';
import type { MaterialCache, Workspace } from '../workspace/types';
import type { Br18Rules } from '../lca/br18Rules';
import type { EpdData } from '../lca/types';
import type { GetProjectListVariables } from '../graphql/getProjectList';
import type { JSONSchema } from 'json-schema-to-ts';
import type { CandidateCache } from '../alternatives/sources';

/** The service calls the tools use; `LcaClient` has them (its trailing AbortSignal parameters are optional). */
export interface ToolService {
  listProjects(variables: GetProjectListVariables): Promise<ProjectListItem[]>;
  getDashboard(projectId: string, body: DashboardRequest): Promise<DashboardResponse>;
  getDashboardSummary(projectId: string, body: DashboardRequest): Promise<DashboardSummary>;
  getMaterial(id: string): Promise<MaterialRead>;
  getProject(id: string): Promise<ProjectDetail>;
  /** The dashboard's What if… and the project question read the materials of a project's constructions. */
  getConstruction?(id: string): Promise<ConstructionRead>;
  /** The indicator mappings: the project question asks for the GWP total dashboard, as the dashboard panel does. */
  getIndicatorEnums?(): Promise<IndicatorEnums>;
}

/** The workspace a tool reads and writes (core/workspace). */
export type ToolWorkspace = Workspace;
export type { MaterialCache };

export interface ToolContext {
  workspace: ToolWorkspace;
  /** The environment's code table (the service's codes, its override, the assumed ones). */
  codes: CodeTable;
  /** The environment's BR18 rule table (the built-in one with the environment's override): what the verdicts judge by. */
  rules: Br18Rules;
  /** The service of the signed-in identity; undefined when signed out (the service tools then say so). */
  service?: ToolService;
  /** Environment name and EPD host, for messages and the bulk-create sidecar's ids. */
  environment: { name: string; epdUrl: string; login?: string };
  /**
   * A construction file's reference period when the input gives none — its project's, else the editor's setting (the
   * editor's resolver, as its lens uses); without it the tools read the workspace by the same rule (core/workspace/period.ts).
   */
  periodFor?(absolutePath: string): Promise<number>;
  /** In the editor: what its Library already knows of a material id (pulled files, the service's answers it keeps). */
  library?(id: string): { epd: EpdData; record: unknown } | undefined;
  /** In the editor: the Library's materials and constructions read from the service, candidates of the alternatives. */
  libraryMaterials?(): readonly { id?: string; epd: EpdData; record: unknown }[];
  libraryConstructions?(): readonly { id?: string; record: unknown }[];
  /** The alternatives' cache of the service's constructions, kept by whoever made the context (core/alternatives/sources.ts). */
  candidateCache?: CandidateCache;
}

/** JSON Schema of a tool's input (draft 7, an object of these properties and no others). */
export interface InputSchema {
  readonly type: 'object';
  readonly properties: { readonly [name: string]: JSONSchema };
  readonly required?: readonly string[];
  readonly additionalProperties: false;
}

/** JSON Schema of a tool's answer (draft 7, an object): what `run` returns, served to hosts that take it (MCP). */
export interface OutputSchema {
  type: 'object';
  properties?: Record<string, object>;
  required?: string[];
  additionalProperties?: boolean;
  [keyword: string]: unknown;
}

/** What a tool answers: a JSON-able object (its text is this as JSON; MCP also gets it as structured content). */
export type ToolResult = Record<string, unknown>;

export interface ToolDefinition {
  /** `lca_verb_noun`. */
  name: string;
  /** Short name shown to people (English; the Danish is in package.nls.da.json / the l10n bundle). */
  title: string;
  /** Written for a model: what it does, what it needs, what it returns, what it cannot do. */
  description: string;
  inputSchema: InputSchema;
  outputSchema: OutputSchema;
  /** True when the tool can change files or the service (given its explicit flag). */
  writes: boolean;
  /** The one core function: validated input → a JSON-able result (made by defineTool, which types the input). */
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult>;
}

/** A refusal the caller can act on: what to change. Becomes the tool's error text, never a crash. */
// The workspace's class (its bundle's, in the editor), which its path checks throw (one class: `instanceof` holds).
export { InputError as ToolInputError } from '../workspace';
