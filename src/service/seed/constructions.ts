// Seeded constructions (walls, decks, roofs, windows, a beam and a foundation) as construction-create bodies
// referring to seeded materials; the service aggregates their results like any created construction.
import { UNIT } from '../../core/codes';
import { CONSTRUCTION_IDS, constructionId, materialId } from './ids';

type Tenant = 'public' | 'demo' | 'other';

interface Layer {
  material: string;
  unit: keyof typeof UNIT;
  amount: number;
  height?: number;
  width?: number;
  percentage?: number;
  lifespan?: number;
}

export interface ConstructionSpec {
  key: string;
  name: string;
  description: string;
  unit: keyof typeof UNIT;
  lifespan: number | null;
  tags: string[];
  tenant: Tenant;
  layers: Layer[];
}

export const CONSTRUCTION_SPECS: readonly ConstructionSpec[] = [
  {
    key: 'outer-wall-brick', name: 'Outer wall, brick/mineral wool/concrete', unit: 'M2', lifespan: 120, tenant: 'public',
    description: 'Cavity wall per m²: 108 mm clay brick, 195 mm mineral wool, 200 mm precast concrete inner leaf.',
    tags: ['outer wall'],
    layers: [
      { material: 'brick', unit: 'M3', amount: 0.108 },
      { material: 'mortar', unit: 'M3', amount: 0.022 },
      // Given per m² with its thickness: area → volume through constructionUnit.height.
      { material: 'mineral-wool', unit: 'M2', amount: 1, height: 0.195, lifespan: 60 },
      { material: 'precast-wall-20', unit: 'M2', amount: 1 },
    ],
  },
  {
    key: 'concrete-wall-20', name: 'Concrete wall 20 cm', unit: 'M2', lifespan: 120, tenant: 'public',
    description: 'Load-bearing precast concrete wall per m², with reinforcement.',
    tags: ['inner wall', 'load-bearing'],
    layers: [
      { material: 'precast-wall-20', unit: 'M2', amount: 1 },
      { material: 'rebar', unit: 'KG', amount: 12 },
    ],
  },
  {
    key: 'timber-frame-wall', name: 'Timber frame outer wall', unit: 'M2', lifespan: 80, tenant: 'public',
    description: 'Timber studs 45 × 195 mm c/c 600 mm, mineral wool, gypsum board on both sides, per m².',
    tags: ['outer wall', 'timber'],
    layers: [
      { material: 'timber-45x195', unit: 'M', amount: 2.2 },
      { material: 'mineral-wool', unit: 'M3', amount: 0.18 },
      { material: 'gypsum-12', unit: 'M2', amount: 2, lifespan: 50 },
    ],
  },
  {
    key: 'hollow-core-deck', name: 'Hollow-core deck 22 cm', unit: 'M2', lifespan: 120, tenant: 'public',
    description: 'Hollow-core slab with 50 mm cement screed, per m².',
    tags: ['deck'],
    layers: [
      { material: 'hollow-core-22', unit: 'M2', amount: 1 },
      { material: 'mortar', unit: 'M3', amount: 0.05 },
    ],
  },
  {
    key: 'clt-deck', name: 'CLT deck 200 mm', unit: 'M2', lifespan: 120, tenant: 'public',
    description: 'Cross-laminated timber deck with plywood floor (replaced every 25 years), per m².',
    tags: ['deck', 'timber'],
    layers: [
      { material: 'clt', unit: 'M3', amount: 0.2 },
      { material: 'plywood', unit: 'M3', amount: 0.022, lifespan: 25 },
    ],
  },
  {
    key: 'flat-roof', name: 'Flat roof, EPS on hollow-core', unit: 'M2', lifespan: 120, tenant: 'public',
    description: 'Hollow-core slab, 300 mm EPS, membrane (not in the data), per m².',
    tags: ['roof'],
    layers: [
      { material: 'hollow-core-22', unit: 'M2', amount: 1 },
      { material: 'eps-035', unit: 'M3', amount: 0.3, lifespan: 40 },
    ],
  },
  {
    key: 'tiled-roof', name: 'Tiled pitched roof, timber', unit: 'M2', lifespan: 60, tenant: 'public',
    description: 'Clay tiles on battens and rafters, 300 mm mineral wool, per m² of roof.',
    tags: ['roof', 'timber'],
    layers: [
      { material: 'roof-tiles', unit: 'M2', amount: 1, lifespan: 60 },
      { material: 'timber', unit: 'M3', amount: 0.025 },
      { material: 'mineral-wool', unit: 'M3', amount: 0.3 },
    ],
  },
  {
    key: 'window-3-pane', name: 'Window, 3-pane, timber-aluminium', unit: 'M2', lifespan: 40, tenant: 'public',
    description: 'Window per m²: 80 % 3-pane glazing, timber frame with aluminium cladding.',
    tags: ['window'],
    layers: [
      { material: 'igu-3', unit: 'M2', amount: 1, percentage: 80 },
      { material: 'timber', unit: 'M3', amount: 0.012 },
      { material: 'aluminium', unit: 'KG', amount: 2.5 },
    ],
  },
  {
    key: 'steel-beam-heb300', name: 'Steel beam HEB 300', unit: 'M', lifespan: 120, tenant: 'public',
    description: 'Hot-rolled HEB 300, 117 kg per metre.',
    tags: ['beam', 'steel'],
    layers: [{ material: 'steel-sections', unit: 'KG', amount: 117 }],
  },
  {
    key: 'foundation-strip', name: 'Strip foundation C25/30', unit: 'M', lifespan: 120, tenant: 'public',
    description: 'Strip foundation 0.6 × 0.8 m per metre (length → volume through the cross-section), with reinforcement.',
    tags: ['foundation'],
    layers: [
      { material: 'concrete-c25-30', unit: 'M', amount: 1, width: 0.6, height: 0.8 },
      { material: 'rebar', unit: 'KG', amount: 25 },
    ],
  },
  {
    key: 'demo-green-roof', name: 'Green roof deck (Demo Arkitekter)', unit: 'M2', lifespan: 60, tenant: 'demo',
    description: 'The demo tenant\'s own roof build-up: CLT deck, EPS, reused bricks as ballast.',
    tags: ['roof', 'custom'],
    layers: [
      { material: 'clt-deck-200', unit: 'M2', amount: 1 },
      { material: 'eps-035-300', unit: 'M2', amount: 1, lifespan: 40 },
      { material: 'demo-reused-brick', unit: 'M3', amount: 0.02 },
    ],
  },
  {
    key: 'other-balcony', name: 'Balcony slab (Other Rådgivning)', unit: 'M2', lifespan: 80, tenant: 'other',
    description: 'The other tenant\'s precast balcony slab.',
    tags: ['balcony', 'custom'],
    layers: [
      { material: 'other-site-concrete', unit: 'M3', amount: 0.18 },
      { material: 'rebar', unit: 'KG', amount: 15 },
    ],
  },
];

/** The construction-create body (the shape samples and the schema use) of a spec. */
export function constructionBody(spec: ConstructionSpec): Record<string, unknown> {
  return {
    name: spec.name,
    description: spec.description,
    isPublic: spec.tenant === 'public',
    isCustom: spec.tenant !== 'public',
    tags: spec.tags,
    declaredUnit: { declaredUnit: UNIT[spec.unit], declaredValue: 1, mass: null, massUnit: UNIT.KG },
    expectedLifespan: spec.lifespan,
    constructionEpds: spec.layers.map((l) => ({
      epdId: materialId(l.material),
      ...(l.lifespan !== undefined ? { expectedLifespan: l.lifespan } : {}),
      constructionUnit: {
        unit: UNIT[l.unit],
        amount: l.amount,
        percentage: l.percentage ?? 100,
        ...(l.height !== undefined ? { height: l.height } : {}),
        ...(l.width !== undefined ? { width: l.width } : {}),
        shownUnit: UNIT[l.unit],
      },
    })),
  };
}

for (const id of Object.values(CONSTRUCTION_IDS)) {
  if (!CONSTRUCTION_SPECS.some((s) => constructionId(s.key) === id)) throw new Error(`seed: no construction for id ${id}`);
}
