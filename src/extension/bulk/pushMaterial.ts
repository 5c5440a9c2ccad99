// "LCA: Push Material": one `*.material.json` — or several selected ones, or one material of a `*.materials.json` from
// the Library — sent through the bulk-create path: the same check (refused with the error count and Show Problems),
// a diff of what will be sent and a confirmation, the same job (a 409 `existingId` means "already on the service"),
// and the ids recorded in the sidecar next to each file (`X.material.created.json`, or the materials file's own), so
// that a second push says the material is already on the service instead of sending it again.
// The steps: pushCheck.ts (the check), pushConfirm.ts (diff and question), pushRun.ts (the job), pushOutcome.ts (what it says).
import * as path from 'path';
import * as l10n from '../l10n';
import type { LcaClient } from '../../client';
import { checkTargets } from './pushCheck';
import { confirmPush, showPushDiff } from './pushConfirm';
import { alreadyRecorded, pushOutcome } from './pushOutcome';
import { runPush } from './pushRun';
import { confirmTemplateResults, materialCount } from './wording';
import { loadBulk } from '../bundles';
import { showError, showServiceError } from '../ui';
import type { PushMaterialDeps, PushMaterialOutcome, PushTarget } from './types';

/** Pushes `targets`; `confirm` answers the confirmation (absent: ask); the diff is shown for a single material when asked. */
export async function pushMaterials(
  targets: PushTarget[],
  deps: PushMaterialDeps,
  options: { confirm?: boolean; diff?: boolean; command?: 'push' | 'bulk' } = {},
): Promise<PushMaterialOutcome> {
  const { session, log } = deps;
  const notOnDisk = targets.find((t) => t.uri.scheme !== 'file');
  if (notOnDisk) {
    void showError(l10n.t('Save {0} in a folder first: the created id is recorded in a file next to it.', path.basename(notOnDisk.uri.path)));
    return { outcome: 'error', error: 'not a file on disk' };
  }
  let client: LcaClient;
  let epdUrl: string;
  try {
    client = await session.client();
    epdUrl = await deps.epdUrl(client);
  } catch (e) {
    void showServiceError(l10n.t('Push Material could not start'), e, log);
    return { outcome: 'error', error: (e as Error).message };
  }

  // 1. Check every file (its current text in the editor), as bulk create does; any error refuses the whole push.
  const checked = await checkTargets(targets, deps, epdUrl, options.command ?? 'push');
  if ('stop' in checked) return checked.stop;
  const { sources, all } = checked;
  const label = sources.length === 1 && sources[0].items.length === 1 ? `"${sources[0].name}"` : materialCount(all.length);

  // 2. Already recorded for this service: nothing to send.
  const toSend = sources.flatMap((s) => s.toSend);
  if (toSend.length === 0) return alreadyRecorded(sources, all.length, label);

  // 3. Materials still holding the template's zero results: asked first (Cancel sends nothing); then what will be sent, and the question.
  const templates = loadBulk().templateItems(toSend, deps.session.codes);
  if (templates.length > 0 && !(await confirmTemplateResults(templates, 'push'))) {
    log.info(`Push Material: ${templates.length} material(s) with the template's zero results, not sent`);
    return { outcome: 'declined' };
  }
  if (options.diff !== false && deps.docs && sources.length === 1 && toSend.length === 1) await showPushDiff(sources[0], toSend[0].material, deps);
  const sidecars = [...new Set(sources.map((s) => path.basename(s.sidecarFile)))];
  if (!(await confirmPush({ sources, toSend, count: all.length, sidecars, epdUrl }, options.confirm))) return { outcome: 'declined' };

  // 4. The bulk-create job over every item; each record goes to the sidecar of its file.
  const createdBy = deps.session.login;
  const result = await runPush({ sources, all, sending: toSend.length, label, client, epdUrl, ...(createdBy ? { createdBy } : {}) }, log);

  // 5. Say what happened, in the service's terms.
  return pushOutcome(result, { sources, count: all.length, label, sidecars, epdUrl }, deps);
}
