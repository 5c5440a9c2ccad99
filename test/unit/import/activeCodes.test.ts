// Imported files take the codes of the active environment (issue: codes are data per environment). The figures are
// the published data set's (ÖKOBAUDAT fire curtain: per 1 m², grammage 13.17 kg/m² — test/fixtures/import/SOURCES.md);
// only the code numbers change with the table.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildCodeTable } from '../../../src/core/codeTable';
import { UNITS } from '../../../src/core/codes';
import { importInputs, type ImportInput } from '../../../src/core/import';
import { format } from '../../../src/core/l10n';
import { FIXTURES } from '../../fixtures/paths';

function fireCurtain(): ImportInput[] {
  const root = path.join(FIXTURES, 'import', 'ilcd', 'oekobaudat-fire-curtain');
  const out: ImportInput[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push({ name: path.relative(root, p), bytes: fs.readFileSync(p) });
    }
  };
  walk(root);
  return out;
}

const unit = (label: string) => UNITS.find((u) => u.label === label)!;

describe('Import: codes of the active environment', () => {
  it('with the assumed table the assumed codes are written: M2 = 2, KG = 4', () => {
    const m = importInputs(fireCurtain(), { codes: buildCodeTable() }).materials[0];
    assert.deepStrictEqual(m.material.declaredUnit, { declaredValue: 1, declaredUnit: 2, mass: 13.17, massUnit: 4 });
    assert.ok(!m.warnings.some((w) => /code table/.test(format(w))));
  });

  it('a service that serves M2 as 11 and KG as 1 gets 11 and 1, the same figures, and no warning', () => {
    const codes = buildCodeTable({
      environment: 'Other service',
      service: { units: [{ ...unit('M2'), code: 11 }, { ...unit('KG'), code: 1 }, { ...unit('M3'), code: 3 }] },
    });
    const m = importInputs(fireCurtain(), { codes }).materials[0];
    assert.deepStrictEqual(m.material.declaredUnit, { declaredValue: 1, declaredUnit: 11, mass: 13.17, massUnit: 1 });
    assert.ok(!m.warnings.some((w) => /code table/.test(format(w))), m.warnings.map(format).join('\n'));
    // Modules the service does not serve keep the assumed codes (A1-A3 = 0).
    assert.ok(m.material.lciaResults.some((r) => r.moduleTypeEnum === 0 && r.indicators.some((i) => i.type === 'GWP_TOTAL' && i.value === 30.1)));
  });

  it('a label the active table lacks keeps the assumed code and is named in the warnings', () => {
    const codes = buildCodeTable({ environment: 'Area only', service: { units: [{ ...unit('M2'), code: 11 }] } });
    const m = importInputs(fireCurtain(), { codes }).materials[0];
    assert.deepStrictEqual(m.material.declaredUnit, { declaredValue: 1, declaredUnit: 11, mass: 13.17, massUnit: 4 });
    assert.ok(m.warnings.some((w) => /unit KG: no code with this label in the code table of environment "Area only"; the assumed code is kept/.test(format(w))), m.warnings.map(format).join('\n'));
  });
});
