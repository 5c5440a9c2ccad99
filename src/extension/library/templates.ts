// The file templates and create bodies (src/core/templates), loaded on the first new file, pull or push: in the
// extension bundle they are their own file, dist/templates.js (esbuild.js), so that activation does not load them.
type Templates = typeof import('../../core/templates');
let loaded: Templates | undefined;

export function templates(): Templates {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('../../core/templates') as Templates;
  return loaded;
}
