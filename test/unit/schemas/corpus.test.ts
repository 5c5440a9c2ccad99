// Schema corpora: every valid document validates, every invalid one fails with exactly the error it names.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { SCHEMA_FILES, validateAgainst, type SchemaKind } from '../../../src/core/schemas';
import { FIXTURES } from '../../fixtures/paths';
import { format } from '../../../src/core/l10n';

const CORPUS = path.join(FIXTURES, 'schemas');
const expectations = JSON.parse(fs.readFileSync(path.join(CORPUS, 'expectations.json'), 'utf8')) as Record<
  string,
  { pointer: string; keyword: string }[]
>;

function jsonFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
}

const kinds = fs
  .readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('schema corpora', () => {
  it('has a folder for every schema kind and no folder for anything else', () => {
    assert.deepStrictEqual([...kinds].sort(), Object.keys(SCHEMA_FILES).sort());
  });

  it('names an expected error for every invalid document, and every expectation has its document', () => {
    const invalid = kinds.flatMap((k) => jsonFiles(path.join(CORPUS, k, 'invalid')).map((f) => `${k}/invalid/${f}`));
    assert.deepStrictEqual(invalid.sort(), Object.keys(expectations).sort());
  });

  for (const kind of kinds as SchemaKind[]) {
    describe(kind, () => {
      const valid = jsonFiles(path.join(CORPUS, kind, 'valid'));
      it('has at least one valid and one invalid document', () => {
        assert.ok(valid.length > 0, 'no valid documents');
        assert.ok(jsonFiles(path.join(CORPUS, kind, 'invalid')).length > 0, 'no invalid documents');
      });
      for (const file of valid) {
        it(`accepts valid/${file}`, () => {
          const doc: unknown = JSON.parse(fs.readFileSync(path.join(CORPUS, kind, 'valid', file), 'utf8'));
          assert.deepStrictEqual(validateAgainst(kind, doc), []);
        });
      }
      for (const file of jsonFiles(path.join(CORPUS, kind, 'invalid'))) {
        const expected = expectations[`${kind}/invalid/${file}`] ?? [];
        it(`rejects invalid/${file} with ${expected.map((e) => `${e.keyword} at "${e.pointer}"`).join(', ')}`, () => {
          const doc: unknown = JSON.parse(fs.readFileSync(path.join(CORPUS, kind, 'invalid', file), 'utf8'));
          const problems = validateAgainst(kind, doc);
          const got = problems.map((p) => ({ pointer: p.pointer, keyword: p.keyword }));
          const key = (e: { pointer: string; keyword: string }): string => `${e.keyword} ${e.pointer}`;
          assert.deepStrictEqual(got.map(key).sort(), expected.map(key).sort(), JSON.stringify(problems, null, 2));
          for (const p of problems.map((x) => ({ ...x, message: format(x.message) }))) assert.ok(p.message.length > 10 && !/^must /.test(p.message), `message names its subject: ${p.message}`);
        });
      }
    });
  }
});
