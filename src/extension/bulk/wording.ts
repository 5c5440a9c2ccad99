// What Bulk Create Materials says before it sends anything: the refusal of a file with errors (count, the first one,
// Show Problems), "nothing to send", and the confirmation — how many materials, to which service, in requests of
// what size, where the ids are recorded, and what becomes of a sidecar that cannot be used.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { format } from '../../core/l10n';
import type { BulkPlanProblems } from '../../core/bulk/plan';
import type { BulkItemRef } from '../../core/bulk/items';
import { sameEpdUrl, type Sidecar } from '../../core/bulk/sidecar';
import type { SidecarFileState } from '../../core/bulk/sidecarFile';
import { confirmModal, showError } from '../ui';

/** "1 material" / "3 materials" in the chosen language. */
export const materialCount = (n: number): string => (n === 1 ? l10n.t('1 material') : l10n.t('{0} materials', l10n.formatNumber(n)));

/** The command that refuses a file: its name in the refusal ("run Push Material again"). */
export type RefusingCommand = 'push' | 'bulk';

/** A refusal of a file with errors, as the user reads it: the count Problems shows and the first one's line:column. */
export type Refuse = (uri: vscode.Uri, problems: BulkPlanProblems, command: RefusingCommand) => Promise<void>;

/**
 * The refusal of a file with errors: nothing was sent; Show Problems opens the file and the Problems view (where a
 * quick fix is offered, e.g. the code of a unit written as text). The count and the first error's line:column are
 * `blockingOf` the file's analysis, the errors Problems shows.
 */
export function refusal(log: vscode.LogOutputChannel): Refuse {
  return async (uri, problems, command) => {
    const name = path.basename(uri.fsPath);
    const commandName = command === 'push' ? l10n.t('Push Material') : l10n.t('Bulk Create Materials');
    // The first problem is a sentence of its own; where the refusal goes on after it, its full stop is the refusal's.
    const first = problems.samples[0] ? l10n.say(problems.samples[0]).replace(/\.\s*$/, '') : '';
    log.warn(`${command === 'push' ? 'Push Material' : 'Bulk create'} of ${name} refused: ${problems.count} error(s). ${problems.samples.map(format).join(' | ')}`);
    const show = l10n.t('Show Problems');
    void showError(
      problems.count === 1
        ? l10n.t('{0} has 1 error — nothing was sent: {1}. Fix it and run {2} again.', name, first, commandName)
        : l10n.t('{0} has {1} errors — nothing was sent. Fix them and run {2} again. First: {3}', name, l10n.formatNumber(problems.count), commandName, first),
      show,
    ).then(async (choice) => {
      if (choice !== show) return;
      await vscode.window.showTextDocument(uri, { preview: false });
      await vscode.commands.executeCommand('workbench.actions.view.problems');
    });
  };
}

/**
 * Asks before sending materials whose results are still the New Material template's (every value 0, or no A1-A3
 * result): true = send them anyway; Cancel (or closing the dialog) = send nothing.
 */
export async function confirmTemplateResults(items: readonly BulkItemRef[], command: RefusingCommand): Promise<boolean> {
  const names = items.slice(0, 5).map((it) => `"${String(it.material.name ?? '')}"`);
  if (items.length > names.length) names.push(l10n.t('and {0} more', l10n.formatNumber(items.length - names.length)));
  const push = command === 'push';
  const question =
    items.length === 1
      ? push
        ? l10n.t('{0} still has the template\'s zero results. Push anyway?', names[0])
        : l10n.t('{0} still has the template\'s zero results. Create anyway?', names[0])
      : push
        ? l10n.t('{0} materials still have the template\'s zero results: {1}. Push anyway?', l10n.formatNumber(items.length), names.join(', '))
        : l10n.t('{0} materials still have the template\'s zero results: {1}. Create anyway?', l10n.formatNumber(items.length), names.join(', '));
  const detail = push
    ? l10n.t(
        'Every result is 0, or there is no A1-A3 result, as in a new material. Sent like this, a material counts as zero emissions in every construction that uses it. Fill in the figures of its EPD first, or push anyway.',
      )
    : l10n.t(
        'Every result is 0, or there is no A1-A3 result, as in a new material. Sent like this, a material counts as zero emissions in every construction that uses it. Fill in the figures of its EPD first, or create anyway.',
      );
  return confirmModal(question, detail, push ? l10n.t('Push Anyway') : l10n.t('Create Anyway'));
}

/** Every material of the file is recorded as created on this service. */
export function showNothingToSend(count: number, source: string, epdUrl: string, sidecarName: string): void {
  void vscode.window.showInformationMessage(
    l10n.t('All {0} of {1} are already created on {2} (recorded in {3}); nothing to send.', materialCount(count), source, epdUrl, sidecarName),
  );
}

/** What the confirmation says about the file, the service and the sidecar. */
export interface Sending {
  source: string;
  sidecarName: string;
  epdUrl: string;
  toSend: number;
  alreadyCreated: number;
  requestSize: number;
  /** The sidecar as found, the one that counts (read and usable), and whether its ids belong to another login. */
  state: SidecarFileState;
  previous: Sidecar | undefined;
  foreign: boolean;
  createdBy: string | undefined;
}

/** Asks whether to send (true: send); `confirm` answers it without asking. */
export async function confirmSending(s: Sending, confirm: boolean | undefined): Promise<boolean> {
  const { state, previous, sidecarName, epdUrl } = s;
  const notes: string[] = [];
  if (state.exists && !state.ok) notes.push(l10n.t('{0} cannot be used ({1}); it is kept as {0}.bak. Materials the service already holds are recognised by it and recorded again, not created twice.', sidecarName, l10n.say(state.error)));
  else if (previous && !sameEpdUrl(previous.epdUrl, epdUrl)) notes.push(l10n.t('{0} records ids on another service ({1}); it is kept as {0}.bak and replaced.', sidecarName, previous.epdUrl));
  else if (s.foreign) notes.push(l10n.t('{0} records ids created by {1}, which {2} cannot use; it is kept as {0}.bak and replaced.', sidecarName, previous?.createdBy ?? '', s.createdBy ?? ''));
  else if (state.exists && state.ok && state.skipped) notes.push(l10n.t('{0} unreadable entries of {1} are ignored.', String(state.skipped), sidecarName));
  const detail = [
    l10n.t('{0} new; {1} already created per {2} (not sent).', materialCount(s.toSend), String(s.alreadyCreated), sidecarName),
    l10n.t('Service: {0}. Sent in requests of {1}; the ids are recorded in {2} after each request. {3} itself is not changed.', epdUrl, String(s.requestSize), sidecarName, s.source),
    ...notes,
  ].join('\n\n');
  return confirm ?? (await confirmModal(l10n.t('Create {0} from {1} on the service?', materialCount(s.toSend), s.source), detail, l10n.t('Create')));
}
