// The sample workspace: every file validates against its schema, and the local service accepts each one.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { validateAgainst, type SchemaKind } from '../../../src/core/schemas';
import { call, signIn, startHarness, type Harness } from './support/harness';

const SAMPLES = path.resolve(__dirname, '../../../../samples');

function kindOf(file: string): SchemaKind | undefined {
  if (file.endsWith('.materials.json')) return 'materials';
  if (file.endsWith('.material.json')) return 'material';
  if (file.endsWith('.construction.json')) return 'construction';
  if (file.endsWith('.project.json')) return 'project';
  return undefined;
}

const files = fs.readdirSync(SAMPLES).filter((f) => f.endsWith('.json'));
const read = (f: string): unknown => JSON.parse(fs.readFileSync(path.join(SAMPLES, f), 'utf8'));

describe('sample workspace', function () {
  this.timeout(20_000);

  it('has the four kinds of sample file', () => {
    assert.deepStrictEqual(files.map(kindOf).sort(), ['construction', 'material', 'materials', 'project']);
  });

  for (const f of files) {
    it(`${f} validates against its schema`, () => {
      const kind = kindOf(f);
      assert.ok(kind, `no schema kind for ${f}`);
      assert.deepStrictEqual(validateAgainst(kind, read(f)), []);
    });
  }

  describe('pushed to the local service', () => {
    let h: Harness;
    let token: string;
    before(async () => {
      h = await startHarness();
      token = await signIn(h);
    });
    after(() => h.cleanup());

    it('accepts every sample', async () => {
      const { epdUrl, baseUrl } = h.service.urls;
      for (const f of files) {
        const body = read(f);
        const kind = kindOf(f);
        const r =
          kind === 'material' ? await call('POST', `${epdUrl}/material/bulk/create`, { token, body: [body] })
          : kind === 'materials' ? await call('POST', `${epdUrl}/material/bulk/create`, { token, body })
          : kind === 'construction' ? await call('POST', `${epdUrl}/Material/construction`, { token, body })
          : await call('POST', `${baseUrl}/BuildingProject`, { token, body });
        assert.strictEqual(r.status, 200, `${f}: ${r.text}`);
      }
    });
  });
});
