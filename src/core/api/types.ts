// Response types of the LCA service as docs/service-decisions.md defines them. Only what the client
// checks at run time is required; everything else is optional, and unknown members pass through. In the core so that
// the domain code (dashboards, bulk create) can use them without depending on the client; src/client re-exports them.

/** Where the four hosts of the service live (no trailing slash needed). */
export interface ServiceUrls {
  baseUrl: string;
  epdUrl: string;
  authUrl: string;
  graphqlUrl: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface RequestLogEntry {
  method: string;
  /** Origin and path only: the query string is left out. */
  url: string;
  status?: number;
  durationMs: number;
  error?: string;
}

interface Open {
  [extra: string]: unknown;
}

export interface IdLabel extends Open {
  id?: number | string;
  label?: string;
}

export interface ProjectLocation extends Open {
  id?: string;
  city?: string | null;
  country?: string | null;
  postalCode?: string | null;
  street?: string | null;
  streetNumber?: string | null;
}

/** One row of GraphQL GetProjectList (`data.project[]`). */
export interface ProjectListItem extends Open {
  id: string;
  name: string;
  role?: string | null;
  bimStreamId?: string | null;
  area?: number | null;
  buildingType?: IdLabel | null;
  calculation?: { calculationType?: IdLabel | null } | null;
  createdAt?: string;
  favorite?: boolean | null;
  location?: ProjectLocation | null;
  memberships?: { role?: string; userId?: string }[];
  models?: { id: string; name: string }[];
  projectStatus?: IdLabel | null;
  specialConditionConfig?: { enabled?: boolean } | null;
  updatedAt?: string;
  __typename?: string;
}

export interface BuildingAddress extends Open {
  street?: string;
  streetNumber?: string;
  city?: string;
  postalCode?: string;
  country?: string;
}

/** GET /BuildingProject/{id}, and the response of create and updatebaseinfo. */
export interface ProjectDetail extends Open {
  id: string;
  projectName?: string;
  clientName?: string;
  builder?: string;
  buildingAddress?: BuildingAddress;
  type?: number;
  stage?: number;
  projectNumber?: string;
  streamId?: string | null;
  /** The linked stream's name: an extra field of the local service; the real service may not send it. */
  streamName?: string | null;
  tenantId?: string;
  createdAt?: string;
  updatedAt?: string;
  deletedBy?: string | null;
  favorite?: boolean;
  role?: string;
  models?: { id: string; name: string; branchId?: string }[];
  branches?: { id: string; name: string }[];
  emissionMetaData?: {
    yearOfCommissioning?: number;
    yearOfConstruction?: number;
    includedPhases?: string[];
    includedPhasesTranslated?: string[];
  } & Open;
  referencedAreas?: {
    values?: Record<string, number>;
    basementFloors?: number;
    floorsAboveGround?: number;
    areaAboveGround?: number;
    areaBelowGround?: number;
  } & Open;
  calculationType?: {
    calculationTypeEnum?: number;
    considerationPeriod?: number;
    extraThresholds?: unknown[];
    thresholdLimitWithoutExtra?: number;
  } & Open;
  heatArea?: { heatedFloorAreaAboveGround?: number; heatedBasementArea?: number } & Open;
  wastagePercentage?: number;
  projectEnergyData?: Open;
  transportTypes?: unknown[];
  bimConfiguration?: { parameters?: { classificationCode?: string; classificationTypeId?: string } } & Open;
}

/** GET /BuildingProject/buildingprojectuserlist/{id} entries. */
export interface ProjectUser extends Open {
  userId: string;
  email?: string;
  name?: string;
  role?: string;
}

/** GET /BuildingProject/byBimStreamId entries. */
export interface ProjectOverview extends Open {
  id: string;
  name: string;
  bimStreamId?: string | null;
  role?: string;
}

/** GET /BuildingProject/buildingprojectenums. */
export interface ProjectEnums extends Open {
  buildingTypeEnum: string[];
  buildingProjectStageEnums: string[];
  /** The lists below are [] (the map {}) when the service leaves them out. */
  regerencedAreaTypeEnum: Record<string, number>;
  operationElectricitySupplyEnum: string[];
  operationHeatSupplyEnum: string[];
  constructionElectricitySupplyEnum: string[];
  constructionHeatSupplyEnum: string[];
  materialMappingMethodEnum: string[];
  defaultBranches: string[];
  materialSourceEnum: string[];
  /** Local-service addition: default branch name → its fixed UUID. */
  defaultBranchIds?: Record<string, string>;
}

/** POST /Bim/streamDefaultBranches. */
export interface StreamCreated extends Open {
  streamId: string;
  streamName?: string;
  branches?: { id: string; name: string }[];
}

/** Decimal figures arrive as strings so that no precision is lost. */
export type Decimal = string;

export interface MaterialsBreakdownItem extends Open {
  source?: string;
  elements?: number;
  quantity?: Decimal;
  unit?: string;
  co2PerYearPerSquareMeter?: Decimal;
  epdName?: string;
  type?: string;
  mappedMaterialAmount?: Decimal;
  mappedMaterialUnit?: string;
  calculatedAmount?: Decimal;
  calculatedUnit?: string;
  lifetime?: number;
  epdSource?: string;
  /** Local-service addition: the material's service id. */
  epdId?: string;
  /** Local-service addition: the line's figure per reported phase (B6 apart), kg CO2e/m²/yr. */
  co2PerPhase?: Record<string, Decimal>;
  /** Local-service addition: the line's elements whose own service life (≤ 0) the service-life rule passed over. */
  lifetimePassedOver?: { elements?: number; given?: number[] };
}

export interface BreakdownNode extends Open {
  classificationCode?: string | null;
  classificationName?: string | null;
  constructionName?: string | null;
  elements?: number;
  co2PerYearPerSquareMeter?: Decimal | number;
  children?: BreakdownNode[] | null;
  materialsBreakdown?: MaterialsBreakdownItem[] | null;
  type?: number;
}

export interface Dashboard extends Open {
  emissionBudget?: { Used?: Decimal; Remaining?: Decimal } & Open;
  emissionPerModel?: Record<string, Decimal>;
  epdTypes?: { Generic?: number; Industry?: number; Product?: number } & Open;
  mappingStatus?: { Mapped?: number; 'Not mapped'?: number } & Open;
  hotSpot?: Record<string, Decimal>;
  emissionPerPhase?: Record<string, Decimal>;
  emissionPerConstruction?: Record<string, Decimal>;
  projectBreakdown?: BreakdownNode[];
}

/** POST /dashboard/{id} and POST /inspect/buildingProject/{id}/construction. */
export interface DashboardResponse extends Open {
  /** Branch name → dashboard; the local service adds "Total". */
  dashboardsPerBranchPlusTotal: Record<string, Dashboard>;
}

/** POST /dashboard/{id}/summary. */
export interface DashboardSummary extends Open {
  projectId?: string;
  projectName?: string;
  unit?: string;
  referenceArea?: Decimal;
  considerationPeriod?: number;
  limit?: Decimal;
  extraAllowance?: Decimal;
  limitTotal?: Decimal;
  used?: Decimal;
  remaining?: Decimal;
  moduleD?: Decimal;
  passes?: boolean;
  perPhase?: Record<string, Decimal>;
  elements?: number;
  mappedElements?: number;
}

export interface IndicatorValue extends Open {
  type: number | string;
  unit?: string;
  value: number;
  originalIdentifier?: string;
}

export interface LciaResult extends Open {
  moduleTypeEnum: number;
  moduleStatusEnum?: number;
  indicators: IndicatorValue[];
}

export interface DeclaredUnitRead extends Open {
  declaredUnit?: number;
  declaredValue?: number;
  baseEpdDeclaredUnitType?: number;
  baseMassUnitType?: number;
  baseDeclaredMassValue?: number | null;
  mass?: number | null;
  massUnit?: number;
}

/** A material (EPD) record as read back: GET /material/{id} and the items of bulk create. */
export interface MaterialRead extends Open {
  id: string;
  internalId?: string;
  internalVersion?: string;
  internalVersionNumber?: number;
  tenantId?: string;
  name?: string;
  description?: string;
  isPublic?: boolean;
  isCustom?: boolean;
  isConstruction?: boolean;
  newestVersion?: boolean;
  originalUUID?: string;
  originalVersion?: string;
  expectedLifespan?: number;
  tags?: string[];
  epdInfo?: Open | null;
  declaredUnit?: DeclaredUnitRead;
  lciaResults?: LciaResult[];
  nameMultiLang?: { lang: string; value: string; status?: number }[];
  descriptionMultiLang?: { lang: string; value: string; status?: number }[];
}

export interface ConstructionEpdRead extends Open {
  id?: string;
  name?: string;
  index?: number | null;
  parentConstruction?: Open | null;
  epd?: MaterialRead;
}

/** GET /construction/{id} and the response of POST /Material/construction. */
export interface ConstructionRead extends Open {
  id: string;
  internalId?: string;
  internalVersionNumber?: number;
  internalVersion?: string;
  name?: string;
  names?: Record<string, string> | null;
  description?: string;
  descriptions?: Record<string, string> | null;
  tags?: string[];
  isPublic?: boolean;
  isConstruction?: boolean;
  isCustom?: boolean;
  expectedLifespan?: number | null;
  tenantId?: string;
  tenantName?: string;
  newestVersion?: boolean;
  createdAt?: string;
  lastModifiedAt?: string | null;
  dataSourceId?: string | null;
  datasourceName?: string;
  declarationOwnerName?: string;
  basedOnMaterialIds?: string[];
  epdInfo?: Open | null;
  transportationInfo?: Open | null;
  declaredUnit?: DeclaredUnitRead;
  lciaResults?: LciaResult[];
  constructionEpds?: ConstructionEpdRead[];
}

export interface IndicatorEnumEntry extends Open {
  type: number;
  name: string;
  unit: string;
  description?: string;
  group?: string;
}

/** GET /material/indicatorenums. */
export interface IndicatorEnums extends Open {
  indicators?: IndicatorEnumEntry[];
  modules?: { code: number; label: string; name?: string }[];
  units?: { code: number; label: string; name?: string }[];
  indicatorTypeMappings?: { id: string; name: string; indicator?: string | number }[];
}
