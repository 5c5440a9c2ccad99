// Who the MCP server works as, from its environment variables: LCA_ENVIRONMENT (default Local — then the built-in
// local service is started from dist/service.js, as the extension does), and LCA_EMAIL + LCA_PASSWORD or
// LCA_CLIENT_ID + LCA_SECRET. Another environment gives its four hosts in LCA_BASE_URL, LCA_EPD_URL, LCA_AUTH_URL and
// LCA_GRAPHQL_URL. LCA_BR18 (JSON, as an environment's `br18` setting) overrides values of the BR18 rule table, as the
// extension passes the environment's override. The password and secret are kept in this closure only: never logged,
// never in a result.
import type { ChildProcess } from 'child_process';
import * as os from 'os';
import * as path from 'path';
import { authenticateCredential, LcaClient, readServedCodes, startLocalServiceProcess, TokenRenewal, type Credential } from '../client';
import type { ServiceUrls, TokenSet } from '../core/api/types';
import { ASSUMED_CODES, buildCodeTable, type CodeTable } from '../core/codeTable';
import { hostUrlsOf } from '../core/hostUrls';
import { format } from '../core/l10n';
import { applyBr18Override, BR18_RULES, parseBr18Override, type Br18Rules } from '../core/lca/br18Rules';

export interface Identity {
  environment: string;
  urls: ServiceUrls | undefined;
  client: LcaClient | undefined;
  login: string | undefined;
  codes: CodeTable;
  /** The BR18 rule table the verdicts judge by: the built-in one with LCA_BR18's override. */
  rules: Br18Rules;
  /** Why there is no client (no credentials, a refused sign-in …), for the tools' messages and the log. */
  problem?: string;
}

const START_TIMEOUT_MS = 20_000;

/** The built-in BR18 rule table with the override in LCA_BR18 (JSON), if any; its bad entries are logged and left out. */
export function br18RulesOf(env: NodeJS.ProcessEnv, environment: string, log: (line: string) => void): Br18Rules {
  const raw = env.LCA_BR18?.trim();
  if (!raw) return BR18_RULES;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    log(`LCA_BR18 is not JSON, the built-in BR18 rules are used: ${e instanceof Error ? e.message : String(e)}`);
    return BR18_RULES;
  }
  const { override, problems } = parseBr18Override(value, 'LCA_BR18');
  for (const p of problems) log(`${p.path}: ${format(p.message)} (left out)`);
  return applyBr18Override(BR18_RULES, override, environment);
}

export interface SignInOptions {
  env: NodeJS.ProcessEnv;
  /** Folder of the bundles (dist/), where service.js is. */
  distDir: string;
  log: (line: string) => void;
  /** Children to stop when the server stops. */
  children: ChildProcess[];
}

/** Not signed in, and why: the assumed code table and the environment's BR18 rules (for a sign-in that could not even start). */
export function notSignedIn(env: NodeJS.ProcessEnv, log: (line: string) => void, problem: string): Identity {
  const environment = env.LCA_ENVIRONMENT?.trim() || 'Local';
  return { environment, urls: undefined, client: undefined, login: undefined, codes: ASSUMED_CODES, rules: br18RulesOf(env, environment, log), problem };
}

/** The credential in the environment variables: LCA_EMAIL + LCA_PASSWORD, else LCA_CLIENT_ID + LCA_SECRET. */
function credentialOf(env: NodeJS.ProcessEnv): Credential | undefined {
  if (env.LCA_EMAIL && env.LCA_PASSWORD) return { kind: 'user', login: env.LCA_EMAIL, secret: env.LCA_PASSWORD };
  if (env.LCA_CLIENT_ID && env.LCA_SECRET) return { kind: 'account', login: env.LCA_CLIENT_ID, secret: env.LCA_SECRET };
  return undefined;
}

const NO_CREDENTIALS = 'no credentials: set LCA_EMAIL + LCA_PASSWORD or LCA_CLIENT_ID + LCA_SECRET';

/**
 * Signs in as the environment variables say; without credentials the tools that need the service say so. The URLs,
 * the sign-in, the token's renewal and the code table's read are the extension's own (src/core/hostUrls.ts,
 * src/client/session.ts): only where the values come from is the server's.
 */
export async function signIn(o: SignInOptions): Promise<Identity> {
  const environment = o.env.LCA_ENVIRONMENT?.trim() || 'Local';
  const credential = credentialOf(o.env);
  const rules = br18RulesOf(o.env, environment, o.log);
  const base: Identity = { environment, urls: undefined, client: undefined, login: undefined, codes: ASSUMED_CODES, rules };

  let urls: ServiceUrls;
  if (environment === 'Local') {
    if (!credential) return { ...base, problem: NO_CREDENTIALS };
    const dataDir = o.env.LCA_LOCAL_DATA || path.join(os.homedir(), '.lca-workbench', 'local-service');
    // Started as the extension starts it; stopped with the server, also while it is starting.
    const started = startLocalServiceProcess({
      script: path.join(o.distDir, 'service.js'),
      dataDir,
      timeoutMs: START_TIMEOUT_MS,
      onLine: (line, stream) => stream === 'stderr' && o.log(`[local service] ${line}`),
    });
    o.children.push(started.child);
    urls = await started.ready;
    o.log(`local service running at ${urls.baseUrl} (data in ${dataDir})`);
  } else {
    const { LCA_BASE_URL: baseUrl, LCA_EPD_URL: epdUrl, LCA_AUTH_URL: authUrl, LCA_GRAPHQL_URL: graphqlUrl } = o.env;
    if (!baseUrl || !epdUrl || !authUrl || !graphqlUrl) {
      return { ...base, problem: `environment ${environment} needs LCA_BASE_URL, LCA_EPD_URL, LCA_AUTH_URL and LCA_GRAPHQL_URL` };
    }
    const checked = hostUrlsOf({ baseUrl, epdUrl, authUrl, graphqlUrl });
    if (checked.problems.length) return { ...base, problem: `environment ${environment}: ${checked.problems.map(format).join('; ')}` };
    urls = checked.urls;
    if (!credential) return { ...base, urls, problem: NO_CREDENTIALS };
  }

  const authenticate = (): Promise<TokenSet> => authenticateCredential(urls.authUrl, credential);
  let token: TokenSet;
  try {
    token = await authenticate();
  } catch (e) {
    return { ...base, urls, problem: `sign-in to ${environment} failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  // The token is kept in this closure only, renewed as the extension renews the one in its SecretStorage entry.
  const tokens = new TokenRenewal({ stored: async () => token, renew: async () => (token = await authenticate()).accessToken });
  const client = new LcaClient({
    urls,
    getToken: () => tokens.getToken(),
    renewToken: () => tokens.renewToken(),
    log: (e) => o.log(`${e.method} ${e.url} ${e.status ?? '-'} ${e.durationMs}ms`),
  });
  let codes = ASSUMED_CODES;
  try {
    const { layer, problems } = await readServedCodes(client);
    for (const p of problems) o.log(`codes served by ${environment}: ${p.path} ${format(p.message)}`);
    codes = buildCodeTable({ service: layer, environment });
  } catch (e) {
    o.log(`codes of ${environment} not read, the assumed ones are used: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { environment, urls, client, login: credential.login, codes, rules };
}
