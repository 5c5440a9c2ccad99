// The one message protocol between the dashboard webview and the extension, plus the persisted view state.
import type { DashboardResponse, DashboardSummary } from '../api/types';
import { PHASES, type Phase } from '../codes';
import { isObject as isRecord } from '../guards';
import { isMsg, type Msg } from '../l10n';
import type { BuildingEffect, Distance } from '../lca/verdictInput';
import type { Br18DashboardView } from './br18View';

export const DASHBOARD_VIEW_TYPE = 'lca.dashboard';

/** What a dashboard panel shows: a whole project, or one construction of it (the inspect endpoint). */
export type DashboardTarget =
  | { kind: 'project'; projectId: string; projectName?: string }
  | { kind: 'construction'; projectId: string; constructionId: string; constructionName?: string; projectName?: string };

/** Filters that are sent to the service (changing them re-queries). */
export interface DashboardQuery {
  stages: Phase[];
  indicatorTypeMappingId?: string;
}

export interface IndicatorMappingOption {
  id: string;
  name: string;
  indicator?: string;
}

export const CHART_IDS = ['budget', 'phases', 'models', 'constructions', 'hotSpots', 'epdTypes', 'mapping', 'breakdown'] as const;
export type ChartId = (typeof CHART_IDS)[number];

export const EXPORT_KINDS = ['csvBreakdown', 'csvPhases', 'json', 'png'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Everything the webview needs to draw one dashboard. */
export interface DashboardPayload {
  target: DashboardTarget;
  query: DashboardQuery;
  /**
   * The response as JSON text. A string crosses VS Code's message channel (JSON between processes, then a
   * structured clone into the frame) far faster than a large object, and the webview parses it once.
   */
  responseJson: string;
  /** Project dashboards only; undefined for constructions or when the summary call failed. */
  summary?: PageSummary;
  /** Why the summary is missing, when it failed. */
  summaryError?: string;
  mappings: IndicatorMappingOption[];
  /** The project's own phases (emissionMetaData.includedPhases) — the defaults of the stage toggles. */
  projectPhases: Phase[];
  /**
   * The BR18 answer, judged by the extension (the active environment's rule and code tables, the project's fields):
   * the view of every dashboard of the response. Project dashboards only; the page judges nothing itself.
   */
  br18?: Br18Payload;
  /** Unit of every figure, e.g. "kg CO2e/m²/yr". */
  unit: string;
  /** The locale figures are written in (`lca.numberFormat`), for Intl number formatting. */
  locale: string;
}

/**
 * What the page shows of the service's summary: the project's facts, none of its limit figures (limit, allowance,
 * used, remaining, passes) — a limit is shown only from a verdict, in `br18`.
 */
export type PageSummary = Pick<DashboardSummary, 'projectId' | 'projectName' | 'unit' | 'referenceArea' | 'considerationPeriod' | 'moduleD' | 'elements' | 'mappedElements'>;

const PAGE_SUMMARY_KEYS = ['projectId', 'projectName', 'unit', 'referenceArea', 'considerationPeriod', 'moduleD', 'elements', 'mappedElements'] as const;

/** The summary as sent to the page (see `PageSummary`). */
export function pageSummary(summary: DashboardSummary | undefined): PageSummary | undefined {
  if (!summary) return undefined;
  const out: Record<string, unknown> = {};
  for (const k of PAGE_SUMMARY_KEYS) if (summary[k] !== undefined) out[k] = summary[k];
  return out as PageSummary;
}

/** The response as sent to the page: without the service's `emissionBudget.Remaining`, a remaining no verdict judged. */
export function pageResponse(response: DashboardResponse): DashboardResponse {
  const all: DashboardResponse['dashboardsPerBranchPlusTotal'] = {};
  for (const [branch, d] of Object.entries(response.dashboardsPerBranchPlusTotal ?? {})) {
    if (!d?.emissionBudget || !('Remaining' in d.emissionBudget)) {
      all[branch] = d;
      continue;
    }
    const budget = { ...d.emissionBudget };
    delete budget.Remaining;
    all[branch] = { ...d, emissionBudget: budget };
  }
  return { ...response, dashboardsPerBranchPlusTotal: all };
}

/** The BR18 views of a project's dashboards, as the extension sends them. */
export interface Br18Payload {
  /** Branch name (as in `dashboardsPerBranchPlusTotal`, "Total" included) → its verdicts or why there is none. */
  perBranch: Record<string, Br18DashboardView>;
  /** The project's special-condition allowances, included in each building limit (shown apart); absent when none. */
  allowance?: number;
}

/** A payload with its response parsed: what the webview draws from. */
export type DashboardData = Omit<DashboardPayload, 'responseJson'> & { response: DashboardResponse };

/** Parses the response and checks the BR18 answer; a malformed answer is dropped (the page then shows no verdict). */
export function parsePayload(payload: DashboardPayload): DashboardData {
  const { responseJson, br18, ...rest } = payload;
  const checked = parseBr18Payload(br18);
  return { ...rest, ...(checked ? { br18: checked } : {}), response: JSON.parse(responseJson) as DashboardResponse };
}

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isLimitVerdict(v: unknown): boolean {
  return (
    isRecord(v) &&
    isFiniteNumber(v.value) &&
    isFiniteNumber(v.exact) &&
    isFiniteNumber(v.limit) &&
    isFiniteNumber(v.margin) &&
    typeof v.passes === 'boolean' &&
    Array.isArray(v.modules) &&
    v.modules.every(isString)
  );
}

const isRuleSet = (v: unknown): boolean => isRecord(v) && isString(v.id) && isMsg(v.label);
const optMsg = (v: unknown): boolean => v === undefined || isMsg(v);

/** One dashboard's BR18 view as sent: a verdict with its figures, or a reason; every text a message to phrase. */
export function isBr18DashboardView(v: unknown): v is Br18DashboardView {
  if (!isRecord(v) || !isRecord(v.verdict)) return false;
  const verdict = v.verdict;
  const judged =
    verdict.kind === 'verdict'
      ? isRuleSet(verdict.ruleSet) && isLimitVerdict(verdict.building) && (verdict.constructionProcess === undefined || isLimitVerdict(verdict.constructionProcess)) && isMsg(v.building)
      : verdict.kind === 'none' && isMsg(verdict.reason) && (verdict.ruleSet === undefined || isRuleSet(verdict.ruleSet));
  return judged && optMsg(v.rules) && optMsg(v.building) && optMsg(v.constructionProcess);
}

/** Checks the BR18 answer of a payload; undefined when absent or malformed. */
export function parseBr18Payload(raw: unknown): Br18Payload | undefined {
  if (!isRecord(raw) || !isRecord(raw.perBranch)) return undefined;
  const perBranch: Record<string, Br18DashboardView> = {};
  for (const [branch, view] of Object.entries(raw.perBranch)) {
    if (!isBr18DashboardView(view)) return undefined;
    perBranch[branch] = view;
  }
  return { perBranch, ...(isFiniteNumber(raw.allowance) && raw.allowance !== 0 ? { allowance: raw.allowance } : {}) };
}

/** The webview's language: sent before anything else, and again whenever `lca.language` or `lca.numberFormat` changes. */
export interface WebviewLanguage {
  /** BCP-47 locale of figures (Danish: 'da-DK' → "7,1", "2.475"). */
  locale: string;
  /** The translations (English template → text) when the language is not English; undefined for English. */
  bundle?: Record<string, string>;
}

/** What the dashboard's What if… shows: the chosen change's effect on the building beside the current figures. */
export interface WhatIfAnswer {
  /** The hot spot's material (and the construction, when the change is in one construction only). */
  material: string;
  construction?: string;
  /** The dashboard the figures are of (a branch, or the Total). */
  branch: string;
  /** The chosen change; undefined when there is none to show (then `problem` says why). */
  effect?: BuildingEffect;
  problem?: Msg;
  /** How far the current figures are from passing (kg CO2e/m²/yr; 0 = passes). */
  needed: Distance;
  /**
   * The largest single changes available: the best candidate of the same job with nothing open per hot spot, largest reduction
   * first, with the building's judged figure after each (rounded as the verdict rounds) and whether it passes then.
   */
  largest: { material: string; replacement: string; change: number; building?: number; passes?: boolean }[];
  /**
   * Whether the largest changes together reach the limit: the fewest that do ("passes with changes 1 + 3"), else all
   * of them with what is still needed. Absent when the building passes already or no change lowers it.
   */
  combination?: { changes: number[]; passes: boolean; building?: number; needed?: number };
  /**
   * The swaps of the same job that would lower the building more but have a check open (a lower strength class, a λ
   * not known …): never in `largest` or `combination`; each with the check and the building when it is added to the
   * combination's changes (`withChanges`, 1-based) and whether it passes then.
   */
  worthChecking?: { material: string; replacement: string; change: number; check: Msg; withChanges: number[]; building?: number; passes?: boolean }[];
  /**
   * Whole build-ups: each construction of the breakdown the material is in, against the constructions of the same
   * building part the workspace knows, with the building's judged figure if one were built instead.
   */
  buildUps?: { construction: string; part: Msg | string; options: { name: string; source: string; change?: number; building?: number; passes?: boolean; problem?: Msg }[] }[];
}

export type ExtensionToWebview =
  | ({ type: 'l10n' } & WebviewLanguage)
  | { type: 'loading'; target: DashboardTarget; query: DashboardQuery }
  | { type: 'data'; payload: DashboardPayload }
  /** `retryable: false`: the service will refuse again (a 4xx such as 404), so the webview offers no Retry. */
  | { type: 'error'; target: DashboardTarget; message: string; signInAction: boolean; retryable?: boolean }
  | { type: 'requestChartImage'; requestId: string; chart: ChartId }
  | { type: 'whatIf'; answer: WhatIfAnswer };

export type WebviewToExtension =
  | { type: 'ready' }
  | { type: 'query'; query: DashboardQuery }
  | { type: 'retry' }
  | { type: 'signIn' }
  | { type: 'openLink'; url: string }
  | { type: 'inspectConstruction'; constructionId: string; constructionName?: string }
  | { type: 'export'; kind: ExportKind; chart?: ChartId }
  | { type: 'chartImage'; requestId: string; dataUrl?: string; error?: string; caption?: string[] }
  | { type: 'cspViolation'; detail: string }
  /** What if… on a hot spot (`material`), optionally in one construction of the breakdown, of the shown `branch`. */
  | { type: 'whatIf'; material: string; construction?: string; branch?: string };

/** Kept by the webview with setState and handed back to the WebviewPanelSerializer after a reload. */
export interface DashboardViewState {
  target: DashboardTarget;
  query?: DashboardQuery;
  branch?: string;
  /** Ids of expanded rows of the breakdown table. */
  expanded?: string[];
  filterText?: string;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const optString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function isPhase(v: unknown): v is Phase {
  return typeof v === 'string' && (PHASES as readonly string[]).includes(v);
}

export function parseTarget(v: unknown): DashboardTarget | undefined {
  if (!isRecord(v) || !isString(v.projectId) || !v.projectId) return undefined;
  if (v.kind === 'project') return { kind: 'project', projectId: v.projectId, projectName: optString(v.projectName) };
  if (v.kind === 'construction' && isString(v.constructionId) && v.constructionId) {
    return {
      kind: 'construction',
      projectId: v.projectId,
      constructionId: v.constructionId,
      constructionName: optString(v.constructionName),
      projectName: optString(v.projectName),
    };
  }
  return undefined;
}

export function parseQuery(v: unknown): DashboardQuery | undefined {
  if (!isRecord(v) || !Array.isArray(v.stages) || !v.stages.every(isPhase)) return undefined;
  // Duplicates would make the request fail schema validation (uniqueItems).
  const stages = PHASES.filter((p) => (v.stages as Phase[]).includes(p));
  const id = optString(v.indicatorTypeMappingId);
  return id ? { stages, indicatorTypeMappingId: id } : { stages };
}

/** Checks a message from the webview; anything malformed is dropped rather than trusted. */
export function parseWebviewMessage(raw: unknown): WebviewToExtension | undefined {
  if (!isRecord(raw)) return undefined;
  switch (raw.type) {
    case 'ready':
    case 'retry':
    case 'signIn':
      return { type: raw.type };
    case 'query': {
      const query = parseQuery(raw.query);
      return query && { type: 'query', query };
    }
    case 'openLink':
      return isString(raw.url) ? { type: 'openLink', url: raw.url } : undefined;
    case 'inspectConstruction':
      return isString(raw.constructionId) && raw.constructionId
        ? { type: 'inspectConstruction', constructionId: raw.constructionId, constructionName: optString(raw.constructionName) }
        : undefined;
    case 'export': {
      if (!(EXPORT_KINDS as readonly unknown[]).includes(raw.kind)) return undefined;
      const chart = (CHART_IDS as readonly unknown[]).includes(raw.chart) ? (raw.chart as ChartId) : undefined;
      return { type: 'export', kind: raw.kind as ExportKind, chart };
    }
    case 'chartImage':
      return isString(raw.requestId)
        ? {
            type: 'chartImage',
            requestId: raw.requestId,
            dataUrl: optString(raw.dataUrl),
            error: optString(raw.error),
            ...(Array.isArray(raw.caption) ? { caption: raw.caption.filter(isString).slice(0, 4).map((l) => l.slice(0, 300)) } : {}),
          }
        : undefined;
    case 'cspViolation':
      return { type: 'cspViolation', detail: String(raw.detail ?? '').slice(0, 500) };
    case 'whatIf':
      return isString(raw.material) && raw.material ? { type: 'whatIf', material: raw.material, construction: optString(raw.construction), branch: optString(raw.branch) } : undefined;
    default:
      return undefined;
  }
}

/** Reads the state a serializer is handed; undefined when it does not describe a dashboard. */
export function parseViewState(raw: unknown): DashboardViewState | undefined {
  if (!isRecord(raw)) return undefined;
  const target = parseTarget(raw.target);
  if (!target) return undefined;
  return {
    target,
    query: parseQuery(raw.query),
    branch: optString(raw.branch),
    expanded: Array.isArray(raw.expanded) ? raw.expanded.filter(isString) : undefined,
    filterText: optString(raw.filterText),
  };
}

/** One panel per target: opening the same project or construction again reveals it. */
export function targetKey(t: DashboardTarget): string {
  return t.kind === 'project' ? `project:${t.projectId}` : `construction:${t.projectId}:${t.constructionId}`;
}

/** Only web links leave the editor; file:, command: and javascript: links from service data are refused. */
export function isWebLink(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
