// Seeded building projects: five of the demo tenant (different types, stages and cities; one favourite, one
// marked deleted), one of the other tenant, the generated scale project (20,000 elements, or --scale-elements) and, with
// --projects, many small ones. Elements come from a deterministic generator over typical building parts, classified
// three levels deep (BIM7AA/SfB style).
import { BR18_DEFAULT_PHASES, DEFAULT_BRANCH_IDS, PROJECT_ENUMS, UNIT, type ProjectRole } from '../../core/codes';
import type { ClassificationLevel } from '../../core/lca/types';
import type { ElementRec, ProjectRec } from '../model';
import { PROJECT_IDS, SCALE_ELEMENT_COUNT, STREAM_IDS, TENANT_IDS, USER_IDS, constructionId, materialId, seedUuid } from './ids';

const CLASSES: Record<string, string> = {
  '(1-)': 'Ground and foundations',
  '(16)': 'Foundations',
  '(16.1)': 'Strip foundations',
  '(16.2)': 'Ground slabs',
  '(2-)': 'Building structure',
  '(21)': 'Outer walls',
  '(21.1)': 'Load-bearing outer walls',
  '(22)': 'Inner walls',
  '(22.1)': 'Load-bearing inner walls',
  '(22.2)': 'Partition walls',
  '(23)': 'Floor decks',
  '(23.1)': 'Floor decks',
  '(27)': 'Roofs',
  '(27.1)': 'Roof structures',
  '(28)': 'Structural frames',
  '(28.1)': 'Beams',
  '(3-)': 'Completions',
  '(31)': 'Outer wall completions',
  '(31.1)': 'Windows',
  '(31.2)': 'External doors',
  '(34)': 'Balustrades and railings',
  '(34.1)': 'Railings',
  '(4-)': 'Surfaces',
  '(42)': 'Wall surfaces',
  '(42.1)': 'Wall claddings',
  '(43)': 'Floor surfaces',
  '(43.1)': 'Floor finishes',
  '(47)': 'Roof surfaces',
  '(47.1)': 'Roof insulation',
};

type Three = [ClassificationLevel, ClassificationLevel, ClassificationLevel];
const cls = (l1: string, l2: string, l3: string): Three =>
  [l1, l2, l3].map((code) => ({ code, name: CLASSES[code] })) as Three;

type BranchName = 'Konstruktioner' | 'Arkitektur';

interface ElementTemplate {
  branch: BranchName;
  classification: Three;
  name: string;
  unit: keyof typeof UNIT;
  /** Quantity per m² of heated floor area, over all `count` elements. */
  perM2: number;
  count: number;
  material?: string;
  construction?: string;
  lifetime?: number;
}

const CONCRETE_BUILDING: ElementTemplate[] = [
  { branch: 'Konstruktioner', classification: cls('(1-)', '(16)', '(16.1)'), name: 'Strip foundation', unit: 'M', perM2: 0.12, count: 6, construction: 'foundation-strip' },
  { branch: 'Konstruktioner', classification: cls('(1-)', '(16)', '(16.2)'), name: 'Ground slab, in-situ concrete', unit: 'M3', perM2: 0.12, count: 3, material: 'concrete-c30-37' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(21)', '(21.1)'), name: 'Outer wall, brick/concrete', unit: 'M2', perM2: 0.45, count: 12, construction: 'outer-wall-brick' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(22)', '(22.1)'), name: 'Inner wall, concrete', unit: 'M2', perM2: 0.35, count: 10, construction: 'concrete-wall-20' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(22)', '(22.1)'), name: 'Extra reinforcement', unit: 'KG', perM2: 4, count: 2, material: 'rebar' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(23)', '(23.1)'), name: 'Deck, hollow-core', unit: 'M2', perM2: 0.75, count: 8, construction: 'hollow-core-deck' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(27)', '(27.1)'), name: 'Flat roof', unit: 'M2', perM2: 0.35, count: 4, construction: 'flat-roof' },
  { branch: 'Konstruktioner', classification: cls('(2-)', '(28)', '(28.1)'), name: 'Beam HEB 300', unit: 'M', perM2: 0.04, count: 6, construction: 'steel-beam-heb300' },
  { branch: 'Arkitektur', classification: cls('(3-)', '(31)', '(31.1)'), name: 'Window', unit: 'M2', perM2: 0.18, count: 12, construction: 'window-3-pane', lifetime: 40 },
  { branch: 'Arkitektur', classification: cls('(3-)', '(31)', '(31.2)'), name: 'Glass door', unit: 'M2', perM2: 0.01, count: 2, material: 'float-glass-8', lifetime: 10 },
  { branch: 'Arkitektur', classification: cls('(2-)', '(22)', '(22.2)'), name: 'Partition, gypsum', unit: 'M2', perM2: 0.8, count: 10, material: 'gypsum-2x12', lifetime: 50 },
  { branch: 'Arkitektur', classification: cls('(4-)', '(43)', '(43.1)'), name: 'Floor finish, plywood', unit: 'M3', perM2: 0.015, count: 6, material: 'plywood', lifetime: 20 },
  { branch: 'Arkitektur', classification: cls('(4-)', '(47)', '(47.1)'), name: 'Roof insulation top-up, EPS', unit: 'M3', perM2: 0.02, count: 2, material: 'eps-035', lifetime: 25 },
  { branch: 'Arkitektur', classification: cls('(3-)', '(34)', '(34.1)'), name: 'Railing (no EPD)', unit: 'PCS', perM2: 0.01, count: 3 },
];

/** Timber variant: the load-bearing parts swapped for timber constructions. */
const TIMBER_BUILDING: ElementTemplate[] = CONCRETE_BUILDING.map((t) => {
  if (t.construction === 'outer-wall-brick') return { ...t, name: 'Outer wall, timber frame', construction: 'timber-frame-wall' };
  if (t.construction === 'hollow-core-deck') return { ...t, name: 'Deck, CLT', construction: 'clt-deck' };
  if (t.construction === 'flat-roof') return { ...t, name: 'Pitched roof, tiles', construction: 'tiled-roof' };
  if (t.construction === 'steel-beam-heb300') return { ...t, name: 'Glulam beam', construction: undefined, material: 'glulam-115x405' };
  return t;
});

/** Deterministic pseudo-random numbers (mulberry32), so seeded quantities are the same on every start. */
function prng(seed: string): () => number {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (x: number): number => Math.max(0.01, Math.round(x * 100) / 100);

function modelIds(key: string): Record<BranchName, string> {
  return { Konstruktioner: seedUuid(`model:${key}:konstruktioner`), Arkitektur: seedUuid(`model:${key}:arkitektur`) };
}

function element(key: string, i: number, t: ElementTemplate, quantity: number, models: Record<BranchName, string>): ElementRec {
  return {
    id: seedUuid(`element:${key}:${i}`),
    modelId: models[t.branch],
    name: `${t.name} ${i + 1}`,
    classification: t.classification,
    quantity: round2(quantity),
    unit: UNIT[t.unit],
    lifetime: t.lifetime ?? null,
    materialId: t.material ? materialId(t.material) : null,
    constructionId: t.construction ? constructionId(t.construction) : null,
  };
}

/** Each template's quantity spread over its `count` elements with ±20 % variation (a variant spreads as its project: `spreadOf`). */
export function generateElements(key: string, templates: readonly ElementTemplate[], area: number, spreadOf = key): ElementRec[] {
  const rnd = prng(spreadOf);
  const models = modelIds(key);
  const out: ElementRec[] = [];
  for (const t of templates) {
    for (let k = 0; k < t.count; k++) out.push(element(key, out.length, t, ((t.perM2 * area) / t.count) * (0.8 + 0.4 * rnd()), models));
  }
  return out;
}

/** `total` elements cycling through the templates, each template's quantity shared by its elements. */
export function generateScaleElements(key: string, templates: readonly ElementTemplate[], area: number, total: number): ElementRec[] {
  const rnd = prng(key);
  const models = modelIds(key);
  const per = total / templates.length;
  const out: ElementRec[] = [];
  for (let i = 0; i < total; i++) {
    const t = templates[i % templates.length];
    out.push(element(key, i, t, ((t.perM2 * area) / per) * (0.8 + 0.4 * rnd()), models));
  }
  return out;
}

interface ProjectSpec {
  key: string;
  id: string;
  tenant: keyof typeof TENANT_IDS;
  name: string;
  projectNumber: string;
  clientName: string;
  builder: string;
  type: number;
  stage: number;
  address: { street: string; streetNumber: string; city: string; postalCode: string };
  heated: number;
  basement: number;
  floors: number;
  basementFloors: number;
  referenced: Record<string, number>;
  calculationTypeEnum: number;
  threshold: number;
  /** Allowances on top of the limit (default none). */
  extras?: { name: string; value: number }[];
  phases: string[];
  /** Wastage in per cent (default 0). */
  wastage?: number;
  yearOfCommissioning: number;
  energy: { electricity: number; heat: number; exported: number | null };
  timber: boolean;
  /** A design variant of this project (its key): the same quantities where the building is the same. */
  variantOf?: string;
  members: [keyof typeof USER_IDS, ProjectRole][];
  favoriteOf: (keyof typeof USER_IDS)[];
  deletedBy?: keyof typeof USER_IDS;
  streamId?: string;
  createdAt: string;
  updatedAt: string;
  extraElements?: (models: Record<BranchName, string>) => ElementRec[];
}

const PHASE_NAMES_DA: Record<string, string> = {
  A1A3: 'Produktion (A1-A3)',
  A4: 'Transport (A4)',
  A5: 'Byggeproces (A5)',
  B4: 'Udskiftning (B4)',
  B6: 'Energiforbrug i drift (B6)',
  C3: 'Affaldsbehandling (C3)',
  C4: 'Bortskaffelse (C4)',
  D: 'Potentialer uden for systemgrænsen (D)',
};

const BR18_2023 = [...BR18_DEFAULT_PHASES];
const BR18_2025 = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'];
/** What a project's rules set: the calculation type (0 BR18 2023, 1 BR18 2025), the limit without allowances, the phases. */
const RULES_2023 = { calculationTypeEnum: 0, threshold: 12, phases: BR18_2023 };
const RULES_2025 = { calculationTypeEnum: 1, threshold: 7.5, phases: BR18_2025 };

/** The office (Kontorhus Havnegade); its timber variant below is the same building. */
const OFFICE: ProjectSpec = {
  key: 'kontorhus-havnegade', id: PROJECT_IDS.office, tenant: 'demo', name: 'Kontorhus Havnegade', projectNumber: 'DA-2025-003',
  clientName: 'Havnegade Ejendomme ApS', builder: 'Nordbyg A/S', type: 0, stage: 2,
  address: { street: 'Havnegade', streetNumber: '12', city: 'København K', postalCode: '1058' },
  heated: 5200, basement: 800, floors: 6, basementFloors: 1,
  referenced: { 'Exterior balconies': 120, 'Integrated coverings': 90 },
  ...RULES_2025, wastage: 5,
  yearOfCommissioning: 2028, energy: { electricity: 130_000, heat: 150_000, exported: null }, timber: false,
  members: [['demo', 'Owner']], favoriteOf: [],
  createdAt: '2025-02-11T08:00:00.000Z', updatedAt: '2025-06-02T11:30:00.000Z',
};

const PROJECTS: ProjectSpec[] = [
  {
    key: 'skolen-ved-soeen', id: PROJECT_IDS.school, tenant: 'demo', name: 'Skolen ved Søen', projectNumber: 'DA-2024-017',
    clientName: 'Aarhus Kommune', builder: 'Demo Arkitekter A/S', type: 1, stage: 1,
    address: { street: 'Søvej', streetNumber: '4', city: 'Aarhus', postalCode: '8000' },
    heated: 2300, basement: 150, floors: 3, basementFloors: 1,
    referenced: { 'Exterior stairs': 40, 'Walk on ceilings': 60 },
    ...RULES_2023, extras: [{ name: 'Særlige geotekniske forhold', value: 0.4 }],
    yearOfCommissioning: 2027, energy: { electricity: 49_000, heat: 73_500, exported: 12_000 }, timber: false,
    members: [['demo', 'Owner'], ['lars', 'Editor']], favoriteOf: ['demo'], streamId: STREAM_IDS.school,
    createdAt: '2024-03-04T09:12:00.000Z', updatedAt: '2025-01-20T14:05:00.000Z',
    extraElements: (models) => [
      {
        id: seedUuid('element:skolen-ved-soeen:decorative-panel'), modelId: models.Arkitektur, name: 'Decorative panel, foyer',
        classification: cls('(4-)', '(42)', '(42.1)'), quantity: 15, unit: UNIT.M2, lifetime: 30, materialId: materialId('demo-xss'),
        constructionId: null,
      },
      {
        id: seedUuid('element:skolen-ved-soeen:green-roof'), modelId: models.Konstruktioner, name: 'Green roof over gym',
        classification: cls('(2-)', '(27)', '(27.1)'), quantity: 180, unit: UNIT.M2, lifetime: null, materialId: null,
        constructionId: constructionId('demo-green-roof'),
      },
    ],
  },
  OFFICE,
  // The office's variant in timber ("variantanalyse"): the same building with CLT decks, timber-frame outer walls, a
  // tiled roof and glulam beams — a second project, as consultants keep variants.
  {
    ...OFFICE, key: 'kontorhus-havnegade-trae', id: PROJECT_IDS.officeTimber, name: 'Kontorhus Havnegade, variant i træ', projectNumber: 'DA-2025-003-V2',
    stage: 1, timber: true, variantOf: 'kontorhus-havnegade', createdAt: '2025-04-22T08:00:00.000Z', updatedAt: '2025-06-03T09:15:00.000Z',
  },
  {
    key: 'raekkehuse-laerkevej', id: PROJECT_IDS.terraced, tenant: 'demo', name: 'Rækkehuse Lærkevej', projectNumber: 'DA-2023-041',
    clientName: 'Boligforeningen Lærken', builder: 'Trækonstruktion Fyn ApS', type: 4, stage: 3,
    address: { street: 'Lærkevej', streetNumber: '2-20', city: 'Odense', postalCode: '5000' },
    heated: 1450, basement: 0, floors: 2, basementFloors: 0,
    referenced: { 'Integrated garages town houses': 180, 'Integrated sheds': 60 },
    ...RULES_2023,
    yearOfCommissioning: 2024, energy: { electricity: 26_000, heat: 43_500, exported: 9_000 }, timber: true,
    members: [['lars', 'Owner'], ['demo', 'Editor']], favoriteOf: ['lars'],
    createdAt: '2023-09-18T10:00:00.000Z', updatedAt: '2024-11-05T09:45:00.000Z',
  },
  {
    key: 'hotel-nordlys', id: PROJECT_IDS.hotelDeleted, tenant: 'demo', name: 'Hotel Nordlys', projectNumber: 'DA-2022-090',
    clientName: 'Nordlys Hoteller A/S', builder: 'Demo Arkitekter A/S', type: 8, stage: 0,
    address: { street: 'Strandvejen', streetNumber: '101', city: 'Aalborg', postalCode: '9000' },
    heated: 3800, basement: 400, floors: 5, basementFloors: 1,
    referenced: {},
    ...RULES_2023,
    yearOfCommissioning: 2026, energy: { electricity: 95_000, heat: 110_000, exported: null }, timber: false,
    members: [['demo', 'Owner']], favoriteOf: [], deletedBy: 'demo',
    createdAt: '2022-05-02T07:30:00.000Z', updatedAt: '2023-02-14T16:00:00.000Z',
  },
  {
    key: 'logistikcenter-kolding', id: PROJECT_IDS.logistics, tenant: 'demo', name: 'Logistikcenter Kolding', projectNumber: 'DA-2021-112',
    clientName: 'Trekant Logistik A/S', builder: 'Stålhal Entreprise A/S', type: 6, stage: 4,
    address: { street: 'Transportvej', streetNumber: '7', city: 'Kolding', postalCode: '6000' },
    heated: 9000, basement: 0, floors: 1, basementFloors: 0,
    referenced: { 'Integrated car ports': 400 },
    ...RULES_2023,
    yearOfCommissioning: 2023, energy: { electricity: 180_000, heat: 220_000, exported: 60_000 }, timber: false,
    members: [['lars', 'Owner'], ['demo', 'Viewer']], favoriteOf: [],
    createdAt: '2021-10-01T12:00:00.000Z', updatedAt: '2023-08-30T10:10:00.000Z',
  },
  {
    key: 'boligblok-vesterbro', id: PROJECT_IDS.otherHousing, tenant: 'other', name: 'Boligblok Vesterbro', projectNumber: 'OR-2025-001',
    clientName: 'Vesterbro Boliger', builder: 'Other Rådgivning', type: 3, stage: 1,
    address: { street: 'Istedgade', streetNumber: '58', city: 'København V', postalCode: '1650' },
    heated: 4100, basement: 300, floors: 5, basementFloors: 1,
    referenced: { 'Exterior balcony access': 200 },
    ...RULES_2025, wastage: 3,
    yearOfCommissioning: 2027, energy: { electricity: 70_000, heat: 120_000, exported: null }, timber: false,
    members: [['other', 'Owner']], favoriteOf: ['other'],
    createdAt: '2025-03-01T09:00:00.000Z', updatedAt: '2025-05-15T13:20:00.000Z',
  },
  {
    // Under the 2023 rules a building under 1,000 m² heated needs an LCA but has no limit: figures without a verdict.
    key: 'anneks-egevej', id: PROJECT_IDS.otherAnnex, tenant: 'other', name: 'Anneks Egevej', projectNumber: 'OR-2024-007',
    clientName: 'Egevej Skole', builder: 'Other Rådgivning', type: 2, stage: 2,
    address: { street: 'Egevej', streetNumber: '3', city: 'Roskilde', postalCode: '4000' },
    heated: 640, basement: 0, floors: 1, basementFloors: 0,
    referenced: {},
    ...RULES_2023,
    yearOfCommissioning: 2026, energy: { electricity: 11_000, heat: 19_000, exported: null }, timber: false,
    members: [['other', 'Owner']], favoriteOf: [],
    createdAt: '2024-08-12T08:30:00.000Z', updatedAt: '2025-01-09T12:00:00.000Z',
  },
];

const SCALE_SPEC: ProjectSpec = {
  ...PROJECTS[1],
  key: 'scale-20000', id: PROJECT_IDS.scale, name: 'Skalaprojekt 20.000 elementer', projectNumber: 'DA-SCALE',
  heated: 60_000, basement: 5_000, referenced: {}, members: [['demo', 'Owner']], favoriteOf: [],
  energy: { electricity: 1_300_000, heat: 1_800_000, exported: null },
};

const BRANCHES = [
  { id: DEFAULT_BRANCH_IDS.Konstruktioner, name: 'Konstruktioner' },
  { id: DEFAULT_BRANCH_IDS.Arkitektur, name: 'Arkitektur' },
];

function projectRecord(spec: ProjectSpec, elements: (models: Record<BranchName, string>) => ElementRec[]): ProjectRec {
  const models = modelIds(spec.key);
  return {
    id: spec.id,
    tenantId: TENANT_IDS[spec.tenant],
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    deletedBy: spec.deletedBy ? USER_IDS[spec.deletedBy] : null,
    streamId: spec.streamId ?? null,
    data: {
      projectName: spec.name,
      clientName: spec.clientName,
      builder: spec.builder,
      buildingAddress: { ...spec.address, country: 'Denmark' },
      type: spec.type,
      stage: spec.stage,
      projectNumber: spec.projectNumber,
      emissionMetaData: {
        yearOfCommissioning: spec.yearOfCommissioning,
        yearOfConstruction: spec.yearOfCommissioning - 2,
        includedPhases: spec.phases,
        includedPhasesTranslated: spec.phases.map((p) => PHASE_NAMES_DA[p]),
      },
      referencedAreas: {
        values: spec.referenced,
        basementFloors: spec.basementFloors,
        floorsAboveGround: spec.floors,
        areaAboveGround: spec.heated,
        areaBelowGround: spec.basement,
      },
      calculationType: {
        calculationTypeEnum: spec.calculationTypeEnum,
        considerationPeriod: 50,
        extraThresholds: spec.extras ?? [],
        thresholdLimitWithoutExtra: spec.threshold,
      },
      heatArea: { heatedFloorAreaAboveGround: spec.heated, heatedBasementArea: spec.basement },
      wastagePercentage: spec.wastage ?? 0,
      projectEnergyData: {
        constructional: { electricity: null, earthMoved: null, heat: null, machineryFuel: null },
        operational: { electricity: spec.energy.electricity, heat: spec.energy.heat },
        operationExportedElectricity: spec.energy.exported,
        validatedBy: 'Energiramme, Be18',
        validationDate: spec.updatedAt.slice(0, 10),
      },
      transportTypes: [],
      branches: BRANCHES.map((b) => b.name),
      bimConfiguration: { parameters: { classificationCode: 'BIM7AA', classificationTypeId: seedUuid('classification:bim7aa') } },
    },
    memberships: spec.members.map(([u, role]) => ({ userId: USER_IDS[u], role })),
    favoriteOf: spec.favoriteOf.map((u) => USER_IDS[u]),
    branches: BRANCHES,
    models: [
      { id: models.Konstruktioner, name: 'Konstruktioner.ifc', branchId: DEFAULT_BRANCH_IDS.Konstruktioner },
      { id: models.Arkitektur, name: 'Arkitektur.ifc', branchId: DEFAULT_BRANCH_IDS.Arkitektur },
    ],
    elements: elements(models),
  };
}

export function seedProjects(): ProjectRec[] {
  return PROJECTS.map((spec) =>
    projectRecord(spec, (models) => [
      ...generateElements(spec.key, spec.timber ? TIMBER_BUILDING : CONCRETE_BUILDING, spec.heated + spec.basement, spec.variantOf),
      ...(spec.extraElements?.(models) ?? []),
    ]),
  );
}

/** The scale project (20,000 elements unless `elements` says otherwise); generated on each start with --scale, never stored. */
export function scaleProject(elements = SCALE_ELEMENT_COUNT): ProjectRec {
  const spec = elements === SCALE_ELEMENT_COUNT ? SCALE_SPEC : { ...SCALE_SPEC, name: `Skalaprojekt ${elements.toLocaleString('da-DK')} elementer` };
  const rec = projectRecord(spec, () => generateScaleElements(SCALE_SPEC.key, CONCRETE_BUILDING, SCALE_SPEC.heated + SCALE_SPEC.basement, elements));
  return { ...rec, transient: true };
}

const MANY_CITIES = [
  ['Aarhus', '8000'], ['København S', '2300'], ['Odense', '5000'], ['Aalborg', '9000'], ['Esbjerg', '6700'], ['Randers', '8900'],
  ['Kolding', '6000'], ['Horsens', '8700'], ['Vejle', '7100'], ['Roskilde', '4000'], ['Herning', '7400'], ['Silkeborg', '8600'],
] as const;
const MANY_STREETS = ['Søndergade', 'Nørregade', 'Havnevej', 'Skolevej', 'Industrivej', 'Parkvej', 'Kirkevej', 'Engvej'];
const MANY_KINDS = ['Boliger', 'Kontorhus', 'Skole', 'Hal', 'Institution', 'Butik', 'Hotel', 'Rækkehuse'];
const MANY_ROLES: ProjectRole[] = ['Owner', 'Editor', 'Viewer'];

/** Name of generated project `i` (0-based), e.g. "Boliger Odense 0042": tests filter on these parts. */
export function manyProjectName(i: number): string {
  return `${MANY_KINDS[i % MANY_KINDS.length]} ${MANY_CITIES[i % MANY_CITIES.length][0]} ${String(i + 1).padStart(4, '0')}`;
}

/**
 * `count` generated projects of the demo tenant (`--projects <count>`), for the Projects tree at scale: the demo user
 * is a member of each (Owner, Editor or Viewer in turn), every 50th is a favourite; building types, stages, cities and
 * updated dates vary. No elements (their dashboards are empty); kept in memory only, never written to disk.
 */
export function manyProjects(count: number): ProjectRec[] {
  const out: ProjectRec[] = [];
  const base = Date.parse('2025-06-01T08:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const [city, postalCode] = MANY_CITIES[i % MANY_CITIES.length];
    const type = i % PROJECT_TYPES;
    const updatedAt = new Date(base - i * 3_600_000).toISOString();
    const spec: ProjectSpec = {
      key: `many-${i + 1}`, id: seedUuid(`project:many:${i + 1}`), tenant: 'demo', name: manyProjectName(i), projectNumber: `DA-MANY-${i + 1}`,
      clientName: `Bygherre ${(i % 97) + 1}`, builder: 'Demo Arkitekter A/S', type, stage: i % PROJECT_STAGES,
      address: { street: MANY_STREETS[i % MANY_STREETS.length], streetNumber: String((i % 120) + 1), city, postalCode },
      heated: 500 + (i % 40) * 100, basement: i % 3 === 0 ? 200 : 0, floors: 1 + (i % 6), basementFloors: i % 3 === 0 ? 1 : 0,
      referenced: {}, ...(i % 2 ? RULES_2025 : RULES_2023),
      yearOfCommissioning: 2025 + (i % 5), energy: { electricity: 20_000 + i, heat: 30_000 + i, exported: null }, timber: false,
      members: [['demo', MANY_ROLES[i % MANY_ROLES.length]]], favoriteOf: i % 50 === 0 ? ['demo'] : [],
      createdAt: new Date(base - (i + 1000) * 3_600_000).toISOString(), updatedAt,
    };
    out.push({ ...projectRecord(spec, () => []), transient: true });
  }
  return out;
}

const PROJECT_TYPES = PROJECT_ENUMS.buildingTypeEnum.length;
const PROJECT_STAGES = PROJECT_ENUMS.buildingProjectStageEnums.length;
