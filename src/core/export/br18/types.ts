// The BR18 documentation export as data: what goes in each sheet of the "BR Standard Format" workbook
// (../shared/docs/formats-out.md §1), what was left empty and why, and what it is built from. Written to .xlsx by
// xlsx.ts; read by the check before submission (checks.ts) and the report (report.ts).
import type { JsonPath } from '../../document';
import type { Msg } from '../../l10n';
import type { ProjectWithDashboard } from '../project';

/** One cell: text, a number, a date (written as a date, not text) or nothing (an empty cell: "not declared"). */
export type Cell = { text: string } | { number: number } | { date: Date } | null;

export interface SheetContent {
  name: string;
  rows: Cell[][];
  /** Column widths in characters (optional). */
  widths?: number[];
}

/** Where a line of the breakdown sits: building part (classification levels), construction and material. */
export interface LinePlace {
  /** The classification levels, coarse to fine, "code name". */
  parts: string[];
  construction: string;
  material: string;
}

/** A field the export wrote empty (or 0, where readers of the format need a number) because the data lacks it. */
export interface EmptyField {
  sheet: string;
  /** The label or column as the sheet names it (Danish, as the format defines it). */
  label: string;
  /** Why: what the data does not have. */
  why: Msg;
  /** 0 was written instead of an empty cell, because readers of the format require a number. */
  zero?: boolean;
  /** A value was written that the data does not state but the dashboard assumes (e.g. the heat carrier). */
  assumed?: boolean;
}

/**
 * A project with its dashboard and materials, and what the documentation adds: where the lines' items are in the
 * workspace, the submission details, the date.
 */
export interface Br18ExportInput extends ProjectWithDashboard {
  /**
   * The workspace's files that hold the lines' materials and constructions, by service id (the editor's catalog, the
   * tools' workspace): EPD data where the service's read is missing, and the file and line a finding points at.
   */
  workspace?: WorkspaceItems;
  /** What the data cannot give, as the user gave it for this project (`SubmissionFacts`); absent: not asked. */
  facts?: SubmissionFacts;
  /** What in the submission details file could not be used (each value left empty), with its place, for the report. */
  submissionProblems?: { message: Msg; location?: { path: string; line: number } }[];
  /** The date EPD validity is judged at when the project gives no permit application date. */
  today: Date;
}

export interface Br18Workbook {
  sheets: SheetContent[];
  emptied: EmptyField[];
}

/** A workspace file's item that a line refers to: a material (by its service id) or a construction. */
export interface WorkspaceItem {
  /** Absolute path of the file. */
  path: string;
  /** The file's text (a finding's line is found in it). */
  text: string;
  /** Its index in a *.materials.json; undefined for a file of one item. */
  index?: number;
  /** The item as written in the file. */
  record: unknown;
}

export interface WorkspaceItems {
  materials: ReadonlyMap<string, WorkspaceItem>;
  constructions: ReadonlyMap<string, WorkspaceItem>;
}

/**
 * What the project data cannot give and the user is asked for once per project (docs/exports.md, "Submission
 * details"): kept in the workspace's `lca-submission.json`. A field absent or null: not known, left empty.
 */
export interface SubmissionFacts {
  /** BBR anvendelseskode, e.g. "140" (etageboligbebyggelse). */
  bbrUseCode?: string | null;
  /** Nybyggeri, tilbygning, renovering … as the user writes it. */
  projectType?: string | null;
  /** ISO dates (yyyy-mm-dd). */
  permitApplicationDate?: string | null;
  occupancyApplicationDate?: string | null;
  /** BBR ejerforholdskode, e.g. "10". */
  bbrOwnershipCode?: string | null;
}

// The checks before submission and their findings (checks.ts makes them, locate.ts places them in the workspace's files).
export const CHECK_IDS = [
  'expiredEpd',
  'standardsMixed',
  'serviceLife',
  'notMapped',
  'notBr18Result',
  'buildingOverLimit',
  'constructionProcessOverLimit',
  'limitOverridden',
  'leftEmpty',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export interface Finding {
  check: CheckId;
  /** Where: "(2-) Building › (21) Outer walls › Brick wall › Brick" — empty for the project as a whole. */
  where?: LinePlace | { parts: string[] };
  /** The workspace data it concerns: a material (by service id) and the field, for the file and line (locate.ts). */
  subject?: { kind: 'material'; id: string; path: JsonPath } | { kind: 'construction'; id: string; componentEpdId: string; path: JsonPath };
  /** Where it is in the workspace's files (filled by `locateFindings`): absolute path and 1-based line. */
  location?: { path: string; line: number };
  message: Msg;
}
