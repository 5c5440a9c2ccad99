// Starts the local LCA service in-process on a free port with its data in a temporary folder, and
// offers the fault-injection controls as plain fetch calls.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startLocalService } from '../../../../src/service/server';
import { LcaClient, authenticateUser, type LcaClientOptions, type RequestLogEntry, type ServiceUrls } from '../../../../src/client';

export const DEMO_USER = { email: 'demo@example.com', password: 'demo-password' };
export const DEMO_ACCOUNT = { clientId: 'demo-client', secret: 'demo-secret' };

export interface RunningService {
  urls: ServiceUrls;
  /** Origin of the service, where /__sandbox/* lives. */
  origin: string;
  sandbox(pathName: string, body?: unknown): Promise<unknown>;
  stats(): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startService(tokenTtlSeconds?: number): Promise<RunningService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-client-test-'));
  const service = await startLocalService({ port: 0, dataDir, ...(tokenTtlSeconds !== undefined ? { tokenTtlSeconds } : {}) });
  const urls: ServiceUrls = service.urls;
  const origin = new URL(urls.baseUrl).origin;
  const sandbox = async (pathName: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${origin}/__sandbox/${pathName}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`sandbox ${pathName} answered ${res.status}`);
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return {
    urls,
    origin,
    sandbox,
    stats: () => sandbox('stats'),
    stop: async () => {
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the editor's sign-in store does, reduced to what the client needs: a token and a renewal. */
export class TestSession {
  token: string | undefined;
  renewals = 0;
  readonly log: RequestLogEntry[] = [];

  constructor(
    private readonly authUrl: string,
    private readonly credential = DEMO_USER,
  ) {}

  async signIn(): Promise<string> {
    this.token = (await authenticateUser(this.authUrl, this.credential.email, this.credential.password)).accessToken;
    return this.token;
  }

  client(urls: ServiceUrls, extra: Partial<LcaClientOptions> = {}): LcaClient {
    return new LcaClient({
      urls,
      getToken: async () => this.token,
      renewToken: async () => {
        this.renewals++;
        return this.signIn();
      },
      retry: { limit: 2, maxDelayMs: 50 },
      timeoutMs: 5_000,
      log: (e) => this.log.push(e),
      ...extra,
    });
  }
}
