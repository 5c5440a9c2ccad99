// Find Lower-Carbon Alternatives… on a component's epdId in a *.construction.json: a code action there and the
// command lca.findAlternatives (from the palette: the epdId under the cursor). The candidates and their effect come
// from the tools' core — componentAlternatives, the same gathering as the agents' lca_find_alternatives, loaded with
// dist/tools.js on first use. A QuickPick lists each with its GWP per declared unit and the change to the
// construction's A1-A3 and total; those that cannot be compared or chosen are listed apart with the reason. Choosing
// one replaces the epdId (and the quantity, when it converts only by mass) in one WorkspaceEdit: one undo restores it.
// The impact breakdown's page runs the command on a component too (its link passes the file's URI as text).
// Where a *.project.json beside the construction is linked to a project on the service (pulled or pushed) and the
// construction (by its file's link) is used in that project's dashboard, each candidate also shows the building's
// result after the change in that construction (the core's buildingEffect); when the project cannot be read, the
// QuickPick says so once and shows the construction's figures alone.
import * as vscode from 'vscode';
import * as l10n from '../l10n';
import { showInfoWithWalkthrough, stepDone } from '../walkthrough';
import type { Alternative, AlternativesResult } from '../../core/alternatives';
import { sumOver } from '../../core/lca/br18Rules';
import type { BuildingEffect } from '../../core/lca/verdictInput';
import type { Msg } from '../../core/l10n';
import type { ComponentBuilding, ComponentProject } from '../../core/alternatives/project';
import { isGwpTotalMapping } from '../../core/dashboard/br18View';
import { isGwpMapping } from '../../core/dashboard/viewModel';
import { mappingOptions, projectPhases } from '../dashboards/panel';
import type { LcaSession } from '../session';
import type { CodeTable } from '../../core/codeTable';
import type { DocumentLocator } from '../../core/document';
import { isObject } from '../../core/guards';
import { figure, unitText } from '../library/figures';
import { toolContextOf } from '../tools';
import { loadAlternatives } from '../bundles';
import type { Catalog } from '../library/catalog';
import { errorMessage, showInfo } from '../ui';
import { showQuickPickWithNoMatchNote, type SearchItem } from '../searchPick';
import type { DocumentAnalyses } from './analyses';
import { lcaKindOf } from './documents';
import { epdIdPath, replaceMaterial } from './replaceMaterial';
import type { ProjectPeriods } from './projectPeriod';

export const FIND_ALTERNATIVES_COMMAND = 'lca.findAlternatives';
export const ALTERNATIVES_KIND = vscode.CodeActionKind.RefactorRewrite.append('lca.alternatives');

/** At most this many alternatives (and this many that cannot be compared) are listed. */
const LIMIT = 30;

/** The index of the component whose epdId (its key or its value) holds `offset`, or undefined. */
export function componentAt(value: unknown, locator: DocumentLocator, offset: number): number | undefined {
  const components = isObject(value) && Array.isArray(value.constructionEpds) ? value.constructionEpds : [];
  for (let index = 0; index < components.length; index++) {
    const found = locator.find(epdIdPath(index));
    if (!found?.exact) continue;
    const span = locator.spanOf(found.located);
    const start = found.located.key?.offset ?? span.offset;
    if (offset >= start && offset <= span.offset + span.length) return index;
  }
  return undefined;
}

/** The code action on a component's epdId. */
export class AlternativesActions implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [ALTERNATIVES_KIND];

  constructor(private readonly analyses: DocumentAnalyses) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    if (context.only && !ALTERNATIVES_KIND.intersects(context.only)) return [];
    const analysis = lcaKindOf(document) === 'construction' ? this.analyses.get(document) : undefined;
    if (!analysis) return [];
    const index = componentAt(analysis.value, analysis.locator, document.offsetAt(range.start));
    if (index === undefined) return [];
    const action = new vscode.CodeAction(l10n.t('Find Lower-Carbon Alternatives…'), ALTERNATIVES_KIND);
    action.command = { command: FIND_ALTERNATIVES_COMMAND, title: action.title, arguments: [document.uri, index] };
    return [action];
  }
}

export interface AlternativesDeps {
  analyses: DocumentAnalyses;
  /** The Library: a material it knows resolves a component's id as in the lens. */
  catalog: Catalog;
  periods: ProjectPeriods;
  /** The signed-in service client (the project's dashboard is read with it), the code table, the BR18 rule table, the tools' context. */
  session: LcaSession;
  /** The service id a workspace file is linked to (pulled or pushed). */
  linkedId(uri: vscode.Uri): string | undefined;
  /** The project a *.project.json is linked to (pulled, or created by a push). */
  linkedProject(uri: vscode.Uri): { projectId: string; name: string } | undefined;
  log?: vscode.LogOutputChannel;
}

/** At most this many linked project files beside a construction are read. */
const PROJECTS = 3;

/**
 * The dashboards of the projects linked to *.project.json files beside `uri` (at most PROJECTS), for the construction
 * the file is linked to: what each was asked with, or why it could not be read. Nothing when no linked project file
 * is beside it.
 */
async function projectsBeside(deps: AlternativesDeps, uri: vscode.Uri): Promise<{ projects: ComponentProject[]; problem?: string }> {
  const folder = uri.with({ path: uri.path.replace(/\/[^/]*$/, '') || '/' });
  let entries: [string, vscode.FileType][] = [];
  try {
    entries = await vscode.workspace.fs.readDirectory(folder);
  } catch {
    return { projects: [] };
  }
  const links = entries
    .filter(([name, type]) => type === vscode.FileType.File && /\.project\.json$/i.test(name))
    .map(([name]) => deps.linkedProject(vscode.Uri.joinPath(folder, name)))
    .filter((l): l is { projectId: string; name: string } => l !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, PROJECTS);
  if (!links.length) return { projects: [] };
  const constructionId = deps.linkedId(uri);
  // Which of the projects beside it the construction belongs to is known only by its link: without one, none is named.
  if (!constructionId) {
    return { projects: [], problem: l10n.t('the construction is not linked to one on the service (pull it, or push it with Push Construction), so the project it belongs to is not known') };
  }
  const projects: ComponentProject[] = [];
  const failed: string[] = [];
  try {
    const client = await deps.session.client();
    const enums = await client.getIndicatorEnums().catch(() => undefined);
    const gwp = mappingOptions(enums).find(isGwpMapping);
    for (const link of links) {
      try {
        const detail = await client.getProject(link.projectId);
        const stages = projectPhases(detail);
        const response = await client.getDashboard(link.projectId, { stages, ...(gwp ? { indicatorTypeMappingId: gwp.id } : {}) });
        const dashboard = response.dashboardsPerBranchPlusTotal?.Total;
        if (!dashboard) throw new Error(l10n.t('the service answered no dashboard'));
        projects.push({
          name: detail.projectName ?? link.name,
          dashboard,
          detail,
          stages,
          ...(gwp ? { indicator: { name: gwp.name, gwpTotal: isGwpTotalMapping(gwp) } } : {}),
          rules: deps.session.br18Rules,
          constructionId,
        });
      } catch (e) {
        deps.log?.warn(`Alternatives: the dashboard of project ${link.projectId}: ${errorMessage(e)}`);
        failed.push(links.length === 1 ? l10n.t('"{0}" could not be read ({1})', link.name, errorMessage(e)) : errorMessage(e));
      }
    }
  } catch (e) {
    deps.log?.warn(`Alternatives: no service client for the project beside ${uri.toString()}: ${errorMessage(e)}`);
    return { projects: [], problem: l10n.t('the project beside it could not be read ({0})', errorMessage(e)) };
  }
  // One project beside it is the construction's if any is; of several, a failed one is not named (it may be another's).
  const problem = failed.length === 0 ? undefined : links.length === 1 ? failed[0] : l10n.t('{0} of the {1} projects beside it could not be read ({2})', failed.length, links.length, failed[0]);
  return { projects, ...(problem ? { problem } : {}) };
}

type Item = SearchItem & { alternative?: Alternative; refusal?: string };

/** "+1.2", "−12.4", "±0": a change with its sign (a true minus). */
function signed(n: number, digits: (x: number) => string = figure): string {
  if (n === 0 || Math.abs(n) < 5e-13) return '±0';
  return n > 0 ? `+${digits(n)}` : `\u2212${digits(-n)}`;
}

const percentDigits = (p: number): string => figure(Math.abs(p) >= 10 ? Math.round(p) : Number(p.toPrecision(2)));

/** "−12.4 kg CO₂e/m² · −9 %" (the percent left out when there is nothing to relate to). */
function change(delta: number, per: string, percent: number | undefined): string {
  const amount = l10n.t('{0} kg CO₂e/{1}', signed(delta), per);
  return percent === undefined || !Number.isFinite(percent) ? amount : `${amount} · ${signed(percent, percentDigits)} %`;
}

/** The QuickPick's items: the alternatives that can be chosen, then those without a service id, then those not comparable. */
function itemsOf(result: AlternativesResult, codes: CodeTable, building?: ComponentBuilding): Item[] {
  const describe = loadAlternatives().describeJob;
  const c = result.construction;
  const per = c ? (c.declaredValue === 1 ? unitText(c.declaredUnit, codes) : `${figure(c.declaredValue)} ${unitText(c.declaredUnit, codes)}`) : unitText(result.subject.quantity.unit, codes);
  const before = c?.before;
  const items: Item[] = [];
  const withoutId: Item[] = [];
  for (const [i, a] of result.alternatives.entries()) {
    const effect = building?.effects[i];
    const a1a3Percent = before && before.a1a3 !== 0 ? (100 * a.effect.component.a1a3) / Math.abs(before.a1a3) : undefined;
    const item: Item = {
      label: a.name || a.source,
      description: l10n.t('{0} kg CO₂e/{1} (A1-A3)', figure(a.gwpA1A3PerUnit), a.declaredValue === 1 ? unitText(a.declaredUnit, codes) : `${figure(a.declaredValue)} ${unitText(a.declaredUnit, codes)}`),
      detail: l10n.t('A1-A3 {0}; total {1}; {2}', change(a.effect.component.a1a3, per, a1a3Percent), change(a.effect.inScope, per, a.effect.construction?.percent), l10n.say(a.conversion)),
    };
    // Its job and performance basis, and what is open before it is a like-for-like swap.
    item.detail = `${item.detail}; ${l10n.say(describe(a.job))}; ${l10n.say(a.basis.words)}`;
    if (a.check) item.detail = `${item.detail}; ${l10n.t('worth checking: {0}', l10n.say(a.check))}`;
    if (effect) item.detail = `${buildingText(effect)}; ${item.detail}`;
    if (a.id) items.push({ ...item, alternative: a });
    else withoutId.push({ ...item, refusal: l10n.t('{0} ({1}) has no service id yet: push or bulk-create it first.', a.name, a.source) });
  }
  if (withoutId.length) items.push({ label: l10n.t('Without a service id (push or bulk-create them first)'), kind: vscode.QuickPickItemKind.Separator }, ...withoutId);
  if (result.notComparable.length) {
    items.push({ label: l10n.t('Not comparable'), kind: vscode.QuickPickItemKind.Separator });
    for (const n of result.notComparable) {
      const reason = l10n.say(n.reason);
      items.push({ label: n.name || n.id || n.source, description: l10n.t('not comparable: {0}', reason), detail: n.source, refusal: l10n.t('{0} cannot be compared: {1}.', n.name || n.id, reason) });
    }
  }
  return items;
}

/**
 * The building's figure of one side as a person reads it: with a verdict the judged one, rounded to one decimal as
 * BR18 rounds it before comparing; without one the sum of the counted phases (two decimals).
 */
function judged(side: BuildingEffect['before']): string {
  if (side.verdict.kind === 'verdict') return one(side.verdict.building.value);
  return two(Object.entries(side.perPhase).reduce((s, [p, v]) => (p === 'D' ? s : s + (v ?? 0)), 0));
}

const one = (n: number): string => l10n.formatNumber(n, { min: 1, max: 1 });
const two = (n: number): string => l10n.formatNumber(n, { min: 2, max: 2 });

/**
 * "building 8.56 → 8.28 kg CO₂e/m²/yr (−0.28), passes" and, where the rules judge the construction process (A4 + A5)
 * apart, "; construction process (A4 + A5) 1.02 → 0.98 kg CO₂e/m²/yr (−0.04), passes" (an estimate said so), or why
 * the change cannot be given.
 */
export function buildingText(effect: BuildingEffect | { problem: Msg }): string {
  if ('problem' in effect) return l10n.t('building: {0}', l10n.say(effect.problem));
  const after = effect.after.verdict;
  const before = effect.before.verdict;
  const figures = l10n.t('building {0} → {1} kg CO₂e/m²/yr ({2})', judged(effect.before), judged(effect.after), signed(effect.change));
  const verdict = after.kind === 'verdict' ? (after.building.passes ? l10n.t('passes') : l10n.t('fails')) : undefined;
  let text = verdict ? `${figures}, ${verdict}` : figures;
  const cpBefore = before.kind === 'verdict' ? before.constructionProcess : undefined;
  const cpAfter = after.kind === 'verdict' ? after.constructionProcess : undefined;
  if (cpBefore && cpAfter) {
    text += `; ${l10n.t(
      'construction process (A4 + A5) {0} → {1} kg CO₂e/m²/yr ({2}), {3}',
      one(cpBefore.value),
      one(cpAfter.value),
      signed(sumOver(cpAfter.modules, effect.delta)),
      cpAfter.passes ? l10n.t('passes') : l10n.t('fails'),
    )}`;
  }
  return effect.estimate.length ? l10n.t('{0} (estimate)', text) : text;
}

/** Runs the command: the chosen alternative's id (now written in the file), or undefined when nothing changed. */
export async function findAlternatives(deps: AlternativesDeps, uriArg?: unknown, indexArg?: unknown): Promise<string | undefined> {
  const component = await componentOfCommand(deps, uriArg, indexArg);
  if (!component) {
    void showInfoWithWalkthrough(l10n.t("Put the cursor on a component's epdId in a *.construction.json file to find lower-carbon alternatives to its material."), 'alternatives');
    return undefined;
  }
  const { document, value, index } = component;
  const version = document.version;
  const codes = deps.session.codes;
  const period = (await deps.periods.periodForNow(document.uri)).years;
  const { result, building, projectProblem } = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: l10n.t('Looking for lower-carbon alternatives…') },
    () => gatherAlternatives(deps, document.uri, value, index, { codes, period, limit: LIMIT }),
  );
  if ('problem' in result) {
    void showInfo(l10n.t('No alternatives can be looked for: {0}.', l10n.say(result.problem)));
    return undefined;
  }
  if (result.alternatives.length === 0) {
    sayNoneLower(result);
    return undefined;
  }
  // Lower-carbon alternatives are listed: the walkthrough's step has shown what it shows.
  stepDone('alternatives');
  const picked = await pickAlternative(result, codes, period, building, projectProblem);
  if (!picked) return undefined;
  if (!picked.alternative) {
    if (picked.refusal) void showInfo(`${picked.refusal} ${l10n.t('Nothing was changed.')}`);
    return undefined;
  }
  return replaceMaterial(deps.analyses, document, version, index, result.subject.id, picked.alternative);
}

/**
 * The construction and component the command is run on: from the code action a Uri, from a component's link in the
 * impact breakdown the URI as text (a command link's JSON), from the palette the epdId under the cursor.
 */
async function componentOfCommand(deps: AlternativesDeps, uriArg: unknown, indexArg: unknown): Promise<{ document: vscode.TextDocument; value: unknown; index: number } | undefined> {
  let document: vscode.TextDocument | undefined;
  let index: number | undefined;
  const target = uriArg instanceof vscode.Uri ? uriArg : typeof uriArg === 'string' && typeof indexArg === 'number' ? vscode.Uri.parse(uriArg, true) : undefined;
  if (target && typeof indexArg === 'number') {
    document = await vscode.workspace.openTextDocument(target);
    index = indexArg;
  } else {
    const editor = vscode.window.activeTextEditor;
    const analysis = editor && lcaKindOf(editor.document) === 'construction' ? deps.analyses.get(editor.document) : undefined;
    if (editor && analysis) {
      document = editor.document;
      index = componentAt(analysis.value, analysis.locator, document.offsetAt(editor.selection.active));
    }
  }
  const analysis = document && lcaKindOf(document) === 'construction' ? deps.analyses.get(document) : undefined;
  if (!document || !analysis || index === undefined) return undefined;
  return { document, value: analysis.value, index };
}

/**
 * The alternatives to component `at` and, where a project beside the construction uses it in its dashboard (the
 * first that does), the building's result after each change; else why there is none.
 */
async function gatherAlternatives(
  deps: AlternativesDeps,
  uri: vscode.Uri,
  value: unknown,
  at: number,
  options: { codes: CodeTable; period: number; limit: number },
): Promise<{ result: AlternativesResult | { problem: Msg }; building?: ComponentBuilding; projectProblem?: string }> {
  const tools = loadAlternatives();
  const context = await toolContextOf(deps);
  const beside = await projectsBeside(deps, uri);
  const used = beside.projects.find((p) => tools.breakdownNameOf(p.dashboard, p.constructionId) !== undefined);
  if (!used) {
    // Which projects do not use it is no news: only that none of those beside it does (a short title that names no
    // project the construction does not belong to).
    const n = beside.projects.length;
    const unused = n === 0 ? undefined : n === 1 ? l10n.t('the construction is not used in the project beside it') : l10n.t('the construction is used in none of the {0} projects beside it', n);
    const problem = [beside.problem, unused].filter(Boolean).join('; ');
    return { result: await tools.componentAlternatives(context, value, at, options), building: undefined, projectProblem: problem || undefined };
  }
  const both = await tools.componentAlternativesInProject(context, value, at, options, used);
  const b = both.building;
  return { result: both.result, building: b && !('problem' in b) ? b : undefined, projectProblem: b && 'problem' in b ? l10n.say(b.problem) : undefined };
}

/** Nothing of its family is lower: said so, rather than offering what does another job. */
function sayNoneLower(result: AlternativesResult): void {
  const subject = result.subject.name || result.subject.id;
  const job = l10n.say(loadAlternatives().describeJob(result.subject.job));
  void showInfo(
    result.family.sameOnly
      ? l10n.t(
          'Nothing that does the job of {0} ({1}) is lower in the workspace, the Library or the service\'s constructions ({2} that do it looked at, {3} of them not comparable, {4} the same; {5} of other families and {6} of another form or role are not offered).',
          subject,
          job,
          result.counts.matching,
          result.counts.notComparable,
          result.counts.same,
          result.counts.otherKinds,
          result.counts.otherJobs,
        )
      : l10n.t('No lower-carbon alternative to {0} is known in this workspace ({1} materials looked at, {2} of them not comparable).', subject, result.counts.candidates, result.counts.notComparable),
  );
}

/** The QuickPick of the alternatives, titled with the building (or why there is none) and what is offered and shown. */
async function pickAlternative(result: AlternativesResult, codes: CodeTable, period: number, building: ComponentBuilding | undefined, projectProblem: string | undefined): Promise<Item | undefined> {
  const subject = result.subject.name || result.subject.id;
  const job = l10n.say(loadAlternatives().describeJob(result.subject.job));
  const title = l10n.t('Lower-carbon alternatives to {0}', subject);
  // Which materials are offered: those that do its job, or every kind when its family is not known.
  const offered = result.family.sameOnly
    ? l10n.t('The same job only ({0}; {1} of other families and {2} of another form or role not offered)', job, result.counts.otherKinds, result.counts.otherJobs)
    : l10n.t('Its family is not known: every kind is listed (set one with a tag such as family:masonry)');
  const perUnit = result.construction ? unitText(result.construction.declaredUnit, codes) : unitText(result.subject.quantity.unit, codes);
  const items = itemsOf(result, codes, building);
  const listed = items.filter((i) => i.kind !== vscode.QuickPickItemKind.Separator).length;
  // VS Code shows an empty list without a word when the search matches nothing: the QuickPick says so.
  const noMatch = (value: string): string => l10n.t('No alternative listed matches “{0}” ({1} listed; clear the search to see them all).', value, listed);
  return showQuickPickWithNoMatchNote(items, noMatch, {
    title: building
      ? l10n.t('{0}, in "{1}" of "{2}"', title, building.construction, building.project)
      : projectProblem
        ? l10n.t('{0} (no building result: {1})', title, projectProblem)
        : title,
    placeHolder: `${offered} · ${
      building
        ? l10n.t('Building result and BR18 verdicts after the change; per {0} of the construction: A1-A3, and A1-A3 + B4 + C3 + C4 over {1} years (D apart)', perUnit, period)
        : l10n.t('Change per {0} of the construction: A1-A3, and the total A1-A3 + B4 + C3 + C4 over {1} years (D apart)', perUnit, period)
    }`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
}
