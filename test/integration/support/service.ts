// The local LCA service the integration launcher started for this run (its URLs come in $LCA_TEST_SERVICE).
import type { ServiceUrls } from '../../../src/client';

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
