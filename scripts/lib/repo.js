// Locates the repository root, also from code bundled into out/test/** (where __dirname is elsewhere).
const fs = require('fs');
const path = require('path');

let cached;

function repoRoot() {
  if (cached) return cached;
  for (const start of [__dirname, process.cwd()]) {
    let dir = path.resolve(start);
    for (;;) {
      const pkg = path.join(dir, 'package.json');
      if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'lca-workbench') return (cached = dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error('Cannot find the lca-workbench repository root');
}

module.exports = { repoRoot };
