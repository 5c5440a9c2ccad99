// Push Material's check of what it was given, before it asks: every file's current text (the editor's, unsaved edits
// included) checked as bulk create does — any error refuses the whole push — the materials it names split by the
// sidecar next to it, and no two files describing the same material.
import * as path from 'path';
import { currentText } from '../editing/documents';
import * as l10n from '../l10n';
import type { BulkItem } from '../../core/bulk/items';
import { otherIdentity, sameEpdUrl, sidecarPathFor } from '../../core/bulk/sidecar';
import { loadBulk } from '../bundles';
import { validateAgainst } from '../../core/schemas';
import { errorMessage, showError } from '../ui';
import { isSingleMaterialFile } from './args';
import type { PushMaterialDeps, PushMaterialOutcome, PushSource, PushTarget } from './types';

/** An item of a push, with the file it comes from. */
export type PushItem = BulkItem & { source: PushSource };

/** The checked files and all their items; or, when something stops the push, what it returns (the user was told). */
export async function checkTargets(
  targets: PushTarget[],
  deps: PushMaterialDeps,
  epdUrl: string,
  command: 'push' | 'bulk' = 'push',
): Promise<{ sources: PushSource[]; all: PushItem[] } | { stop: PushMaterialOutcome }> {
  const sources: PushSource[] = [];
  const createdBy = deps.session.login;
  const checks = { codes: deps.session.codes, validate: validateAgainst, ...(createdBy ? { createdBy } : {}) };
  for (const target of targets) {
    const file = path.basename(target.uri.fsPath);
    const sidecarFile = sidecarPathFor(target.uri.fsPath);
    const state = await loadBulk().loadSidecarFile(sidecarFile);
    const previous = state.exists && state.ok ? state.sidecar : undefined;
    let text: string;
    try {
      text = await currentText(target.uri);
    } catch (e) {
      void showError(l10n.t('Could not read {0}: {1}', file, errorMessage(e)));
      return { stop: { outcome: 'error', error: (e as Error).message } };
    }
    const plan = isSingleMaterialFile(target.uri)
      ? loadBulk().planMaterialFile(text, { ...checks, fileName: file, epdUrl, ...(previous ? { sidecar: previous } : {}) })
      : loadBulk().planBulkCreate(text, { ...checks, fileName: file, epdUrl, ...(previous ? { sidecar: previous } : {}) });
    if (plan.problems) {
      await deps.refuse(target.uri, plan.problems, command);
      return { stop: { outcome: 'invalid', problems: plan.problems } };
    }
    const items = target.index === undefined ? plan.items : plan.items.filter((it) => it.index === target.index);
    if (items.length === 0) {
      void showError(l10n.t('{0} has no material {1}; nothing was sent.', file, String(target.index)));
      return { stop: { outcome: 'error', error: 'no such item' } };
    }
    const toSend = items.filter((it) => plan.toSend.includes(it));
    const stateNote =
      state.exists && !state.ok
        ? l10n.t('{0} cannot be used ({1}); it is kept as {0}.bak.', path.basename(sidecarFile), l10n.say(state.error))
        : previous && !sameEpdUrl(previous.epdUrl, epdUrl)
          ? l10n.t('{0} records ids on another service ({1}); it is kept as {0}.bak and replaced.', path.basename(sidecarFile), previous.epdUrl)
          : previous && otherIdentity(previous, createdBy)
            ? l10n.t('{0} records ids created by {1}, which {2} cannot use; it is kept as {0}.bak and replaced.', path.basename(sidecarFile), previous.createdBy ?? '', createdBy ?? '')
            : undefined;
    const name = items.length === 1 ? String(items[0].material.name ?? file) : file;
    sources.push({ target, name, sidecarFile, previous, ...(stateNote ? { stateNote } : {}), items, toSend, known: plan.known });
  }

  // Two selected files describing the same material would make the service refuse the request.
  const all = sources.flatMap((s) => s.items.map((it) => ({ ...it, source: s })));
  const dups = loadBulk().duplicateKeys(all.map((it, index) => ({ ...it, index })));
  if (dups.size) {
    const [key, at] = [...dups][0];
    const files = at.map((i) => path.basename(all[i].source.target.uri.fsPath)).join(', ');
    void showError(l10n.t('{0} describe the same material (originalUUID@originalVersion {1}); nothing was sent. Give one of them another originalVersion.', files, key));
    return { stop: { outcome: 'invalid' } };
  }
  return { sources, all };
}
