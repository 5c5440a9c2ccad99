// The submission details the project data cannot give (BBR codes, project type, the permit application dates): asked
// for once per project and kept in the workspace's `lca-submission.json` (docs/exports.md, "Submission details"), a
// file beside the project's other files that colleagues, the tools for agents and version control all see. Here: its
// reading (bad input named with what and where, never a crash), its checks and its update. Pure: text in, text out.
import * as jsonc from 'jsonc-parser';
import { DocumentLocator, LineIndex, type JsonPath } from '../../document';
import { isObject } from '../../guards';
import { msg, type Msg } from '../../l10n';
import type { Br18ExportInput, SubmissionFacts } from './types';

/** The file's name, in the first workspace folder. */
export const SUBMISSION_FILE = 'lca-submission.json';

/** The fields, in the order they are asked. */
export const SUBMISSION_FIELDS = ['bbrUseCode', 'projectType', 'permitApplicationDate', 'occupancyApplicationDate', 'bbrOwnershipCode'] as const;
export type SubmissionField = (typeof SUBMISSION_FIELDS)[number];

/**
 * BBR use codes (anvendelseskoder) as the BR Standard Format's readers know them: LCAx's `BuildingTypology::from_br`
 * (modules/convert/src/br_standard/parse.rs) maps exactly these and fails on any other code.
 */
export const BBR_USE_CODES: readonly string[] = [
  '110', '120', '121', '122', '130', '131', '132', '140', '150', '160', '185', '190',
  '210', '211', '212', '213', '214', '215', '216', '217', '218', '219',
  '220', '221', '222', '223', '229', '290',
  '230', '231', '232', '233', '234', '239',
  '310', '311', '312', '313', '314', '315', '319',
  '320', '321', '322', '323', '324', '325', '329', '330', '331', '332', '333', '334', '339',
  '410', '411', '412', '413', '414', '415', '416', '419', '420', '421', '422', '429',
  '430', '431', '432', '433', '439', '440', '441', '442', '443', '444', '449',
  '510', '520', '521', '522', '523', '529', '530', '531', '532', '533', '534', '535', '539', '540', '585', '590',
  '910', '920', '930', '940', '950', '960', '970', '990', '999',
];

/** The project types the format's readers know (LCAx: `BuildingType::from_br`); any other text makes them fail. */
export const PROJECT_TYPES: readonly string[] = ['Nybyggeri', 'Tilbygning', 'Transformation', 'Renovering'];

/** What the editor asks for each field (the project type is chosen from PROJECT_TYPES), and the steps' title. */
export const SUBMISSION_PROMPTS: Readonly<Record<Exclude<SubmissionField, 'projectType'>, Msg>> = {
  bbrUseCode: msg('BBR use code of the building (three digits, e.g. 120 detached house, 140 apartment block, 320 offices). Leave empty if not known: the cell stays empty.'),
  permitApplicationDate: msg('Date of the building permit application (yyyy-mm-dd). Leave empty if not known: EPD validity is then judged at today\'s date.'),
  occupancyApplicationDate: msg('Date of the occupancy permit application (yyyy-mm-dd). Leave empty if not known.'),
  bbrOwnershipCode: msg('BBR ownership code (two digits, e.g. 10 private persons). Leave empty if not known.'),
};
export const PROJECT_TYPE_PROMPT = msg('Project type (Projekttype)');
export const NOT_KNOWN = msg('Not known (leave empty)');
export const submissionStepTitle = (project: string, step: number, steps: number): Msg => msg('Submission details of {0} ({1}/{2})', project, step, steps);

/** BBR ejerforholdskoder (two digits). */
const OWNERSHIP = /^\d{2}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Why a value cannot stand in the field, or undefined when it can (an empty value always can: not known). */
export function submissionProblem(field: SubmissionField, value: string): Msg | undefined {
  const v = value.trim();
  if (v === '') return undefined;
  switch (field) {
    case 'bbrUseCode':
      return BBR_USE_CODES.includes(v) ? undefined : msg('"{0}" is not a BBR use code: give three digits such as 120 (detached house), 140 (apartment block) or 320 (offices)', v);
    case 'projectType':
      return PROJECT_TYPES.includes(v) ? undefined : msg('"{0}" is not a project type of the format: give one of {1}', v, PROJECT_TYPES.join(', '));
    case 'bbrOwnershipCode':
      return OWNERSHIP.test(v) ? undefined : msg('"{0}" is not a BBR ownership code: give two digits such as 10 (private person)', v);
    case 'permitApplicationDate':
    case 'occupancyApplicationDate': {
      const m = ISO_DATE.exec(v);
      const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
      const valid = d !== undefined && d.getUTCFullYear() === Number(m![1]) && d.getUTCMonth() === Number(m![2]) - 1 && d.getUTCDate() === Number(m![3]);
      return valid ? undefined : msg('"{0}" is not a date: give it as yyyy-mm-dd, e.g. 2026-03-01', v);
    }
  }
}

/** What in the file cannot be used, with where (the file's name and the JSON path, and its line): left empty. */
export interface SubmissionProblem {
  message: Msg;
  /** 1-based line in the file. */
  line?: number;
}

export interface SubmissionRead {
  /** The project's details, when the file has an entry for it (it was asked, or written by hand). */
  facts?: SubmissionFacts;
  problems: SubmissionProblem[];
}

/** The details of `projectId` in the file's text (undefined text: there is no file). */
export function readSubmissionFacts(text: string | undefined, projectId: string): SubmissionRead {
  if (text === undefined) return { problems: [] };
  const errors: jsonc.ParseError[] = [];
  const value: unknown = jsonc.parse(text, errors, { allowTrailingComma: true });
  if (errors.length) {
    const line = new LineIndex(text).position(errors[0].offset).line;
    return { problems: [{ message: msg('{0}, line {1}: not valid JSON ({2}); the submission details are left empty', SUBMISSION_FILE, line, jsonc.printParseErrorCode(errors[0].error)), line }] };
  }
  const locator = new DocumentLocator(text);
  const lines = new LineIndex(text);
  const lineAt = (path: JsonPath): number | undefined => {
    const found = locator.find(path);
    return found ? lines.position(found.located.key?.offset ?? found.located.offset).line : undefined;
  };
  const projects = isObject(value) ? value.projects : undefined;
  if (!isObject(projects)) return { problems: [{ message: msg('{0}: no "projects" object; the submission details are left empty', SUBMISSION_FILE), line: 1 }] };
  const entry = projects[projectId];
  if (entry === undefined) return { problems: [] };
  if (!isObject(entry)) return { facts: {}, problems: [{ message: msg('{0}: projects.{1} is not an object; the submission details are left empty', SUBMISSION_FILE, projectId), line: lineAt(['projects', projectId]) }] };
  const facts: SubmissionFacts = {};
  const problems: SubmissionProblem[] = [];
  for (const field of SUBMISSION_FIELDS) {
    const v = entry[field];
    if (v === undefined || v === null) continue;
    const problem = typeof v === 'string' ? submissionProblem(field, v) : msg('not text: write the value in quotes, or null when not known');
    if (problem) problems.push({ message: msg('{0}: projects.{1}.{2}: {3}; left empty', SUBMISSION_FILE, projectId, field, problem), line: lineAt(['projects', projectId, field]) });
    else if ((v as string).trim() !== '') facts[field] = (v as string).trim();
  }
  return { facts, problems };
}

const NEW_FILE = '{\n  "projects": {}\n}\n';

/** A submission file that cannot be updated without losing what it holds: `why` says what to fix. */
export class SubmissionFileError extends Error {
  constructor(readonly why: Msg) {
    super(why.message);
    this.name = 'SubmissionFileError';
  }
}

/** The file's text with the project's details set (a new file when `text` is undefined); everything else kept as written. */
export function withSubmissionFacts(text: string | undefined, projectId: string, projectName: string | undefined, facts: SubmissionFacts): string {
  const base = text ?? NEW_FILE;
  const parsed = safeParse(base);
  if (!isObject(parsed) || !isObject(parsed.projects)) {
    throw new SubmissionFileError(msg('{0} is not valid JSON with a "projects" object: fix or remove it, then export again', SUBMISSION_FILE));
  }
  const entry: Record<string, unknown> = { ...(projectName ? { projectName } : {}) };
  for (const field of SUBMISSION_FIELDS) entry[field] = facts[field] ?? null;
  const edits = jsonc.modify(base, ['projects', projectId], entry, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  return jsonc.applyEdits(base, edits);
}

function safeParse(text: string): unknown {
  const errors: jsonc.ParseError[] = [];
  const v: unknown = jsonc.parse(text, errors, { allowTrailingComma: true });
  return errors.length ? undefined : v;
}

/** The permit application date of the project's details, as a date (UTC midnight), when given. */
export function permitDateOf(input: Pick<Br18ExportInput, 'facts'>): Date | undefined {
  const v = input.facts?.permitApplicationDate;
  if (!v || submissionProblem('permitApplicationDate', v)) return undefined;
  return new Date(`${v}T00:00:00Z`);
}

/** The export's input fields of a project's details as read from the file at `filePath` (each problem at its line). */
export function submissionInput(read: SubmissionRead, filePath: string | undefined): Pick<Br18ExportInput, 'facts' | 'submissionProblems'> {
  return {
    ...(read.facts ? { facts: read.facts } : {}),
    ...(read.problems.length
      ? { submissionProblems: read.problems.map((p) => ({ message: p.message, ...(filePath !== undefined && p.line ? { location: { path: filePath, line: p.line } } : {}) })) }
      : {}),
  };
}

/** How the editor asks: a text (checked as it is typed) or a choice; undefined: the user cancelled. */
export interface SubmissionAsker {
  text(o: { title: Msg; prompt: Msg; problem: (value: string) => Msg | undefined }): PromiseLike<string | undefined>;
  /** '' for "not known". */
  choose(o: { title: Msg; placeholder: Msg; choices: readonly string[]; notKnown: Msg }): PromiseLike<string | undefined>;
}

/** Asks for each field in turn (an empty answer: not known); undefined when the user cancelled. */
export async function askSubmissionDetails(project: string, ask: SubmissionAsker): Promise<SubmissionFacts | undefined> {
  const facts: SubmissionFacts = {};
  for (const [i, field] of SUBMISSION_FIELDS.entries()) {
    const title = submissionStepTitle(project, i + 1, SUBMISSION_FIELDS.length);
    const answer =
      field === 'projectType'
        ? await ask.choose({ title, placeholder: PROJECT_TYPE_PROMPT, choices: PROJECT_TYPES, notKnown: NOT_KNOWN })
        : await ask.text({ title, prompt: SUBMISSION_PROMPTS[field], problem: (v) => submissionProblem(field, v) });
    if (answer === undefined) return undefined;
    if (answer.trim()) facts[field] = answer.trim();
  }
  return facts;
}
