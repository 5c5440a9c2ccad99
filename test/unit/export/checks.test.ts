// Check Before Submission: each check on a hand-made case that fails it (from a seeded project read over HTTP and
// changed in one place), and a clean seeded project that passes them all (only what the data never has is left empty).
import * as assert from 'assert';
import type { Dashboard, MaterialRead } from '../../../src/core/api/types';
import { br18Documentation, br18Report, buildBr18Workbook, checkBeforeSubmission, type CheckId, type Br18ExportInput } from '../../../src/core/export/br18';
import { ENGLISH } from '../../../src/core/l10n';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { UNIT } from '../../../src/core/codes';
import { calculateDashboards, type ProjectCalcInput } from '../../../src/core/lca/dashboard';
import { projectFacts } from '../../../src/core/lca/projectFacts';
import { BR18_RULES, applyBr18Override, parseBr18Override } from '../../../src/core/lca/br18Rules';
import { exportInput, useSeededProjects, type SeededRead } from './support';
import { DANISH } from '../../fixtures/danish';

const ids = (input: Br18ExportInput): CheckId[] => [...new Set(checkBeforeSubmission(input, buildBr18Workbook(input).emptied).findings.map((f) => f.check))];
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const HOSTILE = '<img src=x onerror=alert(1)>';


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
    const report = br18Report({ projectName: 'Skolen ved Søen', date: new Date('2026-01-01T12:00:00Z'), verdict: undefined, check: checkBeforeSubmission(input, buildBr18Workbook(input).emptied) }, ENGLISH);
    assert.match(report, /^\*\*No findings a reviewer would question\.\*\*/m);
    assert.match(report, /^Checked on 1 Jan 2026\.$/m);
    assert.match(report, /## Data left empty by the export/);
    assert.match(report, /Bygningstypologi \\\(BBR kode\\\): left empty/);
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
  it('finds an element that gives a service life of 0 or less, which the dashboard passes over to its material\'s 40 years', () => {
    // The local service's dashboard of three elements of one 40-year EPD: lifetime 0, −5 and none. All three are
    // counted at 40 years (the service-life rule passes over what is not positive); the two that gave 0 and −5 are a
    // finding, the one that gave none is not (the material's service life is the rule's own fallback).
    const glass = { id: 'igu', name: 'Insulating glass', declaredUnit: { declaredUnit: UNIT.M2, declaredValue: 1 }, expectedLifespan: 40, epdType: 0, lciaResults: [{ moduleTypeEnum: 0, moduleStatusEnum: 2, indicators: [{ type: 12, unit: 'kg CO2 eq', value: 50 }] }] };
    const cls = [{ code: '(3-)', name: 'Facade' }, { code: '(31)', name: 'Windows' }, { code: '(31.1)', name: 'Glazing' }] as const;
    const element = (id: string, lifetime: number | undefined) => ({ id, modelId: 'm', name: id, classification: [...cls] as never, quantity: 10, unit: UNIT.M2, lifetime, mapping: { kind: 'material' as const, epd: glass } });
    const calc: ProjectCalcInput = {
      id: 'p', name: 'Glazed', facts: projectFacts({ heatArea: { heatedFloorAreaAboveGround: 1000 }, calculationType: { considerationPeriod: 50 } }, BR18_RULES), includedPhases: [],
      energy: { operationalElectricity: 0, operationalHeat: 0, exportedElectricity: 0 }, heatCarrier: 'districtHeating',
      branches: [{ id: 'b', name: 'Arkitektur' }], models: [{ id: 'm', name: 'A.ifc', branchId: 'b' }],
      elements: [element('zero', 0), element('negative', -5), element('none', undefined)],
    };
    // As the local service sends it (JSON over HTTP).
    const dashboard = clone(calculateDashboards(calc, { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal.Total) as unknown as Dashboard;
    const materials = new Map([['igu', { ...glass, epdInfo: { validTo: '2030-01-01' } } as unknown as MaterialRead]]);
    const found = checkBeforeSubmission(exportInput({ ...school, dashboard, materials })).findings.filter((f) => f.check === 'serviceLife');
    assert.strictEqual(found.length, 1, found.map((f) => ENGLISH.say(f.message)).join('; '));
    assert.strictEqual(ENGLISH.say(found[0].message), '2 element(s) give a service life of -5, 0 years, not a positive number: counted as 40 years, the next service life given');
    assert.deepStrictEqual(found[0].where, { parts: ['(3-) Facade', '(31) Windows', '(31.1) Glazing'], construction: 'Insulating glass', material: 'Insulating glass' });
    // Only the one that gave none: no finding.
    calc.elements = [element('none', undefined)];
    const clean = clone(calculateDashboards(calc, { codes: ASSUMED_CODES }).dashboardsPerBranchPlusTotal.Total) as unknown as Dashboard;
    assert.ok(!ids(exportInput({ ...school, dashboard: clean, materials })).includes('serviceLife'));
  });

  it('puts what a reviewer would question first, with its count in the headline, and what the export left empty apart at the end', () => {
    const input = withDashboard((d) => {
      d.emissionPerPhase = { ...d.emissionPerPhase, A5: '2.0', A1A3: '9' };
    }, office);
    const { report, check } = br18Documentation(input, ENGLISH, { shown: (p) => p });
    const questioned = check.findings.filter((f) => f.check !== 'leftEmpty');
    const empty = check.findings.length - questioned.length;
    assert.ok(questioned.length >= 2 && empty >= 5, `${questioned.length} questioned, ${empty} left empty`);
    const lines = report.split('\n');
    assert.strictEqual(lines[2], `**${questioned.length} finding(s) a reviewer would question.** They do not block the export.`);
    assert.strictEqual(lines[4], `${empty} field(s) the data does not fill are listed apart, at the end.`);
    const headings = lines.filter((l) => l.startsWith('## '));
    assert.deepStrictEqual(headings.slice(0, 2), ['## Building over its limit (1)', '## Construction process over its limit (1)']);
    assert.strictEqual(headings.filter((h) => h.startsWith('## Data left empty')).length, 1);
    assert.strictEqual(headings.filter((h) => h !== '## Not checked').at(-1), `## Data left empty by the export (${empty})`);
    // How the reference area was formed: the workbook's area rows with their shares.
    assert.match(report, /^- Reference area \(Samlet areal\): 6,053 m² = 5,200 m² \(Etageareal jf\\\. §455\) \+ 800 m² \(Kælderareal, affaldsrum i terræn og sikringsrum \\\(integrerede\\\)\) \+ 25 % × 120 m² \(Udvendige ramper, [^)]*\) \+ 25 % × 90 m² \(Integrerede carporte, [^)]*\): the workbook's area rows/m);
  });

  it('writes the report in Danish with Danish numbers and days: "8,6 af 7,5", "2. jun. 2025" — and in English "8.6 of 7.5", "2 Jun 2025"', () => {
    const line = firstLine(office.dashboard);
    const materials = new Map(office.materials);
    const m = clone(materials.get(line.epdId!)!) as MaterialRead;
    m.epdInfo = { ...(m.epdInfo ?? {}), validTo: '2025-06-02T00:00:00Z' };
    materials.set(line.epdId!, m);
    const input = exportInput({ ...office, materials }, { today: new Date('2025-06-30T09:00:00Z'), facts: { permitApplicationDate: '2025-06-15' } });
    const da = br18Documentation(input, DANISH, { shown: (p) => p }).report;
    const en = br18Documentation(input, ENGLISH, { shown: (p) => p }).report;
    assert.ok(checkBeforeSubmission(input).findings.some((f) => f.check === 'expiredEpd'));
    // The seeded office is over its limit: the building's figure and limit with one decimal each.
    const building = /^- Building: (\d+)\.(\d) of (\d+)\.(\d) kg CO₂e\/m²\/yr \(over the limit\)$/m.exec(en);
    assert.ok(building, en);
    assert.match(da, new RegExp(`^- Bygningen: ${building[1]},${building[2]} af ${building[3]},${building[4]} kg CO₂e/m²/år`, 'm'));
    assert.match(da, /^Tjekket den 30\. jun\. 2025\.$/m);
    assert.match(en, /^Checked on 30 Jun 2025\.$/m);
    assert.match(da, /EPD'en udløb den 2\. jun\. 2025, før datoen for ansøgning om byggetilladelse 15\. jun\. 2025/);
    assert.match(en, /the EPD expired on 2 Jun 2025, before the permit application date 15 Jun 2025/);
    assert.match(da, /Referenceareal \(Samlet areal\): 6\.053 m² = 5\.200 m² /);
    assert.match(da, /Byggeprocessen \(A4 \+ A5\): \d+,\d af 1,5 kg CO₂e/);
    for (const report of [da, en]) assert.doesNotMatch(report, /\d{4}-\d{2}-\d{2}/, 'no ISO date');
    assert.doesNotMatch(da, /\d\.\d af \d/, 'no English decimal point in the Danish figures');
  });

  it('writes text from data escaped: a hostile material or project name is shown as itself, never as HTML or a heading', () => {
    const line = firstLine(school.dashboard);
    const input = withDashboard((d) => {
      firstLine(d).epdName = HOSTILE;
      firstLine(d).lifetime = 0;
    });
    const forged = 'Skolen\n## No findings.\n<style>body{display:none}</style> `x`';
    const { report } = br18Documentation({ ...input, project: { ...input.project, projectName: forged } }, ENGLISH, { shown: (p) => p });
    // A "<" Markdown reads as the start of HTML is one without its backslash.
    assert.doesNotMatch(report, /(?<!\\)<\/?(img|style)/, `no raw HTML:\n${report}`);
    assert.ok(report.includes('\\<img src=x onerror=alert\\(1\\)\\>'), 'the name escaped, as itself');
    assert.doesNotMatch(report, /^## No findings/m, 'no forged heading');
    assert.strictEqual(report.split('\n').filter((l) => l.startsWith('# ')).length, 1, 'one title');
    assert.ok(report.split('\n')[0].includes('Skolen \\#\\# No findings\\. \\<style\\>'), report.split('\n')[0]);
    assert.ok(line.epdName !== HOSTILE);
  });
});
