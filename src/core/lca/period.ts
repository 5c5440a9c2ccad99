// The reference study period when nothing says another: BR18's 50 years (BR18 §297; ../shared/docs/lca-method.md).
// The one default of every surface — the preview's setting, a project without a considerationPeriod, the tools.
export const DEFAULT_PERIOD_YEARS = 50;

/**
 * A project's `calculationType.considerationPeriod` as every surface reads it (`projectFacts`, the project file beside a
 * construction): a whole number of years from 1 to 1000; anything else counts as not given.
 */
export function statedPeriod(years: unknown): number | undefined {
  return typeof years === 'number' && Number.isInteger(years) && years >= 1 && years <= 1000 ? years : undefined;
}
