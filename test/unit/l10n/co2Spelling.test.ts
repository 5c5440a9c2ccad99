// One spelling of the unit in everything a person reads: "CO₂e" (as the dashboard has always written it), never
// "CO2e" — in the English templates the sources pass to l10n.t / msg (QuickPicks, lenses, hovers, the Library,
// reports), their Danish entries, and the manifest's texts (settings, tools). The service's unit names
// ("kg CO2e/m²/yr" on the wire) and the texts for language models are data, not this.
import * as assert from 'assert';
import * as fs from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { REPO_ROOT } from '../../fixtures/paths';

const tool = createRequire(path.join(REPO_ROOT, 'package.json'))('./scripts/l10n.js') as { collect(root: string): { strings: Map<string, string[]> } };
const read = (f: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, f), 'utf8')) as Record<string, string>;
const ASCII = /CO2(?:e|-?eq)\b/;

describe('l10n: "CO₂e" is written one way in the UI, in English and Danish', function () {
  this.timeout(60_000);

  it('no template of the sources writes CO2e', () => {
    const { strings } = tool.collect(REPO_ROOT);
    const ascii = [...strings].filter(([k]) => ASCII.test(k)).map(([k, at]) => `${at[0]}: ${k}`);
    assert.deepStrictEqual(ascii, []);
    // The spelling is there to be found: the lens's and the dashboard's units.
    assert.ok(strings.has('kg CO₂e per {0}') && strings.has('kg CO₂e/m²/yr'));
  });

  for (const file of ['l10n/bundle.l10n.da.json', 'package.nls.json', 'package.nls.da.json']) {
    it(`no text of ${file} writes CO2e`, () => {
      assert.deepStrictEqual(Object.entries(read(file)).filter(([k, v]) => ASCII.test(v) && !/codes\.indicators$/.test(k)), []);
    });
  }
});
