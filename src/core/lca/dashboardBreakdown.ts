// What a dashboard adds up while it reads the elements (a branch or the Total, in kg over the period): the phases,
// the figures per model, construction, material and EPD type, and the breakdown tree with its distinct elements; and
// that tree shaped as the dashboard's breakdown (figures per m² and year). `dashboard.ts` reads the elements into it.
import { PHASES, type Phase } from '../codes';
import type { CodeTable } from '../codeTable';
import { formatDecimal } from './decimalFormat';
import type { ClassificationLevel, ElementData, EpdData } from './types';

/** Breakdown node `type`: classification levels 1–3, construction leaves 4. */
export const NODE_TYPE = { level1: 1, level2: 2, level3: 3, construction: 4 } as const;

/** Extra field of a dashboard (docs/service-decisions.md): a mapped element that could not be computed, and why. */
export interface NotComputedElement {
  elementId: string;
  elementName: string;
  reason: string;
}

export interface MaterialsBreakdownItem {
  source: string;
  elements: number;
  quantity: string;
  unit: string;
  co2PerYearPerSquareMeter: string;
  epdName: string;
  type: string;
  mappedMaterialAmount: string;
  mappedMaterialUnit: string;
  calculatedAmount: string;
  calculatedUnit: string;
  lifetime: number;
  epdSource: string;
  /** Extra field of the local service (docs/service-decisions.md): the material's service id. */
  epdId?: string;
  /**
   * Extra field of the local service (docs/service-decisions.md): the line's figure per reported phase, as
   * `co2PerYearPerSquareMeter` is their sum (D apart) — what a per-module export (the BR18 spreadsheet) needs.
   */
  co2PerPhase?: Record<string, string>;
  /**
   * Extra field of the local service (docs/service-decisions.md): the line's elements whose own service life (the
   * element's `lifetime`, or the construction component's) is given as a number that is not positive — passed over
   * by the service-life rule, so `lifetime` is the next one given — and the values given.
   */
  lifetimePassedOver?: { elements: number; given: number[] };
}

export interface BreakdownNode {
  classificationCode: string | null;
  classificationName: string | null;
  constructionName: string | null;
  /** Extra field of the local service (docs/service-decisions.md): the construction of a construction leaf. */
  constructionId?: string;
  elements: number;
  co2PerYearPerSquareMeter: string;
  children: BreakdownNode[] | null;
  materialsBreakdown: MaterialsBreakdownItem[] | null;
  type: number;
}

export const PHASE_INDEX: Record<Phase, number> = Object.fromEntries(PHASES.map((p, i) => [p, i])) as Record<Phase, number>;

/** kg CO2e over the period per phase (indexed by PHASES) of one material line. */
export type PhaseVector = Float64Array;

export interface MaterialLine {
  epd: EpdData;
  /** EPD result sets. */
  sets: number;
  lifetime: number;
  /** The line's own service life given but not positive (`passedOverLife`), when it was. */
  passedOver?: number;
  phases: PhaseVector;
}

export interface ElementResult {
  element: ElementData;
  mapped: boolean;
  leafName: string;
  constructionKey: string;
  /** The construction an element is mapped to (for the breakdown leaf's extra `constructionId`). */
  constructionId?: string;
  lines: MaterialLine[];
  /** Why a mapped element could not be computed (it then counts as not mapped). */
  reason?: string;
}

/** Sum of the reported phases that count towards the budget (all but D). */
export function usedOf(phases: PhaseVector, active: readonly Phase[]): number {
  let s = 0;
  for (const p of active) if (p !== 'D') s += phases[PHASE_INDEX[p]];
  return s;
}

export interface ItemAcc {
  epd: EpdData;
  unit: number;
  lifetime: number;
  /** The elements counted (see DistinctElements). */
  elements: DistinctElements;
  quantity: number;
  sets: number;
  kg: number;
  /** kg over the period per phase (indexed by PHASES). */
  phases: PhaseVector;
  source: string;
  /** The elements whose own service life was passed over, and the values they gave. */
  passedOver?: { elements: DistinctElements; given: Set<number> };
}

export interface NodeAcc {
  level: ClassificationLevel | null;
  name: string | null;
  elements: DistinctElements;
  kg: number;
  children: Map<string, NodeAcc>;
  items: Map<string, ItemAcc> | null;
  type: number;
  constructionId?: string;
}

const newNode = (level: ClassificationLevel | null, name: string | null, type: number, leaf: boolean, repeatedIds: boolean): NodeAcc => ({
  level,
  name,
  elements: new DistinctElements(repeatedIds),
  kg: 0,
  children: new Map(),
  items: leaf ? new Map() : null,
  type,
});

/**
 * The distinct elements counted at a breakdown node or item. Element ids are unique within a project, and an element
 * passes each node once per dashboard (its lines one after the other): counting the last id seen is then enough — a
 * Set of ids per node cost most of a 100,000-element dashboard. A project whose ids repeat (`ids: true`) keeps the sets.
 */
export class DistinctElements {
  private last: string | undefined;
  private ids: Set<string> | undefined;
  size = 0;

  constructor(keepIds = false) {
    if (keepIds) this.ids = new Set();
  }

  /** Counts `id` unless it was counted already; true when it was new. */
  add(id: string): boolean {
    if (this.ids) {
      if (this.ids.has(id)) return false;
      this.ids.add(id);
    } else if (id === this.last) return false;
    this.last = id;
    this.size++;
    return true;
  }
}

/** Accumulates one dashboard (a branch or the total) in kg over the period. */
export class DashboardAcc {
  readonly phases: PhaseVector = new Float64Array(PHASES.length);
  readonly perModel = new Map<string, number>();
  readonly perConstruction = new Map<string, number>();
  readonly hot = new Map<string, number>();
  readonly epds = new Map<string, number>();
  mapped = 0;
  unmapped = 0;
  readonly notComputed: NotComputedElement[] = [];
  readonly tree = new Map<string, NodeAcc>();

  /**
   * `repeatedIds`: the project has element ids more than once (then the breakdown counts distinct ids with sets);
   * `totalsOnly`: only the phases and the mapped counts (what the summary needs).
   */
  constructor(
    readonly name: string,
    private readonly repeatedIds = false,
    private readonly totalsOnly = false,
  ) {}

  add(r: ElementResult, modelName: string, branchName: string, active: readonly Phase[]): void {
    const e = r.element;
    if (r.mapped) this.mapped++;
    else this.unmapped++;
    if (this.totalsOnly) {
      for (const line of r.lines) for (let i = 0; i < PHASES.length; i++) this.phases[i] += line.phases[i];
      return;
    }
    if (r.reason) this.notComputed.push({ elementId: e.id, elementName: e.name, reason: r.reason });
    let elementKg = 0;
    for (const line of r.lines) {
      for (let i = 0; i < PHASES.length; i++) this.phases[i] += line.phases[i];
      const kg = usedOf(line.phases, active);
      elementKg += kg;
      this.hot.set(line.epd.name, (this.hot.get(line.epd.name) ?? 0) + kg);
      this.epds.set(line.epd.id, line.epd.epdType ?? 0);
    }
    this.perModel.set(modelName, (this.perModel.get(modelName) ?? 0) + elementKg);
    if (r.mapped) this.perConstruction.set(r.constructionKey, (this.perConstruction.get(r.constructionKey) ?? 0) + elementKg);

    let siblings = this.tree;
    const path: NodeAcc[] = [];
    for (let level = 0; level < 3; level++) {
      const c = e.classification[level];
      let node = siblings.get(c.code);
      if (!node) siblings.set(c.code, (node = newNode(c, null, level + 1, false, this.repeatedIds)));
      path.push(node);
      siblings = node.children;
    }
    let leaf = siblings.get(r.leafName);
    if (!leaf) siblings.set(r.leafName, (leaf = newNode(null, r.leafName, NODE_TYPE.construction, true, this.repeatedIds)));
    if (r.constructionId) leaf.constructionId ??= r.constructionId;
    path.push(leaf);
    for (const node of path) {
      node.elements.add(e.id);
      node.kg += elementKg;
    }
    for (const line of r.lines) {
      const key = `${line.epd.id}|${e.unit}|${line.lifetime}`;
      let item = leaf.items!.get(key);
      if (!item) {
        item = { epd: line.epd, unit: e.unit, lifetime: line.lifetime, elements: new DistinctElements(this.repeatedIds), quantity: 0, sets: 0, kg: 0, phases: new Float64Array(PHASES.length), source: branchName };
        leaf.items!.set(key, item);
      }
      if (item.elements.add(e.id)) item.quantity += e.quantity;
      if (line.passedOver !== undefined) {
        item.passedOver ??= { elements: new DistinctElements(this.repeatedIds), given: new Set() };
        item.passedOver.elements.add(e.id);
        item.passedOver.given.add(line.passedOver);
      }
      item.sets += line.sets;
      item.kg += usedOf(line.phases, active);
      for (let i = 0; i < PHASES.length; i++) item.phases[i] += line.phases[i];
    }
  }
}

export function sortedDesc(map: Map<string, number>, toFigure: (kg: number) => string, limit?: number): Record<string, string> {
  const entries = [...map.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return Object.fromEntries((limit ? entries.slice(0, limit) : entries).map(([k, v]) => [k, toFigure(v)]));
}

export function materialItem(item: ItemAcc, toFigure: (kg: number) => string, codes: CodeTable, active: readonly Phase[]): MaterialsBreakdownItem {
  const unitByCode = (code: number) => codes.unitByCode(code);
  const du = item.epd.declaredUnit;
  const declaredLabel = unitByCode(du.declaredUnit)?.label ?? String(du.declaredUnit);
  const mappedAmount = item.sets * du.declaredValue;
  const massUnit = unitByCode(du.massUnit ?? 4);
  const massKg = typeof du.mass === 'number' && du.mass > 0 && massUnit ? du.mass * massUnit.factor : undefined;
  return {
    source: item.source,
    elements: item.elements.size,
    quantity: formatDecimal(item.quantity),
    unit: unitByCode(item.unit)?.label ?? String(item.unit),
    co2PerYearPerSquareMeter: toFigure(item.kg),
    epdName: item.epd.name,
    type: codes.epdTypeByCode(item.epd.epdType ?? 0)?.label ?? 'Generic',
    mappedMaterialAmount: formatDecimal(mappedAmount),
    mappedMaterialUnit: declaredLabel,
    calculatedAmount: formatDecimal(massKg !== undefined ? item.sets * massKg : mappedAmount),
    calculatedUnit: massKg !== undefined ? 'KG' : declaredLabel,
    lifetime: item.lifetime,
    epdSource: item.epd.link ?? '',
    epdId: item.epd.id,
    co2PerPhase: Object.fromEntries(active.filter((p) => p !== 'B6').map((p) => [p, toFigure(item.phases[PHASE_INDEX[p]])])),
    ...(item.passedOver ? { lifetimePassedOver: { elements: item.passedOver.elements.size, given: [...item.passedOver.given].sort((a, b) => a - b) } } : {}),
  };
}

export function toNode(n: NodeAcc, toFigure: (kg: number) => string, codes: CodeTable, active: readonly Phase[]): BreakdownNode {
  const leaf = n.items !== null;
  const children = leaf ? null : [...n.children.values()].sort(byCodeOrName).map((c) => toNode(c, toFigure, codes, active));
  return {
    classificationCode: n.level?.code ?? null,
    classificationName: n.level?.name ?? null,
    constructionName: leaf ? n.name : null,
    ...(n.constructionId ? { constructionId: n.constructionId } : {}),
    elements: n.elements.size,
    co2PerYearPerSquareMeter: toFigure(n.kg),
    children,
    materialsBreakdown: leaf ? [...n.items!.values()].map((i) => materialItem(i, toFigure, codes, active)) : null,
    type: n.type,
  };
}

export function byCodeOrName(a: NodeAcc, b: NodeAcc): number {
  const ka = a.level?.code ?? a.name ?? '';
  const kb = b.level?.code ?? b.name ?? '';
  return ka.localeCompare(kb, 'en', { numeric: true });
}
