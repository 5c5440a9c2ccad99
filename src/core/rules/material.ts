// Semantic rules for EPD materials (one file or a bulk array), run on the parsed value in one linear pass.
import { A1_UNITS, EPD_SPECIFICATION_FORM } from '../import/en15804';
import { msg, type Msg } from '../l10n';
import type { CodeTable } from '../codeTable';
import type { JsonPath } from '../document';
import type { RuleContext, RuleFinding, RuleId } from './types';
import { isObject as isObj, sumsAgree } from '../guards';

type Obj = Record<string, unknown>;

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Totals that must equal the sum of their parts (EN 15804+A2), with the rule that checks each. */
const SUMS: readonly { ruleId: RuleId; total: string; parts: readonly string[] }[] = [
  { ruleId: 'gwp-sum', total: 'GWP_TOTAL', parts: ['GWP_FOSSIL', 'GWP_BIOGENIC', 'GWP_LULUC'] },
  { ruleId: 'pert-sum', total: 'PERT', parts: ['PERE', 'PERM'] },
  { ruleId: 'penrt-sum', total: 'PENRT', parts: ['PENRE', 'PENRM'] },
];
const SUM_NAMES = new Set(SUMS.flatMap((s) => [s.total, ...s.parts]));

/** A sum without float noise (0.1 + 0.2 → 0.3), as a user would type it. */
export function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

const normalizedUnits = new Map<string, string>();
/** Unit spelling reduced so that "kg CO2e", "kg CO2-eq" and "kg CO2 eq" compare equal. */
export function normalizeUnit(unit: string): string {
  let n = normalizedUnits.get(unit);
  if (n === undefined) {
    n = unit
      .toLowerCase()
      .replace(/³/g, '3')
      .replace(/²/g, '2')
      .replace(/₂/g, '2')
      .replace(/[\s.\-_]/g, '')
      .replace(/equivalents?|equiv/g, 'eq')
      .replace(/co2e(?!q)/g, 'co2eq');
    if (normalizedUnits.size < 1000) normalizedUnits.set(unit, n);
  }
  return n;
}

// Reused by every material and module (the rules run synchronously, one material at a time): a 10,000-material file
// is checked without a map, set or path per material — a path is built only for a finding.
/** Module codes 0–63 are kept in an array per material (a map, grown 18 times per material, cost more than the rules). */
const MODULE_SLOTS = 64;

/** Where each module code was first listed in one material. */
class ModulesListed {
  private readonly small = new Array<number>(MODULE_SLOTS).fill(-1);
  private others: Map<number, number> | undefined;

  /** Where `code` was first listed, or undefined, marking it listed at `index` when it was not. */
  firstOrMark(code: number, index: number): number | undefined {
    if (Number.isInteger(code) && code >= 0 && code < MODULE_SLOTS) {
      const first = this.small[code];
      if (first >= 0) return first;
      this.small[code] = index;
      return undefined;
    }
    this.others ??= new Map();
    const first = this.others.get(code);
    if (first === undefined) this.others.set(code, index);
    return first;
  }

  has(code: number): boolean {
    return Number.isInteger(code) && code >= 0 && code < MODULE_SLOTS ? this.small[code] >= 0 : (this.others?.has(code) ?? false);
  }
}

/** The path of key `key` of indicator `i` of module `m` of the material at `material`. */
const indicatorPath = (material: JsonPath, m: number, i: number, key: string): JsonPath => [...material, 'lciaResults', m, 'indicators', i, key];

/** Findings of one material at `base` (its path in the document). */
export function checkMaterial(material: unknown, base: JsonPath, ctx: RuleContext, out: RuleFinding[]): void {
  if (!isObj(material)) return;
  checkLifespan(material.expectedLifespan, base, out);
  checkExpiry(material, base, ctx, out);
  const results = material.lciaResults;
  if (!Array.isArray(results)) return;
  const template = templateOf(material, ctx.codes);
  if (template) {
    out.push({
      ruleId: 'results-template',
      severity: 'warning',
      message:
        template === 'zeros'
          ? msg('Every result of this material is 0, as in the New Material template: fill in the figures of its EPD. Sent like this, it counts as zero emissions in every construction.')
          : msg('This material has no A1-A3 result: fill in the A1-A3 figures of its EPD. Sent like this, its product stage counts as zero emissions.'),
      path: [...base, 'lciaResults'],
      target: 'key',
    });
  }
  const listed = new ModulesListed();
  const epdInfo = material.epdInfo;
  const a1 = isObj(epdInfo) && epdInfo.epdSpecificationForm === EPD_SPECIFICATION_FORM.A1;
  for (let m = 0; m < results.length; m++) {
    const module = results[m];
    if (!isObj(module)) continue;
    const code = module.moduleTypeEnum;
    if (isNum(code)) {
      const first = listed.firstOrMark(code, m);
      if (first !== undefined) {
        out.push({
          ruleId: 'module-duplicate',
          severity: 'error',
          message: msg('Module {0} appears twice in this material (first at lciaResults[{1}]); each module code may appear once.', moduleName(ctx.codes, code), first),
          path: [...base, 'lciaResults', m, 'moduleTypeEnum'],
          target: 'value',
        });
      }
    }
    if (Array.isArray(module.indicators)) checkIndicators(module.indicators, base, m, isNum(code) ? code : undefined, a1, ctx.codes, out);
  }
  // Every module listed (the usual case, on the path of a 10,000-material check): no list of the missing made.
  if (ctx.codes.modules.every((m) => listed.has(m.code))) return;
  const missing = ctx.codes.modules.filter((m) => !listed.has(m.code));
  const items = missing.map((m) => ({ moduleTypeEnum: m.code, moduleStatusEnum: 0, indicators: [] }));
  out.push({
    ruleId: 'module-missing',
    severity: 'info',
    message: msg(
      'Modules not listed: {0}. The service expects each module 0–17 once; a module without results carries "indicators": [].',
      missing.map((m) => m.label).join(', '),
    ),
    path: [...base, 'lciaResults'],
    target: 'key',
    fixes: [
      {
        kind: 'appendItems',
        title: missing.length === 1 ? msg('Add empty module {0}', missing[0].label) : msg('Add the {0} missing modules as empty modules', missing.length),
        path: [...base, 'lciaResults'],
        items,
      },
    ],
  });
}

/**
 * Whether a material's results are still the New Material template's (templateResults), as the rules and the pushes
 * judge it: all zero counts only without a `sourceDatabaseVersion` (the database an importer read it from) — a data set that states its source and declares zeros
 * (Tabel 7's "Tom affaldsproces", an empty waste process) is a declared zero, not an unfilled template.
 */
export function templateOf(material: unknown, codes: CodeTable): 'zeros' | 'no-a1a3' | undefined {
  if (!isObj(material)) return undefined;
  const template = templateResults(material.lciaResults, codes);
  const declared = typeof material.sourceDatabaseVersion === 'string' && material.sourceDatabaseVersion.trim() !== '';
  return template === 'zeros' && declared ? undefined : template;
}

/** The code of the A1-A3 module in a table (by its label), and each code's first letter: C and D are end of life. */
const moduleLetters = new WeakMap<CodeTable, { a1a3: number | undefined; endOfLife: Set<number> }>();
function modulesOf(codes: CodeTable): { a1a3: number | undefined; endOfLife: Set<number> } {
  let known = moduleLetters.get(codes);
  if (!known) {
    known = { a1a3: codes.modules.find((m) => m.label === 'A1-A3')?.code, endOfLife: new Set(codes.modules.filter((m) => /^[CD]/.test(m.label)).map((m) => m.code)) };
    moduleLetters.set(codes, known);
  }
  return known;
}

/**
 * Whether a material's results are still the New Material template's: 'zeros' when no indicator has a value other than
 * 0 (or there is none), 'no-a1a3' when the A1-A3 module (by the table's label) states no value at all and no end-of-life
 * module (C, D) has a figure either; undefined for real figures.
 */
export function templateResults(results: unknown, codes: CodeTable): 'zeros' | 'no-a1a3' | undefined {
  if (!Array.isArray(results)) return undefined;
  const { a1a3, endOfLife: endOfLifeCodes } = modulesOf(codes);
  let any = false;
  let inA1a3 = false;
  // A waste or end-of-life data set (e.g. Tabel 7's "Affald" rows) declares C or D figures and, rightly, no A1-A3.
  let endOfLife = false;
  for (const module of results) {
    if (!isObj(module) || !Array.isArray(module.indicators)) continue;
    const isA1a3 = module.moduleTypeEnum === a1a3;
    const isEndOfLife = isNum(module.moduleTypeEnum) && endOfLifeCodes.has(module.moduleTypeEnum);
    for (const indicator of module.indicators) {
      if (!isObj(indicator) || !isNum(indicator.value)) continue;
      // A1-A3 stated as 0 is a result (a by-product may declare it); only every value at 0 is the template's.
      if (isA1a3) inA1a3 = true;
      if (indicator.value !== 0) {
        any = true;
        if (isEndOfLife) endOfLife = true;
      }
    }
    if (any && (inA1a3 || a1a3 === undefined)) return undefined;
  }
  if (!any) return 'zeros';
  return a1a3 === undefined || inA1a3 || endOfLife ? undefined : 'no-a1a3';
}

/** "A4 (1)": a module's label with its code (no words to translate). */
function moduleName(codes: CodeTable, code: number): string {
  const m = codes.moduleByCode(code);
  return m ? `${m.label} (${code})` : String(code);
}

function checkIndicators(indicators: unknown[], material: JsonPath, m: number, moduleCode: number | undefined, a1: boolean, codes: CodeTable, out: RuleFinding[]): void {
  // The sums are looked at only in a module that has one of their names.
  let sums = false;
  for (let i = 0; i < indicators.length; i++) {
    const indicator = indicators[i];
    if (!isObj(indicator)) continue;
    const name = indicator.type;
    if (typeof name !== 'string') continue;
    if (namedBefore(indicators, i, name)) {
      out.push({
        ruleId: 'indicator-duplicate',
        severity: 'error',
        message: msg('{0} appears twice in this module; each indicator may appear once per module.', name),
        path: indicatorPath(material, m, i, 'type'),
        target: 'value',
      });
      continue;
    }
    // An EN 15804+A1 EPD (epdSpecificationForm 1) states AP and POCP in the +A1 units.
    const expected = (a1 ? A1_UNITS[name as keyof typeof A1_UNITS] : undefined) ?? codes.indicatorByName(name)?.unit;
    const unit = indicator.unit;
    if (expected !== undefined && typeof unit === 'string' && unit !== expected && normalizeUnit(unit) !== normalizeUnit(expected)) {
      const path = indicatorPath(material, m, i, 'unit');
      out.push({
        ruleId: 'indicator-unit',
        severity: 'warning',
        message: msg('{0} is measured in "{1}", not "{2}".', name, expected, unit),
        path,
        target: 'value',
        fixes: [{ kind: 'replaceValue', title: msg('Set the unit to "{0}"', expected), path, value: expected }],
      });
    }
    if (!sums && SUM_NAMES.has(name)) sums = true;
  }
  if (sums) checkSums(indicators, material, m, moduleCode, codes, out);
}

/** Whether an indicator before `i` has the type `name` (a module has a dozen or so: a scan beats a set per module). */
function namedBefore(indicators: unknown[], i: number, name: string): boolean {
  const first = firstNamed(indicators, name);
  return first >= 0 && first < i;
}

/** Index of the first indicator named `name` (a name stated twice counts once, the first time), or -1. */
function firstNamed(indicators: unknown[], name: string): number {
  for (let i = 0; i < indicators.length; i++) {
    const indicator = indicators[i];
    if (isObj(indicator) && indicator.type === name) return i;
  }
  return -1;
}

/** The value of the first indicator named `name` when it is a number. */
function valueNamed(indicators: unknown[], name: string): number | undefined {
  const i = firstNamed(indicators, name);
  const value = i < 0 ? undefined : (indicators[i] as Obj).value;
  return isNum(value) ? value : undefined;
}

/** The sums of one module's indicators. */
function checkSums(indicators: unknown[], material: JsonPath, m: number, moduleCode: number | undefined, codes: CodeTable, out: RuleFinding[]): void {
  for (const rule of SUMS) {
    const total = valueNamed(indicators, rule.total);
    if (total === undefined) continue;
    let sum = 0;
    let complete = true;
    for (const part of rule.parts) {
      const v = valueNamed(indicators, part);
      if (v === undefined) {
        complete = false;
        break;
      }
      sum += v;
    }
    if (!complete || sumsAgree(total, sum)) continue;
    const expected = tidy(sum);
    const path = indicatorPath(material, m, firstNamed(indicators, rule.total), 'value');
    const parts = rule.parts.join(' + ');
    const message: Msg = moduleCode === undefined
      ? msg('{0} is {1}, but {2} = {3}; they should agree (within 1 % or 0.01).', rule.total, total, parts, expected)
      : msg('{0} is {1} in module {2}, but {3} = {4}; they should agree (within 1 % or 0.01).', rule.total, total, moduleName(codes, moduleCode), parts, expected);
    out.push({
      ruleId: rule.ruleId,
      severity: 'warning',
      message,
      path,
      target: 'value',
      fixes: [{ kind: 'replaceValue', title: msg('Set {0} to {1} ({2})', rule.total, expected, parts), path, value: expected }],
    });
  }
}

function checkExpiry(material: Obj, base: JsonPath, ctx: RuleContext, out: RuleFinding[]): void {
  const info = material.epdInfo;
  if (!isObj(info) || typeof info.validTo !== 'string') return;
  const validTo = Date.parse(info.validTo);
  if (Number.isNaN(validTo) || validTo >= ctx.now) return;
  out.push({
    ruleId: 'epd-expired',
    severity: 'warning',
    message: msg('This EPD expired on {0}; look for a newer version of the declaration.', new Date(validTo).toISOString().slice(0, 10)),
    path: [...base, 'epdInfo', 'validTo'],
    target: 'value',
  });
}

/** Shared with constructions: a lifespan must be at least one year (`expectedLifespan` of the object at `base`). */
export function checkLifespan(value: unknown, base: JsonPath, out: RuleFinding[]): void {
  if (!isNum(value) || value > 0) return;
  const path = [...base, 'expectedLifespan'];
  out.push({
    ruleId: 'lifespan-not-positive',
    severity: 'error',
    message: msg('A lifespan of {0} years is not possible; give the expected service life in years (≥ 1), e.g. 50.', value),
    path,
    target: 'value',
    restatesSchema: true,
  });
}

/**
 * Findings of a bulk file: every material's own (checkMaterial), then the rules across materials
 * (checkAcrossMaterials). The editor re-runs checkMaterial only for the items an edit touched and
 * checkAcrossMaterials on every check, so a new rule belongs to one of the two and needs nothing else.
 */
export function checkMaterials(materials: unknown, ctx: RuleContext, out: RuleFinding[]): void {
  if (!Array.isArray(materials)) return;
  for (let i = 0; i < materials.length; i++) checkMaterial(materials[i], [i], ctx, out);
  checkAcrossMaterials(materials, ctx, out);
}

/** Rules across the items of a bulk file: materials sent twice (same originalUUID + originalVersion). */
export function checkAcrossMaterials(materials: readonly unknown[], _ctx: RuleContext, out: RuleFinding[]): void {
  const firstAt = new Map<string, number>();
  for (let i = 0; i < materials.length; i++) {
    const finding = duplicateMaterial(materials[i], i, firstAt);
    if (finding) out.push(finding);
  }
}

/**
 * The finding when item `i` repeats an earlier item's originalUUID + originalVersion (`firstAt`: where each pair was
 * first seen, updated here); what checkAcrossMaterials reports, one item at a time (a file checked as it is read).
 */
export function duplicateMaterial(material: unknown, i: number, firstAt: Map<string, number>): RuleFinding | undefined {
  if (!isObj(material) || typeof material.originalUUID !== 'string' || typeof material.originalVersion !== 'string') return undefined;
  // UUIDs compare case-insensitively; the service would see the same EPD.
  const key = `${material.originalUUID.toLowerCase()}\u0000${material.originalVersion}`;
  const first = firstAt.get(key);
  if (first === undefined) {
    firstAt.set(key, i);
    return undefined;
  }
  return {
    ruleId: 'material-duplicate',
    severity: 'error',
    message: msg(
      'Item {0} has the same originalUUID and originalVersion ({1}) as item {2}; the service keeps one material per pair, so this one would be refused.',
      i,
      material.originalVersion,
      first,
    ),
    path: [i, 'originalUUID'],
    target: 'value',
  };
}
