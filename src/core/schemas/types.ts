// Readable names for the document types generated from the schemas in schemas/ (generated.ts, `npm run gen:types`):
// the schemas are their only source. A part of a document is named by where it sits in its document.
import type * as G from './generated';

/** One material as sent in bulk create (`material.schema.json`). */
export type Material = G.LCAMaterialEPD;
/** A bulk materials file (`materials.schema.json`). */
export type MaterialsFile = G.LCAMaterialsBulkCreate;
/** A construction create body (`construction.schema.json`). */
export type ConstructionCreate = G.LCAConstructionCreate;
/** Project create body (`project.schema.json`). */
export type ProjectCreate = G.LCABuildingProjectCreate;
/** Base-info update body (`project-update.schema.json`). */
export type ProjectUpdate = G.LCABuildingProjectBaseInfoUpdate;
/** Body of POST dashboard/{id} (`dashboard-request.schema.json`). */
export type DashboardRequest = G.LCADashboardRequest;
/** Body of POST dashboard/{id}/summary (`dashboard-summary-request.schema.json`). */
export type DashboardSummaryRequest = G.LCADashboardSummaryRequest;
/** Body of POST Bim/streamDefaultBranches (`stream-create.schema.json`). */
export type StreamCreate = G.ModelExchangeStreamCreate;
/** Body of POST v1/user (`user-auth.schema.json`). */
export type UserAuth = G.UserSignIn;
/** Body of POST v2/api-token (`account-auth.schema.json`). */
export type AccountAuth = G.AccountSignIn;
/** Body of POST inspect/buildingProject/{id}/construction (`inspect-request.schema.json`). */
export type InspectRequest = G.InspectAConstructionInAProject;

export type MultiLangText = G.MultiLangText;
/** The results of one life cycle module of a material. */
export type ModuleResult = Material['lciaResults'][number];
/** One indicator result of a module, per declared unit. */
export type IndicatorResult = ModuleResult['indicators'][number];
/** Module code 0–17 (`MODULES` in src/core/codes.ts): the schemas accept no other. */
export type ModuleCodeValue = ModuleResult['moduleTypeEnum'];
/** Indicator name as spelled in bulk create (`INDICATORS[].name` in src/core/codes.ts), e.g. GWP_TOTAL. */
export type IndicatorName = IndicatorResult['type'];
/** One component of a construction: a material (`epdId`) and its amount. */
export type ConstructionComponent = ConstructionCreate['constructionEpds'][number];
/** A project's address. */
export type BuildingAddress = NonNullable<ProjectUpdate['buildingAddress']>;
/** Phase code as dashboards use it (`PHASES` in src/core/codes.ts). */
export type PhaseCode = NonNullable<DashboardRequest['stages']>[number];
