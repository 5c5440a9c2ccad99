// Checks an environment's host URLs: absolute http(s) URLs, and plain http only for loopback hosts.
import type { ServiceUrls } from './api/types';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Returns a list of problems ("authUrl: …"); empty when every URL may be used. */
export function checkHostUrls(urls: ServiceUrls): string[] {
  const problems: string[] = [];
  for (const key of ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'] as const) {
    const value = urls[key];
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      problems.push(`${key}: "${value}" is not an absolute URL`);
      continue;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      problems.push(`${key}: only https:// URLs are allowed (got ${parsed.protocol})`);
    } else if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
      problems.push(`${key}: plain http:// is refused for ${parsed.hostname}; use https:// (http is allowed only for localhost)`);
    }
  }
  return problems;
}

export function trimTrailingSlashes<T extends ServiceUrls>(urls: T): T {
  return {
    ...urls,
    baseUrl: urls.baseUrl.replace(/\/+$/, ''),
    epdUrl: urls.epdUrl.replace(/\/+$/, ''),
    authUrl: urls.authUrl.replace(/\/+$/, ''),
    graphqlUrl: urls.graphqlUrl.replace(/\/+$/, ''),
  };
}
