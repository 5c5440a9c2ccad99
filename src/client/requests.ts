// Request body types of the client: the schema-derived types of src/core/schemas, re-exported so that
// callers import everything service-related from one place.
export type {
  BuildingAddress as ProjectAddress,
  ConstructionCreate,
  DashboardRequest,
  DashboardSummaryRequest,
  InspectRequest,
  Material,
  ProjectCreate,
  ProjectUpdate,
  StreamCreate,
} from '../core/schemas/types';
