// Fault injection and test controls under /__sandbox (loopback callers only; see docs/service-decisions.md).
import { badRequest } from '../http';
import type { Route } from './types';
import type { Ctx } from '../context';

const obj = async (ctx: Ctx): Promise<Record<string, unknown>> => {
  const b = await ctx.body();
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
};
const int = (v: unknown, name: string, min = 0): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) {
    throw badRequest(`\`${name}\` must be an integer ≥ ${min}.`, [{ pointer: `/${name}`, message: `must be an integer ≥ ${min}` }]);
  }
  return v;
};
const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !v) throw badRequest(`\`${name}\` must be a non-empty string.`, [{ pointer: `/${name}`, message: 'required' }]);
  return v;
};

export const sandboxRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/__sandbox\/latency$/,
    auth: false,
    async handle(ctx) {
      ctx.state.faults.latencyMs = int((await obj(ctx)).ms, 'ms');
      return { latencyMs: ctx.state.faults.latencyMs };
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/fail$/,
    auth: false,
    async handle(ctx) {
      const b = await obj(ctx);
      const rule = {
        path: text(b.path, 'path'),
        status: int(b.status, 'status', 400),
        count: int(b.count ?? 1, 'count', 1),
        ...(b.retryAfter !== undefined ? { retryAfter: int(b.retryAfter, 'retryAfter') } : {}),
      };
      ctx.state.faults.fail.push(rule);
      return rule;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/reset-connections$/,
    auth: false,
    async handle(ctx) {
      const b = await obj(ctx);
      const rule = { path: text(b.path, 'path'), count: int(b.count ?? 1, 'count', 1) };
      ctx.state.faults.resetConnections.push(rule);
      return rule;
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/clear-faults$/,
    auth: false,
    handle(ctx) {
      // Ends every injected fault (failures, connection resets, latency); the data stays as it is.
      const { faults } = ctx.state;
      const cleared = { fail: faults.fail.length, resetConnections: faults.resetConnections.length, latencyMs: faults.latencyMs };
      faults.fail.length = 0;
      faults.resetConnections.length = 0;
      faults.latencyMs = 0;
      return { cleared };
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/expire-tokens$/,
    auth: false,
    handle(ctx) {
      const { store } = ctx.state;
      const past = Date.now() - 1000;
      for (const t of store.tokens.values()) t.expiresAt = Math.min(t.expiresAt, past);
      store.saveTokens();
      return { expired: store.tokens.size };
    },
  },
  {
    method: 'POST',
    pattern: /^\/__sandbox\/reset$/,
    auth: false,
    handle(ctx) {
      ctx.state.reseed();
      return { reset: true };
    },
  },
  {
    method: 'GET',
    pattern: /^\/__sandbox\/stats$/,
    auth: false,
    handle(ctx) {
      // Only record counts (numbers) so tests can sum them; tokens are left out on purpose.
      const { store } = ctx.state;
      const tenants: Record<string, { projects: number; materials: number; constructions: number; streams: number }> = {};
      const row = (id: string) => (tenants[store.tenants.get(id)?.name ?? id] ??= { projects: 0, materials: 0, constructions: 0, streams: 0 });
      for (const t of store.tenants.values()) row(t.id);
      for (const p of store.projects.values()) row(p.tenantId).projects++;
      for (const m of store.materials.values()) row(m.tenantId).materials++;
      for (const c of store.constructions.values()) row(String(c.tenantId)).constructions++;
      for (const s of store.streams.values()) row(s.tenantId).streams++;
      return { tenants, tokensIssued: store.tokensIssued };
    },
  },
];
