// A construction's GWP per module per declared unit, component by component, with optional substitutions ("what if
// component 2 were material X"): the figures the alternatives compare against and the preview tool returns.
// Lifespan precedence as in the dashboards: the component's, else the construction's, else the material's; a
// substituted material brings its own lifespan first. A component that cannot be computed is listed with its reason
// and the construction then has no total (a partial sum would understate it). Pure, no I/O.
import type { CodeTable } from '../codeTable';
import { isObject, num } from '../guards';
import type { EpdData } from '../lca/types';
import { msg, type Msg } from '../l10n';
import type { ComponentQuantity } from '../units';
import { quantityOf } from '../preview';
import { serviceLife } from '../lca/line';
import { componentFigures, gwpCodesOf, NO_GWP, plus, type ComponentFigures, type GwpByModule } from './figures';

/** Finds a material by id: the EPD, or undefined when no material with that id is known. */
export type MaterialLookup = (epdId: string) => EpdData | undefined;

export interface ConstructionComponentFigures extends ComponentFigures {
  index: number;
  epdId: string;
  name: string;
  quantity: ComponentQuantity;
  /** Set when this component's material was substituted: the id written in the file. */
  replacedEpdId?: string;
}

export interface ConstructionFigures {
  name: string;
  declaredValue: number;
  declaredUnit: number;
  period: number;
  components: ConstructionComponentFigures[];
  problems: { index: number; epdId: string; reason: Msg }[];
  /** Undefined when any component cannot be computed. */
  total: GwpByModule | undefined;
}

/** A component's parts as written: its material id, quantity and own lifespan, or why they cannot be read. */
export interface ComponentParts {
  epdId: string;
  quantity: ComponentQuantity | Msg;
  lifespan: number | undefined;
}

const positive = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** The components of a construction value as written. */
export function componentsOf(construction: unknown): ComponentParts[] {
  const c = isObject(construction) ? construction : {};
  const raw = Array.isArray(c.constructionEpds) ? c.constructionEpds : [];
  return raw.map((component) => {
    const x = isObject(component) ? component : {};
    return {
      epdId: typeof x.epdId === 'string' ? x.epdId : '',
      quantity: quantityOf(x.constructionUnit),
      lifespan: positive(num(x.expectedLifespan)) ? num(x.expectedLifespan) : undefined,
    };
  });
}

export interface ConstructionFigureOptions {
  codes: CodeTable;
  period: number;
  /** Component index → the material to compute it with instead of its own. */
  substitutions?: ReadonlyMap<number, EpdData>;
}

/** The construction's figures per module per its declared unit, each component's and the total. */
export function constructionFigures(construction: unknown, lookup: MaterialLookup, options: ConstructionFigureOptions): ConstructionFigures {
  const c = isObject(construction) ? construction : {};
  const du = isObject(c.declaredUnit) ? c.declaredUnit : {};
  const own = num(c.expectedLifespan);
  const codes = gwpCodesOf(options.codes);
  const out: ConstructionFigures = {
    name: typeof c.name === 'string' ? c.name : '',
    declaredValue: num(du.declaredValue) ?? 1,
    declaredUnit: num(du.declaredUnit) ?? 0,
    period: options.period,
    components: [],
    problems: [],
    total: undefined,
  };
  componentsOf(construction).forEach((parts, index) => {
    const problem = (reason: Msg): void => void out.problems.push({ index, epdId: parts.epdId, reason });
    const substitute = options.substitutions?.get(index);
    if (!substitute && !parts.epdId) return problem(msg('it has no epdId'));
    const epd = substitute ?? lookup(parts.epdId);
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
