// Tolerant reads (issue #11): every read accepts extra fields and codes our assumed table does not know; a field
// the extension needs that is missing or of the wrong type is a clear message naming the field and the endpoint.
import * as assert from 'assert';
import { LcaClient, LcaServiceError } from '../../../src/client';
import { startStandInService, type StandInService } from './support/standInService';

const ID = '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b';

describe('client: tolerant reads of another service', function () {
  this.timeout(15_000);
  let svc: StandInService;
  let client: LcaClient;

  beforeEach(async () => {
    svc = await startStandInService();
    client = new LcaClient({
      urls: { baseUrl: `${svc.url}/api`, epdUrl: `${svc.url}/epd`, authUrl: `${svc.url}/auth`, graphqlUrl: `${svc.url}/graphql` },
      getToken: async () => 'token-0123456789abcdef',
      renewToken: async () => 'token-0123456789abcdef',
      retry: { limit: 0, maxDelayMs: 10 },
    });
  });
  afterEach(() => svc.close());

  it('reads material, construction, project, enumerations and dashboards with extra fields and unknown codes', async () => {
    const lcia = [{ moduleTypeEnum: 0, moduleStatusEnum: 7, indicators: [{ type: 99, unit: 'kg X', value: 1, extra: true }], future: 1 }];
    svc.on(`GET /epd/material/${ID}`, () => ({ body: { id: ID, name: 'M', declaredUnit: { declaredUnit: 11, declaredValue: 1, massUnit: 1 }, lciaResults: lcia, newThing: { x: 1 } } }));
    svc.on(`GET /epd/construction/${ID}`, () => ({ body: { id: ID, name: 'C', declaredUnit: { declaredUnit: 12 }, lciaResults: lcia, constructionEpds: [], componentsNotComputed: [{ index: 0 }] } }));
    svc.on(`GET /api/BuildingProject/${ID}`, () => ({ body: { id: ID, projectName: 'P', type: 42, stage: -3, somethingNew: [] } }));
    svc.on('GET /api/BuildingProject/buildingprojectenums', () => ({
      body: { buildingTypeEnum: ['Office', 'Spaceport'], buildingProjectStageEnums: ['Design'], brandNewEnum: ['x'], regerencedAreaTypeEnum: {} },
    }));
    svc.on('GET /epd/material/indicatorenums', () => ({ body: { indicators: [{ type: 99, name: 'NEW_ONE', unit: 'kg X' }], units: [{ code: 11, label: 'M2X' }], more: 1 } }));
    svc.on(`POST /api/dashboard/${ID}`, () => ({
      body: { dashboardsPerBranchPlusTotal: { Total: { epdTypes: { Generic: 1, Specific: 2 }, projectBreakdown: [], notComputed: [{ elementId: 'e', reason: 'r' }] } }, extra: 1 },
    }));
    const m = await client.getMaterial(ID);
    assert.deepStrictEqual([m.declaredUnit?.declaredUnit, m.lciaResults?.[0].moduleStatusEnum], [11, 7]);
    assert.strictEqual((await client.getConstruction(ID)).name, 'C');
    assert.strictEqual((await client.getProject(ID)).type, 42);
    assert.deepStrictEqual((await client.getProjectEnums()).buildingTypeEnum, ['Office', 'Spaceport']);
    assert.strictEqual((await client.getIndicatorEnums()).indicators?.[0].name, 'NEW_ONE');
    assert.ok((await client.getDashboard(ID, {})).dashboardsPerBranchPlusTotal.Total);
  });

  it('names the field and the endpoint when a needed field is missing or of the wrong type', async () => {
    svc.on(`GET /epd/material/${ID}`, () => ({ body: { id: ID, name: 'M', lciaResults: 'none' } }));
    svc.on(`GET /epd/construction/${ID}`, () => ({ body: { id: ID, lciaResults: [{ moduleTypeEnum: 'A1-A3', indicators: [] }] } }));
    svc.on(`POST /api/dashboard/${ID}`, () => ({ body: { dashboards: {} } }));
    const message = async (p: Promise<unknown>): Promise<string> => {
      try {
        await p;
      } catch (e) {
        assert.ok(e instanceof LcaServiceError, String(e));
        return e.message;
      }
      return assert.fail('expected a failure');
    };
    assert.match(await message(client.getMaterial(ID)), /GET \/material\/\{materialId\}: the material: "lciaResults" should be an array/);
    assert.match(await message(client.getConstruction(ID)), /\/construction\/\{id\}.*lciaResults\[0\] has no numeric "moduleTypeEnum"/);
    assert.match(await message(client.getDashboard(ID, {})), /\/dashboard\/\{id\}.*"dashboardsPerBranchPlusTotal" is missing/);
  });
});
