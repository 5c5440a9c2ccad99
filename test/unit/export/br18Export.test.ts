// The BR18 documentation export of seeded projects, read back with LCAx's own parser of the BR Standard Format
// (`convertBRStandard`, npm lcax): the areas, the totals per module (A1-A3, B4, B6, C3, C4 and D, per m² and year)
// equal the dashboard's within rounding, one component per material line; what the data lacks is named, not invented.
import * as assert from 'assert';
import { buildBr18Workbook, FIRST_INDICATOR_COLUMN, LABEL, EXTRA_LABEL, SHEET, writeBr18Xlsx, type Br18Workbook, type Cell } from '../../../src/core/export/br18';
import readXlsxFile from 'read-excel-file/node';
import { ENGLISH } from '../../../src/core/l10n';
import { exportInput, loadLcax, useSeededProjects, type SeededRead } from './support';

const valueOf = (wb: Br18Workbook, label: string): Cell | undefined => wb.sheets[0].rows.find((r) => r[0] && 'text' in r[0] && r[0].text === label)?.[1];
const cellNumber = (c: Cell | undefined): number | undefined => (c && 'number' in c ? c.number : undefined);
const numberOf = (wb: Br18Workbook, label: string): number | undefined => {
  const c = valueOf(wb, label);
  return c && 'number' in c ? c.number : undefined;
};

describe('BR18 documentation export', function () {
  this.timeout(30_000);
  const seeded = useSeededProjects();
  let office: SeededRead;
  let school: SeededRead;
  before(() => ({ office, school } = seeded()));

  for (const which of ['office (BR18 2025)', 'school (BR18 2023)'] as const) {
    it(`of the ${which}, read back by LCAx, gives the dashboard's areas and totals per module, one component per line`, async () => {
      const read = which.startsWith('office') ? office : school;
      const wb = buildBr18Workbook(exportInput(read));
      const lcax = await loadLcax();
      const project = lcax.convertBRStandard(read.project.projectName ?? '', await writeBr18Xlsx(wb));
      // LCAx's gross floor area is the §455 row: the heated floor area above ground, the basement in a row of its own.
      const heat = read.project.heatArea!;
      const gross = heat.heatedFloorAreaAboveGround!;
      assert.strictEqual(project.projectInfo?.grossFloorArea?.value, gross);
      assert.strictEqual(project.projectInfo?.heatedFloorArea?.value, heat.heatedFloorAreaAboveGround! + heat.heatedBasementArea!);
      assert.strictEqual(project.location.address, `${read.project.buildingAddress!.street} ${read.project.buildingAddress!.streetNumber}, ${read.project.buildingAddress!.postalCode} ${read.project.buildingAddress!.city}`);

      // LCAx multiplies a figure per m² and year by the gross floor area and 50 years (B6 by the heated area).
      // The material lines, and a row for module D of exported electricity where the project exports some.
      const exported = Number((read.project.projectEnergyData as { operationExportedElectricity?: number }).operationExportedElectricity ?? 0) > 0;
      const lines = wb.sheets[1].rows.length - 4 - (exported ? 1 : 0);
      const gwp = project.results!.gwp;
      const perPhase = read.dashboard.emissionPerPhase!;
      for (const [phase, key] of [['A1A3', 'a1a3'], ['B4', 'b4'], ['B6', 'b6'], ['C3', 'c3'], ['C4', 'c4'], ['D', 'd']] as const) {
        const area = phase === 'B6' ? project.projectInfo!.heatedFloorArea!.value : gross;
        const back = (gwp[key] ?? 0) / (area * 50);
        const expected = Number(perPhase[phase]);
        assert.ok(Math.abs(back - expected) <= 1e-3 + 5e-5 * lines, `${phase}: LCAx reads ${back}, the dashboard says ${expected}`);
      }
      const components = project.assemblies.filter((a) => a.name !== 'Drift').reduce((s, a) => s + a.products.length, 0);
      assert.strictEqual(components, lines + (exported ? 1 : 0));
      assert.ok(lines > 5, `${lines} material lines`);
    });
  }

  // Hand-worked from the seeded projects (src/service/seed/projects.ts): heated floor area above ground and heated
  // basement, and the referenced areas in the rows of their shares. Kontorhus: 5200 + 800 + 25 % × 120 (balconies)
  // + 25 % × 90 (coverings) = 6052.5 m²; Skolen: 2300 + 150 + 25 % × 40 (stairs) + 25 % × 60 (walk-on ceilings) = 2475 m².
  const HAND_WORKED = {
    office: { rows: [5200, 800, 120, 0, 90, 0], total: 6052.5 },
    school: { rows: [2300, 150, 40, 0, 0, 60], total: 2475 },
  } as const;
  const AREA_LABELS = [LABEL.grossArea, LABEL.basementArea, LABEL.staircaseArea, LABEL.garageArea, LABEL.carportArea, LABEL.walkOnCeilings];
  /** The share a row's label states, as a reviewer reads it: "(25% medregnes)"; the §455 floor area counts in full. */
  const shareOf = (label: string): number => (label === LABEL.grossArea ? 1 : Number(/\((\d+)% medregnes\)/.exec(label)![1]) / 100);

  for (const which of ['office', 'school'] as const) {
    it(`of the ${which}: the area rows times the shares their labels state add up to "Samlet areal", the dashboard's reference area`, async () => {
      const read = which === 'office' ? office : school;
      const hand = HAND_WORKED[which];
      const bytes = await writeBr18Xlsx(buildBr18Workbook(exportInput(read)));
      // Read back by another reader (read-excel-file), as a municipal reviewer reads the sheet: each area row as labelled.
      const general = (await readXlsxFile(Buffer.from(bytes)))[0].data;
      const cell = (label: string): unknown => general.find((r) => r[0] === label)?.[1];
      const areaLabels = general.map((r) => String(r[0] ?? '')).filter((l) => /medregnes\)$/.test(l) || l === LABEL.grossArea);
      assert.deepStrictEqual(areaLabels, AREA_LABELS, 'the area rows, and no other row with a share (no conservatories in these projects)');
      assert.deepStrictEqual(AREA_LABELS.map((l) => cell(l) ?? 0), [...hand.rows]);
      const sum = AREA_LABELS.reduce((s, l) => s + Number(cell(l) ?? 0) * shareOf(l), 0);
      assert.strictEqual(sum, hand.total);
      assert.strictEqual(cell(LABEL.totalArea), hand.total);
      // The dashboard's reference area: the local service's summary of the project.
      const { client } = seeded();
      const summary = await client.getDashboardSummary(read.project.id!, { stages: read.stages as never });
      assert.strictEqual(Number(summary.referenceArea), hand.total);
      // A reader that turns the per-m² figures back into kg by the "Samlet areal" row and the period gets the
      // dashboard's kg (its figure per m² and year × its reference area × its period); by the §455 row it would not.
      const period = Number(cell(EXTRA_LABEL.referenceStudyPeriod));
      assert.strictEqual(period, summary.considerationPeriod);
      const lines = (await readXlsxFile(Buffer.from(bytes)))[1].data.slice(4);
      const perM2 = lines.reduce((s, r) => s + (typeof r[FIRST_INDICATOR_COLUMN] === 'number' ? r[FIRST_INDICATOR_COLUMN] : 0), 0);
      const kg = perM2 * Number(cell(LABEL.totalArea)) * period;
      const dashboardKg = Number(summary.perPhase!.A1A3) * Number(summary.referenceArea) * summary.considerationPeriod!;
      assert.ok(Math.abs(kg - dashboardKg) <= 5e-5 * lines.length * hand.total * period, `A1-A3: ${kg} kg read back, the dashboard ${dashboardKg} kg`);
      assert.ok(Math.abs(perM2 * Number(cell(LABEL.grossArea)) * period - dashboardKg) > 0.01 * dashboardKg, 'the §455 row alone is not the reference area');
    });
  }

  it('writes every label of the format, the 2025 construction process rows, numbers as numbers and dates as dates', async () => {
    const wb = buildBr18Workbook(exportInput(office));
    const labels = new Set(wb.sheets[0].rows.map((r) => (r[0] && 'text' in r[0] ? r[0].text : '')));
    for (const label of Object.values(LABEL)) assert.ok(labels.has(label), label);
    const cp = Number(office.dashboard.emissionPerPhase!.A4) + Number(office.dashboard.emissionPerPhase!.A5);
    assert.ok(Math.abs(numberOf(wb, EXTRA_LABEL.constructionProcess)! - cp) < 1e-3);
    assert.strictEqual(numberOf(wb, EXTRA_LABEL.constructionProcessLimit), 1.5);
    assert.strictEqual(numberOf(wb, LABEL.limitNew), 7.5);
    assert.strictEqual(valueOf(wb, LABEL.typology), null, 'no BBR code: left empty');
    assert.strictEqual(valueOf(wb, LABEL.permitDate), null, 'no permit date: left empty');
    assert.ok(wb.emptied.some((e) => e.label === LABEL.typology));
    assert.ok(wb.emptied.some((e) => e.label === LABEL.limitLowEmission && e.zero));
    // Bygningsdele: GWP total per module from AC; fossil, biogenic and LULUC from each material's EPD (the seeded
    // EPDs split every GWP total into the three, so they add up to it module by module); the indicators the seeded
    // EPDs do not declare (ODP … WDP) empty (not declared), not 0.
    const first = wb.sheets[1].rows[4];
    assert.deepStrictEqual(first[FIRST_INDICATOR_COLUMN] && 'number' in first[FIRST_INDICATOR_COLUMN] ? 'number' : 'other', 'number');
    for (const row of wb.sheets[1].rows.slice(4)) {
      for (let m = 0; m < 15; m++) {
        const total = cellNumber(row[FIRST_INDICATOR_COLUMN + m]);
        const parts = [1, 2, 3].map((i) => cellNumber(row[FIRST_INDICATOR_COLUMN + i * 15 + m]));
        if (total === undefined || total === 0 || !row[6]) continue;
        assert.ok(parts.every((p) => p !== undefined), `${String(row[6] && 'text' in row[6] ? row[6].text : '')} module ${m}: fossil, biogenic and LULUC`);
        const sum = parts.reduce((a, b) => a! + b!, 0)!;
        // The dashboard gives its figures to four decimals.
        assert.ok(Math.abs(sum - total) <= 5e-5 + 1e-9, `module ${m}: ${sum} against GWP ${total}`);
      }
      assert.ok(row.slice(FIRST_INDICATOR_COLUMN + 4 * 15).every((c) => c === null), 'ODP … WDP: not declared, empty');
    }
    assert.ok(wb.emptied.some((e) => e.label === 'ODP, AP, EP-fw, EP-mar, EP-ter, POCP, ADPE, ADPF, WDP'));
    assert.strictEqual(first.length, FIRST_INDICATOR_COLUMN + 13 * 15);
    assert.ok(wb.sheets[1].rows.slice(4).some((r) => r[24] !== null && 'date' in r[24]!), 'an expiry date as a date');
    assert.deepStrictEqual(wb.sheets.map((s) => s.name), [SHEET.general, SHEET.parts, SHEET.operation]);
    const bytes = await writeBr18Xlsx(wb);
    assert.deepStrictEqual([...bytes.subarray(0, 2)], [0x50, 0x4b], 'a ZIP (xlsx) file');
    // Read back by another reader (read-excel-file): numbers as numbers, dates as dates, empty cells empty.
    const sheets = await readXlsxFile(Buffer.from(bytes));
    assert.deepStrictEqual(sheets.map((s) => s.sheet), [SHEET.general, SHEET.parts, SHEET.operation]);
    const general = sheets[0].data;
    assert.strictEqual(general.find((r) => r[0] === LABEL.floorsAbove)?.[1], 6);
    assert.strictEqual(general.find((r) => r[0] === LABEL.typology)?.[1], null);
    const lines = sheets[1].data.slice(4);
    assert.ok(lines.every((r) => typeof r[FIRST_INDICATOR_COLUMN] === 'number' && typeof r[FIRST_INDICATOR_COLUMN + 15] === 'number' && r[FIRST_INDICATOR_COLUMN + 4 * 15] === null));
    const dated = lines.find((r) => r[24] !== null);
    assert.ok(dated && dated[24] instanceof Date, 'the expiry date is a date');
  });

  it('fills an indicator the material\'s EPD declares, module by module, and leaves the modules it does not declare empty', async () => {
    // A hand-made EPD: the first line's material declares ODP as exactly 1e-6 × its GWP total in A1-A3, C3 and C4 and
    // not in D. The line formula is linear, so each ODP cell is 1e-6 × the GWP cell of the same module (A1-3, A5, B4,
    // C3, C4) — whatever the amount, the area and the replacements —, and ODP D is empty where GWP D is a number.
    const wb0 = buildBr18Workbook(exportInput(office));
    const row0 = wb0.sheets[1].rows[4];
    const name = (row0[6] as { text: string }).text;
    const id = [...office.materials.entries()].find(([, m]) => m.name === name)![0];
    const material = JSON.parse(JSON.stringify(office.materials.get(id))) as { lciaResults: { moduleTypeEnum: number; indicators: { type: unknown; value: number; unit?: string }[] }[] };
    for (const r of material.lciaResults) {
      const gwp = r.indicators.find((i) => i.type === 12 || i.type === 'GWP_TOTAL');
      if (gwp && r.moduleTypeEnum !== 17) r.indicators.push({ type: typeof gwp.type === 'number' ? 1 : 'ODP', value: gwp.value * 1e-6, unit: 'kg CFC-11 eq' });
    }
    const materials = new Map(office.materials);
    materials.set(id, material as never);
    const wb = buildBr18Workbook(exportInput({ ...office, materials }));
    const row = wb.sheets[1].rows[4];
    const ODP = FIRST_INDICATOR_COLUMN + 4 * 15;
    let compared = 0;
    for (const [m, label] of [[0, 'A1-3'], [2, 'A5'], [6, 'B4'], [12, 'C3'], [13, 'C4']] as const) {
      const gwp = cellNumber(row[FIRST_INDICATOR_COLUMN + m]);
      const odp = cellNumber(row[ODP + m]);
      if (gwp === undefined || gwp === 0) continue;
      assert.ok(odp !== undefined, `ODP ${label} filled`);
      // GWP is the dashboard's, to four decimals.
      assert.ok(Math.abs(odp / 1e-6 - gwp) <= 5e-5, `ODP ${label}: ${odp} against GWP ${gwp}`);
      compared++;
    }
    assert.ok(compared >= 2, `${compared} modules compared`);
    assert.strictEqual(row[ODP + 1], null, 'ODP A4: not declared, empty');
    assert.strictEqual(row[ODP + 14], null, 'ODP D: not declared, empty');
    assert.strictEqual(wb.sheets[1].rows[5][ODP], null, 'another material: no ODP, empty');
    // LCAx reads it back as the product's ODP (per m² and year × its area × 50).
    const lcax = await loadLcax();
    const back = lcax.convertBRStandard('x', await writeBr18Xlsx(wb));
    const product = back.assemblies.flatMap((a) => a.products).find((p) => p.results?.odp?.a1a3 != null);
    assert.ok(product, 'a product with ODP A1-A3');
  });

  it('leaves AP and POCP of an EN 15804+A1 EPD empty: its units are not those of the sheet\'s +A2 columns', () => {
    const wb0 = buildBr18Workbook(exportInput(office));
    const name = (wb0.sheets[1].rows[4][6] as { text: string }).text;
    const id = [...office.materials.entries()].find(([, m]) => m.name === name)![0];
    const AP = FIRST_INDICATOR_COLUMN + 5 * 15;
    const withForm = (form: number) => {
      const m = JSON.parse(JSON.stringify(office.materials.get(id))) as { epdInfo: Record<string, unknown>; lciaResults: { moduleTypeEnum: number; indicators: { type: unknown; value: number }[] }[] };
      m.epdInfo.epdSpecificationForm = form;
      const a1a3 = m.lciaResults.find((r) => r.moduleTypeEnum === 0)!;
      a1a3.indicators.push({ type: typeof a1a3.indicators[0].type === 'number' ? 16 : 'AP', value: 0.5 });
      const materials = new Map(office.materials);
      materials.set(id, m as never);
      return buildBr18Workbook(exportInput({ ...office, materials })).sheets[1].rows[4];
    };
    assert.strictEqual(typeof cellNumber(withForm(2)[AP]), 'number', '+A2: AP A1-3 filled');
    assert.deepStrictEqual(withForm(2)[25], { text: 'EN 15804+A2' });
    assert.strictEqual(withForm(1)[AP], null, '+A1: AP left empty');
    assert.deepStrictEqual(withForm(1)[25], { text: 'EN 15804+A1' });
  });

  it('writes the submission details given for the project (BBR use code, project type, dates as dates) and no longer names them as left empty', async () => {
    const facts = { bbrUseCode: '320', projectType: 'Nybyggeri', permitApplicationDate: '2026-03-01', bbrOwnershipCode: '10' };
    const wb = buildBr18Workbook(exportInput(office, { facts }));
    assert.deepStrictEqual(valueOf(wb, LABEL.typology), { text: '320' });
    assert.deepStrictEqual(valueOf(wb, LABEL.projectType), { text: 'Nybyggeri' });
    assert.deepStrictEqual(valueOf(wb, LABEL.bbrOwnership), { text: '10' });
    assert.deepStrictEqual(valueOf(wb, LABEL.permitDate), { date: new Date('2026-03-01T00:00:00Z') });
    assert.strictEqual(valueOf(wb, LABEL.occupancyDate), null);
    const emptied = wb.emptied.map((e) => e.label);
    for (const l of [LABEL.typology, LABEL.projectType, LABEL.permitDate, LABEL.bbrOwnership]) assert.ok(!emptied.includes(l), l);
    assert.match(ENGLISH.say(wb.emptied.find((e) => e.label === LABEL.occupancyDate)!.why), /not given when asked \(lca-submission\.json\)/);
    const sheets = await readXlsxFile(Buffer.from(await writeBr18Xlsx(wb)));
    const general = sheets[0].data;
    assert.strictEqual(general.find((r) => r[0] === LABEL.typology)?.[1], '320');
    const permit = general.find((r) => r[0] === LABEL.permitDate)?.[1];
    assert.ok(permit instanceof Date && permit.toISOString().startsWith('2026-03-01'), `the permit date as a date: ${String(permit)}`);

    // LCAx reads the BBR use code as the typology and the project type (its reader fails on any filled date cell,
    // docs/exports.md: read here without the dates).
    const lcax = await loadLcax();
    const undated = buildBr18Workbook(exportInput(office, { facts: { bbrUseCode: '320', projectType: 'Nybyggeri' } }));
    const info = lcax.convertBRStandard('x', await writeBr18Xlsx(undated)).projectInfo as { buildingTypology?: string[]; buildingType?: string };
    assert.deepStrictEqual(info.buildingTypology, ['office']);
    assert.strictEqual(info.buildingType, 'new_construction_works');
  });
});
