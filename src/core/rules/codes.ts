// Codes checked against the environment's active code table: the schemas accept any integer where the interface
// says only "integer", so an unknown code — or one of the wrong kind, such as a `massUnit` that is not a mass unit
// here — is a warning that says what the code means in this environment, where the table came from, and offers the
// nearest known code as the fix.
import type { CodeTable, TableLabel, TableUnit } from '../codeTable';
import { joined, msg, type Msg, type MsgArg } from '../l10n';
import { DIMENSIONS } from '../units';
import { unitLabelOf } from '../unitTexts';
import type { DocumentKind, JsonPath } from '../document';
import type { FixPlan, RuleFinding } from './types';
import { isObject as isObj } from '../guards';

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The known code nearest to `code` (the lower one on a tie). */
function nearest(code: number, known: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const k of known) if (best === undefined || Math.abs(k - code) < Math.abs(best - code) || (Math.abs(k - code) === Math.abs(best - code) && k < best)) best = k;
  return best;
}

const unitText = (u: TableUnit): Msg =>
  u.dimension === 'none' ? msg('{0} ({1}, no dimension)', u.label, u.name) : msg('{0} ({1}, a {2} unit)', u.label, u.name, DIMENSIONS[u.dimension]);

function fixTo(path: JsonPath, code: number | undefined, what: (c: number) => MsgArg): FixPlan[] {
  return code === undefined ? [] : [{ kind: 'replaceValue', title: msg('Change to {0} ({1})', code, what(code)), path, value: code }];
}

class CodeChecker {
  constructor(
    private readonly table: CodeTable,
    private readonly out: RuleFinding[],
  ) {}

  private where(source: Parameters<CodeTable['describeSource']>[0]): Msg {
    return this.table.describeSource(source);
  }

  /** A unit written as a text ("m3", "kg", "stk") where the schema wants its code: the code as the fix (said once, not also by the schema). */
  unitWrittenAsText(value: unknown, path: JsonPath, field: string): boolean {
    if (typeof value !== 'string') return false;
    const label = unitLabelOf(value);
    const unit = label ? this.table.units.find((u) => u.label === label) : undefined;
    if (!unit) return true;
    this.out.push({
      ruleId: 'unit-text',
      severity: 'error',
      message: msg('`{0}` is the text "{1}"; the service wants the code of the unit: {2} for {3}.', field, value, unit.code, unitText(unit)),
      path,
      target: 'value',
      fixes: [{ kind: 'replaceValue', title: msg('Change to {0} ({1})', unit.code, unitText(unit)), path, value: unit.code }],
      restatesSchema: true,
    });
    return true;
  }

  unit(value: unknown, path: JsonPath, field: string): void {
    if (this.unitWrittenAsText(value, path, field)) return;
    if (!isInt(value) || this.table.unitByCode(value)) return;
    const t = this.table;
    const fix = nearest(value, t.units.map((u) => u.code));
    this.out.push({
      ruleId: 'code-unknown',
      severity: 'warning',
      message: msg('`{0}` {1} is not a unit code in this environment (table: {2}); the service may refuse it or leave the quantity out of calculations.', field, value, this.describeTable()),
      path,
      target: 'value',
      fixes: fixTo(path, fix, (c) => unitText(t.unitByCode(c)!)),
    });
  }

  massUnit(value: unknown, path: JsonPath): void {
    if (this.unitWrittenAsText(value, path, 'massUnit') || !isInt(value)) return;
    const t = this.table;
    const unit = t.unitByCode(value);
    if (unit?.dimension === 'mass') return;
    const masses = t.units.filter((u) => u.dimension === 'mass').map((u) => u.code);
    const fix = nearest(value, masses);
    this.out.push({
      ruleId: unit ? 'code-wrong-kind' : 'code-unknown',
      severity: 'warning',
      message: unit
        ? msg('`massUnit` {0} means {1} in this environment (from {2}), not a mass unit; the mass cannot be read in kg.', value, unitText(unit), this.where(unit.source))
        : msg('`massUnit` {0} is not a unit code in this environment (table: {1}); the mass cannot be read in kg.', value, this.describeTable()),
      path,
      target: 'value',
      fixes: fixTo(path, fix, (c) => unitText(t.unitByCode(c)!)),
    });
  }

  label(value: unknown, path: JsonPath, field: string, what: Msg, list: readonly TableLabel[], lookup: (c: number) => TableLabel | undefined): void {
    if (!isInt(value) || lookup(value)) return;
    const fix = nearest(value, list.map((x) => x.code));
    this.out.push({
      ruleId: 'code-unknown',
      severity: 'warning',
      message: msg('`{0}` {1} is not {2} in this environment (table: {3}).', field, value, what, this.describeTable()),
      path,
      target: 'value',
      fixes: fixTo(path, fix, (c) => lookup(c)!.label),
    });
  }

  /** Which sources the table mixes, e.g. "the assumed table (docs/service-decisions.md)". */
  describeTable(): Msg {
    const sources = new Set([...this.table.units, ...this.table.epdTypes, ...this.table.moduleStatus].map((x) => x.source));
    return sources.size ? joined([...sources].map((s) => this.where(s)), ' + ') : this.where('assumed');
  }

  /** Whether `unit` has nothing to say about a value: no text, and no integer the table does not know (most values). */
  private knownUnit(value: unknown): boolean {
    return typeof value !== 'string' && (!isInt(value) || this.table.unitByCode(value) !== undefined);
  }

  declaredUnit(du: unknown, base: JsonPath): void {
    if (!isObj(du)) return;
    if (!this.knownUnit(du.declaredUnit)) this.unit(du.declaredUnit, [...base, 'declaredUnit'], 'declaredUnit');
    if (du.massUnit !== undefined) {
      const unit = isInt(du.massUnit) ? this.table.unitByCode(du.massUnit) : undefined;
      if (unit?.dimension !== 'mass') this.massUnit(du.massUnit, [...base, 'massUnit']);
    }
  }

  // A path and a message are built only for a finding: a 10,000-material file has 180,000 module statuses to look at.
  material(m: unknown, base: JsonPath): void {
    if (!isObj(m)) return;
    if (isObj(m.declaredUnit)) this.declaredUnit(m.declaredUnit, [...base, 'declaredUnit']);
    const t = this.table;
    if (isObj(m.epdInfo)) {
      const type = m.epdInfo.epdProductIndustryType;
      if (isInt(type) && !t.epdTypeByCode(type)) this.label(type, [...base, 'epdInfo', 'epdProductIndustryType'], 'epdProductIndustryType', msg('an EPD type'), t.epdTypes, t.epdTypeByCode);
    }
    const results = m.lciaResults;
    if (Array.isArray(results)) {
      for (let i = 0; i < results.length; i++) {
        const r: unknown = results[i];
        if (!isObj(r)) continue;
        const status = r.moduleStatusEnum;
        if (isInt(status) && !t.moduleStatusByCode(status)) this.label(status, [...base, 'lciaResults', i, 'moduleStatusEnum'], 'moduleStatusEnum', msg('a module status'), t.moduleStatus, t.moduleStatusByCode);
      }
    }
  }

  construction(c: unknown): void {
    if (!isObj(c)) return;
    this.declaredUnit(c.declaredUnit, ['declaredUnit']);
    if (!Array.isArray(c.constructionEpds)) return;
    c.constructionEpds.forEach((e, i) => {
      if (!isObj(e) || !isObj(e.constructionUnit)) return;
      this.unit(e.constructionUnit.unit, ['constructionEpds', i, 'constructionUnit', 'unit'], 'unit');
      this.unit(e.constructionUnit.shownUnit, ['constructionEpds', i, 'constructionUnit', 'shownUnit'], 'shownUnit');
    });
  }
}

/** Warnings for codes the active table does not know, or knows as another kind. */
export function checkCodes(kind: DocumentKind, value: unknown, table: CodeTable, out: RuleFinding[]): void {
  const checker = new CodeChecker(table, out);
  if (kind === 'materials') {
    if (Array.isArray(value)) value.forEach((m, i) => checker.material(m, [i]));
  } else if (kind === 'material') checker.material(value, []);
  else checker.construction(value);
}
