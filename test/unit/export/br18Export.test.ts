// The BR18 documentation export of seeded projects, read back with LCAx's own parser of the BR Standard Format
// (`convertBRStandard`, npm lcax): the areas, the totals per module (A1-A3, B4, B6, C3, C4 and D, per m² and year)
// equal the dashboard's within rounding, one component per material line; what the data lacks is named, not invented.
import * as assert from 'assert';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { buildBr18Workbook, FIRST_INDICATOR_COLUMN, LABEL, EXTRA_LABEL, SHEET, writeBr18Xlsx, type Br18Workbook, type Cell } from '../../../src/core/export/br18';
import readXlsxFile from 'read-excel-file/node';
import { exportInput, loadLcax, readSeeded, type SeededRead } from './support';

const valueOf = (wb: Br18Workbook, label: string): Cell | undefined => wb.sheets[0].rows.find((r) => r[0] && 'text' in r[0] && r[0].text === label)?.[1];
const numberOf = (wb: Br18Workbook, label: string): number | undefined => {
  const c = valueOf(wb, label);
  return c && 'number' in c ? c.number : undefined;
};

describe('BR18 documentation export', function () {
  this.timeout(30_000);
  let service: RunningService;
  let office: SeededRead;
  let school: SeededRead;
  before(async () => {
    service = await startService();
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    const client = session.client(service.urls);
    office = await readSeeded(client, PROJECT_IDS.office);
    school = await readSeeded(client, PROJECT_IDS.school);
  });
  after(() => service.stop());

  for (const which of ['office (BR18 2025)', 'school (BR18 2023)'] as const) {
    it(`of the ${which}, read back by LCAx, gives the dashboard's areas and totals per module, one component per line`, async () => {
      const read = which.startsWith('office') ? office : school;
      const wb = buildBr18Workbook(exportInput(read));
      const lcax = await loadLcax();
      const project = lcax.convertBRStandard(read.project.projectName ?? '', await writeBr18Xlsx(wb));
      const areas = read.project.referencedAreas!;
      const gross = areas.areaAboveGround! + areas.areaBelowGround!;
      assert.strictEqual(project.projectInfo?.grossFloorArea?.value, gross);
      const heat = read.project.heatArea!;
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
    // Bygningsdele: GWP total per module from AC; the other indicators empty (not declared), not 0.
    const first = wb.sheets[1].rows[4];
    assert.deepStrictEqual(first[FIRST_INDICATOR_COLUMN] && 'number' in first[FIRST_INDICATOR_COLUMN] ? 'number' : 'other', 'number');
    assert.ok(first.slice(FIRST_INDICATOR_COLUMN + 15).every((c) => c === null));
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
    assert.ok(lines.every((r) => typeof r[FIRST_INDICATOR_COLUMN] === 'number' && r[FIRST_INDICATOR_COLUMN + 15] === null));
    const dated = lines.find((r) => r[24] !== null);
    assert.ok(dated && dated[24] instanceof Date, 'the expiry date is a date');
  });
});
