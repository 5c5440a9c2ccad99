// The MCP server's sign-in (src/mcp/signIn.ts) is the extension's, fed from environment variables: the same URL check
// and message (core/hostUrls.ts), the same sign-in, token renewal and code-table read (client/session.ts). Each case
// fails if the server checks, signs in or reads on its own again.
import * as assert from 'assert';
import type { ServiceUrls } from '../../../src/core/api/types';
import { hostUrlsOf } from '../../../src/core/hostUrls';
import { format } from '../../../src/core/l10n';
import { signIn } from '../../../src/mcp/signIn';
import { DEMO_USER, startService, type RunningService } from '../client/support/localService';

function envOf(urls: ServiceUrls, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { LCA_ENVIRONMENT: 'Production', LCA_BASE_URL: urls.baseUrl, LCA_EPD_URL: urls.epdUrl, LCA_AUTH_URL: urls.authUrl, LCA_GRAPHQL_URL: urls.graphqlUrl, ...extra };
}

describe('MCP server sign-in: the extension\'s URLs, sign-in, renewal and code table', function () {
  this.timeout(30_000);
  const lines: string[] = [];
  const options = (env: NodeJS.ProcessEnv) => ({ env, distDir: __dirname, log: (l: string) => void lines.push(l), children: [] });

  it('refuses plain http to another host with the message the extension gives for the same URLs', async () => {
    const urls: ServiceUrls = { baseUrl: 'http://lca.example.com/api', epdUrl: 'https://lca.example.com/epd', authUrl: 'https://lca.example.com/auth', graphqlUrl: 'https://lca.example.com/graphql' };
    const identity = await signIn(options(envOf(urls, { LCA_EMAIL: 'a@example.com', LCA_PASSWORD: 'not-sent' })));
    const expected = hostUrlsOf(urls).problems.map(format);
    assert.strictEqual(expected.length, 1);
    assert.match(expected[0], /^baseUrl: plain http:\/\/ is refused for lca\.example\.com; use https:\/\//);
    assert.strictEqual(identity.problem, `environment Production: ${expected[0]}`);
    assert.strictEqual(identity.client, undefined);
    assert.ok(!lines.join('\n').includes('not-sent'));
  });

  it('takes plain http on any loopback address the extension takes, with the trailing slashes trimmed as it trims them', async () => {
    const urls: ServiceUrls = { baseUrl: 'http://127.1.2.3:8080/api/', epdUrl: 'http://localhost:8080/epd', authUrl: 'http://[::1]:8080/auth//', graphqlUrl: 'http://127.0.0.1:8080/graphql' };
    const identity = await signIn(options(envOf(urls)));
    assert.deepStrictEqual(hostUrlsOf(urls).problems, []);
    assert.deepStrictEqual(identity.urls, hostUrlsOf(urls).urls);
    assert.match(identity.problem ?? '', /^no credentials/);
  });

  describe('against a service', () => {
    let service: RunningService;
    before(async () => {
      service = await startService();
    });
    after(async () => {
      await service?.stop();
    });

    it('signs in with the credential, reads the code table the service serves and sends its requests with the token', async () => {
      const requests: string[] = [];
      const slashed = { ...service.urls, authUrl: `${service.urls.authUrl}/` };
      const identity = await signIn({ ...options(envOf(slashed, { LCA_ENVIRONMENT: 'Test', LCA_EMAIL: DEMO_USER.email, LCA_PASSWORD: DEMO_USER.password })), log: (l: string) => void requests.push(l) });
      assert.strictEqual(identity.problem, undefined);
      assert.strictEqual(identity.login, DEMO_USER.email);
      assert.deepStrictEqual(identity.urls, service.urls);
      assert.strictEqual(identity.codes.environment, 'Test');
      assert.ok(identity.codes.units.length > 0 && identity.codes.units.every((u) => u.source === 'service'), 'units from the service');
      await identity.client!.getIndicatorEnums();
      await identity.client!.getProjectEnums();
      assert.strictEqual(requests.filter((r) => /indicatorenums/.test(r)).length, 2, requests.join('\n'));
      assert.ok(!requests.join('\n').includes(DEMO_USER.password));
    });
  });
});
