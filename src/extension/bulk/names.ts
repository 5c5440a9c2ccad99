// Command ids and fixed names of the bulk-create commands, shared by index.ts (which registers them) and the steps
// of a run that name a command (finishRun.ts, pushOutcome.ts).
export const BULK_CREATE_COMMAND = 'lca.bulkCreateMaterials';
export const RUN_AGAIN_COMMAND = 'lca.bulkCreateRunAgain';
export const PUSH_MATERIAL_COMMAND = 'lca.pushMaterial';
/** The scheme of the bulk-create report documents. */
export const REPORT_SCHEME = 'lca-bulk-report';
/** After Cancel, how long the request in flight may still answer (its ids are then recorded and counted as confirmed). */
export const CANCEL_GRACE_MS = 10_000;
