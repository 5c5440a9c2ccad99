// Deterministic UUIDs of every seeded record, so tests, samples and docs can refer to them across restarts.
import * as crypto from 'crypto';

/** A name-based UUID (version 5 layout over SHA-1), stable for a given name. */
export function seedUuid(name: string): string {
  const h = crypto.createHash('sha1').update(`lca-workbench-seed:${name}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

export const TENANT_IDS = {
  demo: seedUuid('tenant:demo'),
  other: seedUuid('tenant:other'),
  /** Owner of the public reference data (BR18 Bilag 2 Tabel 7). */
  publicData: seedUuid('tenant:public'),
} as const;

export const USER_IDS = {
  demo: seedUuid('user:demo'),
  lars: seedUuid('user:lars'),
  other: seedUuid('user:other'),
} as const;

export const ACCOUNT_IDS = { demo: seedUuid('account:demo-client') } as const;

export const CREDENTIALS = {
  demoUser: { email: 'demo@example.com', password: 'demo-password' },
  larsUser: { email: 'lars@example.com', password: 'lars-password' },
  otherUser: { email: 'other@example.com', password: 'other-password' },
  demoAccount: { clientId: 'demo-client', secret: 'demo-secret' },
} as const;

export const materialId = (key: string): string => seedUuid(`material:${key}`);
export const constructionId = (key: string): string => seedUuid(`construction:${key}`);
export const projectId = (key: string): string => seedUuid(`project:${key}`);

/** Seeded materials referred to by tests and samples. */
export const MATERIAL_IDS = {
  concreteC25: materialId('concrete-c25-30'),
  concreteC30: materialId('concrete-c30-37'),
  hollowCore22: materialId('hollow-core-22'),
  precastWall20: materialId('precast-wall-20'),
  steelSections: materialId('steel-sections'),
  rebar: materialId('rebar'),
  timber: materialId('timber'),
  clt: materialId('clt'),
  igu3: materialId('igu-3'),
  mineralWool: materialId('mineral-wool'),
  gypsum125: materialId('gypsum-12'),
  brick: materialId('brick'),
  /** Private to the demo tenant. */
  demoReusedBrick: materialId('demo-reused-brick'),
  /** Private to the demo tenant; its name is an HTML injection probe for the dashboard. */
  demoXss: materialId('demo-xss'),
  /** Private to the other tenant. */
  otherSiteConcrete: materialId('other-site-concrete'),
} as const;

export const CONSTRUCTION_IDS = {
  outerWallBrick: constructionId('outer-wall-brick'),
  concreteWall20: constructionId('concrete-wall-20'),
  timberFrameWall: constructionId('timber-frame-wall'),
  hollowCoreDeck: constructionId('hollow-core-deck'),
  cltDeck: constructionId('clt-deck'),
  flatRoof: constructionId('flat-roof'),
  tiledRoof: constructionId('tiled-roof'),
  window3: constructionId('window-3-pane'),
  steelBeam: constructionId('steel-beam-heb300'),
  foundation: constructionId('foundation-strip'),
  /** Private to the demo tenant. */
  demoGreenRoof: constructionId('demo-green-roof'),
  /** Private to the other tenant. */
  otherBalcony: constructionId('other-balcony'),
} as const;

export const PROJECT_IDS = {
  school: projectId('skolen-ved-soeen'),
  office: projectId('kontorhus-havnegade'),
  /** The office's design variant in timber (CLT decks, timber-frame walls): passes where the office fails. */
  officeTimber: projectId('kontorhus-havnegade-trae'),
  terraced: projectId('raekkehuse-laerkevej'),
  /** Marked deleted (deletedBy set): stored, but left out of the project list. */
  hotelDeleted: projectId('hotel-nordlys'),
  logistics: projectId('logistikcenter-kolding'),
  /** The other tenant's project. */
  otherHousing: projectId('boligblok-vesterbro'),
  /** The other tenant's small annex: BR18 2023 under 1,000 m² heated, so an LCA without a limit. */
  otherAnnex: projectId('anneks-egevej'),
  /** Generated with --scale: 20,000 elements, never written to disk. */
  scale: projectId('scale-20000'),
} as const;

export const STREAM_IDS = { school: seedUuid('stream:skolen-ved-soeen') } as const;

/** The GraphQL/dashboard indicator type mappings served by material/indicatorenums. */
export const INDICATOR_MAPPING_IDS = {
  gwpTotal: seedUuid('indicator-mapping:br18-gwp-total'),
  gwpFossil: seedUuid('indicator-mapping:gwp-fossil'),
} as const;

export const SCALE_ELEMENT_COUNT = 20_000;
