// The one shape of an export (docs/architecture.md, "An exporter"): an exporter builds, from its input and the
// caller's phrasing, the file's content (made when it is written: a dry run makes none), the Markdown report written
// beside it, the report's data (what it wrote, refused and noted) and, when there is nothing to write, why. It only
// builds: the editor's runner (extension/export/run.ts) and the agents' tool builder (core/tools/exportTool.ts) ask
// where, write, and show the report. The report's place is `reportPathOf` the file's, for every export. No vscode.
import type { Phrasing } from '../l10n';

/** Where an export is written, as the exporter needs to know it. */
export interface ExportPlace {
  /** The file's name (without its folder), as the report names it. */
  name: string;
  /** The report's path on disk (its links are relative to it); undefined when not on disk (the links are file URIs). */
  reportPath?: string;
  /** A workspace file as the caller names it (relative to its folder). */
  shown(absolute: string): string;
}

/** What an exporter builds. */
export interface ExportBuild<D> {
  /** The file's content: text (written as UTF-8) or bytes. */
  content(): string | Uint8Array | Promise<string | Uint8Array>;
  /** The report written beside the file, when the export has one. */
  report?: string;
  /** What was written, refused and noted: the editor's outcome and the tools' plan are read from it. */
  data: D;
  /** Why nothing can be written (e.g. every construction refused): then nothing is. */
  failure?: string;
}

export interface Exporter<I, D = undefined> {
  id: string;
  /** What a proposed file's name ends in after its stem: `.br18.xlsx`, `.lcabyg.json`, `-phases.csv`. */
  ending: string;
  /** The kind of file, as a save dialog's filter names it (Excel, JSON, CSV, PNG). */
  fileType: string;
  build(input: I, phrasing: Phrasing, place: ExportPlace): ExportBuild<D>;
}

/** The extension of an ending, without its dot: `.br18.xlsx` → `xlsx`. */
export const extensionOf = (ending: string): string => ending.slice(ending.lastIndexOf('.') + 1);

/** The report beside an export's file: `x.br18.xlsx` → `x.br18.report.md`, `x.lcax.json` → `x.lcax.report.md`. */
export function reportPathOf(file: string): string {
  return file.replace(/\.[^./\\]*$/, '') + '.report.md';
}

/** Who wrote a file: the workbench and its version ('' where it is not known, as in the tools). */
export const softwareOf = (version: string): { name: string; version: string } => ({ name: 'LCA Workbench', version });
