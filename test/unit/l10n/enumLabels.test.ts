// The labels of the service's enumerations are shown in the user's language: every label the interface lists
// (project enumerations, roles, EPD types) is known and has a Danish entry; a label it does not list stays as served.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { EPD_TYPES, PROJECT_ENUMS, PROJECT_ROLES } from '../../../src/core/codes';
import { enumLabel, KNOWN_ENUM_LABELS } from '../../../src/core/enumLabels';
import { format, phrase } from '../../../src/core/l10n';
import { breakdownCsv } from '../../../src/core/dashboard/csv';
import type { DashboardResponse } from '../../../src/core/api/types';
import { REPO_ROOT } from '../../fixtures/paths';

const danish = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;
const inDanish = (label: string): string => phrase(enumLabel(label), (t) => danish[t] ?? t);

/** Every English label of the interface's enumerations that is a word to translate (not already Danish). */
const SERVED: readonly string[] = [
  ...PROJECT_ENUMS.buildingTypeEnum,
  ...PROJECT_ENUMS.buildingProjectStageEnums,
  ...Object.keys(PROJECT_ENUMS.regerencedAreaTypeEnum),
  ...PROJECT_ENUMS.operationElectricitySupplyEnum,
  ...PROJECT_ENUMS.operationHeatSupplyEnum,
  ...PROJECT_ENUMS.constructionElectricitySupplyEnum,
  ...PROJECT_ENUMS.constructionHeatSupplyEnum,
  ...PROJECT_ENUMS.materialSourceEnum,
  ...PROJECT_ROLES,
  ...EPD_TYPES.map((t) => t.label),
];

describe('l10n: labels of the service enumerations', () => {
  it('knows every label the interface lists, and each has a Danish entry', () => {
    for (const label of SERVED) {
      assert.ok(KNOWN_ENUM_LABELS.includes(label), `${label} is known`);
      assert.ok(danish[enumLabel(label).message], `${label} has a Danish entry`);
    }
  });

  it('reads in English as served, and in Danish as the bundle says', () => {
    for (const label of KNOWN_ENUM_LABELS) assert.strictEqual(format(enumLabel(label)), label);
    assert.strictEqual(inDanish('Detailed Design'), 'Detailprojektering');
    assert.strictEqual(inDanish('Construction'), 'Udførelse', 'the stage, not the construction (Konstruktion)');
    assert.strictEqual(inDanish('School/Institution'), 'Skole/institution');
    assert.strictEqual(inDanish('Owner'), 'Ejer');
    assert.strictEqual(inDanish('Generic'), 'Generisk');
  });

  it('leaves a label it does not know as served, even one the bundle has for another text', () => {
    assert.ok(danish['Branch'], 'the bundle translates "Branch" elsewhere');
    for (const label of ['Branch', 'Feasibility study', 'Bolig', '{0} x', '']) {
      assert.strictEqual(inDanish(label), label);
      assert.strictEqual(format(enumLabel(label)), label);
    }
    assert.strictEqual(format(enumLabel(undefined)), '');
  });

  it('writes the EPD type and source of a Danish CSV in Danish', () => {
    const response = {
      dashboardsPerBranchPlusTotal: {
        Arkitektur: {
          projectBreakdown: [{
            constructionName: 'Ydervæg', co2PerYearPerSquareMeter: 1, elements: 1,
            materialsBreakdown: [{ epdName: 'Mursten', type: 'Generic', source: 'Epd', co2PerYearPerSquareMeter: 1 }],
          }],
        },
      },
    } as unknown as DashboardResponse;
    const csv = breakdownCsv(response, 'kg', undefined, { say: (m) => phrase(m, (t) => danish[t] ?? t), locale: 'da-DK' });
    const lines = csv.trim().split('\r\n');
    assert.ok(lines.length >= 2, csv);
    const header = lines[0].split(';');
    const row = lines.find((l) => l.includes('Mursten'))?.split(';') ?? [];
    assert.strictEqual(row[header.indexOf(danish['EPD type'] ?? 'EPD type')], 'Generisk', csv);
    assert.strictEqual(row[header.indexOf(danish['Source'] ?? 'Source')], 'EPD', csv);
  });
});
