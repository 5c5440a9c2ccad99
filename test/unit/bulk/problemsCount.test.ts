// Broken JSON in a *.materials.json: the refusal of Bulk Create says as many errors as Problems holds, in the same
// words at the same line:column. Problems holds two lists for an open file: VS Code's JSON language service's syntax
// errors (read here with that service, vscode-json-languageservice, as VS Code runs it for a *.json file) and the
// editor's analysis (the LCA errors of the incremental analysis the editor keeps of a bulk file).
import * as assert from 'assert';
import fc from 'fast-check';
import { createRequire } from 'module';
import type * as JsonLanguageService from 'vscode-json-languageservice';
import { planBulkCreate } from '../../../src/core/bulk';
import { syntaxProblems } from '../../../src/core/document';
import { format } from '../../../src/core/l10n';
import { analyze } from '../../../src/core/rules';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { CHECKS } from '../../fixtures/checks';

// Loaded by Node at run time: the package's "main" is a UMD build that esbuild cannot bundle.
const ls = createRequire(__filename)('vscode-json-languageservice') as typeof JsonLanguageService;
const service = ls.getLanguageService({});
const FILE = 'library.materials.json';

interface Said {
  offset: number;
  /** "line:column message", as Problems shows it. */
  said: string;
}

/** The errors VS Code's JSON language service shows for `text` in a *.json file, in text order. */
async function jsonErrors(text: string): Promise<Said[]> {
  const doc = ls.TextDocument.create(`file:///${FILE}`, 'json', 1, text);
  const found = await service.doValidation(doc, service.parseJSONDocument(doc), { comments: 'error', trailingCommas: 'error' });
  return found
    .filter((d) => d.severity === ls.DiagnosticSeverity.Error)
    .map((d) => ({ offset: doc.offsetAt(d.range.start), said: `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}` }))
    .sort((a, b) => a.offset - b.offset);
}

/** Problems' errors for `text` open in the editor: VS Code's JSON errors and the editor analysis' errors, in text order. */
async function problemsOf(text: string): Promise<string[]> {
  const analysis = analyze(text, { ...CHECKS, kind: 'materials', fileName: FILE, incremental: true });
  const at = (offset: number): string => {
    const before = text.slice(0, offset).split('\n');
    return `${before.length}:${before[before.length - 1].length + 1}`;
  };
  const lca = analysis.groups.flatMap((g) => g.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ offset: g.start + d.offset, said: `${at(g.start + d.offset)} ${format(d.message)}` })));
  return [...(await jsonErrors(text)), ...lca].sort((a, b) => a.offset - b.offset).map((p) => p.said);
}

function library(): string {
  const items = [0, 1, 2].map((i) => ({ ...materialItem(MATERIAL_SPECS[i]), originalUUID: `00000000-0000-4000-8000-00000000000${i}`, originalVersion: '1' }));
  return `${JSON.stringify(items, null, 2)}\n`;
}

/** `text` with `from` (its first occurrence after `after`) replaced by `to`. */
function replaced(text: string, from: string | RegExp, to: string, after = ''): string {
  const start = after ? text.indexOf(after) : 0;
  assert.ok(start >= 0, after);
  const tail = text.slice(start).replace(from, to);
  assert.notStrictEqual(tail, text.slice(start), `${String(from)} is in the text`);
  return text.slice(0, start) + tail;
}

const VALID = library();
const BROKEN: Record<string, string> = {
  'a missing comma and an unclosed brace': replaced(replaced(VALID, /,\n/, '\n', '"name"'), /\}\n\]\n$/, '\n]\n'),
  'a missing comma': replaced(VALID, /,\n/, '\n', '"originalVersion"'),
  'an unclosed brace at the end': replaced(VALID, /\}\n\]\n$/, '\n]\n'),
  'a trailing comma in an object': replaced(VALID, '"originalVersion": "1"', '"originalVersion": "1",'),
  'a trailing comma in the array': replaced(VALID, /\}\n\]\n$/, '},\n]\n'),
  'a double comma': replaced(VALID, '"originalVersion": "1",', '"originalVersion": "1",,'),
  'a comment': replaced(VALID, '"originalVersion": "1",', '"originalVersion": "1", // checked'),
  'a missing closing bracket': VALID.replace(/\]\n$/, '\n'),
  'the text cut in half': VALID.slice(0, Math.floor(VALID.length / 2)),
  'a brace too many': replaced(VALID, '"originalVersion": "1",', '"originalVersion": "1"},'),
  'an item without its closing brace': replaced(VALID, /\},\n {2}\{/, ',\n  {'),
  'a missing quote': replaced(VALID, /"name": "([^"]*)"/, '"name": "$1'),
  'a missing colon': replaced(VALID, '"originalVersion": "1"', '"originalVersion" "1"'),
  'an unquoted key': replaced(VALID, '"originalVersion": "1"', 'originalVersion: "1"'),
  'a schema error besides a syntax error': replaced(replaced(VALID, /"declaredValue": [0-9.]+/, '"declaredValue": "50"'), /,\n/, '\n', '"originalVersion"'),
};

describe('bulk create: the refusal of broken JSON counts what Problems holds', () => {
  for (const [name, text] of Object.entries(BROKEN)) {
    it(`${name}: the same count, words and line:column as Problems`, async () => {
      const problems = await problemsOf(text);
      assert.ok(problems.length > 0, 'the text is broken');
      const plan = planBulkCreate(text, { ...CHECKS, fileName: FILE, epdUrl: 'http://127.0.0.1/epd' });
      assert.strictEqual(plan.problems?.count, problems.length, `Problems: ${problems.join(' | ')}; refusal: ${plan.problems?.samples.map(format).join(' | ')}`);
      assert.deepStrictEqual(plan.problems.samples.map(format), problems.slice(0, 5));
    });
  }

  it('any text broken at random: the syntax errors are VS Code\'s, one for one, in words and place', async () => {
    const small = JSON.stringify([JSON.parse(VALID)[0]], null, 2);
    const edit = fc.record({ at: fc.nat({ max: small.length }), cut: fc.nat({ max: 3 }), put: fc.constantFrom('', ',', '{', '}', '[', ']', '"', ':', '//', '/*', '\n', 'x', '1.', '\\') });
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        let text = small;
        for (const e of edits) text = text.slice(0, e.at) + e.put + text.slice(e.at + e.cut);
        const ours = syntaxProblems(text).map((p) => `${p.line}:${p.column} ${format(p.message)}`);
        assert.deepStrictEqual(ours, (await jsonErrors(text)).map((p) => p.said), JSON.stringify(text));
      }),
      { numRuns: 400, seed: 41 },
    );
  });
});
