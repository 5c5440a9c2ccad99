// The local LCA service the integration launcher started for this run (its URLs come in $LCA_TEST_SERVICE).
import { authenticateUser, LcaClient, type ServiceUrls } from '../../../src/client';
import { credentialOf, type SeededLogin } from './extension';

/** The running service's URLs, or undefined when the launcher ran without one (dist/service.js not built). */
export function testServiceUrls(): ServiceUrls | undefined {
  const raw = process.env.LCA_TEST_SERVICE;
  if (!raw) return undefined;
  const parsed = JSON.parse(raw) as Partial<ServiceUrls>;
  for (const key of ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'] as const) {
    if (typeof parsed[key] !== 'string') throw new Error(`LCA_TEST_SERVICE has no ${key}: ${raw}`);
  }
  return parsed as ServiceUrls;
}

/** The local service's fault injection and test controls (`POST /__sandbox/<path>`; docs/service-decisions.md). */
export async function control(path: string, body: unknown = {}): Promise<void> {
  const urls = testServiceUrls();
  if (!urls) throw new Error('no local service in this run (LCA_TEST_SERVICE is not set)');
  const res = await fetch(`${new URL(urls.baseUrl).origin}/__sandbox/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`fault injection ${path} answered ${res.status}`);
}

/** A client of the test's own, signed in as a seeded user: what the service holds, read without the extension. */
export async function clientAs(login: SeededLogin): Promise<LcaClient> {
  const urls = testServiceUrls();
  if (!urls) throw new Error('no local service in this run (LCA_TEST_SERVICE is not set)');
  const token = await authenticateUser(urls.authUrl, login, credentialOf(login).secret);
  return new LcaClient({ urls, getToken: async () => token.accessToken });
}
