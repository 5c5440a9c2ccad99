// An environment's host URLs: absolute http(s) URLs, plain http only for loopback hosts, no trailing slash. The editor
// (EnvironmentService) and the MCP server (src/mcp/signIn.ts) read them through hostUrlsOf.
import type { ServiceUrls } from './api/types';
import { msg, type Msg } from './l10n';


const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Returns a list of problems ("authUrl: …"); empty when every URL may be used. */
export function checkHostUrls(urls: ServiceUrls): Msg[] {
  const problems: Msg[] = [];
  for (const key of ['baseUrl', 'epdUrl', 'authUrl', 'graphqlUrl'] as const) {
    const value = urls[key];
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      problems.push(msg('{0}: "{1}" is not an absolute URL', key, value));
      continue;
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      problems.push(msg('{0}: only https:// URLs are allowed (got {1})', key, parsed.protocol));
    } else if (parsed.protocol === 'http:' && !LOOPBACK.test(parsed.hostname)) {
      problems.push(msg('{0}: plain http:// is refused for {1}; use https:// (http is allowed only for localhost)', key, parsed.hostname));
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

/**
 * An environment's four URLs as configured (settings, or the MCP server's environment variables), the one way both
 * read them: trailing slashes trimmed, and what keeps them from being used (`checkHostUrls`).
 */
export function hostUrlsOf(configured: ServiceUrls): { urls: ServiceUrls; problems: Msg[] } {
  const urls = trimTrailingSlashes({
    baseUrl: configured.baseUrl,
    epdUrl: configured.epdUrl,
    authUrl: configured.authUrl,
    graphqlUrl: configured.graphqlUrl,
  });
  return { urls, problems: checkHostUrls(urls) };
}
