// The schema of the GraphQL project list (interface call 14) in Hasura's conventions: the project with its relations,
// a comparison expression per scalar, a boolean expression and an ordering per type (docs/service-decisions.md).
import { buildSchema, type GraphQLSchema } from 'graphql';

function comparison(scalar: string, withLike = false): string {
  const list = `[${scalar}!]`;
  return `input ${scalar}_comparison_exp {
  _eq: ${scalar} _neq: ${scalar} _in: ${list} _nin: ${list}
  _gt: ${scalar} _gte: ${scalar} _lt: ${scalar} _lte: ${scalar} _is_null: Boolean
  ${withLike ? `_like: String _nlike: String _ilike: String _nilike: String` : ''}
}`;
}

function boolExp(type: string, fields: Record<string, string>): string {
  const body = Object.entries(fields).map(([k, v]) => `  ${k}: ${v}`).join('\n');
  return `input ${type}_bool_exp {
  _and: [${type}_bool_exp!]
  _or: [${type}_bool_exp!]
  _not: ${type}_bool_exp
${body}
}`;
}

function orderBy(type: string, fields: string[], nested: Record<string, string> = {}): string {
  return `input ${type}_order_by {
${fields.map((f) => `  ${f}: order_by`).join('\n')}
${Object.entries(nested).map(([k, v]) => `  ${k}: ${v}`).join('\n')}
}`;
}

const SDL = `
"""A UUID, as a string."""
scalar uuid
"""An ISO 8601 timestamp with time zone, as a string."""
scalar timestamptz
"""A decimal number."""
scalar numeric

enum order_by { asc asc_nulls_first asc_nulls_last desc desc_nulls_first desc_nulls_last }

${comparison('String', true)}
${comparison('Boolean')}
${comparison('Int')}
${comparison('uuid')}
${comparison('timestamptz')}
${comparison('numeric')}

type buildingType { id: Int! label: String! }
${boolExp('buildingType', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('buildingType', ['id', 'label'])}

type calculationType { id: Int! label: String! }
${boolExp('calculationType', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('calculationType', ['id', 'label'])}

type projectCalculation { calculationType: calculationType! }
${boolExp('projectCalculation', { calculationType: 'calculationType_bool_exp' })}
${orderBy('projectCalculation', [], { calculationType: 'calculationType_order_by' })}

type projectLocation { id: uuid! city: String country: String postalCode: String street: String streetNumber: String }
${boolExp('projectLocation', {
  id: 'uuid_comparison_exp', city: 'String_comparison_exp', country: 'String_comparison_exp',
  postalCode: 'String_comparison_exp', street: 'String_comparison_exp', streetNumber: 'String_comparison_exp',
})}
${orderBy('projectLocation', ['id', 'city', 'country', 'postalCode', 'street', 'streetNumber'])}

type projectMembership { role: String! userId: uuid! }
${boolExp('projectMembership', { role: 'String_comparison_exp', userId: 'uuid_comparison_exp' })}

type projectModel { id: uuid! name: String! }
${boolExp('projectModel', { id: 'uuid_comparison_exp', name: 'String_comparison_exp' })}

type projectStatus { id: Int! label: String! }
${boolExp('projectStatus', { id: 'Int_comparison_exp', label: 'String_comparison_exp' })}
${orderBy('projectStatus', ['id', 'label'])}

type specialConditionConfig { enabled: Boolean! }
${boolExp('specialConditionConfig', { enabled: 'Boolean_comparison_exp' })}
${orderBy('specialConditionConfig', ['enabled'])}

type project {
  id: uuid!
  name: String!
  """The caller's role in the project."""
  role: String
  bimStreamId: uuid
  """Reference area in m² (heated floor area plus weighted referenced areas)."""
  area: numeric
  buildingType: buildingType
  calculation: projectCalculation
  createdAt: timestamptz!
  """The caller's favourite flag."""
  favorite: Boolean!
  location: projectLocation
  memberships: [projectMembership!]!
  models: [projectModel!]!
  projectStatus: projectStatus
  specialConditionConfig: specialConditionConfig
  updatedAt: timestamptz!
}
${boolExp('project', {
  id: 'uuid_comparison_exp', name: 'String_comparison_exp', role: 'String_comparison_exp', bimStreamId: 'uuid_comparison_exp',
  area: 'numeric_comparison_exp', buildingType: 'buildingType_bool_exp', calculation: 'projectCalculation_bool_exp',
  createdAt: 'timestamptz_comparison_exp', deletedBy: 'uuid_comparison_exp', favorite: 'Boolean_comparison_exp',
  location: 'projectLocation_bool_exp', memberships: 'projectMembership_bool_exp', models: 'projectModel_bool_exp',
  projectStatus: 'projectStatus_bool_exp', specialConditionConfig: 'specialConditionConfig_bool_exp',
  updatedAt: 'timestamptz_comparison_exp',
})}
${orderBy('project', ['id', 'name', 'role', 'bimStreamId', 'area', 'createdAt', 'deletedBy', 'favorite', 'updatedAt'], {
  buildingType: 'buildingType_order_by', calculation: 'projectCalculation_order_by', location: 'projectLocation_order_by',
  projectStatus: 'projectStatus_order_by', specialConditionConfig: 'specialConditionConfig_order_by',
})}

type query_root {
  project(where: project_bool_exp, order_by: [project_order_by!], limit: Int, offset: Int): [project!]!
}

schema { query: query_root }
`;

let schema: GraphQLSchema | undefined;
export function projectSchema(): GraphQLSchema {
  return (schema ??= buildSchema(SDL));
}
