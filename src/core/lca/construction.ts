// The one reading of a construction's figures: GWP per module per its declared unit, component by component — A1-A3,
// B4 (the replacements its lifespan gives over the reference period), C3, C4 and D apart — by the one line formula
// (`lineFigures`). The editor's lens, `lca_preview_construction`, the LCAbyg/LCAx exports, the comparison and the
// alternatives all read a construction here, so they cannot disagree. Lifespan precedence as in the dashboards: the
// component's, else the construction's, else the material's; a substituted material brings its own lifespan first.
// A component that cannot be computed is listed with its reason and the construction then has no total (a partial
// sum would understate it) — never a zero in its place. Pure, no I/O.
import type { CodeTable } from '../codeTable';
import { UNIT } from '../codes';
import { isObject, num } from '../guards';
import { msg, type Msg } from '../l10n';
import { toDeclaredUnits, type ComponentQuantity } from '../units';
import { gwpPerSet, lineCodesOf, lineFigures, serviceLife, type LineCodes, type PerSet } from './line';
import type { EpdData } from './types';

/** GWP total in kg CO₂e per module; D is reported apart and never in `inScope`. */
export interface GwpByModule {
  a1a3: number;
  b4: number;
  c3: number;
  c4: number;
  d: number;
}

export const NO_GWP: GwpByModule = { a1a3: 0, b4: 0, c3: 0, c4: 0, d: 0 };

/** A1-A3 + B4 + C3 + C4: what BR18 counts of a material (B6 is the building's, D apart). */
export const inScope = (g: GwpByModule): number => g.a1a3 + g.b4 + g.c3 + g.c4;

export const plus = (a: GwpByModule, b: GwpByModule): GwpByModule => ({ a1a3: a.a1a3 + b.a1a3, b4: a.b4 + b.b4, c3: a.c3 + b.c3, c4: a.c4 + b.c4, d: a.d + b.d });

export const minus = (a: GwpByModule, b: GwpByModule): GwpByModule => ({ a1a3: a.a1a3 - b.a1a3, b4: a.b4 - b.b4, c3: a.c3 - b.c3, c4: a.c4 - b.c4, d: a.d - b.d });

/** The module codes and the GWP indicator type of an environment (the assumed ones where its table lacks them). */
export type GwpCodes = LineCodes;

export const gwpCodesOf = (codes: CodeTable): GwpCodes => lineCodesOf(codes);

export interface ComponentFigures {
  /** EPD result sets the amount comes to. */
  sets: number;
  /** Years B4 is counted with; undefined = outlives the period. */
  lifespan: number | undefined;
  replacements: number;
  gwp: GwpByModule;
}

/** The figures of `sets` result sets over `period` years with `lifespan`, by the one line formula (`lineFigures`). */
export function figuresOfSets(perSet: PerSet, sets: number, lifespan: number | undefined, period: number): ComponentFigures {
  const f = lineFigures(perSet, sets, lifespan, { period });
  const m = f.modules;
  return { sets, lifespan, replacements: f.replacements, gwp: { a1a3: m.A1A3, b4: m.B4, c3: m.C3, c4: m.C4, d: m.D } };
}

export const noGwpReason = (): Msg => msg('the material declares no GWP total for A1-A3');

/** A component's figures, or why it cannot be computed (never a zero in its place). */
export function componentFigures(
  epd: EpdData,
  quantity: ComponentQuantity,
  lifespan: number | undefined,
  period: number,
  codes: CodeTable,
  c: GwpCodes = gwpCodesOf(codes),
): { ok: true; figures: ComponentFigures } | { ok: false; reason: Msg } {
  const perSet = gwpPerSet(epd, c);
  if (!perSet) return { ok: false, reason: noGwpReason() };
  const conv = toDeclaredUnits(quantity, epd.declaredUnit, codes);
  if (!conv.ok) return { ok: false, reason: conv.reason };
  return { ok: true, figures: figuresOfSets(perSet, conv.declaredUnits, lifespan, period) };
}

/** A component's `constructionUnit` as a quantity, or why it cannot be read. */
export function quantityOf(raw: unknown): ComponentQuantity | Msg {
  if (!isObject(raw)) return msg('it has no constructionUnit');
  const unit = num(raw.unit);
  const amount = num(raw.amount);
  if (unit === undefined) return msg('{0} is missing', 'constructionUnit.unit');
  if (amount === undefined) return msg('{0} is missing', 'constructionUnit.amount');
  const q: ComponentQuantity = { unit, amount };
  const percentage = num(raw.percentage);
  const height = num(raw.height);
  const width = num(raw.width);
  if (percentage !== undefined) q.percentage = percentage;
  if (height !== undefined) q.height = height;
  if (width !== undefined) q.width = width;
  return q;
}

/** A component's parts as written: its material id, quantity and own lifespan, or why they cannot be read. */
export interface ComponentParts {
  epdId: string;
  quantity: ComponentQuantity | Msg;
  lifespan: number | undefined;
}

const positive = (v: number | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The components of a construction value as written. */
export function componentsOf(construction: unknown): ComponentParts[] {
  const c = isObject(construction) ? construction : {};
  const raw = Array.isArray(c.constructionEpds) ? c.constructionEpds : [];
  return raw.map((component) => {
    const x = isObject(component) ? component : {};
    const lifespan = num(x.expectedLifespan);
    return { epdId: typeof x.epdId === 'string' ? x.epdId : '', quantity: quantityOf(x.constructionUnit), lifespan: positive(lifespan) ? lifespan : undefined };
  });
}

/** Finds a material by id: the EPD, or undefined when no material with that id is known. */
export type MaterialLookup = (epdId: string) => EpdData | undefined;

/** Finds a component's material: the EPD, undefined when it is known nowhere, 'unknown' while that cannot be told yet. */
export type MaterialResolver = (epdId: string) => EpdData | undefined | 'unknown';

export interface ConstructionComponentFigures extends ComponentFigures {
  index: number;
  epdId: string;
  name: string;
  quantity: ComponentQuantity;
  /** Set when this component's material was substituted: the id written in the file. */
  replacedEpdId?: string;
}

export interface ConstructionProblem {
  index: number;
  /** The component's epdId as written ('' when it has none). */
  epdId: string;
  reason: Msg;
  /** True when the answer may still come (the id is being looked up, or the service cannot be asked now). */
  pending: boolean;
}

export interface ConstructionFigures {
  name: string;
  /** Declared unit the figures are for, e.g. {value: 1, unit: 2} = per 1 m². */
  declaredValue: number;
  declaredUnit: number;
  period: number;
  /** Components that could be computed, in document order. */
  components: ConstructionComponentFigures[];
  /** Components that could not be, in document order. */
  problems: ConstructionProblem[];
  /** Undefined when any component cannot be computed. */
  total: GwpByModule | undefined;
}

export interface ConstructionFigureOptions {
  codes: CodeTable;
  period: number;
  /** Component index → the material to compute it with instead of its own. */
  substitutions?: ReadonlyMap<number, EpdData>;
}

/** The construction's figures per module per its declared unit, each component's and the total. */
export function constructionFigures(construction: unknown, resolve: MaterialResolver, options: ConstructionFigureOptions): ConstructionFigures {
  const c = isObject(construction) ? construction : {};
  const du = isObject(c.declaredUnit) ? c.declaredUnit : {};
  const own = num(c.expectedLifespan);
  const codes = gwpCodesOf(options.codes);
  const out: ConstructionFigures = {
    name: typeof c.name === 'string' ? c.name : '',
    declaredValue: num(du.declaredValue) ?? 1,
    declaredUnit: num(du.declaredUnit) ?? UNIT.NONE,
    period: options.period,
    components: [],
    problems: [],
    total: undefined,
  };
  componentsOf(construction).forEach((parts, index) => {
    const problem = (reason: Msg, pending = false): void => void out.problems.push({ index, epdId: parts.epdId, reason, pending });
    const substitute = options.substitutions?.get(index);
    if (!substitute && !parts.epdId) return problem(msg('it has no epdId'));
    const epd = substitute ?? resolve(parts.epdId);
    if (epd === 'unknown') return problem(msg('the material is not known yet (it is looked up on the service when signed in)'), true);
    if (!epd) return problem(msg('no material with this id is known (workspace files, cache or service)'));
    if ('message' in parts.quantity) return problem(parts.quantity);
    const lifespan = serviceLife({ component: parts.lifespan, construction: own, material: epd.expectedLifespan }).years;
    const f = componentFigures(epd, parts.quantity, lifespan, options.period, options.codes, codes);
    if (!f.ok) return problem(f.reason);
    out.components.push({
      index,
      epdId: substitute ? substitute.id : parts.epdId,
      name: epd.name,
      quantity: parts.quantity,
      ...f.figures,
      ...(substitute ? { replacedEpdId: parts.epdId } : {}),
    });
  });
  if (out.problems.length === 0) out.total = out.components.reduce((t, x) => plus(t, x.gwp), NO_GWP);
  return out;
}
