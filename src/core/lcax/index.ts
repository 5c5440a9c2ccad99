// The LCAx EPD converter used by `lca.importLcax`. The conversion lives in src/core/import/lcax.ts (every LCAx version,
// projects too, conversions chosen by their unit); this module keeps the single-EPD entry points.
export { LcaxImportError, materialFromLcaxEpd, materialFromLcaxText } from '../import/lcax';
export type { LcaxConversion } from '../import/lcax';
