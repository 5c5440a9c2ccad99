// Alternatives: lower-carbon candidates of a material or a construction's component (rank.ts) with their figures
// (core/lca/construction.ts, the one reading of a construction), their effect on a building (building.ts), the editor's Find Lower-Carbon
// Alternatives… in a project (project.ts), the dashboard's What if… (whatIf.ts) and what would make a building pass
// (whatWouldPass.ts), from one candidate set (sources.ts) judged in the parts of the lines (parts.ts). The editor
// loads this folder as its own bundle on first use (dist/alternatives.js); the tools for agents call it too. The workspace's materials they rank are the workspace's (core/workspace).
export * from './rank';
export * from './building';
export * from './project';
export * from './whatIf';
export * from './whatWouldPass';
export * from './sources';
export * from './parts';
export * from './buildUps';
