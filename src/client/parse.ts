// Small run-time checks of response bodies: the right top-level type and the fields the extension
// relies on. Everything else passes through untouched, so a service that adds fields still works.
import type * as W from './types';
import { isObject as isRecord } from '../core/guards';
import { format, msg, type Msg, type MsgArg } from '../core/l10n';

/** Thrown by the checks; the client turns it into an LcaServiceError naming the endpoint. */
export class ShapeError extends Error {
  constructor(readonly reason: Msg) {
    super(format(reason));
  }
}

const BODY = msg('the body');

type Json = Record<string, unknown>;

function describe(value: unknown): Msg {
  if (value === undefined) return msg('an empty body');
  if (value === null) return msg('null');
  if (Array.isArray(value)) return msg('an array');
  if (typeof value === 'string') return msg('text "{0}"', value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (typeof value === 'number') return msg('a number');
  if (typeof value === 'boolean') return msg('a boolean');
  return msg('a {0}', typeof value);
}

export function expectObject(value: unknown, what: MsgArg = BODY): Json {
  if (!isRecord(value)) throw new ShapeError(msg('expected {0} to be an object, got {1}', what, describe(value)));
  return value;
}

/** An array, or an object wrapping one under a conventional key (`items`, `data`, …). */
export function expectList(value: unknown, what: MsgArg = BODY, keys: readonly string[] = []): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    for (const key of [...keys, 'items', 'data', 'value', 'results']) {
      if (Array.isArray(value[key])) return value[key] as unknown[];
    }
  }
  throw new ShapeError(msg('expected {0} to be an array, got {1}', what, describe(value)));
}

function requireString(obj: Json, field: string, where: MsgArg): string {
  const v = obj[field];
  if (typeof v === 'string' && v.length > 0) return v;
  // Numeric ids are accepted and kept as text: the extension only ever compares and sends them back.
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw new ShapeError(msg('{0} has no "{1}"', where, field));
}

function requireArrayIfPresent(obj: Json, field: string, where: MsgArg): void {
  if (obj[field] !== undefined && obj[field] !== null && !Array.isArray(obj[field])) {
    throw new ShapeError(msg('{0}: "{1}" should be an array, got {2}', where, field, describe(obj[field])));
  }
}

/** Copies `alt` into `field` when only the alternative spelling is present (e.g. `id` for `userId`). */
function withAlias(obj: Json, field: string, alt: string): Json {
  return obj[field] === undefined && obj[alt] !== undefined ? { ...obj, [field]: obj[alt] } : obj;
}

function withId(obj: Json, where: MsgArg, field = 'id'): Json {
  const id = requireString(obj, field, where);
  return obj[field] === id ? obj : { ...obj, [field]: id };
}

const UUID_ISH = /^[0-9a-z][0-9a-z-]{7,}$/i;

/** A bare id in a body: a JSON string or plain text, as some services answer a create with. */
export function bareId(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  const text = body.trim().replace(/^"|"$/g, '');
  return UUID_ISH.test(text) ? text : undefined;
}

export function parseProjectListItems(data: unknown): W.ProjectListItem[] {
  const list = expectList(data, 'data.project');
  return list.map((item, i) => {
    const obj = withId(expectObject(item, msg('project {0}', i)), msg('project {0}', i));
    return (typeof obj.name === 'string' ? obj : { ...obj, name: '' }) as W.ProjectListItem;
  });
}

export function parseProjectDetail(body: unknown): W.ProjectDetail {
  const obj = expectObject(body);
  return withId(obj, msg('the project')) as W.ProjectDetail;
}

export function parseProjectUsers(body: unknown): W.ProjectUser[] {
  return expectList(body, BODY, ['users']).map((item, i) => {
    const obj = withAlias(withAlias(expectObject(item, msg('user {0}', i)), 'userId', 'id'), 'userId', 'userID');
    return withId(obj, msg('user {0}', i), 'userId') as W.ProjectUser;
  });
}

export function parseProjectOverviews(body: unknown): W.ProjectOverview[] {
  return expectList(body, BODY, ['projects']).map((item, i) => {
    const obj = withAlias(withId(expectObject(item, msg('project {0}', i)), msg('project {0}', i)), 'name', 'projectName');
    return (typeof obj.name === 'string' ? obj : { ...obj, name: '' }) as W.ProjectOverview;
  });
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

const REQUIRED_ENUM_LISTS = ['buildingTypeEnum', 'buildingProjectStageEnums'];
const OPTIONAL_ENUM_LISTS = [
  'operationElectricitySupplyEnum', 'operationHeatSupplyEnum', 'constructionElectricitySupplyEnum',
  'constructionHeatSupplyEnum', 'materialMappingMethodEnum', 'defaultBranches', 'materialSourceEnum',
];

export function parseProjectEnums(body: unknown): W.ProjectEnums {
  const obj = { ...expectObject(body) };
  for (const field of REQUIRED_ENUM_LISTS) {
    if (!isStringArray(obj[field])) throw new ShapeError(msg('"{0}" is missing or not a list of names', field));
  }
  for (const field of OPTIONAL_ENUM_LISTS) {
    if (obj[field] === undefined || obj[field] === null) obj[field] = [];
    else if (!isStringArray(obj[field])) throw new ShapeError(msg('"{0}" is not a list of names', field));
  }
  if (obj.regerencedAreaTypeEnum === undefined || obj.regerencedAreaTypeEnum === null) obj.regerencedAreaTypeEnum = {};
  else if (!isRecord(obj.regerencedAreaTypeEnum)) throw new ShapeError(msg('"{0}" is not an object', 'regerencedAreaTypeEnum'));
  return obj as W.ProjectEnums;
}

export function parseStreamCreated(body: unknown, streamName: string): W.StreamCreated {
  const id = bareId(body);
  if (id) return { streamId: id, streamName };
  const obj = withAlias(expectObject(body), 'streamId', 'id');
  requireArrayIfPresent(obj, 'branches', msg('the stream'));
  return withId(obj, msg('the stream'), 'streamId') as W.StreamCreated;
}

export function parseDashboard(body: unknown): W.DashboardResponse {
  const obj = expectObject(body);
  const perBranch = obj.dashboardsPerBranchPlusTotal;
  if (!isRecord(perBranch)) throw new ShapeError(msg('"{0}" is missing or not an object', 'dashboardsPerBranchPlusTotal'));
  for (const [branch, dashboard] of Object.entries(perBranch)) {
    const d = expectObject(dashboard, msg('the dashboard of branch "{0}"', branch));
    requireArrayIfPresent(d, 'projectBreakdown', msg('the dashboard of branch "{0}"', branch));
  }
  return obj as W.DashboardResponse;
}

export function parseDashboardSummary(body: unknown): W.DashboardSummary {
  return expectObject(body) as W.DashboardSummary;
}

function checkLcia(obj: Json, where: MsgArg): void {
  requireArrayIfPresent(obj, 'lciaResults', where);
  const results = (obj.lciaResults ?? []) as unknown[];
  results.forEach((r, i) => {
    const at = msg('{0}: {1}', where, `lciaResults[${i}]`);
    const entry = expectObject(r, at);
    if (typeof entry.moduleTypeEnum !== 'number') throw new ShapeError(msg('{0} has no numeric "{1}"', at, 'moduleTypeEnum'));
    requireArrayIfPresent(entry, 'indicators', at);
  });
}

export function parseMaterial(body: unknown, where: MsgArg = msg('the material')): W.MaterialRead {
  const obj = withId(expectObject(body, where), where);
  checkLcia(obj, where);
  return obj as W.MaterialRead;
}

/** Bulk create answers with the created records in request order; ids alone are accepted too. */
export function parseMaterialList(body: unknown, expected: number): W.MaterialRead[] {
  const list = expectList(body, BODY, ['materials', 'created']);
  if (list.length !== expected) {
    throw new ShapeError(expected === 1 ? msg('expected 1 created material, got {0}', list.length) : msg('expected {0} created materials, got {1}', expected, list.length));
  }
  return list.map((item, i) => {
    const id = bareId(item);
    return id ? { id } : parseMaterial(item, msg('material {0}', i));
  });
}

export function parseConstruction(body: unknown): W.ConstructionRead {
  const construction = msg('the construction');
  const obj = withId(expectObject(body), construction);
  checkLcia(obj, construction);
  requireArrayIfPresent(obj, 'constructionEpds', construction);
  return obj as W.ConstructionRead;
}

export function parseIndicatorEnums(body: unknown): W.IndicatorEnums {
  if (Array.isArray(body)) return { indicators: body as W.IndicatorEnums['indicators'] };
  const obj = expectObject(body);
  for (const field of ['indicators', 'modules', 'units', 'indicatorTypeMappings']) requireArrayIfPresent(obj, field, msg('the enumerations'));
  return obj as W.IndicatorEnums;
}

/** If no expiry is given at all, renew after this long rather than trust the token for ever. */
export const UNKNOWN_EXPIRY_MS = 15 * 60_000;

function jwtExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a token response. Prefers `expires_in` (immune to clock skew) over the `expires` date and a
 * JWT's `exp`; accepts camelCase spellings and a bare token as text, since the user sign-in
 * response shape is not shown.
 */
export function parseTokenSet(body: unknown, now: number): W.TokenSet {
  if (typeof body === 'string' && body.trim() && !/\s/.test(body.trim())) {
    const accessToken = body.trim().replace(/^"|"$/g, '');
    return { accessToken, expiresAt: jwtExpiry(accessToken) ?? now + UNKNOWN_EXPIRY_MS };
  }
  const obj = expectObject(body);
  const accessToken = [obj.access_token, obj.accessToken, obj.token].find((v): v is string => typeof v === 'string' && v.length > 0);
  if (!accessToken) throw new ShapeError(msg('no access token in the sign-in response'));
  const refresh = [obj.refresh_token, obj.refreshToken].find((v): v is string => typeof v === 'string' && v.length > 0);
  const expiresIn = Number(obj.expires_in ?? obj.expiresIn);
  const expiresDate = typeof obj.expires === 'string' ? Date.parse(obj.expires) : NaN;
  const expiresAt =
    Number.isFinite(expiresIn) && expiresIn > 0
      ? now + expiresIn * 1000
      : Number.isFinite(expiresDate)
        ? expiresDate
        : (jwtExpiry(accessToken) ?? now + UNKNOWN_EXPIRY_MS);
  return { accessToken, ...(refresh ? { refreshToken: refresh } : {}), expiresAt };
}
