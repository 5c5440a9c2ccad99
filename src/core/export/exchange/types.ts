// What the LCAbyg and LCAx exports take and give: the constructions with the preview core computed for each (the
// figures are never worked out again here), a lookup of the materials' documents, and a report of what was written,
// what could not be, and what the format cannot carry. No vscode.
import type { CodeTable } from '../../codeTable';
import type { Msg } from '../../l10n';
import type { ConstructionPreview } from '../../preview';

export interface ExchangeConstruction {
  /** The file it came from, as shown to the user (`walls/outer-wall.construction.json`). */
  file: string;
  /** The construction document as parsed. */
  value: unknown;
  /** `previewConstruction` of it (src/core/preview/impact.ts), over the period the figures are for. */
  preview: ConstructionPreview;
}

export interface ExchangeInput {
  constructions: readonly ExchangeConstruction[];
  /** The document of the material a component names (a workspace file's or the service's read), undefined when unknown. */
  material(epdId: string): unknown;
  codes: CodeTable;
  /** Ids made new for a copy (any text, e.g. the date and time): LCAbyg then takes the file beside an earlier import. */
  copy?: string;
  software: { name: string; version: string };
}

export interface ExchangeNote {
  /** The construction (its file) or material (its name) the note is about. */
  item: string;
  message: Msg;
}

export interface ExchangeReport {
  /** Constructions written. */
  constructions: string[];
  /** Materials written with their own figures (LCAbyg user products, LCAx EPDs). */
  materials: string[];
  /** Materials written as a reference to LCAbyg's library (Tabel 7 rows): name → LCAbyg id. */
  references: { name: string; id: string; row: string }[];
  /** Constructions not written, and why. */
  refused: ExchangeNote[];
  /** What was written otherwise than the workbench has it, or left out. */
  notes: ExchangeNote[];
}

export const emptyReport = (): ExchangeReport => ({ constructions: [], materials: [], references: [], refused: [], notes: [] });
