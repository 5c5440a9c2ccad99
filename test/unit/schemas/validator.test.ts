// validateAgainst: typed documents (src/core/schemas/types.ts) validate, messages are human, and 10,000 materials are fast.
import * as assert from 'assert';
import { INDICATORS, PHASES, UNIT } from '../../../src/core/codes';
import { analyze, type Analysis } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import { formatProblem, SCHEMA_FILES, validateAgainst, validatorFor, type SchemaKind } from '../../../src/core/schemas';
import type {
  AccountAuth,
  ConstructionCreate,
  DashboardRequest,
  DashboardSummaryRequest,
  IndicatorName,
  InspectRequest,
  Material,
  MaterialsFile,
  ProjectCreate,
  PhaseCode,
  ProjectUpdate,
  StreamCreate,
  UserAuth,
} from '../../../src/core/schemas/types';
import { bulkMaterials, sampleConstruction, sampleMaterial, uuidFor } from '../../fixtures/generate';
import { format } from '../../../src/core/l10n';

const material: Material = sampleMaterial({
  name: 'Glulam',
  originalUUID: uuidFor(10),
  declaredUnit: UNIT.M3,
  mass: 500,
  gwp: { A1A3: -610, C3: 743, C4: 0, D: -395 },
});

describe('document types follow the schemas', () => {
  const samples: { [K in SchemaKind]: unknown } = {
    material,
    materials: [material, { ...material, originalUUID: uuidFor(11) }] satisfies MaterialsFile,
    construction: sampleConstruction({ brick: uuidFor(1), wool: uuidFor(2), concrete: uuidFor(3) }) satisfies ConstructionCreate,
    project: {
      projectName: 'Skolen',
      type: 1,
      stage: 1,
      emissionMetaData: { yearOfCommissioning: 2028, includedPhases: ['A1A3', 'B4', 'B6', 'C3', 'C4', 'D'] },
      referencedAreas: { values: { 'Exterior stairs': 12 }, floorsAboveGround: 2 },
      calculationType: { considerationPeriod: 50, thresholdLimitWithoutExtra: 12, extraThresholds: [] },
      heatArea: { heatedFloorAreaAboveGround: 1800, heatedBasementArea: 0 },
      wastagePercentage: 5,
      projectEnergyData: { operational: { electricity: 30000, heat: null }, validationDate: '2026-03-01' },
    } satisfies ProjectCreate,
    projectUpdate: { projectName: 'Skolen, etape 2', stage: 2, buildingAddress: { city: 'Aarhus C' } } satisfies ProjectUpdate,
    dashboardRequest: { indicatorTypeMappingId: uuidFor(20), stages: ['A1A3', 'C3', 'C4'] } satisfies DashboardRequest,
    dashboardSummaryRequest: { stages: ['A1A3'] } satisfies DashboardSummaryRequest,
    streamCreate: { streamName: 'Skolen', branches: [uuidFor(30)] } satisfies StreamCreate,
    userAuth: { email: 'anna@example.dk', password: 'secret' } satisfies UserAuth,
    accountAuth: { clientId: 'integration', secret: 'secret' } satisfies AccountAuth,
    inspectRequest: { constructionId: uuidFor(40) } satisfies InspectRequest,
  };
  for (const kind of Object.keys(SCHEMA_FILES) as SchemaKind[]) {
    it(`a typed ${kind} validates`, () => assert.deepStrictEqual(validateAgainst(kind, samples[kind]), []));
  }
});

describe('name unions of the types equal the code tables', () => {
  // A Record over the union must list every member and nothing else, so the compiler checks one direction
  // and the assertion the other.
  const indicatorNames: Record<IndicatorName, true> = {
    ODP: true, PERE: true, PERM: true, PERT: true, PENRE: true, PENRT: true, PENRM: true, SM: true, RSF: true, NRSF: true,
    FW: true, GWP_TOTAL: true, GWP_FOSSIL: true, GWP_BIOGENIC: true, GWP_LULUC: true, AP: true, EP_FRESHWATER: true,
    EP_MARINE: true, EP_TERRESTRIAL: true, POCP: true, ADPE: true, ADPF: true, WDP: true, HWD: true, NHWD: true, RWD: true,
    CRU: true, MFR: true, MER: true, EEE: true, EET: true,
  };
  const phaseCodes: Record<PhaseCode, true> = { A1A3: true, A4: true, A5: true, B4: true, B6: true, C3: true, C4: true, D: true };
  it('IndicatorName lists the indicators of codes.ts', () => {
    assert.deepStrictEqual(Object.keys(indicatorNames).sort(), INDICATORS.map((i) => i.name).sort());
  });
  it('PhaseCode lists the phases of codes.ts', () => {
    assert.deepStrictEqual(Object.keys(phaseCodes).sort(), [...PHASES].sort());
  });
});

describe('schema problems read as sentences', () => {
  it('names the number rule and the property', () => {
    const problems = validateAgainst('material', { ...material, declaredUnit: { declaredValue: 0, declaredUnit: UNIT.M3, mass: -2 } });
    assert.deepStrictEqual(
      problems.map((p) => [p.pointer, format(p.message)]),
      [
        ['/declaredUnit/declaredValue', '`declaredValue` must be a number > 0'],
        ['/declaredUnit/mass', '`mass` must be a number ≥ 0'],
      ],
    );
  });

  it('points at and names an unknown property', () => {
    const [problem] = validateAgainst('construction', {
      ...sampleConstruction({ brick: uuidFor(1), wool: uuidFor(2), concrete: uuidFor(3) }),
      colour: 'red',
    });
    assert.deepStrictEqual({ ...problem, message: format(problem.message) }, { pointer: '/colour', message: 'unknown property `colour` in the document', keyword: 'additionalProperties' });
  });

  it('lists module codes with their labels and says what was found', () => {
    const bad = { ...material, lciaResults: [{ moduleTypeEnum: 18, indicators: [] }] };
    const [problem] = validateAgainst('material', bad);
    assert.strictEqual(problem.pointer, '/lciaResults/0/moduleTypeEnum');
    assert.match(format(problem.message), /^`moduleTypeEnum` must be one of 0 \(A1-A3\), 1 \(A4\).* 17 \(D\) \(found 18\)$/);
  });

  it('says which required property is missing, on the object that lacks it', () => {
    const problems = validateAgainst('materials', [{ ...material, name: undefined }]);
    assert.deepStrictEqual(problems.map((p) => format(formatProblem(p))), ['/0: item 0 is missing the required property `name`']);
  });

  it('explains a UUID and a date-time', () => {
    const problems = validateAgainst('material', { ...material, originalUUID: 'abc', epdInfo: { validTo: '31-12-2030' } });
    assert.deepStrictEqual(problems.map((p) => format(p.message)), [
      '`originalUUID` must be a UUID such as 3f2b8c1e-9d4a-4e6b-8c2f-1a2b3c4d5e6f',
      '`validTo` must be an ISO 8601 date-time such as 2030-12-31T00:00:00Z',
    ]);
  });

  it('refuses NaN and Infinity in values built in code', () => {
    const bad = { ...material, lciaResults: [{ moduleTypeEnum: 0, indicators: [{ type: 'GWP_TOTAL', unit: 'kg CO2 eq', value: NaN }] }] };
    assert.deepStrictEqual(validateAgainst('material', bad).map((p) => p.pointer), ['/lciaResults/0/indicators/0/value']);
  });

  it('compiles each validator once', () => {
    assert.strictEqual(validatorFor('material'), validatorFor('material'));
  });
});

describe('validating 10,000 materials', function () {
  this.timeout(120_000);
  it('measures schema + semantic rules against JSON.parse (logged, goal ≤ 3×)', () => {
    const text = JSON.stringify(bulkMaterials(10_000), null, 2);
    validatorFor('materials');
    const best = (f: () => void): number => {
      let min = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = process.hrtime.bigint();
        f();
        min = Math.min(min, Number(process.hrtime.bigint() - start) / 1e6);
      }
      return min;
    };
    const parseMs = best(() => JSON.parse(text));
    let result: { schemaProblems: Analysis['schemaProblems']; findings: Analysis['findings'] } | undefined;
    const checkMs = best(() => {
      const analysis = analyze(text, { ...CHECKS, kind: 'materials', now: new Date('2026-01-01T00:00:00Z') });
      result = { schemaProblems: analysis.schemaProblems, findings: analysis.findings };
    });
    assert.deepStrictEqual(result?.schemaProblems, []);
    assert.deepStrictEqual(result?.findings, []);
    console.log(
      `      10,000 materials, ${(text.length / 1e6).toFixed(0)} MB: JSON.parse ${parseMs.toFixed(0)} ms, ` +
        `parse + schema + rules ${checkMs.toFixed(0)} ms = ${(checkMs / parseMs).toFixed(2)}× JSON.parse`,
    );
  });
});
