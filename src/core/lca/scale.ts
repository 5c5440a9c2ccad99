// Scaling EPD results to a quantity and aggregating a construction's results from its components (lca-method §4).
import type { Msg } from '../l10n';
import { MODULES, MODULE_STATUS_CALCULATED } from '../codes';
import type { CodeTable } from '../codeTable';
import { toDeclaredUnits, type ComponentQuantity } from '../units';
import type { EpdData, IndicatorResult, ModuleResult } from './types';

/** Value of one indicator in one module per EPD result set; 0 when the EPD does not declare it. */
export function indicatorValue(results: readonly ModuleResult[], module: number, type: number): number {
  for (const r of results) {
    if (r.moduleTypeEnum !== module) continue;
    for (const i of r.indicators) if (i.type === type) return i.value;
  }
  return 0;
}

/** Per-module values of one indicator, indexed by module code (0–17, and any higher code the results have). */
export function indicatorByModule(results: readonly ModuleResult[], type: number): Float64Array {
  let length = MODULES.length;
  for (const r of results) if (r.moduleTypeEnum >= length) length = r.moduleTypeEnum + 1;
  const out = new Float64Array(length);
  for (const r of results) {
    if (r.moduleTypeEnum < 0 || r.moduleTypeEnum >= out.length) continue;
    for (const i of r.indicators) if (i.type === type) out[r.moduleTypeEnum] += i.value;
  }
  return out;
}

/** All results multiplied by `factor` (an amount in EPD result sets). */
export function scaleResults(results: readonly ModuleResult[], factor: number): ModuleResult[] {
  return results.map((r) => ({
    moduleTypeEnum: r.moduleTypeEnum,
    moduleStatusEnum: r.moduleStatusEnum,
    indicators: r.indicators.map((i) => ({ ...i, value: i.value * factor })),
  }));
}

export interface ComponentProblem {
  index: number;
  reason: Msg;
}

export type ConstructionResults =
  | {
      ok: true;
      lciaResults: ModuleResult[];
      factors: number[];
      /** With `tolerateUnknownCodes`: components left out because a unit code is unknown (factor 0), and why. */
      notComputed: ComponentProblem[];
    }
  | { ok: false; problems: ComponentProblem[] };

export interface AggregateOptions {
  /** The code table of the environment: units, indicator names and the modules listed are read from it. */
  codes: Pick<CodeTable, 'unitByCode' | 'indicatorByType' | 'modules'>;
  /** A component whose unit code is unknown is left out (listed in `notComputed`) instead of failing the whole. */
  tolerateUnknownCodes?: boolean;
}

/**
 * A construction's LCIA per module and indicator: Σ over components of `q_decl,i · EPD_i[module][indicator]`.
 * Every module of the table appears once; a module is "calculated" (2) when some component declares it.
 */
export function aggregateConstruction(
  components: readonly { epd: Pick<EpdData, 'declaredUnit' | 'lciaResults'>; quantity: ComponentQuantity }[],
  opts: AggregateOptions,
): ConstructionResults {
  const problems: ComponentProblem[] = [];
  const notComputed: ComponentProblem[] = [];
  const factors: number[] = [];
  components.forEach((c, index) => {
    const conv = toDeclaredUnits(c.quantity, c.epd.declaredUnit, opts.codes);
    if (conv.ok) factors.push(conv.declaredUnits);
    else if (conv.missing === 'unknown-code' && opts.tolerateUnknownCodes) {
      factors.push(0);
      notComputed.push({ index, reason: conv.reason });
    } else problems.push({ index, reason: conv.reason });
  });
  if (problems.length) return { ok: false, problems };

  const sums = new Map<number, Map<number, IndicatorResult>>();
  const declared = new Set<number>();
  components.forEach((c, idx) => {
    if (notComputed.some((n) => n.index === idx)) return;
    for (const r of c.epd.lciaResults) {
      if (r.indicators.length) declared.add(r.moduleTypeEnum);
      let byType = sums.get(r.moduleTypeEnum);
      if (!byType) sums.set(r.moduleTypeEnum, (byType = new Map()));
      for (const i of r.indicators) {
        const prev = byType.get(i.type);
        const value = i.value * factors[idx];
        if (prev) prev.value += value;
        else {
          const name = opts.codes.indicatorByType(i.type)?.name ?? i.originalIdentifier ?? String(i.type);
          byType.set(i.type, { type: i.type, unit: i.unit, value, originalIdentifier: name });
        }
      }
    }
  });
  const lciaResults = opts.codes.modules.map((m) => ({
    moduleTypeEnum: m.code,
    moduleStatusEnum: declared.has(m.code) ? MODULE_STATUS_CALCULATED : 0,
    indicators: [...(sums.get(m.code)?.values() ?? [])].sort((a, b) => a.type - b.type),
  }));
  return { ok: true, lciaResults, factors, notComputed };
}
