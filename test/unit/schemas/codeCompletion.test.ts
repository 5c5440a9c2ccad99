// Tolerant code schemas still offer the known codes: VS Code's JSON language service completes `massUnit` and
// `declaredUnit` with the assumed codes and their names, and reports no problem for a code it does not list.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type * as JsonLanguageService from 'vscode-json-languageservice';
import { SCHEMAS_DIR } from '../../fixtures/paths';

const ls = createRequire(__filename)('vscode-json-languageservice') as typeof JsonLanguageService;

describe('tolerant code schemas in VS Code\'s JSON language service', () => {
  const service = ls.getLanguageService({
    schemaRequestService: async (uri) => fs.readFileSync(new URL(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).toString() },
  });
  service.configure({
    validate: true,
    schemas: [{ uri: pathToFileURL(path.join(SCHEMAS_DIR, 'material.schema.json')).toString(), fileMatch: ['*.material.json'] }],
  });
  const text = '{"name": "x", "originalUUID": "3f2b8c1e-9d4a-4e6b-8c2f-1a2b3c4d5e6f", "originalVersion": "1", "lciaResults": [], "declaredUnit": {"declaredValue": 1, "declaredUnit": 11, "massUnit": }}';
  const doc = ls.TextDocument.create('file:///w/x.material.json', 'json', 1, text);

  it('completes massUnit with the known mass units and their names', async () => {
    const at = doc.positionAt(text.indexOf('"massUnit": ') + '"massUnit": '.length);
    const list = await service.doComplete(doc, at, service.parseJSONDocument(doc));
    const labels = (list?.items ?? []).map((i) => i.label);
    assert.ok(labels.includes('4') && labels.includes('5'), labels.join(', '));
    const kg = list!.items.find((i) => i.label === '4')!;
    assert.match(JSON.stringify(kg.documentation ?? kg.detail ?? ''), /KG/);
  });

  it('reports nothing for unit code 11', async () => {
    const valid = ls.TextDocument.create('file:///w/y.material.json', 'json', 1, text.replace('"massUnit": }', '"massUnit": 1}'));
    const problems = await service.doValidation(valid, service.parseJSONDocument(valid));
    assert.deepStrictEqual(problems.map((p) => p.message), []);
  });
});
