// The results of an ILCD+EPD process data set per module: its LCIA results and the EPD extension's resource and
// waste flows, by the UUIDs of their methods and flows (tables.ts), one value per module (the default scenario's),
// and the standard (EN 15804+A1 or +A2) they tell.
import type { IndicatorName } from '../../schemas/types';
import { joined, msg, type Msg } from '../../l10n';
import type { DraftValue } from '../builder';
import { FieldError } from '../texts';
import { INDICATOR_FLOWS, LCIA_METHODS, type Standard } from './tables';
import { attr, child, list, multiLang, number, preferred, text, type Node } from './xml';

/** Written in place of a value when a module is not declared. */
const NOT_DECLARED = new Set(['', 'nd', 'mnd', 'mna', 'mnr', 'na', 'n/a', '-', '–', 'x']);

interface Amount {
  module: string;
  scenario?: string;
  text: string;
}

function amountsOf(node: unknown): Amount[] {
  return list(child(node, 'other', 'amount')).map((a) => ({
    module: attr(a, 'module') ?? '',
    scenario: attr(a, 'scenario'),
    text: text(a) ?? '',
  }));
}

export function resultsOf(doc: Node, warnings: Msg[]): { values: DraftValue[]; standard?: Standard } {
  const values: DraftValue[] = [];
  const standards = new Set<Standard>();
  const leftOut = new Set<string>();
  const unknown: string[] = [];
  const scenarioNotes = new Map<string, Msg>();
  const defaultScenario = scenarioDefault(doc);

  const add = (indicator: IndicatorName, label: string, amounts: Amount[], field: string, unit?: string) => {
    // One value per module: the default scenario's where a module has several.
    const perModule = new Map<string, Amount[]>();
    for (const a of amounts) {
      const key = a.module.toUpperCase().replace(/\s+/g, '');
      perModule.set(key, [...(perModule.get(key) ?? []), a]);
    }
    for (const [module, list] of perModule) {
      let chosen = list[0];
      if (list.length > 1) {
        chosen = list.find((a) => a.scenario && a.scenario === defaultScenario) ?? list.find((a) => !a.scenario) ?? list[0];
        const others = list.filter((a) => a !== chosen).map((a) => `"${a.scenario ?? '(none)'}"`).join(', ');
        scenarioNotes.set(`${module}|${chosen.scenario}|${others}`, msg('{0}: scenario "{1}" taken, {2} left out', module, chosen.scenario ?? '(none)', others));
      }
      if (NOT_DECLARED.has(chosen.text.toLowerCase())) continue;
      const where = `${field}/amount[@module="${module}"]`;
      const value = number(chosen.text);
      if (value === undefined) throw new FieldError(where, msg('{0}: "{1}" is not a number', label, chosen.text));
      values.push({ indicator, module, value, unit, where });
    }
  };

  for (const r of list(child(doc, 'LCIAResults', 'LCIAResult'))) {
    const ref = child(r, 'referenceToLCIAMethodDataSet');
    const id = attr(ref, 'refObjectId')?.toLowerCase() ?? '';
    const label = preferred(multiLang(child(ref, 'shortDescription'))) ?? id;
    const method = LCIA_METHODS[id];
    const amounts = amountsOf(r);
    if (!method) {
      if (amounts.some((a) => !NOT_DECLARED.has(a.text.toLowerCase()))) unknown.push(`${label} (${id})`);
      continue;
    }
    standards.add(method.standard);
    if (!method.name) {
      if (amounts.some((a) => !NOT_DECLARED.has(a.text.toLowerCase()))) leftOut.add(method.label);
      continue;
    }
    add(method.name, method.label, amounts, `LCIAResults/LCIAResult[${method.label}]`, method.unit);
  }
  for (const e of list(child(doc, 'exchanges', 'exchange'))) {
    const id = attr(child(e, 'referenceToFlowDataSet'), 'refObjectId')?.toLowerCase() ?? '';
    const indicator = INDICATOR_FLOWS[id];
    if (!indicator) continue;
    add(indicator, indicator, amountsOf(e), `exchanges/exchange[${indicator}]`);
  }

  let standard: Standard | undefined;
  if (standards.size === 1) standard = [...standards][0];
  else if (standards.size === 2) {
    standard = 'A2';
    warnings.push(msg('The data set mixes EN 15804+A1 and +A2 indicators; marked +A2.'));
  }
  if (standard === 'A1') {
    warnings.push(msg('EN 15804+A1 EPD: epdSpecificationForm 1; GWP is stored as GWP_TOTAL; ODP, ADPE and ADPF under their names (same units); AP in kg SO2 eq and POCP in kg C2H4 eq (the +A1 units), not comparable with +A2 values.'));
  }
  if (leftOut.size) warnings.push(msg('Left out (the service has no such indicator): {0}.', [...leftOut].join(', ')));
  if (unknown.length) warnings.push(msg('Left out (unknown LCIA method): {0}.', unknown.join(', ')));
  if (scenarioNotes.size) warnings.push(msg('Several scenarios: {0}.', joined([...scenarioNotes.values()])));
  return { values, standard };
}

/** The scenario marked `epd:default="true"`, else the first one the data set lists. */
function scenarioDefault(doc: Node): string | undefined {
  const scenarios = list(child(doc, 'processInformation', 'dataSetInformation', 'other', 'scenarios', 'scenario'));
  const marked = scenarios.find((s) => attr(s, 'default') === 'true');
  return attr(marked ?? scenarios[0], 'name');
}
