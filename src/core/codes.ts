// The assumed table of LCA codes: life cycle modules, EN 15804+A2 indicators, unit codes, phases and the project
// enumerations. Values the interface does not give are marked "assumed" and explained in docs/service-decisions.md.
// These lists seed `ASSUMED_CODES` (codeTable.ts); what a code means in an environment is asked of that
// environment's `CodeTable`, passed in — there are no lookups of this table here, so that no rule or calculation
// reads the assumed meaning by mistake.
import type { ModuleCodeValue } from './schemas/types';

import { msg, type Msg } from './l10n';

/** A name of the assumed table: English, marked with `msg` so that its translation is collected (see `label`). */
const text = (m: Msg): string => m.message;

/** Life cycle module as sent in `lciaResults[].moduleTypeEnum`. */
export interface ModuleCode {
  readonly code: number;
  /** Short label as users write it, e.g. "A1-A3". */
  readonly label: string;
  readonly name: string;
  /** True where the interface does not give the code and this project chose it. */
  readonly assumed: boolean;
}

/** A module of the assumed table: its code is one of the schemas' module codes. */
export interface AssumedModuleCode extends ModuleCode {
  readonly code: ModuleCodeValue;
}

export const MODULES: readonly AssumedModuleCode[] = [
  { code: 0, label: 'A1-A3', name: text(msg('Product stage (raw material supply, transport, manufacturing)')), assumed: false },
  { code: 1, label: 'A4', name: text(msg('Transport to site')), assumed: false },
  { code: 2, label: 'A5', name: text(msg('Construction and installation')), assumed: false },
  { code: 3, label: 'B', name: text(msg('Use stage (aggregated)')), assumed: false },
  { code: 4, label: 'B4', name: text(msg('Replacement')), assumed: false },
  { code: 5, label: 'C1', name: text(msg('Deconstruction and demolition')), assumed: false },
  { code: 6, label: 'B1', name: text(msg('Use')), assumed: true },
  { code: 7, label: 'B2', name: text(msg('Maintenance')), assumed: true },
  { code: 8, label: 'B3', name: text(msg('Repair')), assumed: true },
  { code: 9, label: 'B5', name: text(msg('Refurbishment')), assumed: true },
  { code: 10, label: 'B6', name: text(msg('Operational energy use')), assumed: true },
  { code: 11, label: 'B7', name: text(msg('Operational water use')), assumed: true },
  { code: 12, label: 'A0', name: text(msg('Pre-construction')), assumed: true },
  { code: 13, label: 'B8', name: text(msg('User activities')), assumed: true },
  { code: 14, label: 'C2', name: text(msg('Transport to waste processing')), assumed: false },
  { code: 15, label: 'C3', name: text(msg('Waste processing')), assumed: false },
  { code: 16, label: 'C4', name: text(msg('Disposal')), assumed: false },
  { code: 17, label: 'D', name: text(msg('Benefits and loads beyond the system boundary')), assumed: false },
];

export const MODULE = {
  A1A3: 0, A4: 1, A5: 2, B: 3, B4: 4, C1: 5, B1: 6, B2: 7, B3: 8, B5: 9, B6: 10, B7: 11, A0: 12, B8: 13,
  C2: 14, C3: 15, C4: 16, D: 17,
} as const;

/** Module status: 2 = calculated is the only value the interface gives. */
export const MODULE_STATUS = [
  { code: 0, label: text(msg('Not declared')), assumed: true },
  { code: 1, label: text(msg('Declared, not calculated')), assumed: true },
  { code: 2, label: text(msg('Calculated')), assumed: false },
] as const;
export const MODULE_STATUS_CALCULATED = 2;

export type IndicatorGroup = 'core impact' | 'resource use' | 'waste / output';

export interface IndicatorCode {
  /** Numeric indicator type served by `material/indicatorenums`; 1, 6 and 12 are given by the interface. */
  readonly type: number;
  /** Name as spelled in bulk create, e.g. GWP_TOTAL. */
  readonly name: string;
  readonly unit: string;
  readonly description: string;
  readonly group: IndicatorGroup;
}

export const INDICATORS: readonly IndicatorCode[] = [
  { type: 1, name: 'ODP', unit: 'kg CFC-11 eq', description: text(msg('Depletion potential of the stratospheric ozone layer')), group: 'core impact' },
  { type: 2, name: 'PERE', unit: 'MJ', description: text(msg('Renewable primary energy used as energy carrier')), group: 'resource use' },
  { type: 3, name: 'PERM', unit: 'MJ', description: text(msg('Renewable primary energy used as raw material')), group: 'resource use' },
  { type: 4, name: 'PERT', unit: 'MJ', description: text(msg('Total use of renewable primary energy')), group: 'resource use' },
  { type: 5, name: 'PENRE', unit: 'MJ', description: text(msg('Non-renewable primary energy used as energy carrier')), group: 'resource use' },
  { type: 6, name: 'PENRT', unit: 'MJ', description: text(msg('Total use of non-renewable primary energy')), group: 'resource use' },
  { type: 7, name: 'PENRM', unit: 'MJ', description: text(msg('Non-renewable primary energy used as raw material')), group: 'resource use' },
  { type: 8, name: 'SM', unit: 'kg', description: text(msg('Use of secondary material')), group: 'resource use' },
  { type: 9, name: 'RSF', unit: 'MJ', description: text(msg('Use of renewable secondary fuels')), group: 'resource use' },
  { type: 10, name: 'NRSF', unit: 'MJ', description: text(msg('Use of non-renewable secondary fuels')), group: 'resource use' },
  { type: 11, name: 'FW', unit: 'm3', description: text(msg('Net use of fresh water')), group: 'resource use' },
  { type: 12, name: 'GWP_TOTAL', unit: 'kg CO2 eq', description: text(msg('Global warming potential, total')), group: 'core impact' },
  { type: 13, name: 'GWP_FOSSIL', unit: 'kg CO2 eq', description: text(msg('Global warming potential, fossil')), group: 'core impact' },
  { type: 14, name: 'GWP_BIOGENIC', unit: 'kg CO2 eq', description: text(msg('Global warming potential, biogenic')), group: 'core impact' },
  { type: 15, name: 'GWP_LULUC', unit: 'kg CO2 eq', description: text(msg('Global warming potential, land use and land use change')), group: 'core impact' },
  { type: 16, name: 'AP', unit: 'mol H+ eq', description: text(msg('Acidification potential')), group: 'core impact' },
  { type: 17, name: 'EP_FRESHWATER', unit: 'kg P eq', description: text(msg('Eutrophication potential, freshwater')), group: 'core impact' },
  { type: 18, name: 'EP_MARINE', unit: 'kg N eq', description: text(msg('Eutrophication potential, marine')), group: 'core impact' },
  { type: 19, name: 'EP_TERRESTRIAL', unit: 'mol N eq', description: text(msg('Eutrophication potential, terrestrial')), group: 'core impact' },
  { type: 20, name: 'POCP', unit: 'kg NMVOC eq', description: text(msg('Formation potential of tropospheric ozone')), group: 'core impact' },
  { type: 21, name: 'ADPE', unit: 'kg Sb eq', description: text(msg('Abiotic depletion potential, minerals and metals')), group: 'core impact' },
  { type: 22, name: 'ADPF', unit: 'MJ', description: text(msg('Abiotic depletion potential, fossil resources')), group: 'core impact' },
  { type: 23, name: 'WDP', unit: 'm3 world eq deprived', description: text(msg('Water deprivation potential')), group: 'core impact' },
  { type: 24, name: 'HWD', unit: 'kg', description: text(msg('Hazardous waste disposed')), group: 'waste / output' },
  { type: 25, name: 'NHWD', unit: 'kg', description: text(msg('Non-hazardous waste disposed')), group: 'waste / output' },
  { type: 26, name: 'RWD', unit: 'kg', description: text(msg('Radioactive waste disposed')), group: 'waste / output' },
  { type: 27, name: 'CRU', unit: 'kg', description: text(msg('Components for re-use')), group: 'waste / output' },
  { type: 28, name: 'MFR', unit: 'kg', description: text(msg('Materials for recycling')), group: 'waste / output' },
  { type: 29, name: 'MER', unit: 'kg', description: text(msg('Materials for energy recovery')), group: 'waste / output' },
  { type: 30, name: 'EEE', unit: 'MJ', description: text(msg('Exported electrical energy')), group: 'waste / output' },
  { type: 31, name: 'EET', unit: 'MJ', description: text(msg('Exported thermal energy')), group: 'waste / output' },
];

export const INDICATOR_TYPE = { ODP: 1, PENRT: 6, GWP_TOTAL: 12 } as const;


/** Unit codes used by `declaredUnit.declaredUnit`, `massUnit`, `constructionUnit.unit` (all assumed). */
export interface UnitCode {
  readonly code: number;
  /** Label as the dashboards print it, e.g. M3. */
  readonly label: string;
  readonly name: string;
  readonly dimension: 'none' | 'length' | 'area' | 'volume' | 'mass' | 'count' | 'energy';
  /** Factor to the dimension's base unit (m, m², m³, kg, piece, kWh). */
  readonly factor: number;
}

export const UNITS: readonly UnitCode[] = [
  { code: 0, label: 'NONE', name: text(msg('no unit')), dimension: 'none', factor: 1 },
  { code: 1, label: 'M', name: text(msg('metre')), dimension: 'length', factor: 1 },
  { code: 2, label: 'M2', name: text(msg('square metre')), dimension: 'area', factor: 1 },
  { code: 3, label: 'M3', name: text(msg('cubic metre')), dimension: 'volume', factor: 1 },
  { code: 4, label: 'KG', name: text(msg('kilogram')), dimension: 'mass', factor: 1 },
  { code: 5, label: 'TONNE', name: text(msg('tonne (1000 kg)')), dimension: 'mass', factor: 1000 },
  { code: 6, label: 'PCS', name: text(msg('piece')), dimension: 'count', factor: 1 },
  { code: 7, label: 'KWH', name: text(msg('kilowatt hour')), dimension: 'energy', factor: 1 },
  { code: 8, label: 'MJ', name: text(msg('megajoule')), dimension: 'energy', factor: 1 / 3.6 },
  { code: 9, label: 'L', name: text(msg('litre')), dimension: 'volume', factor: 0.001 },
];
export const UNIT = { NONE: 0, M: 1, M2: 2, M3: 3, KG: 4, TONNE: 5, PCS: 6, KWH: 7, MJ: 8, L: 9 } as const;

/** Phases reported by BR18 dashboards; D is reported apart and never counted in the total. */
export const PHASES = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'] as const;
export type Phase = (typeof PHASES)[number];
export const BR18_DEFAULT_PHASES: readonly Phase[] = ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'];

/** Project enumerations exactly as the interface lists them. Integer codes are the 0-based index (assumed). */
export const PROJECT_ENUMS = {
  buildingTypeEnum: [
    'Office', 'School/Institution', 'Residential - Single-family house', 'Residential - Multi-storey building',
    'Residential - Terraced house', 'Retail', 'Logistics', 'Production', 'Hotel',
  ],
  regerencedAreaTypeEnum: {
    'Exterior ramps': 0.25, 'Exterior stairs': 0.25, 'Exterior fire escapes': 0.25, 'Exterior balconies': 0.25,
    'Exterior balcony access': 0.25, 'Integrated garages single family houses': 0.5,
    'Integrated garages town houses': 0.5, 'Integrated car ports': 0.25, 'Integrated out buildings': 0.25,
    'Integrated coverings': 0.25, 'Integrated sheds': 0.25, 'Walk on ceilings': 0.25,
  } as Record<string, number>,
  operationElectricitySupplyEnum: ['Electricity - projection 2020-2040'],
  operationHeatSupplyEnum: [
    'District heating - projection 2020-2040', 'Electricity - projection 2020-2040', 'Natural gas - projection 2020-2040',
  ],
  constructionElectricitySupplyEnum: ['Electricity - projection 2020-2040'],
  constructionHeatSupplyEnum: [
    'District heating - projection 2020-2040', 'Electricity - projection 2020-2040', 'Natural gas - projection 2020-2040',
  ],
  materialMappingMethodEnum: ['Mest benyttet', 'Senest benyttet', 'Lavest GWP'],
  defaultBranches: [
    'Arkitektur', 'By og landskab', 'Elektroteknik og IT', 'Mekaniske installationer', 'Konstruktioner',
    'Procesanlæg og forsyning',
  ],
  materialSourceEnum: ['Bim', 'Custom', 'Combined', 'Epd', 'Excel upload'],
  buildingProjectStageEnums: ['Competition', 'Design', 'Detailed Design', 'Construction', 'Operation', 'Archived', 'On Hold'],
};

/** Fixed UUIDs of the predefined default branches (served as `defaultBranchIds`). */
export const DEFAULT_BRANCH_IDS: Readonly<Record<string, string>> = {
  Arkitektur: '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a01',
  'By og landskab': '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a02',
  'Elektroteknik og IT': '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a03',
  'Mekaniske installationer': '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a04',
  Konstruktioner: '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a05',
  'Procesanlæg og forsyning': '6b1d0a3e-0f3c-4a52-9a57-1f0c2b7d0a06',
};

/** EPD types counted by dashboards (`epdTypes`), by `epdInfo.epdProductIndustryType` (assumed codes). */
export const EPD_TYPES = [
  { code: 0, label: text(msg('Generic')) },
  { code: 1, label: text(msg('Industry')) },
  { code: 2, label: text(msg('Product')) },
] as const;

/** Project roles in memberships (assumed values). */
export const PROJECT_ROLES = ['Owner', 'Editor', 'Viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
