// Builds the read shapes the service returns (material, construction) from create bodies, and turns stored
// records into the plain data the LCA calculations read.
import { format } from '../core/l10n';
import { UNIT } from '../core/codes';
import type { CodeTable } from '../core/codeTable';
import { aggregateConstruction } from '../core/lca/scale';
import type { ConstructionData, EpdData, ModuleResult } from '../core/lca/types';
import type { ComponentQuantity } from '../core/units';
import type { ConstructionRec, JsonObject, MaterialRec, TenantRec } from './model';
import { isObject, num } from '../core/guards';


interface CreateContext {
  id: string;
  internalId: string;
  tenant: TenantRec;
  now: string;
  /** The service's code table (`ServiceState.codes`): indicator names and types, modules and units are read with it. */
  codes: CodeTable;
}

/** Bulk-create indicators carry names; the read shape carries numeric types (of `codes`) plus the name sent. */
function readResults(raw: unknown, codes: CodeTable): ModuleResult[] {
  const given = new Map<number, ModuleResult>();
  for (const r of Array.isArray(raw) ? raw : []) {
    if (!isObject(r) || typeof r.moduleTypeEnum !== 'number') continue;
    const indicators = (Array.isArray(r.indicators) ? r.indicators : []).filter(isObject).map((i) => {
      const name = String(i.type);
      const code = typeof i.type === 'number' ? codes.indicatorByType(i.type) : codes.indicatorByName(name);
      return {
        type: code?.type ?? 0,
        unit: typeof i.unit === 'string' ? i.unit : (code?.unit ?? ''),
        value: num(i.value) ?? 0,
        originalIdentifier: typeof i.originalIdentifier === 'string' ? i.originalIdentifier : (code?.name ?? name),
      };
    });
    given.set(r.moduleTypeEnum, { moduleTypeEnum: r.moduleTypeEnum, moduleStatusEnum: num(r.moduleStatusEnum) ?? 0, indicators });
  }
  // Every module once, in code order: absent modules read as "not declared" with no indicators.
  return codes.modules.map((m) => given.get(m.code) ?? { moduleTypeEnum: m.code, moduleStatusEnum: 0, indicators: [] });
}

/** A declared unit as the service stores and answers it (with its base* fields), from a create body's. */
function readDeclaredUnit(raw: unknown): JsonObject {
  const du = isObject(raw) ? raw : {};
  const mass = du.mass === null ? null : (num(du.mass) ?? null);
  const massUnit = num(du.massUnit) ?? UNIT.KG;
  return {
    declaredUnit: num(du.declaredUnit) ?? UNIT.NONE,
    declaredValue: num(du.declaredValue) ?? 1,
    baseEpdDeclaredUnitType: num(du.declaredUnit) ?? UNIT.NONE,
    baseMassUnitType: massUnit,
    baseDeclaredMassValue: mass,
    mass,
    massUnit,
  };
}

/** The stored/read material of one bulk-create item; the tenant is always the caller's. */
export function materialRecord(item: JsonObject, ctx: CreateContext, categorization?: JsonObject): MaterialRec {
  // A plain key loop: object rest/spread of large records is markedly slower in V8, and bulk create is hot.
  const rest: JsonObject = {};
  for (const key in item) if (key !== '$schema' && key !== 'tenantId') rest[key] = item[key];
  const tags = Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [];
  return {
    ...rest,
    id: ctx.id,
    internalId: ctx.internalId,
    internalVersion: '1.0.0',
    internalVersionNumber: 1,
    tenantId: ctx.tenant.id,
    tenantName: ctx.tenant.name,
    createdAt: ctx.now,
    lastModifiedAt: null,
    newestVersion: true,
    isPublic: item.isPublic === true,
    isCustom: item.isCustom !== false,
    isConstruction: false,
    name: String(item.name),
    description: typeof item.description === 'string' ? item.description : '',
    originalUUID: String(item.originalUUID),
    originalVersion: String(item.originalVersion),
    nameMultiLang: Array.isArray(item.nameMultiLang) ? item.nameMultiLang : [{ lang: 'en', value: String(item.name), status: 1 }],
    descriptionMultiLang: Array.isArray(item.descriptionMultiLang) ? item.descriptionMultiLang : [],
    basedOnMaterialIds: Array.isArray(item.basedOnMaterialIds) ? item.basedOnMaterialIds : [],
    epdInfo: isObject(item.epdInfo) ? item.epdInfo : null,
    declaredUnit: readDeclaredUnit(item.declaredUnit),
    lciaResults: readResults(item.lciaResults, ctx.codes),
    tags,
    categorization: categorization ?? { system: 'Custom', path: tags },
  };
}

const epdCache = new WeakMap<object, EpdData>();

/** A stored material as the calculations read it (cached per record object). */
export function toEpdData(m: JsonObject): EpdData {
  let e = epdCache.get(m);
  if (!e) {
    const du = isObject(m.declaredUnit) ? m.declaredUnit : {};
    const info = isObject(m.epdInfo) ? m.epdInfo : {};
    e = {
      id: String(m.id),
      name: String(m.name),
      declaredUnit: {
        declaredUnit: num(du.declaredUnit) ?? UNIT.NONE,
        declaredValue: num(du.declaredValue) ?? 1,
        mass: du.mass === null ? null : num(du.mass),
        massUnit: num(du.massUnit),
      },
      lciaResults: (m.lciaResults as ModuleResult[] | undefined) ?? [],
      expectedLifespan: num(m.expectedLifespan) ?? null,
      epdType: num(info.epdProductIndustryType) ?? 0,
      link: typeof info.link === 'string' ? info.link : '',
    };
    epdCache.set(m, e);
  }
  return e;
}

function componentQuantity(raw: unknown): ComponentQuantity {
  const u = isObject(raw) ? raw : {};
  return {
    unit: num(u.unit) ?? UNIT.NONE,
    amount: num(u.amount) ?? 0,
    ...(num(u.percentage) !== undefined ? { percentage: num(u.percentage) } : {}),
    ...(num(u.height) !== undefined ? { height: num(u.height) } : {}),
    ...(num(u.width) !== undefined ? { width: num(u.width) } : {}),
  };
}

export type ConstructionBuild =
  | { ok: true; record: ConstructionRec }
  | { ok: false; errors: { pointer: string; message: string }[] };

/**
 * The read object of a construction create: components embed their EPD as it is now, and `lciaResults` are
 * aggregated from them per module and indicator. `epds[i]` is the material of `constructionEpds[i]`.
 */
export function constructionRecord(body: JsonObject, epds: MaterialRec[], ctx: CreateContext & { componentIds: string[] }): ConstructionBuild {
  const entries = (body.constructionEpds as JsonObject[]).map((c) => ({ raw: c, quantity: componentQuantity(c.constructionUnit) }));
  // A component whose unit code the service does not know is stored as sent and left out of the results (named in
  // the extra field `componentsNotComputed`); a quantity that cannot be converted for another reason is refused.
  const agg = aggregateConstruction(
    entries.map((e, i) => ({ epd: toEpdData(epds[i]), quantity: e.quantity })),
    { codes: ctx.codes, tolerateUnknownCodes: true },
  );
  if (!agg.ok) {
    return {
      ok: false,
      errors: agg.problems.map((p) => ({ pointer: `/constructionEpds/${p.index}/constructionUnit`, message: format(p.reason) })),
    };
  }
  const record: ConstructionRec = {
    id: ctx.id,
    internalId: ctx.internalId,
    internalVersionNumber: 1,
    internalVersion: '1.0.0',
    name: String(body.name),
    names: null,
    description: typeof body.description === 'string' ? body.description : '',
    descriptions: null,
    tags: Array.isArray(body.tags) ? body.tags : [],
    isPublic: body.isPublic === true,
    isConstruction: true,
    isCustom: body.isCustom !== false,
    expectedLifespan: num(body.expectedLifespan) ?? null,
    tenantId: ctx.tenant.id,
    tenantName: ctx.tenant.name,
    newestVersion: true,
    createdAt: ctx.now,
    lastModifiedAt: null,
    dataSourceId: null,
    datasourceName: 'LCA Workbench',
    declarationOwnerName: ctx.tenant.name,
    basedOnMaterialIds: [...new Set(epds.map((e) => e.id))],
    epdInfo: null,
    transportationInfo: null,
    declaredUnit: readDeclaredUnit(body.declaredUnit),
    lciaResults: agg.lciaResults,
    constructionEpds: entries.map((e, i) => ({
      id: ctx.componentIds[i],
      name: String(epds[i].name),
      index: i,
      parentConstruction: null,
      epd: epds[i],
      // Extra fields (not in the interface's read shape) so that a read-back construction can be recalculated.
      epdId: epds[i].id,
      expectedLifespan: num(e.raw.expectedLifespan) ?? null,
      constructionUnit: e.raw.constructionUnit,
    })),
  };
  if (agg.notComputed.length) {
    record.componentsNotComputed = agg.notComputed.map((n) => ({ index: n.index, epdId: epds[n.index].id, reason: `${format(n.reason)}; left out of lciaResults` }));
  }
  return { ok: true, record };
}

const constructionCache = new WeakMap<object, ConstructionData>();

/** A stored construction as the calculations read it, with the component EPDs as embedded at creation. */
export function toConstructionData(c: ConstructionRec): ConstructionData {
  let d = constructionCache.get(c);
  if (!d) {
    const du = c.declaredUnit as JsonObject;
    d = {
      id: c.id,
      name: String(c.name),
      declaredUnit: { declaredUnit: num(du.declaredUnit) ?? UNIT.NONE, declaredValue: num(du.declaredValue) ?? 1 },
      expectedLifespan: num(c.expectedLifespan) ?? null,
      components: (c.constructionEpds as JsonObject[]).map((e) => ({
        epd: toEpdData(e.epd as JsonObject),
        quantity: componentQuantity(e.constructionUnit),
        expectedLifespan: num(e.expectedLifespan) ?? null,
      })),
    };
    constructionCache.set(c, d);
  }
  return d;
}
