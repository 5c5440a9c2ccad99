// Shared shapes of every EPD importer (ILCD+EPD, LCAx, BR18 Tabel 7, spreadsheets). No vscode.
import type { ConstructionCreate, Material } from '../schemas/types';
import { format, isMsg, msg, type Msg, type Named } from '../l10n';

/** One input as the command layer hands it over: a file, or one entry of a ZIP / folder. */
export interface ImportInput {
  /** File name or path inside the ZIP/folder, used in messages (e.g. `processes/3f1c….xml`). */
  name: string;
  bytes: Uint8Array;
}

/**
 * Where something is in what was imported: a name as it is (a file, a data set, a UUID, a JSON path such as
 * `exchanges/referenceToFlowDataSet`), or a phrase built as data — `msg('row {0}', 12)`, `msg('column "{0}"', 'GWP A1-A3')`
 * — that the report phrases in the user's language (`l10n.say`; `format` for English).
 */
export type Place = Named;

/** Something that could not be imported (refused) or was assumed/left out (warning). */
export interface ImportIssue {
  /** Which dataset/row/file: a name, UUID, `msg('row {0}', 12)`, or the input's name. */
  item: Place;
  /** Where inside it, e.g. `exchanges/referenceToFlowDataSet`, `impacts.gwp.a1a3`, `msg('column "{0}"', 'GWP A1-A3')`; '' = the whole item. */
  field: Place;
  /** One sentence, what and why (phrased in the user's language by the import report). */
  reason: Msg;
}

export interface ImportedMaterial {
  material: Material;
  /** The input (and dataset inside it) it came from, e.g. a file name, or `msg('{0} row {1}', 'board.csv', 12)`. */
  source: Place;
  /**
   * The id the source file gives this EPD (an LCAx EPD's `id`, an ILCD UUID, a spreadsheet's id cell, a Tabel 7
   * Sorterings ID), as written: what an imported construction's `componentSources` refer to.
   */
  sourceId?: string;
  warnings: Msg[];
}

export interface ImportedConstruction {
  /** Its components' `epdId` are the originalUUIDs of the materials they use, until resolved (`resolveEpdIds`). */
  construction: ConstructionCreate;
  source: string;
  warnings: Msg[];
  /** Per component, in the order of `construction.constructionEpds`: the `sourceId` of the material it uses. */
  componentSources: string[];
}

export type ImportFormat =
  | 'ilcd'
  | 'lcax-epd'
  | 'lcax-project'
  | 'table7'
  | 'lcabyg'
  | 'spreadsheet';

export interface ImportResult {
  format: ImportFormat;
  materials: ImportedMaterial[];
  constructions: ImportedConstruction[];
  refused: ImportIssue[];
  warnings: ImportIssue[];
}

/** Thrown when an import's `signal` aborts; nothing is returned then. */
export class ImportCancelledError extends Error {
  constructor() {
    super('Import cancelled.');
    this.name = 'ImportCancelledError';
  }
}

/** A failure inside an importer, with its reason as data (an `Error` for `throw`; `message` is the English). */
export class ImportError extends Error {
  constructor(readonly reason: Msg) {
    super(format(reason));
    this.name = 'ImportError';
  }
}

/** The reason of anything an importer caught: an ImportError's own, else the error's text (from a parser). */
export function reasonOf(e: unknown): Msg {
  if (e instanceof ImportError) return e.reason;
  const reason = (e as { reason?: unknown } | undefined)?.reason;
  if (isMsg(reason)) return reason;
  return msg('{0}', e instanceof Error ? e.message : String(e));
}
