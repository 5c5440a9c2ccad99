// Compile-time agreement between the hand-written document types (types.ts, which the client and the editor use,
// with readable names and plain numbers for codes) and the types generated from schemas/ (generated.ts). `npm run
// lint` (tsc) fails when they drift apart:
// - every document the schema accepts is a value of the hand-written type (checked in depth);
// - every property the schema requires is required in the hand-written type, and the hand-written type has no
//   top-level property the schema does not know.
import type * as G from './generated';
import type * as H from './types';

type Extends<A, B> = [A] extends [B] ? true : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Agree<Gen, Hand> = [Extends<Gen, Hand>, Extends<RequiredKeys<Gen>, RequiredKeys<Hand>>, Extends<Exclude<keyof Hand, keyof Gen>, never>];

/** Compiles only when every check of `T` is true. */
type AllTrue<T extends readonly true[]> = T;

export type SchemaTypesAgree = [
  AllTrue<Agree<G.LCAMaterialEPD, H.Material>>,
  AllTrue<[Extends<G.LCAMaterialsBulkCreate, H.MaterialsFile>]>,
  AllTrue<Agree<G.LCAConstructionCreate, H.ConstructionCreate>>,
  AllTrue<Agree<G.LCABuildingProjectCreate, H.ProjectCreate>>,
  AllTrue<Agree<G.LCABuildingProjectBaseInfoUpdate, H.ProjectUpdate>>,
  AllTrue<Agree<G.LCADashboardRequest, H.DashboardRequest>>,
  AllTrue<Agree<G.LCADashboardSummaryRequest, H.DashboardSummaryRequest>>,
  AllTrue<Agree<G.ModelExchangeStreamCreate, H.StreamCreate>>,
  AllTrue<Agree<G.UserSignIn, H.UserAuth>>,
  AllTrue<Agree<G.AccountSignIn, H.AccountAuth>>,
  AllTrue<Agree<G.InspectAConstructionInAProject, H.InspectRequest>>,
];
