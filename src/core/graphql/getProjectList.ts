// The one GraphQL operation the service accepts for the project list (interface call 14). The client sends
// exactly this text and the local service compares the parsed document with it, so keep both in step here.

export const GET_PROJECT_LIST_OPERATION_NAME = 'GetProjectList';

export const GET_PROJECT_LIST_QUERY = `query GetProjectList(
  $orderBy: [project_order_by!]
  $whereBuildingType: buildingType_bool_exp
  $whereCalculation: projectCalculation_bool_exp
  $whereFavorite: Boolean_comparison_exp
  $whereLocation: projectLocation_bool_exp
  $whereName: String_comparison_exp
  $whereProjectStatus: projectStatus_bool_exp
  $whereRole: String_comparison_exp
) {
  project(
    where: {
      _and: [
        { deletedBy: { _is_null: true } }
        { buildingType: $whereBuildingType }
        { calculation: $whereCalculation }
        { location: $whereLocation }
        { projectStatus: $whereProjectStatus }
        { name: $whereName }
        { role: $whereRole }
        { favorite: $whereFavorite }
      ]
    }
    order_by: $orderBy
  ) {
    id
    name
    role
    bimStreamId
    area
    buildingType {
      id
      label
      __typename
    }
    calculation {
      calculationType {
        id
        label
        __typename
      }
      __typename
    }
    createdAt
    favorite
    location {
      city
      country
      postalCode
      id
      street
      streetNumber
      __typename
    }
    memberships {
      role
      userId
      __typename
    }
    models {
      id
      name
      __typename
    }
    projectStatus {
      id
      label
      __typename
    }
    specialConditionConfig {
      enabled
      __typename
    }
    updatedAt
    __typename
  }
}
`;

/** Variables of GetProjectList; an absent, `null` or `{}` filter means "no filter". */
export interface GetProjectListVariables {
  orderBy?: Record<string, unknown>[];
  whereBuildingType?: Record<string, unknown> | null;
  whereCalculation?: Record<string, unknown> | null;
  whereFavorite?: Record<string, unknown> | null;
  whereLocation?: Record<string, unknown> | null;
  whereName?: Record<string, unknown> | null;
  whereProjectStatus?: Record<string, unknown> | null;
  whereRole?: Record<string, unknown> | null;
}
