// Pure view-model transformations of a dashboard response: branch selection, sorted maps with top N plus
// "others", phases with D apart, the emission budget, counts, and the hierarchical breakdown as tree and table.
import { format, msg, type Msg } from '../l10n';
import { isGwpTotalMapping } from './verdictText';
import { phaseUnavailable, type ShownIndicator } from './indicator';
import type { BreakdownNode, Dashboard, DashboardResponse, MaterialsBreakdownItem } from '../api/types';
import type { Br18Verdict } from '../lca/br18Rules';
import { PHASES } from '../codes';

export const TOTAL_BRANCH = 'Total';
export const DEFAULT_UNIT = 'kg CO2e/m²/yr';
/** Phase reported apart: benefits beyond the system boundary are never counted in the total (BR18). */
export const PHASE_NOT_COUNTED = 'D';

/** A decimal string (or number) as a number; NaN when it is not one, so that callers can show "—". */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || v.trim() === '') return NaN;
  return Number(v);
}

/** Zero instead of NaN, for sums and chart sizes. */
export function finiteOr0(v: unknown): number {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : 0;
}

/** Branch names with the total first, then the branches in the order the service sent them. */
export function branchNames(response: DashboardResponse): string[] {
  const names = Object.keys(response.dashboardsPerBranchPlusTotal ?? {});
  return names.includes(TOTAL_BRANCH) ? [TOTAL_BRANCH, ...names.filter((n) => n !== TOTAL_BRANCH)] : names;
}

/** The dashboard of a branch, falling back to the total (or the first) when the branch is gone. */
export function dashboardFor(response: DashboardResponse, branch: string | undefined): { branch: string; dashboard: Dashboard } | undefined {
  const all = response.dashboardsPerBranchPlusTotal ?? {};
  const names = branchNames(response);
  const chosen = branch !== undefined && Object.prototype.hasOwnProperty.call(all, branch) ? branch : names[0];
  return chosen === undefined ? undefined : { branch: chosen, dashboard: all[chosen] ?? {} };
}

export interface NamedValue {
  name: string;
  value: number;
  /** Set on the "others" entry: how many entries it stands for. */
  othersCount?: number;
}

/** Map entries sorted by value, largest first (ties by name, so the order is stable). */
export function sortedEntries(map: Record<string, unknown> | undefined): NamedValue[] {
  return Object.entries(map ?? {})
    .map(([name, v]) => ({ name, value: finiteOr0(v) }))
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
}

/** The first n entries plus one "others" entry summing the rest (none when nothing is left over). */
export function topWithOthers(sorted: readonly NamedValue[], n: number, othersLabel: string): NamedValue[] {
  if (sorted.length <= n) return [...sorted];
  const rest = sorted.slice(n);
  const sum = rest.reduce((s, e) => s + e.value, 0);
  return [...sorted.slice(0, n), { name: othersLabel, value: roundSum(sum), othersCount: rest.length }];
}

/** Removes binary floating-point noise from sums of decimals (0.1 + 0.2 → 0.3). */
export function roundSum(v: number): number {
  return Number(v.toPrecision(12));
}

export interface PhaseRow {
  phase: string;
  /** As users write it: A1-A3. */
  label: string;
  value: number;
  /** False for D (shown, never added to the total) and for a phase the indicator has no figure for. */
  counted: boolean;
  /** The indicator has no figure for this phase (B6 under GWP fossil): its 0 is not a result, so it is said, not drawn. */
  unavailable?: true;
}

export function phaseLabel(phase: string): string {
  return phase === 'A1A3' ? 'A1-A3' : phase;
}

/**
 * Phases in life-cycle order (A1A3 … C4, D), then any phase code the service adds. Under an indicator other than GWP
 * total (`indicator`), a phase computed for GWP total only is marked unavailable rather than read as 0.
 */
export function phaseRows(perPhase: Record<string, unknown> | undefined, indicator?: ShownIndicator): PhaseRow[] {
  const map = perPhase ?? {};
  const known = (PHASES as readonly string[]).filter((p) => p in map);
  const extra = Object.keys(map).filter((p) => !(PHASES as readonly string[]).includes(p));
  return [...known, ...extra].map((phase) => {
    const unavailable = phaseUnavailable(phase, indicator);
    return {
      phase,
      label: phaseLabel(phase),
      value: finiteOr0(map[phase]),
      counted: phase !== PHASE_NOT_COUNTED && !unavailable,
      ...(unavailable ? { unavailable: true as const } : {}),
    };
  });
}

export function countedTotal(rows: readonly PhaseRow[]): number {
  return roundSum(rows.filter((r) => r.counted).reduce((s, r) => s + r.value, 0));
}

/** An indicator mapping of global warming potential, total: the only indicator BR18 judges (not GWP fossil). */
export function isGwpMapping(m: { indicator?: string; name: string }): boolean {
  return isGwpTotalMapping(m);
}

/**
 * The emission budget card of one dashboard. Judged (there is a verdict): the figure, the limit and the margin are
 * the verdict's, rounded as BR18 judges them. Not judged (no verdict, or a construction's figures): the figure alone,
 * with the reason there is no limit — never a limit or a remaining.
 */
export type BudgetModel =
  | {
      judged: true;
      /** The building's result as judged (rounded to one decimal). */
      used: number;
      /** The limit incl. allowances. */
      limitTotal: number;
      /** The limit without the special-condition allowances (when there are some). */
      limit?: number;
      extraAllowance?: number;
      /** What is left under the limit (0 when over). */
      remaining: number;
      /** How far over the limit (0 when within). */
      overBy: number;
      passes: boolean;
      /** Module D, shown apart and never part of `used`. */
      moduleD?: number;
    }
  | {
      judged: false;
      /** The total of the counted phases (not D). */
      used: number;
      /** Why nothing is judged; undefined for a construction's figures. */
      reason?: Msg;
      moduleD?: number;
    };

function optionalNumber(v: unknown): number | undefined {
  const n = toNumber(v);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * The budget of one dashboard from its BR18 verdict (`undefined` for a construction's figures). `allowance` is the
 * project's special-condition allowances, included in the verdict's limit.
 */
export function budgetModel(dashboard: Dashboard, verdict: Br18Verdict | undefined, allowance = 0): BudgetModel {
  const moduleD = optionalNumber(dashboard.emissionPerPhase?.[PHASE_NOT_COUNTED]);
  const withD = moduleD !== undefined ? { moduleD } : {};
  if (verdict?.kind !== 'verdict') {
    const rows = phaseRows(dashboard.emissionPerPhase);
    const used = rows.length ? countedTotal(rows) : finiteOr0(dashboard.emissionBudget?.Used);
    return { judged: false, used, ...(verdict ? { reason: verdict.reason } : {}), ...withD };
  }
  const b = verdict.building;
  return {
    judged: true,
    used: b.value,
    limitTotal: b.limit,
    ...(allowance ? { limit: roundSum(b.limit - allowance), extraAllowance: allowance } : {}),
    remaining: Math.max(0, b.margin),
    overBy: Math.max(0, roundSum(-b.margin)),
    passes: b.passes,
    ...withD,
  };
}

export interface MappingModel {
  mapped: number;
  notMapped: number;
  total: number;
  /** Share of mapped elements, 0…1 (0 when there are none). */
  share: number;
}

export function mappingModel(dashboard: Dashboard): MappingModel {
  const mapped = finiteOr0(dashboard.mappingStatus?.Mapped);
  const notMapped = finiteOr0(dashboard.mappingStatus?.['Not mapped']);
  const total = mapped + notMapped;
  return { mapped, notMapped, total, share: total > 0 ? mapped / total : 0 };
}

const EPD_TYPE_ORDER = ['Generic', 'Industry', 'Product'];

/** EPD type counts in a fixed order, so that colours do not jump between branches. */
export function epdTypeEntries(dashboard: Dashboard): NamedValue[] {
  const map = dashboard.epdTypes ?? {};
  const names = [...EPD_TYPE_ORDER.filter((n) => n in map), ...Object.keys(map).filter((n) => !EPD_TYPE_ORDER.includes(n))];
  return names.map((name) => ({ name, value: finiteOr0(map[name]) }));
}

/** True when a dashboard has nothing to show (no elements, no figures). */
export function isEmptyDashboard(dashboard: Dashboard | undefined): boolean {
  if (!dashboard) return true;
  const mapping = mappingModel(dashboard);
  const anyFigure = [dashboard.emissionPerPhase, dashboard.emissionPerConstruction, dashboard.hotSpot, dashboard.emissionPerModel].some(
    (m) => Object.values(m ?? {}).some((v) => finiteOr0(v) !== 0),
  );
  return mapping.total === 0 && !anyFigure && !(dashboard.projectBreakdown ?? []).length;
}

// ---- hierarchical breakdown ----

export type BreakdownRowKind = 'classification' | 'construction' | 'material';

export interface BreakdownRow {
  /** Position path ("0/2/1"), stable for one response; used for expansion state and drill-down. */
  id: string;
  depth: number;
  kind: BreakdownRowKind;
  label: string;
  code?: string;
  elements: number;
  /** kg CO2e/m²/yr as a number… */
  value: number;
  /** …and as the service sent it. */
  raw: string;
  children: BreakdownRow[];
  material?: MaterialsBreakdownItem;
  /** Present when the service names the construction's id (needed to inspect it). */
  constructionId?: string;
}

function isConstructionNode(n: BreakdownNode): boolean {
  return typeof n.constructionName === 'string' || !Array.isArray(n.children);
}

/** Labels of nodes the service gave no name, phrased by the caller (`say`; English by default). */
export const NAMELESS = {
  classification: msg('(unclassified)'),
  material: msg('(unnamed material)'),
  construction: msg('(unnamed construction)'),
} as const;

export function classificationLabel(n: BreakdownNode, say: (m: Msg) => string = format): string {
  const parts = [n.classificationCode, n.classificationName].filter((p): p is string => typeof p === 'string' && p !== '');
  return parts.length ? parts.join(' ') : say(NAMELESS.classification);
}

function rawDecimal(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function materialRow(m: MaterialsBreakdownItem, id: string, depth: number, say: (m: Msg) => string): BreakdownRow {
  return {
    id,
    depth,
    kind: 'material',
    label: m.epdName ?? say(NAMELESS.material),
    elements: finiteOr0(m.elements),
    value: finiteOr0(m.co2PerYearPerSquareMeter),
    raw: rawDecimal(m.co2PerYearPerSquareMeter),
    children: [],
    material: m,
  };
}

function nodeRow(n: BreakdownNode, id: string, depth: number, say: (m: Msg) => string): BreakdownRow {
  const construction = isConstructionNode(n);
  const constructionId = (n as { constructionId?: unknown }).constructionId;
  const children = construction
    ? (n.materialsBreakdown ?? []).map((m, i) => materialRow(m, `${id}/${i}`, depth + 1, say))
    : (n.children ?? []).map((c, i) => nodeRow(c, `${id}/${i}`, depth + 1, say));
  return {
    id,
    depth,
    kind: construction ? 'construction' : 'classification',
    label: construction ? (n.constructionName ?? say(NAMELESS.construction)) : classificationLabel(n, say),
    code: construction ? undefined : (n.classificationCode ?? undefined),
    elements: finiteOr0(n.elements),
    value: finiteOr0(n.co2PerYearPerSquareMeter),
    raw: rawDecimal(n.co2PerYearPerSquareMeter),
    children,
    constructionId: construction && typeof constructionId === 'string' && constructionId ? constructionId : undefined,
  };
}

/** classification → … → construction → materials, as rows with children (nameless nodes phrased by `say`). */
export function breakdownTree(nodes: readonly BreakdownNode[] | undefined, say: (m: Msg) => string = format): BreakdownRow[] {
  return (nodes ?? []).map((n, i) => nodeRow(n, String(i), 0, say));
}

export interface TreemapNode {
  id: string;
  name: string;
  value: number;
  children?: TreemapNode[];
}

/**
 * The breakdown down to constructions for a treemap. Areas cannot be negative, so constructions with a net
 * negative (or zero) figure are left out and counted; the table still lists them.
 */
export function treemapData(rows: readonly BreakdownRow[]): { data: TreemapNode[]; leftOut: number } {
  let leftOut = 0;
  const walk = (row: BreakdownRow): TreemapNode | undefined => {
    if (row.kind === 'construction') {
      if (row.value <= 0) {
        leftOut++;
        return undefined;
      }
      return { id: row.id, name: row.label, value: row.value };
    }
    const children = row.children.map(walk).filter((c): c is TreemapNode => c !== undefined);
    if (!children.length) return undefined;
    return { id: row.id, name: row.label, value: roundSum(children.reduce((s, c) => s + c.value, 0)), children };
  };
  const data = rows.map(walk).filter((c): c is TreemapNode => c !== undefined);
  return { data, leftOut };
}

/** Finds a row by its path id. */
export function rowById(rows: readonly BreakdownRow[], id: string): BreakdownRow | undefined {
  let level: readonly BreakdownRow[] = rows;
  let found: BreakdownRow | undefined;
  const parts = id.split('/');
  for (let depth = 0; depth < parts.length; depth++) {
    const prefix = parts.slice(0, depth + 1).join('/');
    found = level.find((r) => r.id === prefix);
    if (!found) return undefined;
    level = found.children;
  }
  return found;
}

/** The ids of rows whose label matches (case-insensitive), plus their ancestors so that matches can be shown. */
export function matchBreakdown(rows: readonly BreakdownRow[], text: string): { visible: Set<string>; matches: number } {
  const needle = text.trim().toLocaleLowerCase();
  const visible = new Set<string>();
  let matches = 0;
  const walk = (row: BreakdownRow, ancestors: string[]): void => {
    if (row.label.toLocaleLowerCase().includes(needle) || (row.code ?? '').toLocaleLowerCase().includes(needle)) {
      matches++;
      visible.add(row.id);
      for (const a of ancestors) visible.add(a);
    }
    for (const c of row.children) walk(c, [...ancestors, row.id]);
  };
  if (needle) for (const r of rows) walk(r, []);
  return { visible, matches };
}

/** A row of the flat breakdown (CSV): the classification path, the construction and one of its materials. */
export interface FlatBreakdownRow {
  branch: string;
  classifications: string[];
  construction: string;
  constructionElements: number;
  constructionCo2: string;
  material?: MaterialsBreakdownItem;
}

/** Every construction with each of its materials (a construction without materials gives one row). */
export function flattenBreakdown(nodes: readonly BreakdownNode[] | undefined, branch: string, say: (m: Msg) => string = format): FlatBreakdownRow[] {
  const out: FlatBreakdownRow[] = [];
  const walk = (n: BreakdownNode, path: string[]): void => {
    if (!isConstructionNode(n)) {
      for (const c of n.children ?? []) walk(c, [...path, classificationLabel(n, say)]);
      return;
    }
    const base = {
      branch,
      classifications: path,
      construction: n.constructionName ?? '',
      constructionElements: finiteOr0(n.elements),
      constructionCo2: rawDecimal(n.co2PerYearPerSquareMeter),
    };
    const materials = n.materialsBreakdown ?? [];
    if (!materials.length) out.push(base);
    for (const material of materials) out.push({ ...base, material });
  };
  for (const n of nodes ?? []) walk(n, []);
  return out;
}
