// The alternatives' core (dist/alternatives.js: Find Lower-Carbon Alternatives…, What if…, the workspace's materials),
// loaded on first use, not at activation. A require, which the bundler turns into that of dist/alternatives.js: the
// extension runs from a code-cached script where a dynamic import() has no loader.
type Alternatives = typeof import('../core/alternatives');
let alternatives: Alternatives | undefined;
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const loadAlternatives = (): Alternatives => (alternatives ??= require('../core/alternatives') as Alternatives);
