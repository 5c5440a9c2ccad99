// The schemas as VS Code reads them: its JSON language service (vscode-json-languageservice) resolves the
// cross-file $refs, accepts the valid corpora and reports each invalid document where the error is.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type * as JsonLanguageService from 'vscode-json-languageservice';
import { locatePointer } from '../../../src/core/document';
import { SCHEMA_FILES, type SchemaKind } from '../../../src/core/schemas';
import { FIXTURES, SCHEMAS_DIR } from '../../fixtures/paths';

// Loaded by Node at run time: the package's "main" is a UMD build that esbuild cannot bundle.
const ls = createRequire(__filename)('vscode-json-languageservice') as typeof JsonLanguageService;

const CORPUS = path.join(FIXTURES, 'schemas');
const expectations = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expectations.json'), 'utf8')) as Record<string, { pointer: string; keyword: string }[]>;

/**
 * VS Code's JSON language service with the schemas as contributed through `contributes.jsonValidation`: one file
 * pattern per kind, from `dir` where it holds the kind's schema (schemas/editor holds the editor copies of the four
 * file kinds), else from schemas/.
 */
function service(dir = SCHEMAS_DIR): JsonLanguageService.LanguageService {
  const service = ls.getLanguageService({
    schemaRequestService: async (uri) => fs.readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  service.configure({
    validate: true,
    allowComments: true,
    schemas: (Object.keys(SCHEMA_FILES) as SchemaKind[]).map((kind) => {
      const inDir = path.join(dir, SCHEMA_FILES[kind]);
      return {
        uri: pathToFileURL(fs.existsSync(inDir) ? inDir : path.join(SCHEMAS_DIR, SCHEMA_FILES[kind])).toString(),
        fileMatch: [`*.${kind}.json`, `**/fixtures/schemas/${kind}/*/*.json`],
      };
    }),
  });
  return service;
}

/** Diagnostics of a corpus file, opened at its real place so that a relative "$schema" resolves as in VS Code. */
async function diagnose(service: JsonLanguageService.LanguageService, file: string): Promise<JsonLanguageService.Diagnostic[]> {
  const doc = ls.TextDocument.create(pathToFileURL(file).toString(), 'json', 1, fs.readFileSync(file, 'utf8'));
  return service.doValidation(doc, service.parseJSONDocument(doc));
}

describe('schemas in VS Code\'s JSON language service', function () {
  this.timeout(30_000);
  const json = service();
  const kinds = fs.readdirSync(CORPUS, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name as SchemaKind);

  for (const kind of kinds) {
    for (const file of fs.readdirSync(path.join(CORPUS, kind, 'valid'))) {
      it(`${kind}: no problem in valid/${file}`, async () => {
        assert.deepStrictEqual((await diagnose(json, path.join(CORPUS, kind, 'valid', file))).map((d) => d.message), []);
      });
    }
    for (const file of fs.readdirSync(path.join(CORPUS, kind, 'invalid'))) {
      it(`${kind}: a problem at the expected place in invalid/${file}`, async () => {
        const full = path.join(CORPUS, kind, 'invalid', file);
        const text = fs.readFileSync(full, 'utf8');
        const doc = ls.TextDocument.create('file:///x.json', 'json', 1, text);
        const diagnostics = await diagnose(json, full);
        assert.ok(diagnostics.length > 0, 'VS Code reports nothing');
        const [expected] = expectations[`${kind}/invalid/${file}`];
        const span = locatePointer(text, expected.pointer, expected.keyword === 'additionalProperties' ? 'key' : 'value');
        assert.ok(span);
        const inside = diagnostics.some((d) => {
          const start = doc.offsetAt(d.range.start);
          return start >= span.offset && start <= span.offset + span.length;
        });
        assert.ok(inside, `no diagnostic inside ${expected.pointer}: ${JSON.stringify(diagnostics.map((d) => [d.message, d.range.start]))}`);
      });
    }
  }

  // The editor copies (schemas/editor, what VS Code gets for LCA files) must complete exactly as the full schemas.
  for (const [which, language] of [['the full schemas', json], ['the editor schemas', service(path.join(SCHEMAS_DIR, 'editor'))]] as const) {
    it(`shows the module names (full schemas; the editor's are the extension's words) and indicator units in completion (${which})`, async () => {
      const text = '{ "lciaResults": [ { "moduleTypeEnum": , "indicators": [ { "type": "" } ] } ] }';
      const doc = ls.TextDocument.create('file:///workspace/c.material.json', 'json', 1, text);
      const modules = await language.doComplete(doc, doc.positionAt(text.indexOf(': ,') + 2), language.parseJSONDocument(doc));
      if (which === 'the full schemas') {
        const a4 = modules?.items.find((i) => i.label === '1');
        assert.ok(a4, JSON.stringify(modules?.items.map((i) => i.label)));
        assert.match(JSON.stringify(a4.documentation ?? a4.detail), /A4.*Transport to site/);
      } else {
        // Codes are the extension's to complete, as words of the environment's table ("1 — A4 (Transport to site)",
        // tested in the real editor): VS Code's JSON language adds no bare "0", "1", … rows of its own.
        assert.deepStrictEqual(modules?.items.filter((i) => /^-?\d+$/.test(i.label)).map((i) => i.label), []);
      }
      const names = await language.doComplete(doc, doc.positionAt(text.indexOf('""') + 1), language.parseJSONDocument(doc));
      const gwp = names?.items.find((i) => i.label === '"GWP_TOTAL"');
      assert.ok(gwp);
      assert.match(JSON.stringify(gwp.documentation ?? gwp.detail), /kg CO2 eq/);
    });
  }

  it('shows the property\'s own description on hover, also where it refers to a shared definition', async () => {
    const text = '{ "originalUUID": "3f2b8c1e-9d4a-4e6b-8c2f-1a2b3c4d5e6f", "declaredUnit": { "declaredValue": 1 } }';
    const doc = ls.TextDocument.create('file:///workspace/h.material.json', 'json', 1, text);
    const hoverAt = async (needle: string): Promise<string> =>
      JSON.stringify((await json.doHover(doc, doc.positionAt(text.indexOf(needle) + 2), json.parseJSONDocument(doc)))?.contents);
    assert.match(await hoverAt('originalUUID'), /source database/);
    assert.match(await hoverAt('declaredValue'), /> 0/);
  });

  it('honours "$schema" in a file with no matching name', async () => {
    const text = JSON.stringify({ $schema: pathToFileURL(path.join(SCHEMAS_DIR, 'construction.schema.json')).toString(), name: '' });
    const doc = ls.TextDocument.create('file:///workspace/any.json', 'json', 1, text);
    const diagnostics = await json.doValidation(doc, json.parseJSONDocument(doc));
    assert.ok(diagnostics.some((d) => /declaredUnit/.test(String(d.message))), JSON.stringify(diagnostics.map((d) => d.message)));
  });
});
