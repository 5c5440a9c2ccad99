// Sign-in routes on {auth_url}: user (e-mail/password), account (client id/secret), and the extra refresh path.
import { dummySecretHash, issueToken, sha256, verifySecret } from '../auth';
import { validated } from '../context';
import { badRequest, unauthorized } from '../http';
import type { Route } from './types';

export const authRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/auth\/v1\/user$/i,
    auth: false,
    async handle(ctx) {
      const body = validated<{ email: string; password: string }>('userAuth', await ctx.body());
      const { store } = ctx.state;
      const user = [...store.users.values()].find((u) => u.email.toLowerCase() === body.email.toLowerCase());
      const ok = await verifySecret(body.password, user?.passwordHash ?? dummySecretHash());
      if (!user || !ok) throw unauthorized('Wrong e-mail or password.');
      return issueToken(store, { id: user.id, kind: 'user', tenantId: user.tenantId }, ctx.state.tokenTtlSeconds);
    },
  },
  {
    method: 'POST',
    pattern: /^\/auth\/v2\/api-token$/i,
    auth: false,
    async handle(ctx) {
      const body = validated<{ clientId: string; secret: string }>('accountAuth', await ctx.body());
      const { store } = ctx.state;
      const account = [...store.accounts.values()].find((a) => a.clientId === body.clientId);
      const ok = await verifySecret(body.secret, account?.secretHash ?? dummySecretHash());
      if (!account || !ok) throw unauthorized('Wrong client id or secret.');
      return issueToken(store, { id: account.id, kind: 'account', tenantId: account.tenantId }, ctx.state.tokenTtlSeconds);
    },
  },
  {
    // Not part of the interface (it shows no refresh endpoint): redeems a refresh token once for a new pair.
    method: 'POST',
    pattern: /^\/auth\/x-local\/refresh$/i,
    auth: false,
    async handle(ctx) {
      const body = (await ctx.body()) as { refresh_token?: unknown } | undefined;
      if (!body || typeof body.refresh_token !== 'string' || !body.refresh_token) {
        throw badRequest('`refresh_token` is required.', [{ pointer: '/refresh_token', message: 'must be a non-empty string' }]);
      }
      const { store } = ctx.state;
      const rec = store.refreshTokens.get(sha256(body.refresh_token));
      if (!rec || rec.refreshExpiresAt <= Date.now()) throw unauthorized('The refresh token is not valid.');
      store.removeToken(rec);
      return issueToken(store, { id: rec.principalId, kind: rec.kind, tenantId: rec.tenantId }, ctx.state.tokenTtlSeconds);
    },
  },
];
