// Locates the repository root, also from code bundled into out/test/** (where __dirname is elsewhere).
const fs = require('fs');
const path = require('path');

let cached;

function repoRoot() {
  for (const start of [__dirname, process.cwd()]) {
    for (let dir = path.resolve(start); !cached; dir = path.dirname(dir)) {
      const pkg = path.join(dir, 'package.json');
      if (fs.existsSync(pkg) && JSON.parse(fs.readFileSync(pkg, 'utf8')).name === 'lca-workbench') cached = dir;
      else if (dir === path.dirname(dir)) break;
    }
  }
  if (!cached) throw new Error('Cannot find the lca-workbench repository root');
  return cached;
}

module.exports = { repoRoot };
