// Builds every output of the project with esbuild:
//   dist/extension.js       what VS Code loads: a loader that compiles dist/main.js with V8's code cache
//   dist/main.js            the extension (Node, CommonJS, `vscode` external): what activation loads
//   dist/service.js         the local LCA service's command-line entry (Node); the extension runs it as a child process
//   dist/mcp.js             the MCP server of the LCA tools (`node dist/mcp.js --workspace <folder>`), for MCP clients
//   dist/<lazy>.js          the big, pure modules the extension requires on first use (LAZY_BUNDLES below): ajv +
//                           the schemas, the EPD importers, the preview, the alternatives, the tools for agents, the
//                           BR18 export with its XLSX writer …
//   media/dist/*.js         webview bundles (browser), one per folder in src/webview/ with a main.ts
//   media/dist/*.css        webview stylesheets: src/webview/<name>/<name>.css, bundled next to <name>.js (the
//                           webviews' localResourceRoots are media/dist only, so everything they load must be there)
//   out/test/**             test files (with --tests), each bundled on its own
// Flags: --production (minify, no source maps), --watch, --tests.
const esbuild = require('esbuild');
const fs = require('fs');
const path = require('path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');
const root = __dirname;

/** Files under `dir` (relative to the repository, any depth) that `predicate` accepts. */
function listFiles(dir, predicate) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { recursive: true }).map((f) => path.join(dir, String(f))).filter((f) => predicate(f) && fs.statSync(path.join(root, f)).isFile());
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
 * The modules the extension loads on first use, each built as dist/<name>.js from a folder's barrel (or a single
 * module): only what is big and pure. A lazy bundle is a program of its own, so it holds functions that take
 * everything they need as arguments (the code table, the documents) and keep no state the rest reads. In a lazy
 * bundle every import of another's entry stays a runtime `require('./<name>.js')` (one copy of it: dist/tools.js
 * requires dist/workspace.js, so `InputError` is one class). In dist/main.js only a `require` of one stays so — a
 * `load<Name>()` of src/extension/bundles.ts (core/lazy.ts), called on first use — and activation loads none of their
 * code; a static import there is main.js's own copy of what activation needs (the documents' parser, the codes).
 */
const LAZY_BUNDLES = {
  validation: 'src/core/schemas/validation.ts', // ajv + the schemas (~175 KB): the first schema check
  import: 'src/core/import/all.ts', // the EPD importers, with their XML, ZIP, CSV and XLSX readers (~241 KB): the first import
  preview: 'src/core/preview/index.ts', // the construction preview's figures, the hovers' and completions' texts, the impact breakdown page: the first lens, hover or completion
  families: 'src/core/families.ts', // the material families' vocabulary: the first hover or Library tooltip of a material, import, alternative or tool call
  workspace: 'src/core/workspace/index.ts', // the workspace's files and materials, its confinement and InputError: the first tool call, alternative or What if…
  alternatives: 'src/core/alternatives/index.ts', // Find Lower-Carbon Alternatives…, What if…: the first use of either
  tools: 'src/core/tools/index.ts', // the tools for agents (search, checks of files not open, imports, exports): the first tool call
  br18Export: 'src/core/export/br18/index.ts', // the BR18 documentation workbook, its XLSX writer and the check before submission: the first export
  exchangeExport: 'src/core/export/exchange/index.ts', // the LCAbyg component file and the LCAx project of constructions: the first such export
  compare: 'src/core/compare/index.ts', // two states side by side (Compare LCA…, the baselines, lca_compare): the first comparison
  dashboardExport: 'src/core/export/dashboard.ts', // the dashboard's CSV, JSON and picture exporters: the first dashboard export
  rules: 'src/core/rules/index.ts', // the semantic checks of material and construction files and their fixes: the first file checked
  bulk: 'src/core/bulk/run.ts', // the bulk create's check of a file, its job and the sidecar recorder (the sidecar's reading and the report stay in main.js): the first check or push
  // What several lazy bundles above read: one copy among them (dist/main.js has its own of what activation needs).
  document: 'src/core/document/index.ts', // the documents' JSON parser, paths and edits
  codes: 'src/core/codes.ts', // the assumed table of LCA codes
  lcabygTabel7: 'src/core/lcabygTabel7.ts', // the Tabel 7 ↔ LCAbyg id map (the LCAbyg import and export)
};

const lazyByFile = new Map(Object.entries(LAZY_BUNDLES).map(([name, file]) => [path.join(root, file), name]));

/** Turns imports of a lazy module into runtime requires of its bundle; in dist/main.js only its requires (see LAZY_BUNDLES). */
const lazyModules = {
  name: 'lazy-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (build.initialOptions.entryPoints.main && args.kind !== 'require-call') return undefined;
      const target = path.resolve(args.resolveDir, args.path);
      for (const file of [target, `${target}.ts`, path.join(target, 'index.ts')]) {
        const name = lazyByFile.get(file);
        if (name) return { path: `./${name}.js`, external: true };
      }
      return undefined;
    });
  },
};

/**
 * One copy of the `vscode` API's properties for the whole bundle: `import * as vscode from 'vscode'` of an external
 * CommonJS module otherwise copies every property of the API object (hundreds) once per importing module — some
 * forty modules, measurable in activation time. All of them import this one re-export instead.
 */
const sharedVscode = {
  name: 'shared-vscode',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'lca-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'lca-vscode' }));
    build.onLoad({ filter: /.*/, namespace: 'lca-vscode' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** Every build; `production` minifies without source maps (tests read the extension's production build from here). */
function configs({ production = false, tests = false } = {}) {
  const common = commonFor(production);
  // Node reads every bundle as UTF-8: text such as "—" or "→" is kept as written, not escaped (\u2014 is 6 bytes, — is 3).
  const node = { ...common, outdir: 'dist', platform: 'node', format: 'cjs', target: 'node20', charset: 'utf8' };
  const list = [
    // What VS Code loads: the loader that compiles main.js with V8's code cache (src/extension/boot.ts).
    { ...node, entryPoints: { extension: 'src/extension/boot.ts' }, external: ['vscode'] },
    { ...node, entryPoints: { main: 'src/extension/extension.ts' }, plugins: [...common.plugins, lazyModules, sharedVscode] },
    ...Object.entries(LAZY_BUNDLES).map(([name, file]) => ({ ...node, entryPoints: { [name]: file }, plugins: [...common.plugins, lazyModules, sharedVscode] })),
    { ...node, entryPoints: { service: 'src/service/main.ts' } },
    { ...node, entryPoints: { mcp: 'src/mcp/main.ts' } },
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
      external: ['vscode', 'mocha', 'playwright-core', '@vscode/test-electron', 'typescript'],
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
  // A test file deleted or renamed in src must not live on as its old build (mocha would still run it).
  if (tests) fs.rmSync(path.join(root, 'out', 'test'), { recursive: true, force: true });
  // Nor a bundle that is no longer built (a lazy bundle folded back into main.js): `vsce package` ships all of dist/.
  const built = new Set(list.filter((c) => c.outdir === 'dist').flatMap((c) => Object.keys(c.entryPoints)));
  const distDir = path.join(root, 'dist');
  if (fs.existsSync(distDir)) {
    for (const f of fs.readdirSync(distDir)) {
      const m = /^(.+?)\.js(\.map)?$/.exec(f);
      if (m && !built.has(m[1])) fs.rmSync(path.join(distDir, f), { force: true });
    }
  }
  await Promise.all(list.map((c) => esbuild.build(c)));
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}

module.exports = { configs, LAZY_BUNDLES };
