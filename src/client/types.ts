// The service's wire types live in src/core/api/types.ts (the core uses them too); re-exported here so that callers
// import everything service-related from the client.
export * from '../core/api/types';
