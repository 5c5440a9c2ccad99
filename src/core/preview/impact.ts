// The live impact preview of a construction file: GWP per declared unit of the construction in A1-A3, B4 over a
// reference period, C3, C4 and D (apart), computed by the one line formula the local service and its dashboards use
// (`lineFigures`, `serviceLife`, `toDeclaredUnits`). A component that cannot be computed is named
// with its reason — never counted as zero. Pure: no editor, no I/O.
import { UNIT } from '../codes';
import type { CodeTable } from '../codeTable';
import { lineCodesOf, lineFigures, perSetOf, serviceLife } from '../lca/line';
import { DEFAULT_PERIOD_YEARS } from '../lca/period';
import { toDeclaredUnits, type ComponentQuantity } from '../units';
import type { EpdData } from '../lca/types';
import { isObject as isObj, num } from '../guards';
import { ENGLISH, msg, type Msg, type MsgArg, type Phrasing } from '../l10n';

/** Finds a component's material: the EPD, undefined when it exists nowhere, 'unknown' while that cannot be told. */
export type PreviewResolver = (epdId: string) => EpdData | undefined | 'unknown';

/** GWP total in kg CO2e, per declared unit(s) of the construction. */
export interface GwpFigures {
  a1a3: number;
  b4: number;
  c3: number;
  c4: number;
  d: number;
}

export interface ComponentPreview {
  index: number;
  epdId: string;
  name: string;
  /** EPD result sets the component amounts to. */
  sets: number;
  /** Years used for B4 (component, else construction, else EPD lifespan); undefined = outlives the period. */
  lifespan: number | undefined;
  replacements: number;
  gwp: GwpFigures;
}

export interface ComponentProblem {
  index: number;
  /** The component's epdId as written ('' when it has none). */
  epdId: string;
  reason: Msg;
  /** True when the answer may still come (the id is being looked up or the service cannot be asked now). */
  pending: boolean;
}

export interface ConstructionPreview {
  /** Declared unit of the construction the figures are for, e.g. {value: 1, unit: 2} = per 1 m². */
  declaredValue: number;
  declaredUnit: number;
  /** The declared unit as people write it, by the environment's code table ("m²"). */
  declaredUnitSymbol: MsgArg;
  period: number;
  /** Components that could be computed, in document order. */
  components: ComponentPreview[];
  /** Components that could not be; when any, `total` is undefined (a partial sum would mislead). */
  problems: ComponentProblem[];
  total: GwpFigures | undefined;
}


/** A component's `constructionUnit` as a quantity, or why it cannot be read. */
export function quantityOf(raw: unknown): ComponentQuantity | Msg {
  if (!isObj(raw)) return msg('it has no constructionUnit');
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

const ZERO: GwpFigures = { a1a3: 0, b4: 0, c3: 0, c4: 0, d: 0 };

/**
 * The construction's GWP per declared unit: A1-A3, C3, C4 and D summed over the components
 * (`q_decl,i · EPD_i[module]`, lca-method §4) and B4 = Σ n_i · q_decl,i · (A1-A3 + C3 + C4)_i with
 * n_i = replacements(period, lifespan_i) (§3), the lifespan being the component's, else the construction's, else the
 * EPD's — the precedence the dashboards use. Unit codes and indicators are read with `codes`, the table of the
 * environment the file is edited in.
 */
export function previewConstruction(value: unknown, resolve: PreviewResolver, codes: CodeTable, period: number = DEFAULT_PERIOD_YEARS): ConstructionPreview {
  const construction = isObj(value) ? value : {};
  const du = isObj(construction.declaredUnit) ? construction.declaredUnit : {};
  const declaredUnit = num(du.declaredUnit) ?? UNIT.NONE;
  const out: ConstructionPreview = {
    declaredValue: num(du.declaredValue) ?? 1,
    declaredUnit,
    declaredUnitSymbol: unitSymbol(declaredUnit, codes),
    period,
    components: [],
    problems: [],
    total: undefined,
  };
  const ownLifespan = num(construction.expectedLifespan);
  const raw = Array.isArray(construction.constructionEpds) ? construction.constructionEpds : [];

  const ready: { index: number; epdId: string; epd: EpdData; quantity: ComponentQuantity; lifespan: number | undefined }[] = [];
  raw.forEach((component, index) => {
    const c = isObj(component) ? component : {};
    const epdId = typeof c.epdId === 'string' ? c.epdId : '';
    const problem = (reason: Msg, pending = false): void => void out.problems.push({ index, epdId, reason, pending });
    if (!epdId) return problem(msg('it has no epdId'));
    const epd = resolve(epdId);
    if (epd === 'unknown') return problem(msg('the material is not known yet (it is looked up on the service when signed in)'), true);
    if (epd === undefined) return problem(msg('no material with this id is known (workspace files, cache or service)'));
    const quantity = quantityOf(c.constructionUnit);
    if ('message' in quantity) return problem(quantity);
    const lifespan = serviceLife({ component: num(c.expectedLifespan), construction: ownLifespan, material: epd.expectedLifespan }).years;
    ready.push({ index, epdId, epd, quantity, lifespan });
  });

  // Each component converted to its EPD's result sets (or why it cannot be), then its figures by the one line formula.
  const lineCodes = lineCodesOf(codes);
  for (const r of ready) {
    const conv = toDeclaredUnits(r.quantity, r.epd.declaredUnit, codes);
    if (!conv.ok) {
      out.problems.push({ index: r.index, epdId: r.epdId, reason: conv.reason, pending: false });
      continue;
    }
    const f = lineFigures(perSetOf(r.epd.lciaResults, lineCodes), conv.declaredUnits, r.lifespan, { period });
    const m = f.modules;
    out.components.push({
      index: r.index,
      epdId: r.epdId,
      name: r.epd.name,
      sets: conv.declaredUnits,
      lifespan: r.lifespan,
      replacements: f.replacements,
      gwp: { a1a3: m.A1A3, b4: m.B4, c3: m.C3, c4: m.C4, d: m.D },
    });
  }
  out.problems.sort((a, b) => a.index - b.index);
  out.components.sort((a, b) => a.index - b.index);
  if (out.problems.length === 0) {
    out.total = out.components.reduce<GwpFigures>(
      (t, c) => ({ a1a3: t.a1a3 + c.gwp.a1a3, b4: t.b4 + c.gwp.b4, c3: t.c3 + c.gwp.c3, c4: t.c4 + c.gwp.c4, d: t.d + c.gwp.d }),
      { ...ZERO },
    );
  }
  return out;
}

// ---- presentation ----
// Texts for the editor layer, phrased through a `Phrasing` (its `say` and number locale); `ENGLISH` by default.

/** Symbols by unit label (the meaning), so that a code that means KG in this environment reads "kg". */
const UNIT_SYMBOLS: ReadonlyMap<string, MsgArg> = new Map<string, MsgArg>([
  ['NONE', msg('unit')],
  ['M', 'm'],
  ['M2', 'm²'],
  ['M3', 'm³'],
  ['KG', 'kg'],
  ['TONNE', 't'],
  ['PCS', msg('piece')],
  ['KWH', 'kWh'],
  ['MJ', 'MJ'],
  ['L', 'l'],
]);

/** A unit code as people write it, by the environment's code table: 2 → "m²"; unknown codes as "unit 42". */
export function unitSymbol(code: number, codes: Pick<CodeTable, 'unitByCode'>): MsgArg {
  const unit = codes.unitByCode(code);
  if (!unit) return msg('unit {0}', code);
  return UNIT_SYMBOLS.get(unit.label.toUpperCase()) ?? unit.label.toLowerCase();
}

/** "m²" for one declared unit, "2 m²" for several (`symbol`: the unit as `unitSymbol` writes it). */
export function declaredUnitText(declaredValue: number, symbol: MsgArg, locale = 'en'): MsgArg {
  return declaredValue === 1 ? symbol : msg('{0} {1}', formatNumber(declaredValue, locale), symbol);
}

const separators = new Map<string, { group: string; decimal: string }>();
/** The locale's thousands and decimal separators ("." and "," in Danish). */
function separatorsOf(locale: string): { group: string; decimal: string } {
  let s = separators.get(locale);
  if (!s) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(12345.6);
    }
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(locale, s);
  }
  return s;
}

const isEnglish = (locale: string): boolean => /^en\b/i.test(locale);

/**
 * A figure with sensible precision: whole numbers as they are, one decimal from 10 up, two from 1, three significant digits below 1;
 * a true minus sign. In English thousands are grouped with a thin space from five digits (139.43065 → "139.4",
 * 7.092 → "7.09", −0.3996 → "−0.400"); in another locale with its own separators (Danish: "2.475", "139,4").
 */
export function formatNumber(x: number, locale = 'en'): string {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0 || Object.is(x, -0)) return '0';
  const abs = Math.abs(x);
  let text: string;
  if (Number.isInteger(abs) && abs < 1e15) text = String(abs);
  else if (abs >= 10) text = abs.toFixed(1);
  else if (abs >= 1) text = abs.toFixed(2);
  else text = abs.toPrecision(3);
  if (text.includes('e')) text = abs.toExponential(2);
  const [whole, frac] = text.split('.');
  const english = isEnglish(locale);
  const { group, decimal } = english ? { group: '\u2009', decimal: '.' } : separatorsOf(locale);
  const grouped = whole.length > (english ? 4 : 3) && !whole.includes('e') ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
  return `${x < 0 ? '−' : ''}${grouped}${frac !== undefined ? `${decimal}${frac}` : ''}`;
}

/** "kg CO2e per m²" for the construction's declared unit. */
export function perUnitText(p: Pick<ConstructionPreview, 'declaredValue' | 'declaredUnitSymbol'>, locale = 'en'): Msg {
  return msg('kg CO₂e per {0}', declaredUnitText(p.declaredValue, p.declaredUnitSymbol, locale));
}

/** The figures as one line: "A1-A3 139.4 · B4 (50 yr) 16.2 · C3 2.85 · C4 1.65 · D (apart) −1.41". */
export function figuresText(g: GwpFigures, period: number, locale = 'en'): Msg {
  const f = (x: number): string => formatNumber(x, locale);
  return msg('A1-A3 {0} · B4 ({1} yr) {2} · C3 {3} · C4 {4} · D (apart) {5}', f(g.a1a3), period, f(g.b4), f(g.c3), f(g.c4), f(g.d));
}

const shortId = (id: string): string => (id.length > 13 ? `${id.slice(0, 8)}…` : id);

/** The title of the lens at the top of a construction file. */
export function previewTitle(p: ConstructionPreview, locale = 'en'): Msg {
  if (p.problems.length > 0) {
    const first = p.problems[0];
    const more = p.problems.length - 1;
    const n = first.index + 1;
    if (first.epdId) {
      return more > 0
        ? msg('Impact preview: component {0} (epdId {1}) cannot be computed: {2} (+{3} more)', n, shortId(first.epdId), first.reason, more)
        : msg('Impact preview: component {0} (epdId {1}) cannot be computed: {2}', n, shortId(first.epdId), first.reason);
    }
    return more > 0
      ? msg('Impact preview: component {0} cannot be computed: {1} (+{2} more)', n, first.reason, more)
      : msg('Impact preview: component {0} cannot be computed: {1}', n, first.reason);
  }
  if (!p.total || p.components.length === 0) return msg('Impact preview: the construction has no components yet');
  return msg('Impact preview (GWP, {0}): {1}', perUnitText(p, locale), figuresText(p.total, p.period, locale));
}

/** The title of a component's own lens: its A1-A3 and share of the construction's A1-A3, or why it is missing. */
export function componentTitle(p: ConstructionPreview, index: number, locale = 'en'): Msg | undefined {
  const problem = p.problems.find((x) => x.index === index);
  if (problem) return msg('Cannot be computed: {0}', problem.reason);
  const c = p.components.find((x) => x.index === index);
  if (!c) return undefined;
  const f = (x: number): string => formatNumber(x, locale);
  const share: MsgArg = p.total && p.total.a1a3 !== 0 ? msg(' ({0} % of A1-A3)', Math.round((100 * c.gwp.a1a3) / p.total.a1a3)) : '';
  const b4: MsgArg =
    c.replacements === 0 ? '' : c.replacements === 1 ? msg(' · B4 {0} (1 replacement)', f(c.gwp.b4)) : msg(' · B4 {0} ({1} replacements)', f(c.gwp.b4), c.replacements);
  return msg('{0}: A1-A3 {1} kg CO₂e{2}{3}', c.name, f(c.gwp.a1a3), share, b4);
}

const escapeCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');

/** A Markdown breakdown of the preview: totals, then one row per component. */
export function previewMarkdown(p: ConstructionPreview, title: string, phrasing: Phrasing = ENGLISH): string {
  const { say, locale } = phrasing;
  const f = (x: number): string => formatNumber(x, locale);
  const perUnit = perUnitText(p, locale);
  const lines: string[] = [say(msg('# Impact preview: {0}', escapeCell(title))), ''];
  lines.push(
    say(
      msg(
        'GWP in {0} of the construction; B4 over a reference period of {1} years (replacements = ⌈period / lifespan⌉ − 1, each counting A1-A3 + C3 + C4 again). D is reported apart, never in the total; as in LCAbyg it counts for the original product and for each replacement ((1 + replacements) × D per unit).',
        perUnit,
        p.period,
      ),
    ),
    '',
  );
  if (p.problems.length) {
    lines.push(say(msg('## Components that cannot be computed')), '');
    for (const x of p.problems) {
      const reason = escapeCell(say(x.reason));
      lines.push(x.epdId ? say(msg('- component {0} (epdId `{1}`): {2}', x.index + 1, x.epdId, reason)) : say(msg('- component {0}: {1}', x.index + 1, reason)));
    }
    lines.push('');
  }
  lines.push(
    say(msg('## Components')),
    '',
    say(msg('| # | material | result sets | lifespan | replacements | A1-A3 | B4 | C3 | C4 | D |')),
    '|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const c of p.components) {
    const g = c.gwp;
    lines.push(
      `| ${c.index + 1} | ${escapeCell(c.name)} | ${f(c.sets)} | ${c.lifespan ?? '–'} | ${c.replacements} | ` +
        `${f(g.a1a3)} | ${f(g.b4)} | ${f(g.c3)} | ${f(g.c4)} | ${f(g.d)} |`,
    );
  }
  if (p.total) {
    const t = p.total;
    lines.push(say(msg('| | **total** | | | | **{0}** | **{1}** | **{2}** | **{3}** | **{4}** |', f(t.a1a3), f(t.b4), f(t.c3), f(t.c4), f(t.d))));
    lines.push('', say(msg('A1-A3 + B4 + C3 + C4 = **{0}** {1} (D apart: {2}).', f(t.a1a3 + t.b4 + t.c3 + t.c4), perUnit, f(t.d))));
  } else if (p.problems.length) {
    lines.push('', say(msg('No total: a partial sum would understate the construction.')));
  }
  return lines.join('\n') + '\n';
}

/** The ids of the materials a construction document names (its components' epdId). */
export function epdIdsOf(construction: unknown): string[] {
  const list = (construction as { constructionEpds?: { epdId?: unknown }[] } | null)?.constructionEpds;
  return Array.isArray(list) ? list.map((c) => c?.epdId).filter((id): id is string => typeof id === 'string' && id !== '') : [];
}
