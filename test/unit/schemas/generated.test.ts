// src/core/schemas/generated.ts is what json-schema-to-typescript derives from schemas/ now: a schema changed without
// `npm run gen:types` fails here. Those generated types are the only document types the code uses.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

interface Generator {
  generate(root: string): Promise<string>;
  OUT: string;
}

describe('types generated from schemas/', function () {
  this.timeout(30_000);

  it('src/core/schemas/generated.ts is up to date with schemas/ (else: npm run gen:types)', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const gen = require(path.join(REPO_ROOT, 'scripts', 'gen-schema-types.js')) as Generator;
    const expected = await gen.generate(REPO_ROOT);
    const committed = fs.readFileSync(path.join(REPO_ROOT, gen.OUT), 'utf8');
    assert.ok(committed === expected, 'generated.ts differs from what schemas/ give: run `npm run gen:types`');
  });

  it('names one document type per schema file', () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, 'src', 'core', 'schemas', 'generated.ts'), 'utf8');
    const files = fs.readdirSync(path.join(REPO_ROOT, 'schemas')).filter((f) => f.endsWith('.schema.json') && f !== 'common.schema.json');
    for (const f of files) {
      const key = f.replace('.schema.json', '');
      assert.ok(new RegExp(`^  '?${key}'?\\?: \\w+;$`, 'm').test(committed), `SchemaDocuments has ${key}`);
    }
  });
});
