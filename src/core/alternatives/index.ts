// Alternatives: lower-carbon candidates of a material or a construction's component (rank.ts) with their figures
// (figures.ts, construction.ts), their effect on a building (building.ts), the editor's Find Lower-Carbon
// Alternatives… in a project (project.ts) and the dashboard's What if… (whatIf.ts). The editor loads this folder as
// its own bundle on first use (dist/alternatives.js); the tools for agents call it too.
export * from './rank';
export * from './figures';
export * from './construction';
export * from './building';
export * from './project';
export * from './whatIf';
// The workspace and its materials, which these read (the editor's What if… and alternatives, the tools for agents):
// one copy, in this bundle.
export { confine, diskWorkspace, InputError, MaterialIndex, resolveInWorkspace, shownPath, workspaceMaterials } from '../workspace';
// The impact breakdown's page, whose every component links to Find Lower-Carbon Alternatives… (needed only once a
// breakdown is opened).
export { breakdownHtml, type BreakdownHtmlOptions } from '../preview/breakdownHtml';
export * from './whatWouldPass';
// The material families (core/families.ts), for the editor's hovers and Library tooltips: loaded with this bundle, not
// at activation.
export { familyCheck, familyLabel, familyOf, familyWords, type FamilyId, type FamilyOf } from '../families';
