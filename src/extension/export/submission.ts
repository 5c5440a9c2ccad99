// The submission details of a project (BBR use code, project type, the permit application dates, BBR ownership code:
// what the project data cannot give) in the editor: read from the first workspace folder's lca-submission.json, and
// asked for once per project before its first export (one input per field; empty: not known, the cell stays empty),
// then written there for the next export, the check and the tools for agents. Core: core/export/br18/submission.ts.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import type { SubmissionFacts, SubmissionProblem } from '../../core/export/br18';
import { br18Export } from './bundle';

export interface SubmissionRead {
  facts?: SubmissionFacts;
  problems: SubmissionProblem[];
  /** The file, when a workspace folder is open. */
  file?: vscode.Uri;
  text?: string;
}

/** The file's text: the editor's (unsaved edits too) when it is open, else the disk's; undefined when there is none. */
async function textOf(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/** The project's submission details as the file gives them. */
export async function readSubmission(projectId: string): Promise<SubmissionRead> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return { problems: [] };
  const core = br18Export();
  const file = vscode.Uri.joinPath(folder, core.SUBMISSION_FILE);
  const text = await textOf(file);
  return { ...core.readSubmissionFacts(text, projectId), file, ...(text !== undefined ? { text } : {}) };
}

const FIELD_PROMPTS = {
  bbrUseCode: () => l10n.t('BBR use code of the building (three digits, e.g. 120 detached house, 140 apartment block, 320 offices). Leave empty if not known: the cell stays empty.'),
  permitApplicationDate: () => l10n.t('Date of the building permit application (yyyy-mm-dd). Leave empty if not known: EPD validity is then judged at today\'s date.'),
  occupancyApplicationDate: () => l10n.t('Date of the occupancy permit application (yyyy-mm-dd). Leave empty if not known.'),
  bbrOwnershipCode: () => l10n.t('BBR ownership code (two digits, e.g. 10 private persons). Leave empty if not known.'),
} as const;

/**
 * The project's details, asked for when the file has none for it yet (once: the answers, empty ones too, are written).
 * Undefined when the user cancelled.
 */
export async function askSubmissionOnce(projectId: string, nameOf: () => Promise<string | undefined>): Promise<SubmissionRead | undefined> {
  const read = await readSubmission(projectId);
  if (read.facts || !read.file) return read;
  const projectName = await nameOf();
  const core = br18Export();
  const facts: SubmissionFacts = {};
  const total = core.SUBMISSION_FIELDS.length;
  for (const [i, field] of core.SUBMISSION_FIELDS.entries()) {
    const title = l10n.t('Submission details of {0} ({1}/{2})', projectName ?? projectId, i + 1, total);
    let answer: string | undefined;
    if (field === 'projectType') {
      const unknown: vscode.QuickPickItem = { label: l10n.t('Not known (leave empty)') };
      const items: vscode.QuickPickItem[] = [...core.PROJECT_TYPES.map((label) => ({ label })), unknown];
      const picked = await vscode.window.showQuickPick(items, { title, placeHolder: l10n.t('Project type (Projekttype)'), ignoreFocusOut: true });
      if (picked === undefined) return undefined;
      answer = picked === unknown ? '' : picked.label;
    } else {
      answer = await vscode.window.showInputBox({
        title,
        prompt: FIELD_PROMPTS[field](),
        ignoreFocusOut: true,
        validateInput: (v) => {
          const problem = core.submissionProblem(field, v);
          return problem ? l10n.say(problem) : undefined;
        },
      });
      if (answer === undefined) return undefined;
    }
    if (answer.trim()) facts[field] = answer.trim();
  }
  let text: string;
  try {
    text = core.withSubmissionFacts(read.text, projectId, projectName, facts);
  } catch (e) {
    // The command's failure policy shows it: "Could not export …: <what to fix>".
    if (e instanceof core.SubmissionFileError) throw new Error(l10n.say(e.why));
    throw e;
  }
  await vscode.workspace.fs.writeFile(read.file, new TextEncoder().encode(text));
  return { facts, problems: [], file: read.file, text };
}
