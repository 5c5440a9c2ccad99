// The GraphQL project list over HTTP: the published GetProjectList with filters and ordering, deleted projects
// left out, every documented field with __typename, other operations refused, and 401 without a token.
import * as assert from 'assert';
import { parse, validate } from 'graphql';
import { GET_PROJECT_LIST_QUERY } from '../../../src/core/graphql/getProjectList';
import { projectSchema } from '../../../src/service/graphql';
import { PROJECT_IDS, USER_IDS } from '../../../src/service/seed/ids';
import { call, signIn, startHarness, type Harness } from './support/harness';

interface Row {
  id: string;
  name: string;
  role: string;
  favorite: boolean;
  updatedAt: string;
  createdAt: string;
  area: number;
  bimStreamId: string | null;
  buildingType: { id: number; label: string; __typename: string };
  calculation: { calculationType: { id: number; label: string; __typename: string }; __typename: string };
  location: { city: string; __typename: string };
  memberships: { role: string; userId: string; __typename: string }[];
  models: { id: string; name: string; __typename: string }[];
  projectStatus: { id: number; label: string; __typename: string };
  specialConditionConfig: { enabled: boolean; __typename: string };
  __typename: string;
}
interface GqlReply {
  data?: { project: Row[] };
  errors?: { message: string; extensions?: { code?: string } }[];
}

describe('local service: GraphQL project list', function () {
  this.timeout(20_000);
  let h: Harness;
  let demo: string;
  let other: string;
  let url: string;
  const list = async (variables: Record<string, unknown> = {}, token = demo, extra: Record<string, unknown> = {}) =>
    call<GqlReply>('POST', url, { token, body: { operationName: 'GetProjectList', query: GET_PROJECT_LIST_QUERY, variables, ...extra } });
  const names = (r: { body: GqlReply }): string[] => {
    assert.ok(r.body.data, JSON.stringify(r.body));
    return r.body.data.project.map((p) => p.name);
  };

  before(async () => {
    h = await startHarness();
    url = `${h.service.urls.graphqlUrl}/v1/graphql`;
    demo = await signIn(h, 'demo');
    other = await signIn(h, 'other');
  });
  after(() => h.cleanup());

  it('the published operation is valid against the service schema', () => {
    assert.deepStrictEqual(validate(projectSchema(), parse(GET_PROJECT_LIST_QUERY)).map((e) => e.message), []);
    // Hasura's type names, as the interface implies them.
    const sdlTypes = Object.keys(projectSchema().getTypeMap());
    for (const t of ['project_order_by', 'buildingType_bool_exp', 'projectCalculation_bool_exp', 'Boolean_comparison_exp',
      'projectLocation_bool_exp', 'String_comparison_exp', 'projectStatus_bool_exp', 'project_bool_exp', 'order_by']) {
      assert.ok(sdlTypes.includes(t), t);
    }
  });

  it('lists the caller\'s projects without the deleted one, every field with __typename', async () => {
    const r = await list();
    assert.strictEqual(r.status, 200);
    const rows = r.body.data!.project;
    assert.deepStrictEqual(names(r).sort(), ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ', 'Logistikcenter Kolding', 'Rækkehuse Lærkevej', 'Skolen ved Søen']);
    assert.ok(!rows.some((p) => p.id === PROJECT_IDS.hotelDeleted), 'deletedBy set → left out');
    const school = rows.find((p) => p.id === PROJECT_IDS.school)!;
    assert.strictEqual(school.__typename, 'project');
    assert.deepStrictEqual(school.buildingType, { id: 1, label: 'School/Institution', __typename: 'buildingType' });
    assert.deepStrictEqual(school.projectStatus, { id: 1, label: 'Design', __typename: 'projectStatus' });
    assert.strictEqual(school.calculation.__typename, 'projectCalculation');
    assert.strictEqual(school.calculation.calculationType.__typename, 'calculationType');
    assert.strictEqual(school.location.city, 'Aarhus');
    assert.strictEqual(school.location.__typename, 'projectLocation');
    assert.strictEqual(school.specialConditionConfig.enabled, true);
    assert.strictEqual(school.role, 'Owner');
    assert.strictEqual(school.favorite, true);
    // 2300 + 150 heated + 0.25 · 40 stairs + 0.25 · 60 walk-on ceilings = 2475 m².
    assert.strictEqual(school.area, 2475);
    assert.deepStrictEqual(school.memberships.map((m) => m.userId).sort(), [USER_IDS.demo, USER_IDS.lars].sort());
    assert.deepStrictEqual(school.models.map((m) => m.name).sort(), ['Arkitektur.ifc', 'Konstruktioner.ifc']);
    const otherRows = await list({}, other);
    assert.deepStrictEqual(names(otherRows).sort(), ['Anneks Egevej', 'Boligblok Vesterbro']);
  });

  it('filters by name (_ilike), building type, status, city, role and favourite', async () => {
    assert.deepStrictEqual(names(await list({ whereName: { _ilike: '%havne%' } })), ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ']);
    assert.deepStrictEqual(names(await list({ whereName: { _like: '%havne%' } })), [], '_like is case-sensitive');
    assert.deepStrictEqual(names(await list({ whereBuildingType: { label: { _eq: 'Logistics' } } })), ['Logistikcenter Kolding']);
    assert.deepStrictEqual(names(await list({ whereBuildingType: { id: { _in: [0, 1] } } })).sort(), ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ', 'Skolen ved Søen']);
    assert.deepStrictEqual(names(await list({ whereProjectStatus: { label: { _neq: 'Design' } } })).sort(), ['Kontorhus Havnegade', 'Logistikcenter Kolding', 'Rækkehuse Lærkevej']);
    assert.deepStrictEqual(names(await list({ whereLocation: { city: { _eq: 'Odense' } } })), ['Rækkehuse Lærkevej']);
    assert.deepStrictEqual(names(await list({ whereRole: { _eq: 'Viewer' } })), ['Logistikcenter Kolding']);
    assert.deepStrictEqual(names(await list({ whereRole: { _nin: ['Owner', 'Viewer'] } })), ['Rækkehuse Lærkevej']);
    assert.deepStrictEqual(names(await list({ whereFavorite: { _eq: true } })), ['Skolen ved Søen']);
    assert.deepStrictEqual(names(await list({ whereCalculation: { calculationType: { id: { _eq: 1 } } } })), ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ']);
    assert.deepStrictEqual(
      names(await list({ whereBuildingType: { _or: [{ label: { _eq: 'Office' } }, { label: { _eq: 'Logistics' } }] } })).sort(),
      ['Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ', 'Logistikcenter Kolding'],
    );
    assert.deepStrictEqual(names(await list({ whereLocation: { _not: { city: { _like: 'K%' } } } })).sort(), ['Rækkehuse Lærkevej', 'Skolen ved Søen']);
    assert.strictEqual(names(await list({ whereName: {}, whereBuildingType: {} })).length, 5, '{} means no filter');
  });

  it('orders by favourite then updatedAt, and by nested fields with null handling', async () => {
    const r = await list({ orderBy: [{ favorite: 'desc_nulls_last' }, { updatedAt: 'desc_nulls_last' }] });
    const rows = r.body.data!.project;
    assert.strictEqual(rows[0].name, 'Skolen ved Søen');
    const rest = rows.slice(1).map((p) => p.updatedAt);
    assert.deepStrictEqual(rest, [...rest].sort().reverse());
    const byCity = names(await list({ orderBy: [{ location: { city: 'asc' } }] }));
    assert.deepStrictEqual(byCity, ['Skolen ved Søen', 'Logistikcenter Kolding', 'Kontorhus Havnegade', 'Kontorhus Havnegade, variant i træ', 'Rækkehuse Lærkevej']);
    const byName = names(await list({ orderBy: [{ name: 'desc' }] }));
    assert.deepStrictEqual(byName, [...byName].sort().reverse());
    const byStream = (await list({ orderBy: [{ bimStreamId: 'asc_nulls_first' }, { name: 'asc' }] })).body.data!.project;
    assert.strictEqual(byStream[byStream.length - 1].name, 'Skolen ved Søen', 'the only linked project comes last');
  });

  it('runs any GetProjectList the schema validates: reformatted with variable defaults and reordered _and, or only `id name`', async () => {
    const expected = names(await list({ whereName: { _ilike: '%skole%' } }));
    assert.ok(expected.length >= 1, 'the extension\'s own text finds the school');
    // (ii) Another client's text: other layout, defaults on the variables, the _and terms in another order,
    // fewer fields and no __typename.
    const reformatted = `query GetProjectList($whereName: String_comparison_exp = {}, $whereRole: String_comparison_exp = {},
      $orderBy: [project_order_by!] = [{updatedAt: desc}]) {
      project(order_by: $orderBy, where: {_and: [{role: $whereRole}, {name: $whereName}, {deletedBy: {_is_null: true}}]}) {
        updatedAt favorite name id
        buildingType { label id }
      }
    }`;
    const r2 = await call<GqlReply>('POST', url, { token: demo, body: { operationName: 'GetProjectList', query: reformatted, variables: { whereName: { _ilike: '%skole%' } } } });
    assert.deepStrictEqual(r2.body.errors, undefined);
    assert.deepStrictEqual(r2.body.data!.project.map((p) => p.name).sort(), [...expected].sort());
    assert.strictEqual(r2.body.data!.project[0].__typename, undefined);
    // Defaults alone (no variables at all) mean no filter: every listed project.
    const r2b = await call<GqlReply>('POST', url, { token: demo, body: { query: reformatted } });
    assert.strictEqual(r2b.body.data!.project.length, names(await list({})).length);
    // (iii) Only id and name, no operationName in the request (the document names it).
    const r3 = await call<GqlReply>('POST', url, { token: demo, body: { query: 'query GetProjectList { project { id name } }' } });
    assert.deepStrictEqual(r3.body.errors, undefined);
    assert.deepStrictEqual(Object.keys(r3.body.data!.project[0]).sort(), ['id', 'name']);
    assert.ok(!r3.body.data!.project.some((p) => p.id === PROJECT_IDS.hotelDeleted), 'a deleted project is never listed');
  });

  it('refuses other operation names, mutations, introspection and undocumented fields with a GraphQL error (200)', async () => {
    const renamed = await call<GqlReply>('POST', url, { token: demo, body: { operationName: 'Other', query: 'query Other { project { id } }' } });
    assert.strictEqual(renamed.status, 200);
    assert.match(renamed.body.errors![0].message, /Only the GetProjectList operation/);
    assert.strictEqual(renamed.body.data, undefined);
    const unnamed = await call<GqlReply>('POST', url, { token: demo, body: { query: '{ project { id } }' } });
    assert.match(unnamed.body.errors![0].message, /Only the GetProjectList operation/);
    const mutation = await call<GqlReply>('POST', url, { token: demo, body: { query: 'mutation GetProjectList { project { id } }' } });
    assert.match(mutation.body.errors![0].message, /must be a query/);
    const introspection = await call<GqlReply>('POST', url, { token: demo, body: { query: 'query GetProjectList { __schema { types { name } } }' } });
    assert.ok(introspection.body.errors?.length && !introspection.body.data);
    assert.match(introspection.body.errors![0].message, /introspection/i);
    const altered = await call<GqlReply>('POST', url, { token: demo, body: { query: 'query GetProjectList { project { id name deletedBy } }' } });
    assert.ok(altered.body.errors?.length && !altered.body.data, 'deletedBy is not one of the documented list fields');
    assert.strictEqual(altered.body.errors![0].extensions?.code, 'validation-failed');
    const unparsable = await call<GqlReply>('POST', url, { token: demo, body: { operationName: 'GetProjectList', query: 'query {' } });
    assert.ok(unparsable.body.errors?.length);
    const badVariable = await list({ whereName: { _eq: 5 } });
    assert.ok(badVariable.body.errors?.length, 'variables are checked against the schema');
  });

  it('accepts the same operation with other whitespace', async () => {
    const compact = GET_PROJECT_LIST_QUERY.replace(/\s+/g, ' ');
    assert.strictEqual(names(await list({}, demo, { query: compact })).length, 5);
  });

  it('answers 401 without a valid token', async () => {
    assert.strictEqual((await list({}, '')).status, 401);
    assert.strictEqual((await list({}, 'forged')).status, 401);
  });
});
