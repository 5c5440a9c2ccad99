// The workspace as the features that read files see it — the tools for agents, the dashboard's What if… and the
// editor's alternatives: the workspace folders and how to read them. The editor passes a reader of unsaved text, the
// MCP server the disk (files.ts). No vscode.
import type { CodeTable } from '../codeTable';
import type { FamilyId } from '../families';
import type { EpdData } from '../lca/types';
import type { LineCodes, PerSet } from '../lca/line';

/** The files a feature may read and write: only inside `roots` (the workspace folders; MCP: `--workspace`). */
export interface Workspace {
  /** Absolute paths of the workspace folders. */
  readonly roots: readonly string[];
  /** A file's text: the editor's unsaved text when the file is open there, else the file on disk. */
  readText(absolutePath: string): Promise<string>;
  /** A file's bytes (EPD imports read XML, ZIP and spreadsheets). */
  readBytes(absolutePath: string): Promise<Uint8Array>;
  /**
   * Every LCA file (`*.material.json`, `*.materials.json`, `*.construction.json`, `*.project.json`, bulk sidecars) under
   * the folder; with `shallow`, only those directly in it.
   */
  listFiles(absoluteFolder: string, options?: { shallow?: boolean }): Promise<string[]>;
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

/** A material the workspace knows, as a candidate: its EPD (id = the service id, '' when it has none) and where it is. */
export interface CandidateMaterial {
  epd: EpdData;
  /** Where it comes from, e.g. `libraries/tabel7.materials.json #12`, `service`. */
  source: string;
  /**
   * Its GWP per result set, worked out when it was read (`candidateMaterial`) with these GWP codes; undefined `perSet`:
   * A1-A3 not declared. Without it (or with other codes) the ranking works it out from the EPD's results.
   */
  gwp?: { codes: LineCodes; perSet: PerSet | undefined };
  /** Its family by the built-in vocabulary, read once with the figure (`familyOfEpd` otherwise). */
  family?: FamilyId;
  /** The material's document as written in its file or read from the service (what the exchange exports read). */
  record?: unknown;
}
