// Core and client produce data, the editor layer makes sentences: no string in src/core or src/client reads like
// English prose a user would see, unless it is a `msg('…')` template (which the editor layer translates). Log lines,
// ids, wire values and the like are named in a short allow-list, each with its reason.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import type * as TS from 'typescript';
import { REPO_ROOT } from '../../fixtures/paths';

// Loaded at run time, not bundled: the compiler is large and only this test reads sources with it.
const ts = createRequire(path.join(REPO_ROOT, 'package.json'))('typescript') as typeof TS;

/** Three words in a row, the second and third lower-case: "is not known", "Could not reach" — not ids, codes or units. */
const PROSE = /[A-Za-z][a-z'’]*[ ,;:]+[a-z][a-z'’]*[ ,;:]+[a-z][a-z'’]+/;

/** Calls whose string arguments are not for users: log and debug output, test hooks. */
const LOG_CALLEE = /(^|\.)(debug|info|warn|error|trace|log)$|^console\./;

interface Allowed {
  /** Path under the repository, or a folder ending in '/'. */
  file: string;
  /** The text starts with this ('' = every such string in the file). */
  startsWith: string;
  why: string;
}

const ALLOWED: readonly Allowed[] = [
  { file: 'src/core/codes.ts', startsWith: '', why: "the service's enumeration values (PROJECT_ENUMS, branch names) are wire data, sent and compared as they are" },
  { file: 'src/core/lca/br18Table.ts', startsWith: 'Conservatories and glazed balconies', why: "a referenced-area name the 2025 rules add: wire data, like the service's regerencedAreaTypeEnum names" },
  { file: 'src/core/schemas/validation.ts', startsWith: 'schema ', why: 'a programming error (a schema kind without a file), never a user input' },
  { file: 'src/core/bulk/items.ts', startsWith: 'bulkItemsOf: ', why: 'a programming error (callers check the file first), never a user input' },
  { file: 'src/core/rules/incremental.ts', startsWith: '', why: 'why a bulk file was checked in full, for the log and the benchmarks' },
  { file: 'src/core/bulk/sidecar.ts', startsWith: 'Written by LCA Workbench', why: 'a fixed note inside a machine-read JSON file, like its keys' },
  { file: 'src/core/import/ilcd/tables.ts', startsWith: '', why: 'ILCD/MatML names of indicators and properties as the data sets write them, matched and quoted as data' },
  { file: 'src/core/import/lcaxEpd.ts', startsWith: 'human toxicity', why: 'LCAx impact category names, quoted as data in a "left out" warning' },
  { file: 'src/core/import/lcaxProject.ts', startsWith: 'The project uses ', why: 'a construction description written into the imported file (file content, like a name)' },
  { file: 'src/core/tools/', startsWith: '', why: 'text for language models (tool descriptions, results and refusals an agent acts on), in English as the models read it; the tools\' display names are localised in package.nls' },
  { file: 'src/core/workspace/materials.ts', startsWith: '', why: 'text for language models (tool descriptions, results and refusals an agent acts on), in English as the models read it; the tools\' display names are localised in package.nls' },
  { file: 'src/core/workspace/confine.ts', startsWith: '', why: 'the tools\' refusals of a path outside the workspace, in English as the models read them (the editor\'s catalog only asks whether a path is confined, and shows no such text)' },
  { file: 'src/core/compare/html.ts', startsWith: '\nbody {', why: "the comparison page's style sheet (CSS, not prose)" },
  { file: 'src/core/preview/breakdownHtml.ts', startsWith: '\nbody {', why: "the impact breakdown page's style sheet (CSS, not prose)" },
  { file: 'src/core/import/columnMapping.ts', startsWith: '', why: 'the `$comment` inside the machine-read mapping file (file content, like its keys)' },
  { file: 'src/core/familyTable.ts', startsWith: '', why: 'the material family vocabulary: words of materials\' names in Danish, German and English, matched against names as data (docs/material-families.md), never shown as sentences' },
  { file: 'src/core/jobTable.ts', startsWith: '', why: 'the job vocabulary beside the family table: words of materials\' and constructions\' names in Danish, German and English, matched against names as data (docs/material-families.md), never shown as sentences' },
  { file: 'src/core/export/br18/workbook.ts', startsWith: '', why: "the BR Standard Format's Danish labels and headings (exact texts its readers match) and the service's referenced-area names: file content and wire data" },
];

interface Finding {
  where: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The call a literal is an argument of (through parentheses, conditionals, `??`, `+` and template parts). */
function enclosingCall(node: TS.Node): TS.CallExpression | TS.NewExpression | undefined {
  let child: TS.Node = node;
  let p: TS.Node | undefined = node.parent;
  while (p && (ts.isParenthesizedExpression(p) || ts.isConditionalExpression(p) || ts.isBinaryExpression(p) || ts.isTemplateSpan(p) || ts.isTemplateExpression(p) || ts.isAsExpression(p))) {
    child = p;
    p = p.parent;
  }
  if (p && (ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(child as TS.Expression)) return p;
  return undefined;
}

function isAllowedCall(call: TS.CallExpression | TS.NewExpression | undefined, node: TS.Node, source: TS.SourceFile): boolean {
  if (!call) return false;
  const callee = call.expression.getText(source);
  const first = call.arguments?.[0];
  if (callee === 'msg') return first !== undefined && isInside(node, first);
  return LOG_CALLEE.test(callee);
}

function isInside(node: TS.Node, container: TS.Node): boolean {
  for (let p: TS.Node | undefined = node; p; p = p.parent) if (p === container) return true;
  return false;
}

/** Strings that read as English prose, outside `msg('…')` templates, log calls and property names. */
export function proseIn(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding[] = [];
  const visit = (node: TS.Node): void => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    else if (ts.isTemplateExpression(node)) literal = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' {} ');
    if (literal !== undefined && PROSE.test(literal)) {
      const parent = node.parent;
      const isKey = (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
      const isImport = ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent);
      if (!isKey && !isImport && !isAllowedCall(enclosingCall(node), node, source)) {
        found.push({ where: `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`, text: literal });
      }
      if (ts.isTemplateExpression(node)) {
        // The spans' expressions may hold literals of their own.
        for (const span of node.templateSpans) visit(span.expression);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function allowed(f: Finding): boolean {
  const file = f.where.replace(/:\d+$/, '');
  return ALLOWED.some((a) => (a.file.endsWith('/') ? file.startsWith(a.file) : file === a.file) && f.text.startsWith(a.startsWith));
}

describe('l10n: core and client produce data, not English sentences', function () {
  this.timeout(60_000);

  it('has no English prose in src/core or src/client outside msg() templates, log lines and the allow-list', () => {
    const findings: Finding[] = [];
    for (const dir of ['src/core', 'src/client']) {
      for (const file of sourceFiles(path.join(REPO_ROOT, dir))) {
        const rel = path.relative(REPO_ROOT, file).split(path.sep).join('/');
        findings.push(...proseIn(rel, fs.readFileSync(file, 'utf8')).filter((f) => !allowed(f)));
      }
    }
    assert.deepStrictEqual(
      findings.map((f) => `${f.where}: ${JSON.stringify(f.text.slice(0, 90))}`),
      [],
      'return a Msg (msg(\'…\') with arguments) and let the editor layer phrase it',
    );
  });

  it('finds a sentence in a string, a template and a conditional, and leaves msg templates, logs, keys and ids alone', () => {
    const text = [
      "import { msg } from './l10n';",
      "const a = 'The service is not reachable';",
      'const b = `Component ${1} cannot be computed`;',
      "const c = ok ? 'fine' : 'the value is missing here';",
      "const d = msg('The file is not valid: {0}', 'the id is wrong');",
      "log.warn('could not write the sidecar file');",
      "const e = { 'Exterior fire escapes': 0.25 };",
      "const f = 'GWP_TOTAL';",
      "const g = 'kg CO2 eq';",
    ].join('\n');
    assert.deepStrictEqual(
      proseIn('x.ts', text).map((f) => f.where),
      ['x.ts:2', 'x.ts:3', 'x.ts:4', 'x.ts:5'],
      "only msg's first argument is a template: an English argument of msg is prose too",
    );
  });

  it('lists every allow-list entry that still matches something, so that none outlives its reason', () => {
    const unused = ALLOWED.filter((a) => {
      const base = path.join(REPO_ROOT, a.file);
      const files = a.file.endsWith('/') ? (fs.existsSync(base) ? sourceFiles(base) : []) : fs.existsSync(base) ? [base] : [];
      return !files.some((file) => {
        const rel = path.relative(REPO_ROOT, file).split(path.sep).join('/');
        return proseIn(rel, fs.readFileSync(file, 'utf8')).some((f) => f.text.startsWith(a.startsWith));
      });
    });
    assert.deepStrictEqual(unused.map((a) => a.file), []);
  });
});
