// EN 15804 variants as materials carry them: `epdInfo.epdSpecificationForm` and the units of the indicators whose
// unit differs between EN 15804+A1 and +A2 (same indicator name, another characterisation). No vscode.
import type { IndicatorName } from '../schemas/types';

/**
 * `epdInfo.epdSpecificationForm` codes. The service does not publish its codes; this project's choice
 * (docs/service-decisions.md, "EPD import"): 0 = not stated, 1 = EN 15804+A1, 2 = EN 15804+A2.
 */
export const EPD_SPECIFICATION_FORM = { UNKNOWN: 0, A1: 1, A2: 2 } as const;

/**
 * Units of EN 15804+A1 indicators where they differ from the +A2 unit of the same name: A1's acidification is
 * kg SO2 eq (A2: mol H+ eq) and its photochemical ozone creation kg C2H4 eq (A2: kg NMVOC eq). A1's eutrophication
 * (kg PO4 eq) has no indicator in the service at all and is left out by every importer.
 */
export const A1_UNITS: Readonly<Partial<Record<IndicatorName, string>>> = {
  AP: 'kg SO2 eq',
  POCP: 'kg C2H4 eq',
};

/** The unit an indicator is stored with for an EPD of the given specification form; `unit` is the code table's. */
export function indicatorUnit(name: IndicatorName, form: number | undefined, unit: string): string {
  if (form === EPD_SPECIFICATION_FORM.A1) {
    const a1 = A1_UNITS[name];
    if (a1) return a1;
  }
  return unit;
}
