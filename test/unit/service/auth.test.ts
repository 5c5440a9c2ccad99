// Sign-in and token handling of the local service over HTTP: both sign-in calls, 401 for missing, forged and
// expired tokens, expiry fields that agree, and the extra refresh path.
import * as assert from 'assert';
import { CONSTRUCTION_IDS, CREDENTIALS, MATERIAL_IDS, PROJECT_IDS, STREAM_IDS } from '../../../src/service/seed/ids';
import { call, signIn, startHarness, type Harness, type Problem, type TokenBody } from './support/harness';

describe('local service: authentication', function () {
  this.timeout(20_000);
  let h: Harness;
  before(async () => {
    h = await startHarness({ tokenTtlSeconds: 2 });
  });
  after(() => h.cleanup());

  const enums = (token?: string) => call('GET', `${h.service.urls.baseUrl}/BuildingProject/buildingprojectenums`, { token });

  it('signs a user in and the token opens the other endpoints', async () => {
    const r = await call<TokenBody>('POST', `${h.service.urls.authUrl}/v1/user`, { body: CREDENTIALS.demoUser });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.token_type, 'Bearer');
    assert.ok(r.body.refresh_token.length > 20);
    assert.strictEqual((await enums(r.body.access_token)).status, 200);
  });

  it('gives expires_in and an HTTP-date expires that describe the same instant', async () => {
    const before = Date.now();
    const r = await call<TokenBody>('POST', `${h.service.urls.authUrl}/v1/user`, { body: CREDENTIALS.demoUser });
    assert.strictEqual(r.body.expires_in, 2);
    assert.match(r.body.expires, /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const expires = Date.parse(r.body.expires);
    // The date has whole seconds: it lies within one second before "now + expires_in".
    assert.ok(Math.abs(expires - (before + r.body.expires_in * 1000)) <= 1000 + (Date.now() - before), `${r.body.expires} vs ${before}`);
  });

  it('signs an account in with client id and secret', async () => {
    const r = await call<TokenBody>('POST', `${h.service.urls.authUrl}/v2/api-token`, { body: CREDENTIALS.demoAccount });
    assert.strictEqual(r.status, 200);
    assert.strictEqual((await enums(r.body.access_token)).status, 200);
  });

  it('answers a wrong password or secret with 401 and a problem body', async () => {
    const wrongUser = await call<Problem>('POST', `${h.service.urls.authUrl}/v1/user`, { body: { email: 'demo@example.com', password: 'nope' } });
    assert.strictEqual(wrongUser.status, 401);
    assert.strictEqual(wrongUser.body.status, 401);
    assert.match(wrongUser.headers.get('content-type') ?? '', /application\/problem\+json/);
    const unknown = await call('POST', `${h.service.urls.authUrl}/v1/user`, { body: { email: 'nobody@example.com', password: 'x' } });
    assert.strictEqual(unknown.status, 401);
    const wrongSecret = await call('POST', `${h.service.urls.authUrl}/v2/api-token`, { body: { clientId: 'demo-client', secret: 'x' } });
    assert.strictEqual(wrongSecret.status, 401);
  });

  it('answers an invalid sign-in body with 400 and field pointers, malformed JSON with 400', async () => {
    const r = await call<Problem>('POST', `${h.service.urls.authUrl}/v1/user`, { body: { email: 'not-an-address' } });
    assert.strictEqual(r.status, 400);
    const ptrs = (r.body.errors ?? []).map((e) => e.pointer);
    assert.ok(ptrs.includes('/email'), JSON.stringify(r.body));
    assert.ok(ptrs.includes('') || ptrs.includes('/password'), JSON.stringify(r.body));
    const bad = await call<Problem>('POST', `${h.service.urls.authUrl}/v1/user`, { body: '{"email": ' });
    assert.strictEqual(bad.status, 400);
    assert.ok(!/at .*\.js/.test(bad.text), 'no stack trace');
  });

  it('answers a missing or forged token with 401 and WWW-Authenticate', async () => {
    const missing = await enums();
    assert.strictEqual(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer/);
    const forged = await enums('forged-token-value');
    assert.strictEqual(forged.status, 401);
    assert.strictEqual((forged.body as Problem).status, 401);
  });

  it('refuses a token after its lifetime (token-ttl 2 s)', async () => {
    const token = await signIn(h);
    assert.strictEqual((await enums(token)).status, 200);
    await new Promise((r) => setTimeout(r, 2_100));
    assert.strictEqual((await enums(token)).status, 401);
  });

  it('expires every token on /__sandbox/expire-tokens', async () => {
    const token = await signIn(h);
    assert.strictEqual((await call('POST', `${h.origin}/__sandbox/expire-tokens`, { body: {} })).status, 200);
    assert.strictEqual((await enums(token)).status, 401);
  });

  it('redeems a refresh token once at the extra x-local path', async () => {
    const first = await call<TokenBody>('POST', `${h.service.urls.authUrl}/v1/user`, { body: CREDENTIALS.demoUser });
    const refreshed = await call<TokenBody>('POST', `${h.service.urls.authUrl}/x-local/refresh`, { body: { refresh_token: first.body.refresh_token } });
    assert.strictEqual(refreshed.status, 200);
    assert.notStrictEqual(refreshed.body.access_token, first.body.access_token);
    assert.strictEqual((await enums(refreshed.body.access_token)).status, 200);
    const again = await call('POST', `${h.service.urls.authUrl}/x-local/refresh`, { body: { refresh_token: first.body.refresh_token } });
    assert.strictEqual(again.status, 401);
  });

  it('answers 401 on every endpoint but the two sign-ins when the token is missing or forged', async () => {
    const { baseUrl, epdUrl, graphqlUrl } = h.service.urls;
    const endpoints: [string, string][] = [
      ['POST', `${baseUrl}/Bim/streamDefaultBranches`],
      ['DELETE', `${baseUrl}/Bim/stream/${STREAM_IDS.school}`],
      ['POST', `${baseUrl}/BuildingProject`],
      ['PUT', `${baseUrl}/BuildingProject/updatebaseinfo/${PROJECT_IDS.school}`],
      ['GET', `${baseUrl}/BuildingProject/${PROJECT_IDS.school}`],
      ['GET', `${baseUrl}/BuildingProject/buildingprojectuserlist/${PROJECT_IDS.school}`],
      ['GET', `${baseUrl}/BuildingProject/byBimStreamId?streamId=${STREAM_IDS.school}`],
      ['GET', `${baseUrl}/BuildingProject/buildingprojectenums`],
      ['POST', `${baseUrl}/dashboard/${PROJECT_IDS.school}`],
      ['POST', `${baseUrl}/dashboard/${PROJECT_IDS.school}/summary`],
      ['POST', `${baseUrl}/inspect/buildingProject/${PROJECT_IDS.school}/construction`],
      ['POST', `${graphqlUrl}/v1/graphql`],
      ['POST', `${epdUrl}/Material/construction`],
      ['GET', `${epdUrl}/construction/${CONSTRUCTION_IDS.window3}`],
      ['POST', `${epdUrl}/material/bulk/create`],
      ['GET', `${epdUrl}/material/${MATERIAL_IDS.concreteC30}`],
      ['GET', `${epdUrl}/material/indicatorenums`],
    ];
    for (const [method, url] of endpoints) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      for (const token of [undefined, 'forged']) {
        const r = await call<Problem>(method, url, { token, body });
        assert.strictEqual(r.status, 401, `${method} ${url} with ${token ?? 'no'} token`);
        assert.strictEqual(r.body.status, 401);
      }
    }
  });

  it('answers 404 for unknown ids on every endpoint that takes one, and for malformed ones', async () => {
    const token = await signIn(h);
    const { baseUrl, epdUrl } = h.service.urls;
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const endpoints: [string, string, unknown][] = [
      ['DELETE', `${baseUrl}/Bim/stream/${unknown}`, undefined],
      ['PUT', `${baseUrl}/BuildingProject/updatebaseinfo/${unknown}`, { projectName: 'x' }],
      ['GET', `${baseUrl}/BuildingProject/${unknown}`, undefined],
      ['GET', `${baseUrl}/BuildingProject/buildingprojectuserlist/${unknown}`, undefined],
      ['POST', `${baseUrl}/dashboard/${unknown}`, {}],
      ['POST', `${baseUrl}/dashboard/${unknown}/summary`, {}],
      ['POST', `${baseUrl}/inspect/buildingProject/${unknown}/construction`, { constructionId: CONSTRUCTION_IDS.window3 }],
      ['POST', `${baseUrl}/inspect/buildingProject/${PROJECT_IDS.school}/construction`, { constructionId: unknown }],
      ['GET', `${epdUrl}/construction/${unknown}`, undefined],
      ['GET', `${epdUrl}/material/${unknown}`, undefined],
      ['GET', `${epdUrl}/material/not-a-uuid`, undefined],
      ['GET', `${epdUrl}/material/%E0%A4%A`, undefined],
    ];
    for (const [method, url, body] of endpoints) {
      const r = await call<Problem>(method, url, { token, body });
      assert.strictEqual(r.status, 404, `${method} ${url}: ${r.text}`);
      assert.strictEqual(r.body.status, 404);
    }
  });
});
