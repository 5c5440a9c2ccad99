// The dashboard page draws the BR18 answer the extension sends and judges nothing itself: neither its sources nor
// anything they import at run time reach the rule table (core/lca/br18Table.ts, read by br18Rules.ts) or the code table
// (core/codeTable.ts).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

const WEBVIEW = path.join(REPO_ROOT, 'src', 'webview', 'dashboard');
const ENGINE = ['src/core/lca/br18Rules.ts', 'src/core/lca/br18Table.ts', 'src/core/lca/br18Override.ts', 'src/core/codeTable.ts', 'src/core/dashboard/br18View.ts'];

describe('dashboard webview: no BR18 engine in the page', function () {
  this.timeout(60000);

  it('no source of the page names the rule table or the code table, not even for a type', () => {
    const offending: string[] = [];
    for (const file of fs.readdirSync(WEBVIEW).filter((f) => f.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(WEBVIEW, file), 'utf8');
      for (const m of text.matchAll(/from\s+'([^']+)'/g)) {
        if (/(?:^|\/)(?:lca\/br18(?:Rules|Table|Override)|codeTable)$/.test(m[1])) offending.push(`${file}: ${m[1]}`);
      }
      if (/\b(BR18_RULES|ASSUMED_CODES|br18Verdict|br18DashboardView|codeTableOf)\b/.test(text)) offending.push(`${file}: names the engine`);
    }
    assert.deepStrictEqual(offending, []);
  });

  it('the bundle of the page holds no module of the engine (imports followed through core)', async () => {
    // Loaded at run time: esbuild finds its binary relative to its own package, so it cannot be bundled.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const esbuild = require(path.join(REPO_ROOT, 'node_modules', 'esbuild')) as typeof import('esbuild');
    const result = await esbuild.build({
      entryPoints: [path.join(WEBVIEW, 'main.ts')],
      absWorkingDir: REPO_ROOT,
      bundle: true,
      write: false,
      metafile: true,
      format: 'iife',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((f) => f.split(path.sep).join('/'));
    assert.ok(inputs.includes('src/webview/dashboard/view.ts'), inputs.join('\n'));
    assert.deepStrictEqual(inputs.filter((f) => ENGINE.includes(f)), [], 'engine modules in the page');
  });
});
