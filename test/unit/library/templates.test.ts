// Templates are valid from the start (schema and semantic rules), and records read from the local service become
// create bodies that validate (what Pull writes to a file).
import * as assert from 'assert';
import { authenticateUser, LcaClient } from '../../../src/client';
import { UNIT } from '../../../src/core/codes';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import type { MaterialInfo } from '../../../src/core/rules';
import { findingsOfValue } from '../../fixtures/checks';
import { validateAgainst } from '../../../src/core/schemas';
import {
  constructionCreateBody,
  fileStem,
  materialCreateBody,
  newConstructionTemplate,
  newMaterialsTemplate,
  newMaterialTemplate,
  sameCreateBody,
  TO_FILL_IN,
} from '../../../src/core/templates';
import { format } from '../../../src/core/l10n';
import { CONSTRUCTION_IDS, CREDENTIALS, MATERIAL_IDS } from '../../../src/service/seed/ids';
import { startHarness, type Harness } from '../service/support/harness';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('templates for new files', () => {
  it('a new material validates and has only the warning that its results are still the template\'s, for every declared unit', () => {
    for (const declaredUnit of [UNIT.M3, UNIT.M2, UNIT.KG, UNIT.PCS, UNIT.M]) {
      const material = newMaterialTemplate({ name: 'My insulation', declaredUnit, now: NOW }, ASSUMED_CODES);
      assert.deepStrictEqual(validateAgainst('material', material), [], ASSUMED_CODES.unitByCode(declaredUnit)?.label);
      assert.deepStrictEqual(findingsOfValue('material', material, { now: NOW }).map((f) => [f.ruleId, f.severity, f.path.join('/')]), [['results-template', 'warning', 'lciaResults']]);
      // The template says what must be filled in, in the description the user sees first.
      assert.strictEqual(material.description, format(TO_FILL_IN));
      assert.match(material.description ?? '', /^To fill in from the EPD before pushing: the results per module/);
      assert.strictEqual(material.lciaResults.length, 18);
    }
  });

  it('two new materials get different originalUUIDs; a materials file validates', () => {
    const a = newMaterialTemplate({ name: 'A' }, ASSUMED_CODES);
    const b = newMaterialTemplate({ name: 'B' }, ASSUMED_CODES);
    assert.notStrictEqual(a.originalUUID, b.originalUUID);
    const file = newMaterialsTemplate({ name: 'Library', now: NOW }, ASSUMED_CODES);
    assert.deepStrictEqual(validateAgainst('materials', file), []);
    assert.deepStrictEqual(findingsOfValue('materials', file, { now: NOW }).map((f) => f.ruleId), ['results-template']);
    // The editor passes the description in the user's language.
    assert.strictEqual(newMaterialTemplate({ name: 'A', description: 'Udfyldes' }, ASSUMED_CODES).description, 'Udfyldes');
  });

  it('a new construction validates and its first component converts, whatever the material is declared in', () => {
    const declaredUnits = [
      { declaredValue: 1, declaredUnit: UNIT.M3, mass: 2400, massUnit: UNIT.KG },
      { declaredValue: 1, declaredUnit: UNIT.M3 },
      { declaredValue: 1, declaredUnit: UNIT.M2 },
      { declaredValue: 1000, declaredUnit: UNIT.KG },
      { declaredValue: 1, declaredUnit: UNIT.PCS },
      { declaredValue: 1, declaredUnit: UNIT.M },
    ];
    for (const declaredUnit of declaredUnits) {
      const material: MaterialInfo = { id: MATERIAL_IDS.concreteC30, name: 'Concrete', declaredUnit };
      const construction = newConstructionTemplate({ name: 'Deck', material }, ASSUMED_CODES);
      assert.deepStrictEqual(validateAgainst('construction', construction), []);
      const findings = findingsOfValue('construction', construction, { resolveEpd: (id) => (id === material.id ? material : undefined) });
      assert.deepStrictEqual(findings, [], JSON.stringify(declaredUnit));
    }
  });

  it('file stems are readable and safe', () => {
    assert.strictEqual(fileStem('Beton C30/37 (Ø 16)', 'material'), 'beton-c30-37-ø-16');
    assert.strictEqual(fileStem('///', 'material'), 'material');
    assert.strictEqual(fileStem('../../etc/passwd', 'material'), 'etc-passwd');
    assert.strictEqual(fileStem('x'.repeat(59) + '/abc', 'material'), 'x'.repeat(59));
  });

  it('file stems keep Danish and other letters, in one form however they were typed', () => {
    assert.strictEqual(fileStem('Træfiberisolering', 'material'), 'træfiberisolering');
    assert.strictEqual(fileStem('Skolen ved Søen', 'project'), 'skolen-ved-søen');
    assert.strictEqual(fileStem('ÅRHUS Ærø', 'project'), 'århus-ærø');
    assert.strictEqual(fileStem('Dämmung Holzfaser'.normalize('NFD'), 'material'), 'dämmung-holzfaser'.normalize('NFC'));
  });
});

describe('create bodies of records read from the local service (pull)', function () {
  this.timeout(30_000);
  let h: Harness;
  let client: LcaClient;

  before(async () => {
    h = await startHarness();
    const token = await authenticateUser(h.service.urls.authUrl, CREDENTIALS.demoUser.email, CREDENTIALS.demoUser.password);
    client = new LcaClient({ urls: h.service.urls, getToken: async () => token.accessToken });
  });
  after(async () => h?.cleanup());

  it('every seeded material the demo user can read becomes a valid bulk-create item without read-only fields', async () => {
    const ids = Object.entries(MATERIAL_IDS).filter(([key]) => key !== 'otherSiteConcrete');
    for (const [key, id] of ids) {
      const read = await client.getMaterial(id);
      const { body, problems, dropped } = materialCreateBody(read, ASSUMED_CODES);
      assert.deepStrictEqual(problems, [], key);
      assert.deepStrictEqual(dropped, [], key);
      for (const field of ['id', 'tenantId', 'createdAt', 'internalId', 'categorization', 'lastModifiedAt']) {
        assert.ok(!(field in body), `${key}: ${field} stripped`);
      }
      assert.strictEqual(body.originalUUID, read.originalUUID);
      assert.ok(body.lciaResults.every((r) => r.indicators.every((i) => typeof i.type === 'string')), `${key}: indicator names`);
      assert.deepStrictEqual(findingsOfValue('material', body, { now: NOW }).filter((f) => f.severity === 'error'), [], key);
    }
  });

  it('a seeded construction becomes a valid create body whose components name their EPDs', async () => {
    let checked = 0;
    for (const [key, id] of Object.entries(CONSTRUCTION_IDS)) {
      let read;
      try {
        read = await client.getConstruction(id);
      } catch {
        continue; // another tenant's construction
      }
      const { body, problems, dropped } = constructionCreateBody(read);
      assert.deepStrictEqual(problems, [], key);
      assert.deepStrictEqual(dropped, [], key);
      assert.ok(!('id' in body) && !('lciaResults' in body) && !('tenantId' in body), key);
      assert.strictEqual(body.constructionEpds.length, read.constructionEpds?.length);
      for (const c of body.constructionEpds) assert.match(c.epdId, /^[0-9a-f-]{36}$/);
      checked++;
    }
    assert.ok(checked >= 5, `${checked} constructions checked`);
  });

  it('bodies that say the same compare equal whatever their key order or spelling of "nothing"', () => {
    assert.ok(sameCreateBody({ a: 1, b: { c: null, d: [] }, e: '' }, { b: {}, a: 1 }));
    assert.ok(!sameCreateBody({ a: 1, isCustom: false }, { a: 1 }));
  });

  it('a pulled material can be created again as it is (the service accepts the body)', async () => {
    const read = await client.getMaterial(MATERIAL_IDS.concreteC30);
    const { body } = materialCreateBody(read, ASSUMED_CODES);
    const [created] = await client.bulkCreateMaterials([{ ...body, originalVersion: `${body.originalVersion}-copy` }]);
    assert.strictEqual(created.name, read.name);
  });
});
