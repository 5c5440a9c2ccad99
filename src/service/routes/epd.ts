// Material and construction routes on {epd_url}: bulk create (atomic), reads, construction create, enumerations.
import * as crypto from 'crypto';
import { canSee, caller, validated, visibleConstruction, visibleMaterial } from '../context';
import { badRequest, HttpError, RawJson, type FieldError } from '../http';
import type { JsonObject, MaterialRec } from '../model';
import { constructionRecord, materialRecord } from '../records';
import { INDICATOR_MAPPING_IDS } from '../seed/ids';
import { materialKey } from '../store';
import { ID, type Route } from './types';

export const MAX_BULK_ITEMS = 1000;

export const INDICATOR_TYPE_MAPPINGS = [
  { id: INDICATOR_MAPPING_IDS.gwpTotal, name: 'BR18: GWP total', indicator: 12 },
  { id: INDICATOR_MAPPING_IDS.gwpFossil, name: 'GWP fossil', indicator: 13 },
];

function tenantOf(ctx: Parameters<Route['handle']>[0]) {
  const id = caller(ctx).tenantId;
  return ctx.state.store.tenants.get(id) ?? { id, name: 'Unknown tenant' };
}

export const epdRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/epd\/material\/indicatorenums$/i,
    auth: true,
    // The service's own code table (the one it calculates with); the extension reads it as the environment's table.
    handle: ({ state: { codes } }) => ({
      indicators: codes.indicators.map((i) => ({ type: i.type, name: i.name, unit: i.unit, description: i.description, group: i.group })),
      modules: codes.modules.map((m) => ({ code: m.code, label: m.label, name: m.name })),
      units: codes.units.map((u) => ({ code: u.code, label: u.label, name: u.name, dimension: u.dimension, factor: u.factor })),
      epdTypes: codes.epdTypes.map((t) => ({ code: t.code, label: t.label })),
      moduleStatus: codes.moduleStatus.map((t) => ({ code: t.code, label: t.label })),
      indicatorTypeMappings: INDICATOR_TYPE_MAPPINGS,
    }),
  },
  {
    method: 'POST',
    pattern: /^\/epd\/material\/bulk\/create$/i,
    auth: true,
    async handle(ctx) {
      const raw = await ctx.body();
      if (Array.isArray(raw) && raw.length > MAX_BULK_ITEMS) {
        throw new HttpError(413, 'Payload Too Large', `At most ${MAX_BULK_ITEMS} materials per bulk create; this one has ${raw.length}.`);
      }
      const items = validated<JsonObject[]>('materials', raw);
      const tenant = tenantOf(ctx);
      const { store } = ctx.state;
      const conflicts: FieldError[] = [];
      const seen = new Map<string, number>();
      items.forEach((item, i) => {
        const key = materialKey(tenant.id, String(item.originalUUID), String(item.originalVersion));
        const existingId = store.materialKeys.get(key);
        if (existingId) {
          conflicts.push({ pointer: `/${i}`, message: 'a material with this originalUUID and originalVersion exists', existingId });
        } else if (seen.has(key)) {
          conflicts.push({ pointer: `/${i}`, message: `same originalUUID and originalVersion as item ${seen.get(key)}` });
        } else seen.set(key, i);
      });
      if (conflicts.length) throw new HttpError(409, 'Conflict', 'Some materials exist already; nothing was created.', conflicts);
      const now = new Date().toISOString();
      const records: MaterialRec[] = items.map((item) =>
        materialRecord(item, { id: crypto.randomUUID(), internalId: crypto.randomUUID(), tenant, now, codes: ctx.state.codes }),
      );
      return new RawJson(store.addMaterials(records));
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/epd/material/${ID}$`, 'i'),
    auth: true,
    handle: (ctx) => visibleMaterial(ctx, ctx.params[0]),
  },
  {
    method: 'POST',
    pattern: /^\/epd\/Material\/construction$/i,
    auth: true,
    async handle(ctx) {
      const body = validated<JsonObject>('construction', await ctx.body());
      const who = caller(ctx);
      const entries = body.constructionEpds as JsonObject[];
      const errors: FieldError[] = [];
      const epds = entries.map((e, i) => {
        const m = ctx.state.store.materials.get(String(e.epdId).toLowerCase());
        if (!m || !canSee(m, who)) errors.push({ pointer: `/constructionEpds/${i}/epdId`, message: `no EPD material ${String(e.epdId)}` });
        return m;
      });
      if (errors.length) throw badRequest('Unknown EPD materials.', errors);
      const built = constructionRecord(body, epds as MaterialRec[], {
        id: crypto.randomUUID(),
        internalId: crypto.randomUUID(),
        tenant: tenantOf(ctx),
        now: new Date().toISOString(),
        codes: ctx.state.codes,
        componentIds: entries.map(() => crypto.randomUUID()),
      });
      if (!built.ok) throw badRequest('Some component quantities cannot be converted to their EPD\'s declared unit.', built.errors);
      for (const n of (built.record.componentsNotComputed as { index: number; reason: string }[] | undefined) ?? []) {
        ctx.state.log(`construction ${built.record.id}: component ${n.index} not computed: ${n.reason}`);
      }
      ctx.state.store.addConstruction(built.record);
      return built.record;
    },
  },
  {
    method: 'GET',
    pattern: new RegExp(`^/epd/construction/${ID}$`, 'i'),
    auth: true,
    handle: (ctx) => visibleConstruction(ctx, ctx.params[0]),
  },
];
