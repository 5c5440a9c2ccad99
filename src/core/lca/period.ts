// The reference study period when nothing says another: BR18's 50 years (BR18 §297; ../shared/docs/lca-method.md).
// The one default of every surface — the preview's setting, a project without a considerationPeriod, the tools.
export const DEFAULT_PERIOD_YEARS = 50;
