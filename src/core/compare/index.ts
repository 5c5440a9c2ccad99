// Comparing two states of a building or a construction (variants and versions): each side read as its dashboard or
// lens reads it (sides.ts), the difference line by line (diff.ts) and the pinned baseline (baseline.ts).
export * from './types';
export * from './sides';
export * from './diff';
export * from './baseline';
export * from './read';
export * from './html';
export * from './summary';
export * from './export';
