// Builds every output of the project with esbuild:
//   dist/extension.js   the extension (Node, CommonJS, `vscode` external)
//   dist/service.js     the local LCA service's command-line entry (Node); the extension runs it as a child process
//   dist/validation.js  ajv + the schemas (src/core/schemas/validation.ts): the extension requires it on first use
//   dist/import.js      the EPD importers (src/core/import/all.ts): required on the first import
//   dist/report.js      the bulk-create and push reports (src/core/bulk/report.ts): required when a run ends
//   dist/templates.js   new-file templates and create bodies (src/core/templates): required on the first new file,
//                       pull or push
//   media/dist/*.js     webview bundles (browser), one per folder in src/webview/ with a main.ts
//   media/dist/*.css    webview stylesheets: src/webview/<name>/<name>.css, bundled next to <name>.js (the
//                       webviews' localResourceRoots are media/dist only, so everything they load must be there)
//   out/test/**         test files (with --tests), each bundled on its own
// Flags: --production (minify, no source maps), --watch, --tests.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const root = __dirname;

function listFiles(dir, predicate) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  const found = [];
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(rel, predicate));
    else if (predicate(rel)) found.push(rel);
  }
  return found;
}

/** Reports build errors in the `file:line:col: error: text` form VS Code's problem matchers read. */
const problemReporter = {
  name: 'problem-reporter',
  setup(build) {
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
    });
  },
};

const commonFor = (production) => ({
  bundle: true,
  logLevel: 'warning',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  plugins: [problemReporter],
  mainFields: ['module', 'main'],
});

/**
 * Modules the extension requires only on first use, each built as its own bundle in dist/. The importing file's
 * `require`/`import` of `module` stays a runtime require of `./<name>.js`, so activation loads none of them:
 *   validation  ajv + the schemas (src/core/schemas/index.ts requires './validation')
 *   import      the EPD importers (src/extension/import/importers.ts)
 *   templates   new-file templates and create bodies (src/extension/library/templates.ts)
 *   report      the bulk-create and push reports (src/extension/bulk/reports.ts)
 * `lazyValidation` marks the bundles that reach the validators themselves.
 */
const LAZY_BUNDLES = [
  { name: 'validation', entry: 'src/core/schemas/validation.ts', filter: /^\.\/validation$/, importer: ['src', 'core', 'schemas', 'index.ts'], lazyValidation: false },
  { name: 'import', entry: 'src/core/import/all.ts', filter: /core\/import\/all$/, importer: ['src', 'extension', 'import', 'importers.ts'], lazyValidation: true },
  { name: 'templates', entry: 'src/core/templates/index.ts', filter: /core\/templates$/, importer: ['src', 'extension', 'library', 'templates.ts'], lazyValidation: true },
  { name: 'report', entry: 'src/core/bulk/report.ts', filter: /core\/bulk\/report$/, importer: ['src', 'extension', 'bulk', 'reports.ts'], lazyValidation: false },
];

/** The esbuild plugin that leaves one lazy bundle's module out of its importer's bundle. */
function lazyPlugin({ name, filter, importer }) {
  const from = path.join(...importer);
  return {
    name: `lazy-${name}`,
    setup(build) {
      build.onResolve({ filter }, (args) => (args.importer.endsWith(from) ? { path: `./${name}.js`, external: true } : undefined));
    },
  };
}
const lazyValidation = lazyPlugin(LAZY_BUNDLES[0]);

/** Every build; `production` minifies without source maps (tests read the extension's production build from here). */
function configs({ production = false, tests = false } = {}) {
  const common = commonFor(production);
  const list = [
    {
      ...common,
      entryPoints: { extension: 'src/extension/extension.ts' },
      outdir: 'dist',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      plugins: [...common.plugins, ...LAZY_BUNDLES.map(lazyPlugin)],
    },
    ...LAZY_BUNDLES.map((b) => ({
      ...common,
      entryPoints: { [b.name]: b.entry },
      outdir: 'dist',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      ...(b.lazyValidation ? { plugins: [...common.plugins, lazyValidation] } : {}),
    })),
    {
      ...common,
      entryPoints: { service: 'src/service/main.ts' },
      outdir: 'dist',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
    },
  ];
  const webviews = listFiles('src/webview', (f) => path.basename(f) === 'main.ts');
  if (webviews.length) {
    const entryPoints = {};
    for (const f of webviews) entryPoints[path.basename(path.dirname(f))] = f;
    list.push({
      ...common,
      entryPoints,
      outdir: 'media/dist',
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
      loader: { '.css': 'text' },
    });
  }
  const styles = {};
  for (const f of webviews) {
    const name = path.basename(path.dirname(f));
    const css = path.join(path.dirname(f), `${name}.css`);
    if (fs.existsSync(path.join(root, css))) styles[name] = css;
  }
  if (Object.keys(styles).length) {
    list.push({ ...common, entryPoints: styles, outdir: 'media/dist', loader: { '.css': 'css' } });
  }
  if (tests) {
    const testEntries = listFiles('test', (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.includes(`${path.sep}fixtures${path.sep}`) && !f.includes(`${path.sep}support${path.sep}`));
    list.push({
      ...common,
      sourcemap: 'inline',
      minify: false,
      entryPoints: testEntries,
      outbase: '.',
      outdir: 'out',
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron'],
    });
  }
  return list.filter((c) => Object.values(c.entryPoints).every((e) => fs.existsSync(path.join(root, e))));
}

async function main() {
  const list = configs({ production, tests });
  if (watch) {
    for (const c of list) {
      const ctx = await esbuild.context(c);
      await ctx.watch();
    }
    console.log('[watch] build started; watching for changes');
    return;
  }
  // Test bundles are built from scratch: a test moved or deleted must not keep running from an old build.
  if (tests) fs.rmSync(path.join(root, 'out'), { recursive: true, force: true });
  await Promise.all(list.map((c) => esbuild.build(c)));
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}

module.exports = { configs };
