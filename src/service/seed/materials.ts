// Seeded EPD materials: the 20 rows of BR18 Bilag 2 Tabel 7 (lca-method.md §5) with their published GWP figures,
// plus variants derived from them by thickness, section or declared unit (scaled from the same row), and a few
// tenant-private records. Each is a bulk-create item with all 18 modules.
import { MODULES, MODULE, UNIT } from '../../core/codes';
import { ASSUMED_CODES } from '../../core/codeTable';
import { MATERIAL_IDS, materialId, seedUuid } from './ids';

type UnitName = 'M' | 'M2' | 'M3' | 'KG' | 'TONNE';
type Tenant = 'public' | 'demo' | 'other';

export interface MaterialSpec {
  key: string;
  name: string;
  unit: UnitName;
  declaredValue: number;
  a1a3: number;
  c3?: number;
  c4?: number;
  d?: number;
  /** kg per declaredValue declared units. */
  mass: number;
  /** 0 Generic (ÖKOBAUDAT), 1 Industry (EPD Danmark), 2 Product. */
  epdType: 0 | 1 | 2;
  wood?: boolean;
  lifespan: number;
  category: [string, string];
  tenant: Tenant;
  derivedFrom?: string;
}

const OKOBAUDAT = 'https://www.oekobaudat.de/no_cache/en/database/search.html';
const EPD_DANMARK = 'https://www.epddanmark.dk/epd-databasen/';

/** BR18 Bilag 2 Tabel 7 (version 2020-12-22): A1–A3, C3, C4, D in kg CO2e per declared unit. */
const TABLE7: MaterialSpec[] = [
  { key: 'concrete-c25-30', name: 'Ready-mix concrete C25/30', unit: 'M3', declaredValue: 1, a1a3: 241, c3: 6.73, c4: 4.97, d: -4.6, mass: 2246, epdType: 0, lifespan: 120, category: ['Concrete', 'Ready-mix concrete'], tenant: 'public' },
  { key: 'concrete-c30-37', name: 'Ready-mix concrete C30/37', unit: 'M3', declaredValue: 1, a1a3: 282, c3: 6.72, c4: 4.97, d: -4.6, mass: 2255, epdType: 0, lifespan: 120, category: ['Concrete', 'Ready-mix concrete'], tenant: 'public' },
  { key: 'hollow-core-22', name: 'Hollow-core slab 22 cm', unit: 'M2', declaredValue: 1, a1a3: 49.8, c3: 1.04, c4: 0.76, d: -0.705, mass: 344.6, epdType: 1, lifespan: 120, category: ['Concrete', 'Precast elements'], tenant: 'public' },
  { key: 'precast-wall-20', name: 'Precast concrete wall 20 cm', unit: 'M2', declaredValue: 1, a1a3: 66.9, c3: 1.28, c4: 0.93, d: -1.01, mass: 426.4, epdType: 1, lifespan: 120, category: ['Concrete', 'Precast elements'], tenant: 'public' },
  { key: 'steel-sections', name: 'Steel, rolled sections', unit: 'KG', declaredValue: 1000, a1a3: 1125, c3: 1.844, d: -413.4, mass: 1000, epdType: 0, lifespan: 120, category: ['Metals', 'Steel'], tenant: 'public' },
  { key: 'rebar', name: 'Reinforcement steel', unit: 'KG', declaredValue: 1, a1a3: 0.683, c4: 0.00068, d: -0.393, mass: 1, epdType: 0, lifespan: 120, category: ['Metals', 'Reinforcement steel'], tenant: 'public' },
  { key: 'aluminium', name: 'Aluminium profile', unit: 'KG', declaredValue: 1, a1a3: 10.68, c4: 0.00068, d: -8.268, mass: 1, epdType: 0, lifespan: 40, category: ['Metals', 'Aluminium'], tenant: 'public' },
  { key: 'timber', name: 'Structural timber, planed', unit: 'M3', declaredValue: 1, a1a3: -652, c3: 709, c4: 0, d: -425, mass: 536, epdType: 0, wood: true, lifespan: 120, category: ['Wood', 'Solid wood'], tenant: 'public' },
  { key: 'glulam', name: 'Glulam', unit: 'M3', declaredValue: 1, a1a3: -610, c3: 743, c4: 0, d: -395, mass: 500, epdType: 0, wood: true, lifespan: 120, category: ['Wood', 'Engineered wood'], tenant: 'public' },
  { key: 'clt', name: 'CLT', unit: 'M3', declaredValue: 1, a1a3: -664, c3: 744, c4: 0, d: -387, mass: 470, epdType: 0, wood: true, lifespan: 120, category: ['Wood', 'Engineered wood'], tenant: 'public' },
  { key: 'plywood', name: 'Plywood', unit: 'M3', declaredValue: 1, a1a3: -599, c3: 743, c4: 0, d: -391, mass: 480, epdType: 0, wood: true, lifespan: 25, category: ['Wood', 'Boards'], tenant: 'public' },
  { key: 'float-glass-4', name: 'Float glass 4 mm', unit: 'M2', declaredValue: 1, a1a3: 13.33, c4: 0.164, mass: 10, epdType: 0, lifespan: 40, category: ['Glass', 'Flat glass'], tenant: 'public' },
  { key: 'igu-3', name: 'Insulating glass, 3-pane', unit: 'M2', declaredValue: 1, a1a3: 57.77, c3: 3.035, c4: 0.491, d: -1.405, mass: 30, epdType: 1, lifespan: 40, category: ['Glass', 'Insulating glass units'], tenant: 'public' },
  { key: 'mineral-wool', name: 'Mineral wool, general', unit: 'M3', declaredValue: 1, a1a3: 40.31, c3: 0.721, c4: 0.4, mass: 26.25, epdType: 1, lifespan: 60, category: ['Insulation', 'Mineral wool'], tenant: 'public' },
  { key: 'mineral-wool-facade', name: 'Mineral wool, facade', unit: 'M3', declaredValue: 1, a1a3: 70.39, c3: 1.27, c4: 0.703, mass: 46.25, epdType: 1, lifespan: 60, category: ['Insulation', 'Mineral wool'], tenant: 'public' },
  { key: 'eps-035', name: 'EPS 035', unit: 'M3', declaredValue: 1, a1a3: 59.5, c4: 75.2, d: -39.6, mass: 22.7, epdType: 0, lifespan: 40, category: ['Insulation', 'Plastic foams'], tenant: 'public' },
  { key: 'gypsum-12', name: 'Gypsum board 12.5 mm', unit: 'M2', declaredValue: 1, a1a3: 1.623, c4: 0.15, mass: 10, epdType: 0, lifespan: 50, category: ['Boards', 'Gypsum'], tenant: 'public' },
  { key: 'brick', name: 'Clay brick, outer leaf', unit: 'M3', declaredValue: 1, a1a3: 528.5, c3: 13.21, d: -3.7, mass: 1800, epdType: 1, lifespan: 120, category: ['Masonry', 'Clay brick'], tenant: 'public' },
  { key: 'mortar', name: 'Cement mortar', unit: 'M3', declaredValue: 1, a1a3: 345.1, c4: 29.3, mass: 2000, epdType: 0, lifespan: 120, category: ['Masonry', 'Mortar'], tenant: 'public' },
  { key: 'roof-tiles', name: 'Clay roof tiles', unit: 'M2', declaredValue: 1, a1a3: 15.88, c3: 0.303, d: -0.092, mass: 45, epdType: 0, lifespan: 60, category: ['Roofing', 'Tiles'], tenant: 'public' },
];

/** A variant whose figures are the base row's multiplied by `factor` (a thickness, a section or a unit change). */
function variant(base: string, key: string, name: string, factor: number, over: Partial<MaterialSpec> = {}): MaterialSpec {
  const b = TABLE7.find((m) => m.key === base)!;
  const scale = (x: number | undefined): number | undefined => (x === undefined ? undefined : round6(x * factor));
  return {
    ...b,
    key,
    name,
    a1a3: round6(b.a1a3 * factor),
    c3: scale(b.c3),
    c4: scale(b.c4),
    d: scale(b.d),
    mass: round6(b.mass * factor),
    derivedFrom: b.name,
    ...over,
  };
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

const VARIANTS: MaterialSpec[] = [
  variant('hollow-core-22', 'hollow-core-18', 'Hollow-core slab 18 cm', 18 / 22),
  variant('hollow-core-22', 'hollow-core-27', 'Hollow-core slab 27 cm', 27 / 22),
  variant('hollow-core-22', 'hollow-core-32', 'Hollow-core slab 32 cm', 32 / 22),
  variant('precast-wall-20', 'precast-wall-15', 'Precast concrete wall 15 cm', 15 / 20),
  variant('precast-wall-20', 'precast-wall-25', 'Precast concrete wall 25 cm', 25 / 20),
  variant('float-glass-4', 'float-glass-6', 'Float glass 6 mm', 6 / 4),
  variant('float-glass-4', 'float-glass-8', 'Float glass 8 mm', 8 / 4),
  variant('gypsum-12', 'gypsum-15', 'Gypsum board 15 mm', 15 / 12.5),
  variant('gypsum-12', 'gypsum-2x12', 'Gypsum board 2 × 12.5 mm', 2),
  variant('mineral-wool', 'mineral-wool-195', 'Mineral wool, general 195 mm (per m²)', 0.195, { unit: 'M2' }),
  variant('mineral-wool-facade', 'mineral-wool-facade-100', 'Mineral wool, facade 100 mm (per m²)', 0.1, { unit: 'M2', epdType: 2 }),
  variant('eps-035', 'eps-035-300', 'EPS 035, 300 mm (per m²)', 0.3, { unit: 'M2' }),
  variant('clt', 'clt-wall-100', 'CLT wall 100 mm (per m²)', 0.1, { unit: 'M2' }),
  variant('clt', 'clt-deck-200', 'CLT deck 200 mm (per m²)', 0.2, { unit: 'M2', epdType: 2 }),
  variant('brick', 'brick-108', 'Clay brick wall 108 mm (per m²)', 0.108, { unit: 'M2' }),
  variant('mortar', 'mortar-kg', 'Cement mortar (per kg)', 1 / 2000, { unit: 'KG' }),
  variant('concrete-c30-37', 'concrete-c30-37-tonne', 'Ready-mix concrete C30/37 (per tonne)', 1000 / 2255, { unit: 'TONNE' }),
  variant('steel-sections', 'steel-sections-kg', 'Steel, rolled sections (per kg)', 1 / 1000, { declaredValue: 1 }),
  variant('glulam', 'glulam-115x405', 'Glulam beam 115 × 405 mm (per m)', 0.115 * 0.405, { unit: 'M' }),
  variant('timber', 'timber-45x195', 'Structural timber 45 × 195 mm (per m)', 0.045 * 0.195, { unit: 'M' }),
  variant('rebar', 'rebar-tonne', 'Reinforcement steel (per tonne)', 1000, { unit: 'TONNE' }),
  variant('igu-3', 'igu-3-product', 'Insulating glass, 3-pane (product EPD)', 1, { epdType: 2 }),
];

/** Tenant-private records: they exercise tenancy (404 for the other tenant) and the dashboard's escaping. */
const PRIVATE: MaterialSpec[] = [
  variant('brick', 'demo-reused-brick', 'Reused clay brick, outer leaf (demo)', 0.1, { tenant: 'demo', epdType: 2, c3: 13.21, d: 0 }),
  variant('gypsum-12', 'demo-xss', '<img src=x onerror=alert(1)>', 1, { tenant: 'demo', epdType: 2 }),
  variant('concrete-c30-37', 'other-site-concrete', 'Ready-mix concrete C30/37, site mix (other)', 1, { tenant: 'other' }),
];

export const MATERIAL_SPECS: readonly MaterialSpec[] = [...TABLE7, ...VARIANTS, ...PRIVATE];

/** Splits a GWP total into fossil, biogenic and land-use parts that add up to it (to six decimals). */
function gwpParts(total: number, module: 'A1A3' | 'C3' | 'C4' | 'D', wood: boolean): { fossil: number; biogenic: number; luluc: number } {
  if (wood && module === 'A1A3') {
    // Wood stores biogenic carbon at production (negative) and releases it in C3; fossil is the processing energy.
    const luluc = round6(Math.abs(total) * 0.002);
    const fossil = round6(Math.abs(total) * 0.15);
    return { fossil, luluc, biogenic: round6(total - fossil - luluc) };
  }
  if (wood && module === 'C3') {
    const fossil = round6(total * 0.01);
    return { fossil, luluc: 0, biogenic: round6(total - fossil) };
  }
  if (module === 'D') return { fossil: total, biogenic: 0, luluc: 0 };
  const biogenic = round6(total * 0.004);
  const luluc = round6(total * 0.001);
  return { fossil: round6(total - biogenic - luluc), biogenic, luluc };
}

// The seed catalogue is written in the assumed codes (MODULE, UNIT, indicator names).
const GWP_UNIT = ASSUMED_CODES.indicatorByName('GWP_TOTAL')!.unit;

function gwpIndicators(total: number, module: 'A1A3' | 'C3' | 'C4' | 'D', wood: boolean): { type: string; unit: string; value: number }[] {
  const p = gwpParts(total, module, wood);
  return [
    { type: 'GWP_TOTAL', unit: GWP_UNIT, value: total },
    { type: 'GWP_FOSSIL', unit: GWP_UNIT, value: p.fossil },
    { type: 'GWP_BIOGENIC', unit: GWP_UNIT, value: p.biogenic },
    { type: 'GWP_LULUC', unit: GWP_UNIT, value: p.luluc },
  ];
}

export interface SeedMaterialItem {
  item: Record<string, unknown>;
  id: string;
  tenant: Tenant;
  categorization: { system: string; path: string[] };
}

/** A bulk-create item (the shape samples and the schema use) for a spec. */
export function materialItem(spec: MaterialSpec): Record<string, unknown> {
  const byModule: Partial<Record<number, ['A1A3' | 'C3' | 'C4' | 'D', number]>> = {
    [MODULE.A1A3]: ['A1A3', spec.a1a3],
    ...(spec.c3 !== undefined ? { [MODULE.C3]: ['C3', spec.c3] } : {}),
    ...(spec.c4 !== undefined ? { [MODULE.C4]: ['C4', spec.c4] } : {}),
    ...(spec.d !== undefined ? { [MODULE.D]: ['D', spec.d] } : {}),
  };
  const generic = spec.epdType === 0;
  const description = spec.derivedFrom
    ? `${spec.name}: figures scaled from "${spec.derivedFrom}" (BR18 Bilag 2 Tabel 7, 2020-12-22).`
    : `${spec.name}: BR18 Bilag 2 Tabel 7 (2020-12-22), ${generic ? 'generic data from ÖKOBAUDAT' : 'industry data from EPD Danmark'}.`;
  return {
    name: spec.name,
    description,
    originalUUID: seedUuid(`original:${spec.key}`),
    originalVersion: '2020.12.22',
    sourceDatabaseVersion: 'BR18 Bilag 2 Tabel 7 2020-12-22',
    isPublic: spec.tenant === 'public',
    isCustom: spec.tenant !== 'public',
    isConstruction: false,
    lciaResultCompleteness: 0,
    basedOnMaterialIds: [],
    expectedLifespan: spec.lifespan,
    newestVersion: true,
    nameMultiLang: [{ lang: 'en', value: spec.name, status: 1 }],
    descriptionMultiLang: [{ lang: 'en', value: description, status: 1 }],
    epdInfo: {
      epdSpecificationForm: 0,
      epdProductIndustryType: spec.epdType,
      validTo: '2030-12-31T00:00:00Z',
      epdVersion: '1.0',
      publicationDate: '2020-12-22T00:00:00Z',
      declarationNumber: `BR18-T7-${spec.key}`,
      link: generic ? OKOBAUDAT : EPD_DANMARK,
      dataSourceId: seedUuid(generic ? 'datasource:oekobaudat' : 'datasource:epd-danmark'),
    },
    declaredUnit: { declaredValue: spec.declaredValue, declaredUnit: UNIT[spec.unit], mass: spec.mass, massUnit: UNIT.KG },
    lciaResults: MODULES.map((m) => {
      const entry = byModule[m.code];
      return {
        moduleTypeEnum: m.code,
        moduleStatusEnum: entry ? 2 : 0,
        indicators: entry ? gwpIndicators(entry[1], entry[0], spec.wood === true) : [],
      };
    }),
    tags: [...spec.category],
  };
}

export function seedMaterials(): SeedMaterialItem[] {
  return MATERIAL_SPECS.map((spec) => ({
    item: materialItem(spec),
    id: materialId(spec.key),
    tenant: spec.tenant,
    categorization: { system: spec.epdType === 0 ? 'ÖKOBAUDAT' : 'EPD Danmark', path: [...spec.category] },
  }));
}

// Keep the exported ids honest: every named id must be a seeded key.
for (const id of Object.values(MATERIAL_IDS)) {
  if (!MATERIAL_SPECS.some((s) => materialId(s.key) === id)) throw new Error(`seed: no material for id ${id}`);
}
