// TypeScript shapes of the documents the schemas in schemas/ describe: written by hand for readable names and plain
// numbers for codes, kept in step with the types generated from the schemas (generated.ts, `npm run gen:types`) by
// the compile-time checks of typesMatch.ts; a unit test also checks typed samples validate.

/** A UUID string such as 3f2b8c1e-9d4a-4e6b-8c2f-1a2b3c4d5e6f. */
export type Uuid = string;
/** An ISO 8601 date-time string such as 2030-12-31T00:00:00Z. */
export type DateTimeString = string;
/** Module code 0–17 (`MODULES` in src/core/codes.ts). */
export type ModuleCodeValue = number;
/** Unit code 0–9 (`UNITS` in src/core/codes.ts). */
export type UnitCodeValue = number;
/** Indicator name as spelled in bulk create (`INDICATORS[].name`), e.g. GWP_TOTAL. */
export type IndicatorName =
  | 'ODP' | 'PERE' | 'PERM' | 'PERT' | 'PENRE' | 'PENRT' | 'PENRM' | 'SM' | 'RSF' | 'NRSF' | 'FW'
  | 'GWP_TOTAL' | 'GWP_FOSSIL' | 'GWP_BIOGENIC' | 'GWP_LULUC' | 'AP' | 'EP_FRESHWATER' | 'EP_MARINE'
  | 'EP_TERRESTRIAL' | 'POCP' | 'ADPE' | 'ADPF' | 'WDP' | 'HWD' | 'NHWD' | 'RWD' | 'CRU' | 'MFR' | 'MER'
  | 'EEE' | 'EET';
/** Phase code as dashboards use it (`PHASES` in src/core/codes.ts). */
export type PhaseCode = 'A1A3' | 'A4' | 'A5' | 'B4' | 'B6' | 'C3' | 'C4' | 'D';

export interface MultiLangText {
  lang: string;
  value: string;
  status?: number;
}

export interface EpdInfo {
  epdSpecificationForm?: number;
  /** 0 Generic, 1 Industry, 2 Product (`EPD_TYPES`). */
  epdProductIndustryType?: number;
  validTo?: DateTimeString;
  epdVersion?: string;
  publicationDate?: DateTimeString;
  declarationNumber?: string;
  link?: string;
  dataSourceId?: Uuid;
  dataSourceIds?: Uuid[];
  fileEntityId?: string;
  declarationOwnerId?: Uuid;
}

export interface MaterialDeclaredUnit {
  /** > 0 */
  declaredValue: number;
  declaredUnit: UnitCodeValue;
  /** kg (or `massUnit`) per `declaredValue` declared units; 0 = unknown. */
  mass?: number;
  /** 4 KG or 5 TONNE. */
  massUnit?: UnitCodeValue;
}

export interface IndicatorResult {
  type: IndicatorName;
  unit: string;
  value: number;
}

export interface ModuleResult {
  moduleTypeEnum: ModuleCodeValue;
  /** 0 not declared, 1 declared, 2 calculated. */
  moduleStatusEnum?: number;
  indicators: IndicatorResult[];
}

/** One material as sent in bulk create (`material.schema.json`). */
export interface Material {
  $schema?: string;
  tenantId?: Uuid;
  internalId?: string;
  internalVersion?: string;
  isPublic?: boolean;
  isCustom?: boolean;
  isConstruction?: boolean;
  lciaResultCompleteness?: number;
  basedOnMaterialIds?: Uuid[];
  /** Years, ≥ 1. */
  expectedLifespan?: number;
  newestVersion?: boolean;
  originalUUID: Uuid;
  originalVersion: string;
  sourceDatabaseVersion?: string;
  nameMultiLang?: MultiLangText[];
  descriptionMultiLang?: MultiLangText[];
  name: string;
  description?: string;
  epdInfo?: EpdInfo;
  declaredUnit: MaterialDeclaredUnit;
  lciaResults: ModuleResult[];
  tags?: string[];
}

/** A bulk materials file (`materials.schema.json`). */
export type MaterialsFile = Material[];

export interface ConstructionDeclaredUnit {
  declaredUnit: UnitCodeValue;
  /** > 0 */
  declaredValue: number;
  mass?: number | null;
  massUnit?: UnitCodeValue;
}

export interface ConstructionUnit {
  unit: UnitCodeValue;
  /** ≥ 0, in `unit`, per declared unit of the construction. */
  amount: number;
  /** 0–100; absent = 100. */
  percentage?: number;
  /** Metres. */
  length?: number;
  /** Metres: thickness (M2↔M3) or cross-section height (M↔M3). */
  height?: number;
  /** Metres: cross-section width (M↔M3 with height, M↔M2 alone). */
  width?: number;
  shownUnit?: UnitCodeValue;
}

export interface ConstructionComponent {
  epdId: Uuid;
  /** Years, ≥ 1. */
  expectedLifespan?: number;
  constructionUnit: ConstructionUnit;
}

/** A construction create body (`construction.schema.json`). */
export interface ConstructionCreate {
  $schema?: string;
  name: string;
  description?: string;
  isPublic?: boolean;
  isCustom?: boolean;
  tags?: string[];
  declaredUnit: ConstructionDeclaredUnit;
  /** Years, ≥ 1, or null. */
  expectedLifespan?: number | null;
  constructionEpds: ConstructionComponent[];
}

export interface BuildingAddress {
  street?: string;
  streetNumber?: string;
  city?: string;
  postalCode?: string;
  country?: string;
}

export interface BimConfiguration {
  parameters?: { classificationCode?: string; classificationTypeId?: Uuid };
}

/** Fields shared by project create and the base-info update. */
export interface ProjectBaseInfo {
  projectName?: string;
  clientName?: string;
  builder?: string;
  buildingAddress?: BuildingAddress;
  /** 0-based index into buildingTypeEnum. */
  type?: number;
  /** 0-based index into buildingProjectStageEnums. */
  stage?: number;
  projectNumber?: string;
  bimConfiguration?: BimConfiguration;
}

/** Base-info update body (`project-update.schema.json`). */
export interface ProjectUpdate extends ProjectBaseInfo {
  $schema?: string;
}

export interface EmissionMetaData {
  yearOfCommissioning?: number;
  yearOfConstruction?: number;
  includedPhases?: PhaseCode[];
  includedPhasesTranslated?: string[];
}

export interface ReferencedAreas {
  /** Area (m²) by referenced-area name (keys of `regerencedAreaTypeEnum`). */
  values?: Record<string, number>;
  basementFloors?: number;
  floorsAboveGround?: number;
  areaAboveGround?: number;
  areaBelowGround?: number;
}

export interface CalculationType {
  calculationTypeEnum?: number;
  /** Years, ≥ 1 (BR18: 50). */
  considerationPeriod?: number;
  extraThresholds?: unknown[];
  /** kg CO2e/m²/yr. */
  thresholdLimitWithoutExtra?: number;
}

export interface ProjectEnergyData {
  constructional?: { electricity?: number | null; earthMoved?: number | null; heat?: number | null; machineryFuel?: number | null };
  operational?: { electricity?: number | null; heat?: number | null };
  operationExportedElectricity?: number | null;
  validatedBy?: string;
  /** YYYY-MM-DD */
  validationDate?: string;
}

/** Project create body (`project.schema.json`). */
export interface ProjectCreate extends ProjectBaseInfo {
  $schema?: string;
  projectName: string;
  type: number;
  stage: number;
  streamId?: Uuid;
  emissionMetaData?: EmissionMetaData;
  referencedAreas?: ReferencedAreas;
  calculationType?: CalculationType;
  heatArea?: { heatedFloorAreaAboveGround?: number; heatedBasementArea?: number };
  /** %, 0–100. */
  wastagePercentage?: number;
  projectEnergyData?: ProjectEnergyData;
  transportTypes?: unknown[];
  branches?: unknown[];
}

/** Body of POST dashboard/{id} (`dashboard-request.schema.json`). */
export interface DashboardRequest {
  $schema?: string;
  indicatorTypeMappingId?: Uuid;
  stages?: PhaseCode[];
}

/** Body of POST dashboard/{id}/summary (`dashboard-summary-request.schema.json`). */
export type DashboardSummaryRequest = DashboardRequest;

/** Body of POST Bim/streamDefaultBranches (`stream-create.schema.json`). */
export interface StreamCreate {
  $schema?: string;
  streamName: string;
  branches: Uuid[];
}

/** Body of POST v1/user (`user-auth.schema.json`). */
export interface UserAuth {
  $schema?: string;
  email: string;
  password: string;
}

/** Body of POST v2/api-token (`account-auth.schema.json`). */
export interface AccountAuth {
  $schema?: string;
  clientId: string;
  secret: string;
}

/** Body of POST inspect/buildingProject/{id}/construction (`inspect-request.schema.json`). */
export interface InspectRequest {
  $schema?: string;
  constructionId: Uuid;
}
