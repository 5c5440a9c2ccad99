// `npm run l10n`: collects every text a user reads from the sources and writes l10n/bundle.l10n.json; also keeps
// l10n/bundle.l10n.da.json sorted, one entry per line (so two branches' additions merge by union), and writes the
// Danish Get Started walkthrough of package.json from the English one and package.nls.da.json.
// `npm run l10n -- --check` (and the unit test test/unit/l10n/bundle.test.ts) lists what lacks a Danish entry.
//
// @vscode/l10n-dev finds `l10n.t(` only where `l10n` is imported from 'vscode' or '@vscode/l10n'; our calls go
// through src/extension/l10n.ts and core's `msg(`, so this reads the sources with the TypeScript compiler API:
// the first argument of every `l10n.t(…)`, `vscode.l10n.t(…)` and `msg(…)` call, which must be a string literal.
const fs = require('fs');
const path = require('path');
const { repoRoot } = require('./lib/repo');

const BUNDLE = path.join('l10n', 'bundle.l10n.json');
const DANISH = path.join('l10n', 'bundle.l10n.da.json');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')).map((f) => path.join(dir, f)).sort();
}

/** Whether a call's callee is `l10n.t`, `<anything>.l10n.t` or `msg`. */
function isTextCall(ts, callee) {
  if (ts.isIdentifier(callee)) return callee.text === 'msg';
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 't') return false;
  const owner = callee.expression;
  return (ts.isIdentifier(owner) && owner.text === 'l10n') || (ts.isPropertyAccessExpression(owner) && owner.name.text === 'l10n');
}

/**
 * Every template in `src/` of `root`: `strings` maps each to where it is used ("src/…:line"); `problems` lists calls
 * whose first argument is not a string literal (the extractor cannot see what they say).
 */
function collect(root = repoRoot()) {
  const ts = require('typescript');
  const strings = new Map();
  const problems = [];
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\bl10n\.t\s*\(|\bmsg\s*\(/.test(text)) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && isTextCall(ts, node.expression)) {
        const where = `${rel}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
        const first = node.arguments[0];
        if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
          const at = strings.get(first.text) ?? [];
          at.push(where);
          strings.set(first.text, at);
        } else {
          problems.push(`${where}: ${node.expression.getText(source)}( needs a string literal as its first argument, not \`${first ? first.getText(source) : ''}\``);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { strings, problems };
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function sortedObject(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** JSON text with sorted keys, one `"key": "value"` entry per line. */
function bundleText(obj) {
  return `${JSON.stringify(sortedObject(obj), null, 2)}\n`;
}

/** The `%key%` references in package.json (titles, names, descriptions…). */
function manifestKeys(pkg) {
  const keys = new Set();
  const walk = (v) => {
    if (typeof v === 'string') {
      const m = /^%([^%\s]+)%$/.exec(v);
      if (m) keys.add(m[1]);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(pkg);
  return keys;
}

const placeholders = (s) => [...new Set(s.match(/\{\d+\}/g) ?? [])].sort().join(' ');

/**
 * Everything that keeps the Danish text from being complete, as readable lines (empty = complete):
 * templates without a Danish entry, Danish entries without a template, placeholders that differ, `%key%`s
 * without an entry in package.nls.json or package.nls.da.json, and entries no `%key%` uses.
 */
function check(root = repoRoot()) {
  const { strings, problems } = collect(root);
  const out = [];
  const list = (title, items) => {
    if (items.length) out.push(`${title} (${items.length}):`, ...items.map((i) => `  ${i}`));
  };
  list('l10n.t/msg calls the extractor cannot read', problems);
  const danish = readJson(path.join(root, DANISH));
  list(
    `${DANISH.split(path.sep).join('/')} has no entry for`,
    [...strings.keys()].filter((k) => typeof danish[k] !== 'string' || !danish[k].trim()).sort().map((k) => `${JSON.stringify(k)}  (${strings.get(k)[0]})`),
  );
  list(`${DANISH.split(path.sep).join('/')} has entries no source uses`, Object.keys(danish).filter((k) => !strings.has(k)).sort().map((k) => JSON.stringify(k)));
  list(
    'Danish entries whose {n} placeholders differ from the English',
    Object.keys(danish).filter((k) => strings.has(k) && placeholders(k) !== placeholders(String(danish[k]))).sort().map((k) => `${JSON.stringify(k)} → ${JSON.stringify(danish[k])}`),
  );
  if (bundleText(danish) !== fs.readFileSync(path.join(root, DANISH), 'utf8')) {
    out.push(`${DANISH.split(path.sep).join('/')} is not sorted with one entry per line: run \`npm run l10n\``);
  }
  const used = manifestKeys(readJson(path.join(root, 'package.json')));
  const nls = readJson(path.join(root, 'package.nls.json'));
  const nlsDa = readJson(path.join(root, 'package.nls.da.json'));
  list('package.json %key%s missing from package.nls.json', [...used].filter((k) => typeof nls[k] !== 'string').sort());
  list('package.json %key%s missing from package.nls.da.json', [...used].filter((k) => typeof nlsDa[k] !== 'string' || !nlsDa[k].trim()).sort());
  list('package.nls.json keys package.json does not use', Object.keys(nls).filter((k) => !used.has(k)).sort());
  list('package.nls.da.json keys package.json does not use', Object.keys(nlsDa).filter((k) => !used.has(k)).sort());
  const pkg = readJson(path.join(root, 'package.json'));
  const made = withDanishWalkthrough(pkg, nlsDa);
  if (made && JSON.stringify(made) !== JSON.stringify(pkg)) out.push(`package.json's Danish walkthrough (${DANISH_WALKTHROUGH}) is not the English one with package.nls.da.json's texts: run \`npm run l10n\``);
  return out;
}

// The Danish Get Started walkthrough. VS Code ships no Danish display language, so the manifest's own translation
// (package.nls.da.json) never shows under `lca.language: da`: the Danish walkthrough is a walkthrough of its own, shown
// by its `when` (the context key the extension sets to its language, src/extension/walkthrough/ids.ts). It is written
// here from the English one with package.nls.da.json's texts, so that the Danish texts stay in one place.
const WALKTHROUGH = 'lca.getStarted';
const DANISH_WALKTHROUGH = 'lca.getStarted.da';
const DANISH_WHEN = 'lca.uiLanguage == da || config.lca.language == da';

/** The Danish walkthrough made from the English one (its `%key%`s read in package.nls.da.json, its ids suffixed). */
function danishWalkthrough(pkg, nlsDa) {
  const english = (pkg.contributes.walkthroughs ?? []).find((w) => w.id === WALKTHROUGH);
  if (!english) return undefined;
  const text = (v) => (typeof v === 'string' ? v.replace(/^%([^%\s]+)%$/, (m, k) => (typeof nlsDa[k] === 'string' ? nlsDa[k] : m)) : v);
  const deep = (v) => (Array.isArray(v) ? v.map(deep) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)])) : text(v));
  const { id: _id, when: _when, steps, ...rest } = english;
  return {
    id: DANISH_WALKTHROUGH,
    ...deep(rest),
    when: DANISH_WHEN,
    steps: steps.map((step) => ({ ...deep(step), id: step.id.replace(WALKTHROUGH, DANISH_WALKTHROUGH) })),
  };
}

/** package.json with its Danish walkthrough made again from the English one; undefined when it has no walkthrough. */
function withDanishWalkthrough(pkg, nlsDa) {
  const danish = danishWalkthrough(pkg, nlsDa);
  if (!danish) return undefined;
  const others = pkg.contributes.walkthroughs.filter((w) => w.id !== DANISH_WALKTHROUGH);
  const at = others.findIndex((w) => w.id === WALKTHROUGH) + 1;
  return { ...pkg, contributes: { ...pkg.contributes, walkthroughs: [...others.slice(0, at), danish, ...others.slice(at)] } };
}

/** Writes the English bundle and re-sorts the Danish one; returns the English bundle's entry count. */
function write(root = repoRoot()) {
  const { strings } = collect(root);
  const english = {};
  for (const k of strings.keys()) english[k] = k;
  fs.mkdirSync(path.join(root, 'l10n'), { recursive: true });
  fs.writeFileSync(path.join(root, BUNDLE), bundleText(english));
  const danishPath = path.join(root, DANISH);
  const danish = fs.existsSync(danishPath) ? readJson(danishPath) : {};
  fs.writeFileSync(danishPath, bundleText(danish));
  const manifest = path.join(root, 'package.json');
  const nlsDa = path.join(root, 'package.nls.da.json');
  const pkg = fs.existsSync(manifest) && fs.existsSync(nlsDa) ? withDanishWalkthrough(readJson(manifest), readJson(nlsDa)) : undefined;
  if (pkg) fs.writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
  return strings.size;
}

module.exports = { collect, check, write, bundleText, manifestKeys, danishWalkthrough };

if (require.main === module) {
  try {
    if (!process.argv.includes('--check')) console.log(`wrote ${BUNDLE} (${write()} texts), sorted ${DANISH}`);
    const problems = check();
    if (problems.length) {
      console.error(problems.join('\n'));
      if (process.argv.includes('--check')) process.exitCode = 1;
    } else console.log('every text has a Danish entry');
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  }
}
