// Readable names for the document types generated from the schemas in schemas/ (generated.ts, `npm run gen:types`):
// the schemas are their only source. A part of a document is named by where it sits in its document.
import type * as G from './generated';

// One document per schema file: a material (material.schema.json) and a bulk materials file (materials), a
// construction (construction), a project's create and base-info update bodies (project, project-update), the bodies
// of POST dashboard/{id}, dashboard/{id}/summary and inspect/buildingProject/{id}/construction, of
// Bim/streamDefaultBranches (stream-create) and of the two sign-ins, v1/user and v2/api-token.
export type {
  LCAMaterialEPD as Material,
  LCAMaterialsBulkCreate as MaterialsFile,
  LCAConstructionCreate as ConstructionCreate,
  LCABuildingProjectCreate as ProjectCreate,
  LCABuildingProjectBaseInfoUpdate as ProjectUpdate,
  LCADashboardRequest as DashboardRequest,
  LCADashboardSummaryRequest as DashboardSummaryRequest,
  InspectAConstructionInAProject as InspectRequest,
  ModelExchangeStreamCreate as StreamCreate,
  UserSignIn as UserAuth,
  AccountSignIn as AccountAuth,
  MultiLangText,
} from './generated';

/** The results of one life cycle module of a material. */
export type ModuleResult = G.LCAMaterialEPD['lciaResults'][number];
/** Module code 0–17 (`MODULES` in src/core/codes.ts): the schemas accept no other. */
export type ModuleCodeValue = ModuleResult['moduleTypeEnum'];
/** One indicator result of a module, per declared unit. */
export type IndicatorResult = ModuleResult['indicators'][number];
/** Indicator name as spelled in bulk create (`INDICATORS[].name` in src/core/codes.ts), e.g. GWP_TOTAL. */
export type IndicatorName = IndicatorResult['type'];
/** One component of a construction: a material (`epdId`) and its amount. */
export type ConstructionComponent = G.LCAConstructionCreate['constructionEpds'][number];
/** A project's address. */
export type BuildingAddress = NonNullable<G.LCABuildingProjectBaseInfoUpdate['buildingAddress']>;
/** Phase code as dashboards use it (`PHASES` in src/core/codes.ts). */
export type PhaseCode = NonNullable<G.LCADashboardRequest['stages']>[number];
