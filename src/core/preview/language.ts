// Where the cursor is in a material or construction file, and the hover texts of codes and materials: what the
// editor layer's completion and hover providers need, as plain functions over the text (jsonc-parser `getLocation`).
import { MODULES, UNIT, type IndicatorCode } from '../codes';
import type { CodeSource, CodeTable } from '../codeTable';
import { DocumentLocator, getLocation, parseDocument } from '../document';
import type { DeclaredUnitInfo } from '../units';
import { declaredUnitText, formatNumber, unitSymbol } from './impact';
import { joined, label, msg, type Msg, type MsgArg } from '../l10n';
import { DIMENSIONS } from '../units';

export interface TextSpan {
  offset: number;
  length: number;
}

/** What the value at the cursor is, for hover and completion. */
export type JsonContext =
  | { kind: 'epdId'; span: TextSpan; value: string }
  | { kind: 'module'; span: TextSpan; code: number }
  | { kind: 'indicator'; span: TextSpan; indicator: IndicatorCode | undefined; written: string | number }
  | { kind: 'indicatorUnit'; span: TextSpan; unit: string; indicator: IndicatorCode | undefined }
  | { kind: 'unitCode'; span: TextSpan; code: number; key: string };

const UNIT_CODE_KEYS = new Set(['declaredUnit', 'massUnit', 'unit', 'shownUnit']);

/** " · from the `codes` override of environment "Test"" — where the table has a code from. */
function sourceNote(source: CodeSource, codes: CodeTable): Msg {
  return msg(' · from {0}', codes.describeSource(source));
}

/** Where a table's codes come from, e.g. "the assumed table (docs/service-decisions.md)". */
function tableSources(sources: readonly CodeSource[], codes: CodeTable): Msg {
  return joined([...new Set(sources)].map((s) => codes.describeSource(s)), ' + ');
}

function indicatorOf(written: unknown, codes: CodeTable): IndicatorCode | undefined {
  if (typeof written === 'number') return codes.indicatorByType(written);
  if (typeof written === 'string') return codes.indicatorByName(written) ?? codes.indicatorByName(written.trim().toUpperCase());
  return undefined;
}

/**
 * The value under `offset` when it is one the hover explains: an epdId, a module, an indicator, its unit or a unit
 * code; indicators are read with `codes`, the table of the environment.
 */
export function jsonContextAt(text: string, offset: number, codes: CodeTable): JsonContext | undefined {
  const loc = getLocation(text, offset);
  const node = loc.previousNode;
  if (loc.isAtPropertyKey || !node || offset < node.offset || offset > node.offset + node.length) return undefined;
  const path = loc.path;
  const key = path[path.length - 1];
  const span = { offset: node.offset, length: node.length };
  if (key === 'epdId' && node.type === 'string') return { kind: 'epdId', span, value: String(node.value) };
  if (key === 'moduleTypeEnum' && node.type === 'number') return { kind: 'module', span, code: Number(node.value) };
  const inIndicator = path.length >= 3 && path[path.length - 3] === 'indicators' && typeof path[path.length - 2] === 'number';
  if (inIndicator && key === 'type' && (node.type === 'string' || node.type === 'number')) {
    const written = node.value as string | number;
    return { kind: 'indicator', span, indicator: indicatorOf(written, codes), written };
  }
  if (inIndicator && key === 'unit' && node.type === 'string') {
    // Only the sibling `type` is read (located by scanning along its path), not the whole document: bulk files are large.
    const locator = new DocumentLocator(text);
    const found = locator.find([...path.slice(0, -1), 'type']);
    const at = found?.exact ? locator.spanOf(found.located) : undefined;
    const sibling = at ? parseDocument(text.slice(at.offset, at.offset + at.length)) : undefined;
    return { kind: 'indicatorUnit', span, unit: String(node.value), indicator: indicatorOf(sibling, codes) };
  }
  if (typeof key === 'string' && UNIT_CODE_KEYS.has(key) && node.type === 'number') return { kind: 'unitCode', span, code: Number(node.value), key };
  return undefined;
}

/**
 * Where an epdId completion goes: the whole string literal under the cursor (quotes included), or the cursor itself
 * when the value is not written yet; undefined when the cursor is not in an `epdId` value.
 */
export function epdIdCompletionSpan(text: string, offset: number): TextSpan | undefined {
  const loc = getLocation(text, offset);
  if (loc.isAtPropertyKey || loc.path[loc.path.length - 1] !== 'epdId') return undefined;
  const node = loc.previousNode;
  if (node && node.type === 'string' && offset >= node.offset && offset <= node.offset + node.length) {
    return { offset: node.offset, length: node.length };
  }
  if (node && node.type !== 'property') return undefined;
  return { offset, length: 0 };
}

// ---- hover texts (Markdown), as data: the editor layer phrases them ----

export function moduleHover(code: number, codes: CodeTable): Msg {
  const m = codes.moduleByCode(code);
  if (!m) return msg('Module code `{0}` is not known in this environment (0–17).', code);
  // Codes 0–5 and 14–17 are the interface's own; the assumed table only guesses 6–13.
  const given = m.source === 'assumed' && !MODULES.find((x) => x.code === m.code)?.assumed;
  const note: MsgArg = given
    ? msg(' · given by the interface')
    : m.source === 'assumed'
      ? msg('{0} (code assumed: the interface does not give it)', sourceNote(m.source, codes))
      : sourceNote(m.source, codes);
  return msg('**{0}** — {1}\n\n`moduleTypeEnum` {2}{3}', m.label, label(m.name), m.code, note);
}

/** The group of an indicator in words. */
const GROUPS: Readonly<Record<IndicatorCode['group'], Msg>> = {
  'core impact': msg('core impact'),
  'resource use': msg('resource use'),
  'waste / output': msg('waste / output'),
};

export function indicatorHover(indicator: IndicatorCode | undefined, written: string | number): Msg {
  if (!indicator) return msg('Indicator `{0}` is not an EN 15804+A2 indicator known here.', written);
  return msg('**{0}** — {1}\n\nUnit: `{2}` · type {3} · {4}', indicator.name, label(indicator.description), indicator.unit, indicator.type, GROUPS[indicator.group] ?? indicator.group);
}

export function indicatorUnitHover(unit: string, indicator: IndicatorCode | undefined): Msg {
  if (!indicator) return msg("Unit `{0}` (the indicator's type is not known, so its unit cannot be checked).", unit);
  const same = unit.trim().toLowerCase() === indicator.unit.toLowerCase();
  return same
    ? msg('Unit of **{0}**: `{1}`', indicator.name, indicator.unit)
    : msg("Unit of **{0}**: `{1}`\n\nThis says `{2}`, which is not the indicator's unit.", indicator.name, indicator.unit, unit);
}

const dimensionOf = (d: string): MsgArg => (DIMENSIONS as Record<string, Msg>)[d] ?? d;

export function unitCodeHover(code: number, key: string, codes: CodeTable): Msg {
  const u = codes.unitByCode(code);
  if (!u) return msg('Unit code `{0}` is not known in this environment (table: {1}).', code, tableSources(codes.units.map((x) => x.source), codes));
  return msg('**{0}** — {1} ({2}; {3}) · `{4}` {5}{6}', u.label, label(u.name), unitSymbol(code, codes), dimensionOf(u.dimension), key, code, sourceNote(u.source, codes));
}

/** "1 m³ (2246 kg)" — the declared unit with its mass when the EPD gives one. */
export function declaredUnitSummary(du: DeclaredUnitInfo, codes: CodeTable, locale = 'en'): Msg {
  const base = msg('{0} {1}', formatNumber(du.declaredValue, locale), unitSymbol(du.declaredUnit, codes));
  return typeof du.mass === 'number' && du.mass > 0 ? msg('{0} ({1} {2})', base, formatNumber(du.mass, locale), unitSymbol(du.massUnit ?? UNIT.KG, codes)) : base;
}

/** "A1-A3 241.0 kg CO2e per m³", or that the EPD does not declare it. */
export function gwpA1A3Text(gwp: number | undefined, du: DeclaredUnitInfo, codes: CodeTable, locale = 'en'): Msg {
  return gwp === undefined
    ? msg('GWP A1-A3 not declared')
    : msg('GWP A1-A3 {0} kg CO₂e per {1}', formatNumber(gwp, locale), declaredUnitText(du.declaredValue, unitSymbol(du.declaredUnit, codes), locale));
}

export interface MaterialSummary {
  id: string;
  name: string;
  declaredUnit: DeclaredUnitInfo;
  gwpA1A3: number | undefined;
  /** Where the catalog has it from, e.g. "service" or a file name. */
  source?: MsgArg;
  /** Its material family with where it was read, as core/families.ts words it (`familyWords`). */
  family: Msg;
}

const escapeMd = (s: string): string => s.replace(/([\\`*_{}[\]()<>#+!|])/g, '\\$1');

/** The hover of a known epdId: name, declared unit, GWP A1-A3 and its material family with where it was read. */
export function materialHover(m: MaterialSummary, codes: CodeTable, locale = 'en'): Msg {
  const where: MsgArg = m.source ? msg('`{0}` · {1}', m.id, m.source) : msg('`{0}`', m.id);
  return msg(
    '**{0}**\n\nDeclared unit: {1}\n\n{2}\n\nFamily: {3}\n\n{4}',
    escapeMd(m.name),
    declaredUnitSummary(m.declaredUnit, codes, locale),
    gwpA1A3Text(m.gwpA1A3, m.declaredUnit, codes, locale),
    m.family,
    where,
  );
}

// ---- code completion (labels that read as words) ----

/** A code a value completion offers: inserted as the number, listed as "3 — M3 (cubic metre)". */
export interface CodeChoice {
  code: number;
  /** "3 — M3 (cubic metre)". */
  label: Msg;
  /** The code's meaning in one line, e.g. "cubic metre · volume". */
  detail: Msg;
}

export interface CodeCompletion {
  /** The number under the cursor (to be replaced), or the cursor itself. */
  span: TextSpan;
  key: string;
  choices: CodeChoice[];
}

/** The codes each code-valued key takes, from the code table of the environment (not from the schema's enums). */
function choicesFor(path: readonly (string | number)[], table: CodeTable): { key: string; choices: CodeChoice[] } | undefined {
  const source = (s: CodeSource): Msg => table.describeSource(s);
  const unitChoice = (code: number): CodeChoice | undefined => {
    const u = table.unitByCode(code);
    return u && { code, label: msg('{0} — {1} ({2})', code, u.label, label(u.name)), detail: msg('{0} · {1} · {2}', label(u.name), dimensionOf(u.dimension), source(u.source)) };
  };
  const key = path[path.length - 1];
  const parent = path[path.length - 2];
  if (typeof key !== 'string') return undefined;
  const units = (codes: readonly number[]): CodeChoice[] => codes.map(unitChoice).filter((c): c is CodeChoice => !!c);
  if ((key === 'declaredUnit' && parent === 'declaredUnit') || (parent === 'constructionUnit' && (key === 'unit' || key === 'shownUnit'))) {
    // A unit of no dimension (NONE) is last: it is seldom meant, and first it would be what Enter takes.
    const measured = table.units.filter((u) => u.dimension !== 'none').map((u) => u.code);
    return { key, choices: units([...measured, ...table.units.filter((u) => u.dimension === 'none').map((u) => u.code)]) };
  }
  if (key === 'massUnit') return { key, choices: units(table.units.filter((u) => u.dimension === 'mass').map((u) => u.code)) };
  if (key === 'moduleTypeEnum') {
    return { key, choices: table.modules.map((m) => ({ code: m.code, label: msg('{0} — {1} ({2})', m.code, m.label, label(m.name)), detail: msg('{0} · {1}', label(m.name), source(m.source)) })) };
  }
  if (key === 'moduleStatusEnum') {
    return { key, choices: table.moduleStatus.map((s) => ({ code: s.code, label: msg('{0} — {1}', s.code, label(s.label)), detail: msg('{0} · {1}', label(s.label), source(s.source)) })) };
  }
  if (key === 'epdProductIndustryType') {
    return { key, choices: table.epdTypes.map((t) => ({ code: t.code, label: msg('{0} — {1}', t.code, label(t.label)), detail: msg('{0} EPD · {1}', label(t.label), source(t.source)) })) };
  }
  return undefined;
}

/**
 * The code choices for the value under the cursor when it is a code (unit, mass unit, module, module status, EPD
 * type) of the environment's table `codes`: what to replace (the number written so far, or nothing) and the choices;
 * undefined elsewhere.
 */
export function codeCompletionAt(text: string, offset: number, codes: CodeTable): CodeCompletion | undefined {
  const loc = getLocation(text, offset);
  if (loc.isAtPropertyKey) return undefined;
  const found = choicesFor(loc.path, codes);
  if (!found) return undefined;
  const node = loc.previousNode;
  if (node && node.type === 'number' && offset >= node.offset && offset <= node.offset + node.length) {
    return { ...found, span: { offset: node.offset, length: node.length } };
  }
  if (node && node.type !== 'property') return undefined;
  return { ...found, span: { offset, length: 0 } };
}
