// The lazy bundles the extension loads on first use (esbuild.js LAZY_BUNDLES; the schemas' validation is loaded by
// core/schemas): `load<Name>()` gives dist/<name>.js's exports, required once (core/lazy.ts). None is loaded at
// activation.
import { lazy } from '../core/lazy';

/** Find Lower-Carbon Alternatives…, What if…, what would make a building pass. */
export const loadAlternatives = lazy(() => require('../core/alternatives') as typeof import('../core/alternatives'));
/** The semantic checks of material and construction files (the analyses of open files, a push's check). */
export const loadRules = lazy(() => require('../core/rules') as typeof import('../core/rules'));
/** The workspace's files and materials as the tools read them, with the one confinement and `InputError`. */
export const loadWorkspace = lazy(() => require('../core/workspace') as typeof import('../core/workspace'));
/** The material families (hovers, the Library's tooltips). */
export const loadFamilies = lazy(() => require('../core/families') as typeof import('../core/families'));
/** The construction preview's figures, the hovers' and completions' texts and the impact breakdown page. */
export const loadPreview = lazy(() => require('../core/preview') as typeof import('../core/preview'));
/** The tools for agents. */
export const loadTools = lazy(() => require('../core/tools') as typeof import('../core/tools'));
/** The EPD importers with their XML, ZIP, CSV and XLSX readers. */
export const loadImport = lazy(() => require('../core/import/all') as typeof import('../core/import/all'));
/** The BR18 documentation workbook and the check before submission. */
export const loadBr18Export = lazy(() => require('../core/export/br18') as typeof import('../core/export/br18'));
/** The LCAbyg component file and the LCAx project. */
export const loadExchangeExport = lazy(() => require('../core/export/exchange') as typeof import('../core/export/exchange'));
/** Two states side by side: constructions, commits, projects and pinned baselines. */
export const loadCompare = lazy(() => require('../core/compare') as typeof import('../core/compare'));
/** The dashboard's CSV, JSON and picture exporters. */
export const loadDashboardExport = lazy(() => require('../core/export/dashboard') as typeof import('../core/export/dashboard'));
/** The bulk create's check of a file, its job and the sidecar recorder. */
export const loadBulk = lazy(() => require('../core/bulk/run') as typeof import('../core/bulk/run'));
