// Shared shapes of every EPD importer (ILCD+EPD, LCAx, BR18 Tabel 7, spreadsheets). No vscode.
import type { ConstructionCreate, Material } from '../schemas/types';

/** One input as the command layer hands it over: a file, or one entry of a ZIP / folder. */
export interface ImportInput {
  /** File name or path inside the ZIP/folder, used in messages (e.g. `processes/3f1c….xml`). */
  name: string;
  bytes: Uint8Array;
}

/** Something that could not be imported (refused) or was assumed/left out (warning). */
export interface ImportIssue {
  /** Which dataset/row/file: a name, UUID, `row 12`, or the input's name. */
  item: string;
  /** Where inside it, e.g. `exchanges/referenceToFlowDataSet`, `impacts.gwp.a1a3`, `column "GWP A1-A3"`; '' = the whole item. */
  field: string;
  /** One sentence, what and why. */
  reason: string;
}

export interface ImportedMaterial {
  material: Material;
  /** The input (and dataset inside it) it came from. */
  source: string;
  warnings: string[];
}

export interface ImportedConstruction {
  construction: ConstructionCreate;
  source: string;
  warnings: string[];
}

export type ImportFormat =
  | 'ilcd'
  | 'lcax-epd'
  | 'lcax-project'
  | 'table7'
  | 'spreadsheet';

export interface ImportResult {
  format: ImportFormat;
  materials: ImportedMaterial[];
  constructions: ImportedConstruction[];
  refused: ImportIssue[];
  warnings: ImportIssue[];
}
