// Host URL checks of an environment (src/core/hostUrls.ts): https everywhere, plain http only for loopback hosts,
// anything that is not an absolute http(s) URL refused — each problem naming the setting key.
import * as assert from 'assert';
import type { ServiceUrls } from '../../../src/core/api/types';
import { checkHostUrls, trimTrailingSlashes } from '../../../src/core/hostUrls';
import { format } from '../../../src/core/l10n';

function hosts(origin: string): ServiceUrls {
  return { baseUrl: `${origin}/api`, epdUrl: `${origin}/epd`, authUrl: `${origin}/auth`, graphqlUrl: `${origin}/graphql` };
}

describe('checkHostUrls', () => {
  it('accepts https for any host', () => {
    assert.deepStrictEqual(checkHostUrls(hosts('https://lca.example.com')), []);
    assert.deepStrictEqual(checkHostUrls(hosts('https://10.0.0.5:8443')), []);
  });

  it('accepts plain http for 127.0.0.1 (any 127.x address), localhost and [::1]', () => {
    for (const origin of ['http://127.0.0.1:8080', 'http://127.1.2.3', 'http://localhost:3000', 'http://LOCALHOST', 'http://[::1]:9000']) {
      assert.deepStrictEqual(checkHostUrls(hosts(origin)), [], origin);
    }
  });

  it('refuses plain http for any other host, naming each key and the host', () => {
    for (const host of ['lca.example.com', '10.0.0.5', '192.168.1.20', 'localhost.example.com', '[::2]', '0.0.0.0']) {
      const problems = checkHostUrls(hosts(`http://${host}:8080`)).map(format);
      assert.strictEqual(problems.length, 4, `${host}: ${problems.join('; ')}`);
      assert.deepStrictEqual(problems.map((p) => p.split(':')[0]), ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl']);
      for (const p of problems) assert.match(p, /plain http:\/\/ is refused for .* use https:\/\//, p);
    }
  });

  it('refuses only the keys that are wrong', () => {
    const mixed = { ...hosts('https://lca.example.com'), authUrl: 'http://auth.example.com/auth' };
    const problems = checkHostUrls(mixed).map(format);
    assert.strictEqual(problems.length, 1);
    assert.match(problems[0], /^authUrl: plain http:\/\/ is refused for auth\.example\.com/);
  });

  it('refuses URLs that are not absolute or not http(s)', () => {
    const problems = checkHostUrls({ baseUrl: 'lca.example.com/api', epdUrl: 'ftp://lca.example.com/epd', authUrl: '', graphqlUrl: 'file:///etc/passwd' }).map(format);
    assert.strictEqual(problems.length, 4, problems.join('; '));
    assert.match(problems[0], /^baseUrl: "lca\.example\.com\/api" is not an absolute URL/);
    assert.match(problems[1], /^epdUrl: only https:\/\/ URLs are allowed \(got ftp:\)/);
    assert.match(problems[2], /^authUrl: "" is not an absolute URL/);
    assert.match(problems[3], /^graphqlUrl: only https:\/\/ URLs are allowed \(got file:\)/);
  });

  it('trimTrailingSlashes leaves the URLs otherwise unchanged', () => {
    assert.deepStrictEqual(trimTrailingSlashes({ ...hosts('https://a.example'), baseUrl: 'https://a.example/api//' }), hosts('https://a.example'));
  });
});
