// Bulk Create Materials on one *.materials.json saved on disk, step by step: the service and its EPD host, the sidecar
// as found, the check of the file (refused on errors), the question, the run, the report.
import * as path from 'path';
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { otherIdentity, sameEpdUrl, sidecarPathFor, type Sidecar } from '../../core/bulk/sidecar';
import { loadBulk } from '../bundles';
import type { LcaClient } from '../../client';
import { epdUrlOf } from './args';
import { checkMaterialsFile, type CheckedFile } from './checkFile';
import { finishRun } from './finishRun';
import { runFile } from './runFile';
import { confirmSending, confirmTemplateResults, showNothingToSend, type Refuse } from './wording';
import { showError, showServiceError } from '../ui';
import type { BulkCreateDeps, BulkCreateOutcome, BulkHost } from './types';

/** What every run of the commands shares: their dependencies, the refusal, and the materials file of each report. */
export interface BulkContext {
  deps: BulkCreateDeps;
  host: BulkHost;
  refuse: Refuse;
  reportSources: Map<string, vscode.Uri>;
}

export async function bulkCreateFile(ctx: BulkContext, uri: vscode.Uri, confirm: boolean | undefined, alwaysShowReport: boolean): Promise<BulkCreateOutcome> {
  const { deps, host } = ctx;
  const { session, log } = deps;
  const source = path.basename(uri.fsPath);
  const sidecarFile = sidecarPathFor(uri.fsPath);
  const sidecarName = path.basename(sidecarFile);
  const base = { uri: uri.toString(), sidecar: sidecarFile };
  let client: LcaClient;
  let epdUrl: string;
  try {
    client = await session.client();
    epdUrl = await epdUrlOf(deps, client);
  } catch (e) {
    void showServiceError(l10n.t('Bulk create of {0} could not start', source), e, log);
    return { ...base, outcome: 'error', error: (e as Error).message };
  }

  const state = await loadBulk().loadSidecarFile(sidecarFile);
  const previous: Sidecar | undefined = state.exists && state.ok ? state.sidecar : undefined;
  const createdBy = deps.session.login;
  const planOptions = { codes: deps.session.codes, fileName: source, epdUrl, ...(createdBy ? { createdBy } : {}), ...(previous ? { sidecar: previous } : {}) };
  let checked: CheckedFile;
  try {
    const found = await checkMaterialsFile(uri, planOptions);
    if (!found) {
      log.info(`Bulk create of ${source}: the check was cancelled, nothing sent`);
      return { ...base, outcome: 'declined' };
    }
    checked = found;
  } catch (e) {
    void showError(l10n.t('Could not read {0}: {1}', source, (e as Error).message));
    return { ...base, outcome: 'error', error: (e as Error).message };
  }
  const { plan } = checked;
  const foreign = !!previous && sameEpdUrl(previous.epdUrl, epdUrl) && otherIdentity(previous, createdBy);
  if (plan.problems) {
    await ctx.refuse(uri, plan.problems, 'bulk');
    return { ...base, outcome: 'invalid', problems: plan.problems };
  }
  const counts = { toSend: plan.toSend.length, alreadyCreated: plan.created.length };
  const requestSize = loadBulk().chunkSizeFor(plan.toSend.length);
  if (plan.toSend.length === 0) {
    showNothingToSend(plan.items.length, source, epdUrl, sidecarName);
    return { ...base, ...counts, outcome: 'nothing-to-send' };
  }

  // Materials still holding the template's zero results: asked first; Cancel sends nothing.
  if (plan.templates.length > 0 && !(await confirmTemplateResults(plan.templates, 'bulk'))) {
    log.info(`Bulk create of ${source}: ${plan.templates.length} material(s) with the template's zero results, not sent`);
    return { ...base, ...counts, outcome: 'declined' };
  }

  const sending = { source, sidecarName, epdUrl, ...counts, requestSize, state, previous, foreign, createdBy };
  if (!(await confirmSending(sending, confirm))) {
    log.info(`Bulk create of ${source}: declined, nothing sent`);
    return { ...base, ...counts, outcome: 'declined' };
  }

  const keepAside = state.exists && (!state.ok || foreign || (!!previous && !sameEpdUrl(previous.epdUrl, epdUrl)));
  const run = { uri, source, sidecarFile, epdUrl, createdBy, previous, keepAside, client, plan, ...(checked.materials ? { materials: checked.materials } : {}), requestSize };
  const { result, startedAt } = await runFile(run, host.cancels, log);
  const { report, reportUri } = await finishRun(result, { uri, source, sidecarName, epdUrl, startedAt, alwaysShowReport }, host, ctx.reportSources, log);
  return { ...base, ...counts, outcome: 'ran', result, report, reportUri: reportUri.toString() };
}
