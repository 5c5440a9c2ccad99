// The schemas VS Code's own JSON language features get for LCA files (schemas/editor, package.json jsonValidation):
// completion and hover as the full schemas give them (code completion: vscode-json.test.ts), and no problem of their own — the extension reports each
// schema problem once, as an LCA error (issue: a yellow VS Code warning used to sit beside the red LCA error).
import * as assert from 'assert';
import fc from 'fast-check';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type * as JsonLanguageService from 'vscode-json-languageservice';
import { FIXTURES, REPO_ROOT, SCHEMAS_DIR } from '../../fixtures/paths';

const load = createRequire(__filename);
const ls = load('vscode-json-languageservice') as typeof JsonLanguageService;
const generator = load(path.join(REPO_ROOT, 'scripts', 'gen-editor-schemas.js')) as { generate(root: string): Record<string, string>; OUT_DIR: string };

const EDITOR_DIR = path.join(SCHEMAS_DIR, 'editor');
const KINDS = ['material', 'materials', 'construction', 'project'] as const;

interface Contribution {
  fileMatch: string;
  url: string;
}

function service(dir: string): JsonLanguageService.LanguageService {
  const json = ls.getLanguageService({
    schemaRequestService: async (uri) => fs.readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  json.configure({
    validate: true,
    schemas: KINDS.map((kind) => ({ uri: pathToFileURL(path.join(dir, `${kind}.schema.json`)).toString(), fileMatch: [`*.${kind}.json`] })),
  });
  return json;
}

async function problems(json: JsonLanguageService.LanguageService, kind: string, text: string): Promise<string[]> {
  const doc = ls.TextDocument.create(`file:///workspace/x.${kind}.json`, 'json', 1, text);
  return (await json.doValidation(doc, json.parseJSONDocument(doc))).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}

describe('editor schemas (what VS Code\'s JSON language features get for LCA files)', function () {
  this.timeout(60_000);
  const editor = service(EDITOR_DIR);
  const full = service(SCHEMAS_DIR);

  it('are up to date with schemas/ (else: npm run gen:schemas)', () => {
    for (const [name, text] of Object.entries(generator.generate(REPO_ROOT))) {
      assert.ok(fs.readFileSync(path.join(EDITOR_DIR, name), 'utf8') === text, `schemas/editor/${name} differs from what schemas/${name} gives: run \`npm run gen:schemas\``);
    }
  });

  it('are the ones package.json gives VS Code for the four LCA file kinds', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { contributes: { jsonValidation: Contribution[] } };
    assert.deepStrictEqual(
      manifest.contributes.jsonValidation,
      KINDS.map((kind) => ({ fileMatch: `*.${kind}.json`, url: `./schemas/editor/${kind}.schema.json` })),
    );
  });

  for (const kind of KINDS) {
    const dir = path.join(FIXTURES, 'schemas', kind, 'invalid');
    if (!fs.existsSync(dir)) continue;
    it(`${kind}: every document the full schema refuses gets no problem of VS Code's own (the extension shows it)`, async () => {
      const files = fs.readdirSync(dir);
      assert.ok(files.length > 0);
      for (const file of files) {
        // As a user's file: named for its kind, without the corpus' own "$schema" path.
        const { $schema: _schema, ...document } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, unknown>;
        const text = JSON.stringify(document, null, 2);
        assert.notDeepStrictEqual(await problems(full, kind, text), [], `the full schema refuses invalid/${file}`);
        assert.deepStrictEqual(await problems(editor, kind, text), [], `invalid/${file}`);
      }
    });
  }

  it('a missing required property and "50" where a number goes: nothing from VS Code (the issue\'s example)', async () => {
    const text = JSON.stringify({ name: 'Beton', originalUUID: 'x', declaredUnit: { declaredUnit: 3, declaredValue: '50' } }, null, 2);
    assert.ok((await problems(full, 'material', text)).length >= 2);
    assert.deepStrictEqual(await problems(editor, 'material', text), []);
  });

  it('accept any JSON value in any LCA file kind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...KINDS), fc.jsonValue({ maxDepth: 4 }), async (kind, value) => {
        assert.deepStrictEqual(await problems(editor, kind, JSON.stringify(value)), []);
      }),
      { numRuns: 150 },
    );
  });

  it('still report a JSON syntax error', async () => {
    assert.match((await problems(editor, 'material', '{ "name": "Beton", }')).join(' | '), /Trailing comma/);
  });

  it('complete property names with what the property holds ({} for an object, "" for text), with the descriptions on hover', async () => {
    const text = '{ "name": "Beton",  }';
    const doc = ls.TextDocument.create('file:///workspace/p.material.json', 'json', 1, text);
    const at = doc.positionAt(text.indexOf(',') + 2);
    const [fromEditor, fromFull] = await Promise.all([editor, full].map((s) => s.doComplete(doc, at, s.parseJSONDocument(doc))));
    const insert = (list: typeof fromEditor, label: string) => list?.items.find((i) => i.label === label)?.textEdit?.newText;
    for (const label of ['declaredUnit', 'originalUUID', 'lciaResults']) {
      assert.ok(insert(fromEditor, label), `${label} offered: ${JSON.stringify(fromEditor?.items.map((i) => i.label))}`);
      assert.strictEqual(insert(fromEditor, label), insert(fromFull, label), label);
    }
    assert.match(insert(fromEditor, 'declaredUnit') ?? '', /\{/);
    const hover = await editor.doHover(doc, doc.positionAt(text.indexOf('name') + 1), editor.parseJSONDocument(doc));
    assert.ok(JSON.stringify(hover?.contents).length > 10, JSON.stringify(hover?.contents));
  });
});
