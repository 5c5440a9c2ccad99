// The local service under the four hostile requests an independent probe found: unbounded LIKE filters, a body of
// millions of unknown keys, users' strings as plain-object keys, and an early error answer on a keep-alive socket.
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import fc from 'fast-check';
import { GET_PROJECT_LIST_QUERY } from '../../../src/core/graphql/getProjectList';
import { likeMatch, MAX_FILTER_CHARS } from '../../../src/service/graphql';
import { MAX_BODY_BYTES, MAX_OBJECT_KEYS, MAX_STRING_CHARS } from '../../../src/service/http';
import { REPO_ROOT } from '../../fixtures/paths';
import { call, signIn, startHarness, type Harness, type Problem } from './support/harness';

const sample = (name: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'samples', name), 'utf8')) as Record<string, unknown>;

/** The reference meaning of LIKE, as a regular expression (fine for the short strings of the property test). */
function likeByRegex(value: string, pattern: string, ignoreCase: boolean): boolean {
  const body = [...pattern].map((c) => (c === '%' ? '[\\s\\S]*' : c === '_' ? '[\\s\\S]' : c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, ignoreCase ? 'i' : '').test(value);
}

describe('local service: hostile requests', function () {
  this.timeout(60_000);
  let h: Harness;
  let demo: string;

  before(async () => {
    h = await startHarness();
    demo = await signIn(h);
  });
  after(() => h.cleanup());

  it('LIKE matches as SQL does (property test against a regular expression), % pieces taken leftmost', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '%', '_', 'ø');
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 12 }), fc.string({ unit: alphabet, maxLength: 8 }), fc.boolean(), (value, pattern, ic) => {
        const v = value.replace(/[%_]/g, 'b');
        assert.strictEqual(likeMatch(v, pattern, ic), likeByRegex(v, pattern, ic), `${JSON.stringify(v)} LIKE ${JSON.stringify(pattern)}`);
      }),
      { numRuns: 3000, seed: 11 },
    );
    // Pieces longer than one 32-bit word of the bit-parallel search.
    const long = `${'x'.repeat(40)}${'ab'.repeat(50)}y${'c'.repeat(70)}`;
    assert.strictEqual(likeMatch(long, `%${'ab'.repeat(50)}_${'c'.repeat(35)}%`, false), true);
    assert.strictEqual(likeMatch(long, `%${'ab'.repeat(50)}${'c'.repeat(35)}%`, false), false);
  });

  it('bounds the strings a request may carry: a 110,000-character name and a 55,000-character pattern are refused with where and why', async () => {
    const base = h.service.urls.baseUrl;
    const longName = await call<Problem>('POST', `${base}/BuildingProject`, { token: demo, body: { projectName: 'a'.repeat(110_000), type: 0, stage: 0 } });
    assert.strictEqual(longName.status, 400);
    assert.deepStrictEqual(longName.body.errors?.map((e) => e.pointer), ['/projectName']);
    assert.match(longName.body.detail, new RegExp(`110000 characters long; at most ${MAX_STRING_CHARS}`));
    const gql = `${h.service.urls.graphqlUrl}/v1/graphql`;
    const longPattern = await call<Problem>('POST', gql, { token: demo, body: { query: GET_PROJECT_LIST_QUERY, variables: { whereName: { _like: `%${'a%'.repeat(27_500)}` } } } });
    assert.strictEqual(longPattern.status, 400);
    assert.deepStrictEqual(longPattern.body.errors?.map((e) => e.pointer), ['/variables/whereName/_like']);
    // Within the body limit but over the filter limit: a GraphQL error that names the filter.
    const filter = await call<{ data?: unknown; errors?: { message: string }[] }>('POST', gql, {
      token: demo,
      body: { query: GET_PROJECT_LIST_QUERY, variables: { whereName: { _ilike: '%'.repeat(MAX_FILTER_CHARS + 1) } } },
    });
    assert.strictEqual(filter.status, 200);
    assert.match(filter.body.errors![0].message, new RegExp(`where\\._and\\.\\d+\\.name\\._ilike is longer than ${MAX_FILTER_CHARS} characters`));
    // The longest accepted name against the longest accepted pattern still answers, and correctly.
    const name = `${'ab'.repeat(MAX_STRING_CHARS / 2 - 1)}zz`;
    assert.strictEqual((await call('POST', `${base}/BuildingProject`, { token: demo, body: { projectName: name, type: 0, stage: 0 } })).status, 200);
    const hit = await call<{ data: { project: { name: string }[] } }>('POST', gql, {
      token: demo,
      body: { query: GET_PROJECT_LIST_QUERY, variables: { whereName: { _like: `${'%a_'.repeat(MAX_FILTER_CHARS / 3 - 1)}%zz` } } },
    });
    assert.deepStrictEqual(hit.body.data.project.map((p) => p.name.length), [name.length]);
  });

  it('reports at most 100 problems with their count for a body of a million unknown keys, and refuses an object of more than 1,000 keys', async () => {
    // Built as text: spreading objects of a thousand keys a thousand times is slow in itself.
    const materialText = JSON.stringify(sample('concrete-c30-37.material.json'));
    const junk = (n: number): string => Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',');
    const item = `{${junk(MAX_OBJECT_KEYS - 50)},${materialText.slice(1)}`;
    const text = `[${Array.from({ length: 1000 }, () => item).join(',')}]`;
    assert.ok(text.length < MAX_BODY_BYTES, 'within the body limit');
    const r = await call<Problem>('POST', `${h.service.urls.epdUrl}/material/bulk/create`, { token: demo, body: text });
    assert.strictEqual(r.status, 400);
    assert.strictEqual(r.body.errors!.length, 100);
    assert.match(r.body.detail, /at least \d+ problems \(the first 100 are listed\)/);
    assert.ok(r.body.errors!.every((e) => e.pointer.startsWith('/0')), 'stopped in the first item');
    assert.ok(r.text.length < 50_000, `a short answer (${r.text.length} characters)`);

    const wideKeys = 200_000;
    const wide = `[{${junk(wideKeys)},${materialText.slice(1)}]`;
    const w = await call<Problem>('POST', `${h.service.urls.epdUrl}/material/bulk/create`, { token: demo, body: wide });
    assert.strictEqual(w.status, 400);
    const keys = wideKeys + Object.keys(JSON.parse(materialText) as object).length;
    assert.deepStrictEqual(w.body.errors, [{ pointer: '/0', message: `has ${keys} properties; at most ${MAX_OBJECT_KEYS} are accepted` }]);
  });

  it('keeps branches named constructor, toString and __proto__: each stored with an id and each on the dashboard', async () => {
    const project = { ...sample('new-office.project.json'), branches: ['Arkitektur', 'constructor', 'toString', '__proto__', { name: 'hasOwnProperty' }] };
    const created = await call<{ id: string; branches: { id: unknown; name: string }[] }>('POST', `${h.service.urls.baseUrl}/BuildingProject`, { token: demo, body: project });
    assert.strictEqual(created.status, 200, created.text);
    assert.deepStrictEqual(created.body.branches.map((b) => b.name), ['Arkitektur', 'constructor', 'toString', '__proto__', 'hasOwnProperty']);
    for (const b of created.body.branches) assert.match(String(b.id), /^[0-9a-f-]{36}$/, `${b.name} has an id`);
    const read = await call<{ branches: { id: unknown; name: string }[] }>('GET', `${h.service.urls.baseUrl}/BuildingProject/${created.body.id}`, { token: demo });
    assert.deepStrictEqual(read.body.branches, created.body.branches);
    const dash = await call<{ dashboardsPerBranchPlusTotal: Record<string, unknown> }>('POST', `${h.service.urls.baseUrl}/dashboard/${created.body.id}`, { token: demo, body: {} });
    assert.strictEqual(dash.status, 200, dash.text);
    const keys = Object.keys(JSON.parse(dash.text).dashboardsPerBranchPlusTotal as object);
    assert.deepStrictEqual(keys, ['Arkitektur', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'Total']);
  });

  it('says Connection: close when it answers before reading the body, so a keep-alive client is not reset', async () => {
    const url = new URL(h.service.urls.epdUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const early = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.request(
          { host: url.hostname, port: url.port, method: 'POST', path: '/epd/material/bulk/create', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': MAX_BODY_BYTES + 1, Authorization: `Bearer ${demo}` } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res));
          },
        );
        req.on('error', reject);
        req.write('[');
      });
      assert.strictEqual(early.statusCode, 413);
      assert.strictEqual(early.headers.connection, 'close');
      // The next request on the same agent opens a fresh connection and is answered.
      const next = await new Promise<number>((resolve, reject) => {
        const req = http.request({ host: url.hostname, port: url.port, method: 'GET', path: '/epd/material/indicatorenums', agent, headers: { Authorization: `Bearer ${demo}` } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
      assert.strictEqual(next, 200);
    } finally {
      agent.destroy();
    }
  });
});
