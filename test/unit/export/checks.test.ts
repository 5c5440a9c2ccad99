// Check Before Submission: each check on a hand-made case that fails it (from a seeded project read over HTTP and
// changed in one place), and a clean seeded project that passes them all (only what the data never has is left empty).
import * as assert from 'assert';
import type { Dashboard, MaterialRead } from '../../../src/core/api/types';
import { br18Report, buildBr18Workbook, checkBeforeSubmission, type CheckId, type Br18ExportInput } from '../../../src/core/export/br18';
import { ENGLISH } from '../../../src/core/l10n';
import { BR18_RULES, applyBr18Override, parseBr18Override } from '../../../src/core/lca/br18Rules';
import { exportInput, useSeededProjects, type SeededRead } from './support';

const ids = (input: Br18ExportInput): CheckId[] => [...new Set(checkBeforeSubmission(input, buildBr18Workbook(input).emptied).findings.map((f) => f.check))];
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('Check Before Submission', function () {
  this.timeout(30_000);
  const seeded = useSeededProjects();
  let office: SeededRead;
  /** The seeded school (BR18 2023, within its limit) without its three unmapped railings: clean. */
  let school: SeededRead;
  before(() => {
    office = seeded().office;
    const read = seeded().school;
    const dashboard = clone(read.dashboard);
    const prune = (nodes: Dashboard['projectBreakdown']): Dashboard['projectBreakdown'] =>
      (nodes ?? []).filter((n) => n.constructionName !== 'Not mapped').map((n) => ({ ...n, children: n.children ? prune(n.children) ?? null : null })).filter((n) => n.constructionName !== null || (n.children?.length ?? 0) > 0);
    dashboard.projectBreakdown = prune(dashboard.projectBreakdown);
    dashboard.mappingStatus = { Mapped: Number(dashboard.mappingStatus?.Mapped), 'Not mapped': 0 };
    school = { ...read, dashboard };
  });

  const withDashboard = (change: (d: Dashboard) => void, base = school): Br18ExportInput => {
    const dashboard = clone(base.dashboard);
    change(dashboard);
    return exportInput({ ...base, dashboard });
  };
  const firstLine = (d: Dashboard) => {
    const walk = (nodes: Dashboard['projectBreakdown']): NonNullable<NonNullable<Dashboard['projectBreakdown']>[number]['materialsBreakdown']>[number] | undefined => {
      for (const n of nodes ?? []) {
        if (n.materialsBreakdown?.length) return n.materialsBreakdown[0];
        const found = walk(n.children ?? []);
        if (found) return found;
      }
      return undefined;
    };
    return walk(d.projectBreakdown)!;
  };

  it('passes a clean project: nothing but what the data never has (BBR codes, dates) left empty', () => {
    const input = exportInput(school);
    assert.deepStrictEqual(ids(input), ['leftEmpty']);
    const report = br18Report({ projectName: 'Skolen ved Søen', date: '2026-01-01', verdict: undefined, check: checkBeforeSubmission(input, buildBr18Workbook(input).emptied) }, ENGLISH);
    assert.match(report, /## Data left empty by the export/);
    assert.match(report, /Bygningstypologi \(BBR kode\): left empty/);
    assert.match(report, /## Not checked\n\n- EN 15804 version of 26 of 26 lines: the material does not state it/);
  });

  it('finds an expired EPD and says where', () => {
    const line = firstLine(school.dashboard);
    const materials = new Map(school.materials);
    const m = clone(materials.get(line.epdId!)!) as MaterialRead;
    m.epdInfo = { ...(m.epdInfo ?? {}), validTo: '2020-06-30T00:00:00Z' };
    materials.set(line.epdId!, m);
    const input = exportInput({ ...school, materials });
    const found = checkBeforeSubmission(input).findings.filter((f) => f.check === 'expiredEpd');
    assert.ok(found.length >= 1);
    assert.strictEqual(found[0].where && 'material' in found[0].where ? found[0].where.material : '', line.epdName);
    assert.match(ENGLISH.say(found[0].message), /expired on 2020-06-30/);
  });

  it('finds a line without a service life', () => {
    const input = withDashboard((d) => {
      firstLine(d).lifetime = 0;
    });
    assert.ok(ids(input).includes('serviceLife'));
  });

  it('finds elements not mapped, by building part', () => {
    const input = withDashboard((d) => {
      d.mappingStatus = { Mapped: Number(d.mappingStatus?.Mapped ?? 0), 'Not mapped': 2 };
      d.projectBreakdown![0].children![0].children![0].children!.push({ classificationCode: null, classificationName: null, constructionName: 'Not mapped', elements: 2, co2PerYearPerSquareMeter: '0', children: null, materialsBreakdown: [], type: 4 });
    });
    const found = checkBeforeSubmission(input).findings.filter((f) => f.check === 'notMapped');
    assert.strictEqual(found.length, 1);
    assert.strictEqual(found[0].where?.parts.length, 3);
  });

  it('finds a result that is not a BR18 result (B6 excluded)', () => {
    const input = { ...exportInput(school), stages: school.stages.filter((s) => s !== 'B6') };
    const found = checkBeforeSubmission(input).findings.find((f) => f.check === 'notBr18Result');
    assert.match(ENGLISH.say(found!.message), /not a BR18 result: B6 excluded/);
  });

  it('finds the construction process over its limit under the 2025 rules, and a building over its limit', () => {
    const input = withDashboard((d) => {
      d.emissionPerPhase = { ...d.emissionPerPhase, A5: '2.0', A1A3: '9' };
    }, office);
    const found = checkBeforeSubmission(input).findings;
    assert.match(ENGLISH.say(found.find((f) => f.check === 'constructionProcessOverLimit')!.message), /A4 \+ A5\) is 2 against its limit of 1\.5/);
    assert.ok(found.some((f) => f.check === 'buildingOverLimit'));
  });

  it('finds a limit the environment overrides, with the built-in value', () => {
    const { override } = parseBr18Override({ constructionProcess: { 'br18-2025': 1.2 } });
    const rules = applyBr18Override(BR18_RULES, override, 'Staging');
    const found = checkBeforeSubmission(exportInput(office, {}, rules)).findings.find((f) => f.check === 'limitOverridden');
    assert.match(ENGLISH.say(found!.message), /Staging overrides the BR18 rule table: construction process limit 1\.2 \(built-in 1\.5\)/);
  });

  it('finds an EPD expired at the permit application date of the submission details, though valid today', () => {
    const line = firstLine(school.dashboard);
    const materials = new Map(school.materials);
    const m = clone(materials.get(line.epdId!)!) as MaterialRead;
    m.epdInfo = { ...(m.epdInfo ?? {}), validTo: '2026-06-30T00:00:00Z' };
    materials.set(line.epdId!, m);
    // Today (2026-01-01) it is valid; at the permit application date it is not.
    assert.ok(!ids(exportInput({ ...school, materials })).includes('expiredEpd'));
    const input = exportInput({ ...school, materials }, { facts: { permitApplicationDate: '2026-09-01' } });
    const found = checkBeforeSubmission(input).findings.filter((f) => f.check === 'expiredEpd');
    assert.strictEqual(found.length, 1);
    assert.match(ENGLISH.say(found[0].message), /expired on 2026-06-30, before the permit application date 2026-09-01/);
    assert.deepStrictEqual(found[0].subject, { kind: 'material', id: line.epdId, path: ['epdInfo', 'validTo'] });
  });

  it('finds EN 15804 +A1 data mixed with +A2 data in one result, naming each line of the smaller group', () => {
    const line = firstLine(school.dashboard);
    const materials = new Map<string, MaterialRead>();
    for (const [id, m] of school.materials) {
      const c = clone(m);
      c.epdInfo = { ...(c.epdInfo ?? {}), epdSpecificationForm: id === line.epdId ? 1 : 2 };
      materials.set(id, c);
    }
    const input = exportInput({ ...school, materials });
    const found = checkBeforeSubmission(input).findings.filter((f) => f.check === 'standardsMixed');
    const lines = found.map((f) => (f.where && 'material' in f.where ? f.where.material : ''));
    assert.ok(found.length >= 1 && lines.every((n) => n === line.epdName), `${lines.join(', ')}`);
    assert.match(ENGLISH.say(found[0].message), /EN 15804\+A1 data in a result of EN 15804\+A2 data \(\d+ lines \+A1, \d+ lines \+A2\)/);
    // All +A2: nothing mixed, and the version is in the Standard column (Z).
    const a2 = new Map([...materials].map(([id, m]) => [id, { ...m, epdInfo: { ...m.epdInfo, epdSpecificationForm: 2 } }] as [string, MaterialRead]));
    const clean = exportInput({ ...school, materials: a2 });
    assert.ok(!ids(clean).includes('standardsMixed'));
    assert.deepStrictEqual(buildBr18Workbook(clean).sheets[1].rows[4][25], { text: 'EN 15804+A2' });
  });

  it('points a line without a service life at its component in the workspace\'s construction file, at the line of the field', () => {
    // The first construction leaf of the school and its first line, with that line's lifespan 0.
    let leafId = '';
    let epdId = '';
    const input = withDashboard((d) => {
      const walk = (nodes: Dashboard['projectBreakdown']): boolean =>
        (nodes ?? []).some((n) => {
          if (typeof n.constructionId === 'string' && n.materialsBreakdown?.length) {
            leafId = n.constructionId;
            epdId = n.materialsBreakdown[0].epdId!;
            n.materialsBreakdown[0].lifetime = 0;
            return true;
          }
          return walk(n.children ?? []);
        });
      assert.ok(walk(d.projectBreakdown), 'a construction leaf');
    });
    // The construction as a workspace file: its second component is the line's material, with an expectedLifespan.
    const record = { name: 'Væg', declaredUnit: { declaredUnit: 2, declaredValue: 1 }, constructionEpds: [{ epdId: 'other', constructionUnit: { value: 1, unit: 2 } }, { epdId, expectedLifespan: 0, constructionUnit: { value: 1, unit: 2 } }] };
    const text = JSON.stringify(record, null, 2);
    const expected = text.split('\n').findIndex((l) => l.includes('"expectedLifespan"')) + 1;
    input.workspace = { materials: new Map(), constructions: new Map([[leafId, { path: '/ws/vaeg.construction.json', text, record }]]) };
    const found = checkBeforeSubmission(input).findings.filter((f) => f.check === 'serviceLife' && f.location);
    assert.ok(found.length >= 1);
    assert.deepStrictEqual(found[0].location, { path: '/ws/vaeg.construction.json', line: expected });
  });
});
