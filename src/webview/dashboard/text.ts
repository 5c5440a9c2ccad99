// Words the page writes about its figures: the unit, the service's EPD type keys and the charts' titles.
import type { ChartId } from '../../core/dashboard/messages';
import type { Msg } from '../../core/l10n';
import * as l10n from './l10n';

/** The unit of the figures in words: "kg CO2e/m²/yr" (as the service names it) → "kg CO₂e/m²/yr", "kg CO₂e/m²/år" in Danish; other units per m² and year alike. */
export function unitText(unit: string): string {
  if (unit === 'kg CO2e/m²/yr') return l10n.t('kg CO₂e/m²/yr');
  const perYear = /^(.+)\/m²\/yr$/.exec(unit);
  return perYear ? l10n.t('{0}/m²/yr', perYear[1]) : unit;
}

/** The service's EPD type keys in words (other keys as they come). */
export function epdTypeText(name: string): string {
  if (name === 'Generic') return l10n.t('Generic');
  if (name === 'Industry') return l10n.t('Industry');
  if (name === 'Product') return l10n.t('Product');
  return name;
}

/** A chart's title in the current language. */
export function chartTitle(chart: ChartId): string {
  const titles: Record<ChartId, string> = {
    budget: l10n.t('Emission budget'),
    phases: l10n.t('Emission per phase'),
    models: l10n.t('Emission per model'),
    constructions: l10n.t('Emission per construction'),
    hotSpots: l10n.t('Hot spots'),
    epdTypes: l10n.t('EPD types'),
    mapping: l10n.t('Mapping status'),
    breakdown: l10n.t('Breakdown'),
  };
  return titles[chart];
}

/** Why there is no verdict, as a sentence of its own (a badge, a table cell): "Not a BR18 result: B6 excluded". */
export function reasonText(reason: Msg): string {
  const text = l10n.say(reason);
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
