// The submission details of a project (BBR use code, project type, the permit application dates, BBR ownership code:
// what the project data cannot give) in the editor: read from the first workspace folder's lca-submission.json, and
// asked for once per project before its first export (an input box or a choice per field; empty: not known, the cell
// stays empty), then written there for the next export, the check and the tools for agents. The steps, the checks
// and the file's update are the core's (core/export/br18/submission.ts); this file shows them.
import * as vscode from 'vscode';
import { currentText } from '../editing/documents';
import * as l10n from '../l10n';
import type { SubmissionRead } from '../../core/export/br18';
import { loadBr18Export } from '../bundles';

/** The project's details with the file they are kept in (when a workspace folder is open) and its text. */
export interface SubmissionFile extends SubmissionRead {
  file?: vscode.Uri;
  text?: string;
}

/** A file's text: the editor's (unsaved edits too) when it is open, else the disk's; undefined when there is none. */
export function textOf(uri: vscode.Uri): Promise<string | undefined> {
  return currentText(uri).catch(() => undefined);
}

/** The project's submission details as the file gives them. */
export async function readSubmission(projectId: string): Promise<SubmissionFile> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) return { problems: [] };
  const core = loadBr18Export();
  const file = vscode.Uri.joinPath(folder, core.SUBMISSION_FILE);
  const text = await textOf(file);
  return { ...core.readSubmissionFacts(text, projectId), file, ...(text !== undefined ? { text } : {}) };
}

/**
 * The project's details, asked for when the file has none for it yet (once: the answers, empty ones too, are
 * written). Undefined when the user cancelled.
 */
export async function askSubmissionOnce(projectId: string, nameOf: () => Promise<string | undefined>): Promise<SubmissionFile | undefined> {
  const read = await readSubmission(projectId);
  if (read.facts || !read.file) return read;
  const core = loadBr18Export();
  const projectName = await nameOf();
  const facts = await core.askSubmissionDetails(projectName ?? projectId, {
    text: ({ title, prompt, problem }) =>
      vscode.window.showInputBox({ title: l10n.say(title), prompt: l10n.say(prompt), ignoreFocusOut: true, validateInput: (v) => (problem(v) ? l10n.say(problem(v)!) : undefined) }),
    choose: async ({ title, placeholder, choices, notKnown }) => {
      const items = [...choices, l10n.say(notKnown)].map((label) => ({ label }));
      const picked = await vscode.window.showQuickPick(items, { title: l10n.say(title), placeHolder: l10n.say(placeholder), ignoreFocusOut: true });
      return picked && (picked === items.at(-1) ? '' : picked.label);
    },
  });
  if (!facts) return undefined;
  let text: string;
  try {
    text = core.withSubmissionFacts(read.text, projectId, projectName, facts);
  } catch (e) {
    // The command's failure policy shows it: "Could not export …: <what to fix>".
    throw e instanceof core.SubmissionFileError ? new Error(l10n.say(e.why)) : e;
  }
  await vscode.workspace.fs.writeFile(read.file, new TextEncoder().encode(text));
  return { facts, problems: [], file: read.file, text };
}
