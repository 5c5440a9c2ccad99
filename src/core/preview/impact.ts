// The live impact preview of a construction file: GWP per declared unit of the construction in A1-A3, B4 over a
// reference period, C3, C4 and D (apart) — the one reading of a construction (`core/lca/construction.ts`) with the
// declared unit as people write it, and its texts. A component that cannot be computed is named with its reason —
// never counted as zero. Pure: no editor, no I/O.
import type { CodeTable } from '../codeTable';
import { constructionFigures, type ConstructionFigures, type GwpByModule, type MaterialResolver } from '../lca/construction';
import { DEFAULT_PERIOD_YEARS } from '../lca/period';
import { ENGLISH, msg, type Msg, type MsgArg, type Phrasing } from '../l10n';

export { quantityOf } from '../lca/construction';

/** Finds a component's material: the EPD, undefined when it exists nowhere, 'unknown' while that cannot be told. */
export type PreviewResolver = MaterialResolver;

export interface ConstructionPreview extends ConstructionFigures {
  /** The declared unit as people write it, by the environment's code table ("m²"). */
  declaredUnitSymbol: MsgArg;
}

/**
 * The construction's figures per declared unit (`constructionFigures`: A1-A3, C3, C4 and D summed over the components,
 * `q_decl,i · EPD_i[module]`, lca-method §4; B4 = Σ n_i · q_decl,i · (A1-A3 + C3 + C4)_i, §3) with its declared unit's
 * symbol. Unit codes and indicators are read with `codes`, the table of the environment the file is edited in.
 */
export function previewConstruction(value: unknown, resolve: PreviewResolver, codes: CodeTable, period: number = DEFAULT_PERIOD_YEARS): ConstructionPreview {
  const figures = constructionFigures(value, resolve, { codes, period });
  return { ...figures, declaredUnitSymbol: unitSymbol(figures.declaredUnit, codes) };
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
export function figuresText(g: GwpByModule, period: number, locale = 'en'): Msg {
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
