// What every holder of a sign-in shares, the editor and the MCP server alike: authenticating with a credential, when a
// token is renewed (a minute before it expires, or after a 401, one renewal at a time) and reading the code table the
// service serves. Where the token is kept is the holder's: the editor's SecretStorage entry, the MCP server's memory.
import { servedCodeLayer, type CodeLayer, type LayerProblem } from '../core/codeTable';
import { authenticateAccount, authenticateUser, type AuthOptions } from './auth';
import type { LcaClient } from './client';
import type { TokenSet } from './types';

export type CredentialKind = 'user' | 'account';

/** A sign-in's credential: e-mail and password (`user`) or client id and secret (`account`). */
export interface Credential {
  kind: CredentialKind;
  login: string;
  secret: string;
}

/** Renew this long before a token expires, so a request never goes out with a token about to lapse. */
export const RENEW_MARGIN_MS = 60_000;

/** Signs in with a credential at the environment's identity host; throws LcaServiceError with a user message. */
export function authenticateCredential(authUrl: string, credential: Credential, options: AuthOptions = {}): Promise<TokenSet> {
  return credential.kind === 'user'
    ? authenticateUser(authUrl, credential.login, credential.secret, undefined, options)
    : authenticateAccount(authUrl, credential.login, credential.secret, undefined, options);
}

/** Where a holder keeps its token and how it gets a new one (undefined when it cannot: no credential any more). */
export interface TokenStore {
  stored(): Promise<Pick<TokenSet, 'accessToken' | 'expiresAt'> | undefined>;
  renew(): Promise<string | undefined>;
}

/** The token for requests (`LcaClientOptions.getToken` and `renewToken`): the stored one while fresh, else renewed once for all callers. */
export class TokenRenewal {
  private renewing: Promise<string | undefined> | undefined;

  constructor(private readonly store: TokenStore) {}

  async getToken(): Promise<string | undefined> {
    const token = await this.store.stored();
    if (token && token.expiresAt - Date.now() > RENEW_MARGIN_MS) return token.accessToken;
    return this.renewToken();
  }

  renewToken(): Promise<string | undefined> {
    this.renewing ??= this.store.renew().finally(() => (this.renewing = undefined));
    return this.renewing;
  }
}

/** The code layer the service serves (its two enumerations), with what of it was left out. */
export async function readServedCodes(client: Pick<LcaClient, 'getIndicatorEnums' | 'getProjectEnums'>): Promise<{ layer: CodeLayer; problems: LayerProblem[] }> {
  const [indicatorEnums, projectEnums] = await Promise.all([client.getIndicatorEnums(), client.getProjectEnums()]);
  return servedCodeLayer(indicatorEnums, projectEnums);
}

