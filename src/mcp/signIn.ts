// Who the MCP server works as, from its environment variables: LCA_ENVIRONMENT (default Local — then the built-in
// local service is started from dist/service.js, as the extension does), and LCA_EMAIL + LCA_PASSWORD or
// LCA_CLIENT_ID + LCA_SECRET. Another environment gives its four hosts in LCA_BASE_URL, LCA_EPD_URL, LCA_AUTH_URL and
// LCA_GRAPHQL_URL. LCA_BR18 (JSON, as an environment's `br18` setting) overrides values of the BR18 rule table, as the
// extension passes the environment's override. The password and secret are kept in this closure only: never logged,
// never in a result.
import { fork, type ChildProcess } from 'child_process';
import * as os from 'os';
import * as path from 'path';
import { authenticateAccount, authenticateUser, LcaClient } from '../client';
import type { ServiceUrls, TokenSet } from '../core/api/types';
import { ASSUMED_CODES, buildCodeTable, servedCodeLayer, type CodeTable } from '../core/codeTable';
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

/** Starts `dist/service.js` beside this bundle and resolves with the URLs it reports on its first stdout line. */
export function startLocalService(serviceScript: string, dataDir: string, log: (line: string) => void): Promise<{ urls: ServiceUrls; child: ChildProcess }> {
  const child = fork(serviceScript, ['--port', '0', '--remember-port', '--host', '127.0.0.1', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the local service did not report ready within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    child.stderr?.on('data', (d: Buffer) => log(`[local service] ${String(d).trimEnd()}`));
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      buffered += chunk;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        try {
          const v = JSON.parse(line) as Partial<ServiceUrls>;
          if (typeof v.baseUrl === 'string' && typeof v.epdUrl === 'string' && typeof v.authUrl === 'string' && typeof v.graphqlUrl === 'string') {
            clearTimeout(timer);
            resolve({ urls: v as ServiceUrls, child });
          }
        } catch {
          // not the ready line
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local service exited (code ${code}) before it was ready`));
    });
  });
}

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

/** Signs in as the environment variables say; without credentials the tools that need the service say so. */
export async function signIn(o: SignInOptions): Promise<Identity> {
  const environment = o.env.LCA_ENVIRONMENT?.trim() || 'Local';
  const email = o.env.LCA_EMAIL;
  const password = o.env.LCA_PASSWORD;
  const clientId = o.env.LCA_CLIENT_ID;
  const secret = o.env.LCA_SECRET;
  const user = email && password ? { email, password } : undefined;
  const account = !user && clientId && secret ? { clientId, secret } : undefined;
  const rules = br18RulesOf(o.env, environment, o.log);
  const base: Identity = { environment, urls: undefined, client: undefined, login: undefined, codes: ASSUMED_CODES, rules };

  let urls: ServiceUrls;
  if (environment === 'Local') {
    if (!user && !account) return { ...base, problem: 'no credentials: set LCA_EMAIL + LCA_PASSWORD or LCA_CLIENT_ID + LCA_SECRET' };
    const dataDir = o.env.LCA_LOCAL_DATA || path.join(os.homedir(), '.lca-workbench', 'local-service');
    const started = await startLocalService(path.join(o.distDir, 'service.js'), dataDir, o.log);
    o.children.push(started.child);
    urls = started.urls;
    o.log(`local service running at ${urls.baseUrl} (data in ${dataDir})`);
  } else {
    const u = { baseUrl: o.env.LCA_BASE_URL, epdUrl: o.env.LCA_EPD_URL, authUrl: o.env.LCA_AUTH_URL, graphqlUrl: o.env.LCA_GRAPHQL_URL };
    if (!u.baseUrl || !u.epdUrl || !u.authUrl || !u.graphqlUrl) {
      return { ...base, problem: `environment ${environment} needs LCA_BASE_URL, LCA_EPD_URL, LCA_AUTH_URL and LCA_GRAPHQL_URL` };
    }
    for (const v of Object.values(u) as string[]) {
      const url = new URL(v);
      if (url.protocol !== 'https:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
        return { ...base, problem: `plain http:// is refused for anything but localhost (${url.origin})` };
      }
    }
    urls = u as ServiceUrls;
    if (!user && !account) return { ...base, urls, problem: 'no credentials: set LCA_EMAIL + LCA_PASSWORD or LCA_CLIENT_ID + LCA_SECRET' };
  }

  let token: TokenSet | undefined;
  const authenticate = (): Promise<TokenSet> =>
    user ? authenticateUser(urls.authUrl, user.email, user.password) : authenticateAccount(urls.authUrl, account!.clientId, account!.secret);
  try {
    token = await authenticate();
  } catch (e) {
    return { ...base, urls, problem: `sign-in to ${environment} failed: ${e instanceof Error ? e.message : String(e)}` };
  }
  const getToken = async (): Promise<string | undefined> => {
    if (!token || token.expiresAt - Date.now() < 60_000) token = await authenticate();
    return token.accessToken;
  };
  const client = new LcaClient({
    urls,
    getToken,
    renewToken: async () => (token = await authenticate()).accessToken,
    log: (e) => o.log(`${e.method} ${e.url} ${e.status ?? '-'} ${e.durationMs}ms`),
  });
  let codes = ASSUMED_CODES;
  try {
    const [ie, pe] = await Promise.all([client.getIndicatorEnums(), client.getProjectEnums()]);
    codes = buildCodeTable({ service: servedCodeLayer(ie, pe).layer, environment });
  } catch (e) {
    o.log(`codes of ${environment} not read, the assumed ones are used: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { environment, urls, client, login: user?.email ?? account?.clientId, codes, rules };
}
