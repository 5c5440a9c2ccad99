// Shapes of the tools for agents: one definition per tool (name, model-facing description, JSON Schema of the input,
// one core function) and what a tool is given to work with — the workspace, the environment's code table and, when
// signed in, the service. The editor (language-model tools) and the MCP server pass these in; nothing here knows
// which of them asks. No vscode.
import type { ConstructionRead, DashboardResponse, DashboardSummary, MaterialRead, ProjectDetail, ProjectListItem } from '../api/types';
import type { DashboardRequest } from '../schemas/types';
import type { CodeTable } from '../codeTable';
import type { CandidateMaterial } from '../alternatives';
import type { Br18Rules } from '../lca/br18Rules';
import type { GetProjectListVariables } from '../graphql/getProjectList';

/** The service calls the tools use; `LcaClient` has them (its trailing AbortSignal parameters are optional). */
export interface ToolService {
  listProjects(variables: GetProjectListVariables): Promise<ProjectListItem[]>;
  getDashboard(projectId: string, body: DashboardRequest): Promise<DashboardResponse>;
  getDashboardSummary(projectId: string, body: DashboardRequest): Promise<DashboardSummary>;
  getMaterial(id: string): Promise<MaterialRead>;
  getProject(id: string): Promise<ProjectDetail>;
  /** The dashboard's What if… reads the materials of a project's constructions (optional: the tools do not). */
  getConstruction?(id: string): Promise<ConstructionRead>;
}

/** The files a tool may read and write: only inside `roots` (the workspace folders; MCP: `--workspace`). */
export interface ToolWorkspace {
  /** Absolute paths of the workspace folders. */
  readonly roots: readonly string[];
  /** A file's text: the editor's unsaved text when the file is open there, else the file on disk. */
  readText(absolutePath: string): Promise<string>;
  /** A file's bytes (EPD imports read XML, ZIP and spreadsheets). */
  readBytes(absolutePath: string): Promise<Uint8Array>;
  /** Every LCA file (`*.material.json`, `*.materials.json`, `*.construction.json`, `*.project.json`, bulk sidecars) under the folder. */
  listFiles(absoluteFolder: string): Promise<string[]>;
  /** Whether the path is a folder. */
  isFolder(absolutePath: string): Promise<boolean>;
  writeText(absolutePath: string, text: string): Promise<void>;
  /** Writes bytes (the BR18 export's workbook); a workspace without it cannot write binary files. */
  writeBytes?(absolutePath: string, bytes: Uint8Array): Promise<void>;
  /**
   * What changes whenever the file's text does (on disk: modification time and size; an open document with unsaved
   * edits: its version), undefined when there is no such file or it changed too recently to tell. With it the workspace's materials are read once and
   * kept (a 10,000-material library is not parsed at every call); without it every call reads every file.
   */
  stamp?(absolutePath: string): Promise<string | undefined>;
  exists(absolutePath: string): Promise<boolean>;
  /**
   * The material files' candidates as last read, kept by whoever made this workspace (the editor, the MCP server) so
   * that they outlive one call; with `stamp`, a file is read again only when it changed. Without it every call reads.
   */
  readonly materialCache?: MaterialCache;
}

/** One material file's candidates as last read (see workspaceMaterials), by absolute path. */
export type MaterialCache = Map<string, { key: string; codes: CodeTable; items: CandidateMaterial[] }>;

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
  /** Reference study period when the input gives none (BR18: 50). */
  defaultPeriod?: number;
}

/** JSON Schema of a tool's input (draft 7, an object). */
export interface InputSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
  additionalProperties: false;
}

export interface ToolDefinition {
  /** `lca_verb_noun`. */
  name: string;
  /** Short name shown to people (English; the Danish is in package.nls.da.json / the l10n bundle). */
  title: string;
  /** Written for a model: what it does, what it needs, what it returns, what it cannot do. */
  description: string;
  inputSchema: InputSchema;
  /** True when the tool can change files or the service (given its explicit flag). */
  writes: boolean;
  /** The one core function: validated input → a JSON-able result. */
  run(input: Record<string, unknown>, ctx: ToolContext): Promise<unknown>;
}

/** A refusal the caller can act on: what to change. Becomes the tool's error text, never a crash. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}
