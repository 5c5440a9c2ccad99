// Export as LCAx of a project's breakdown (from its dashboard), against the local service over HTTP: the seeded 2025
// office read as the BR18 export reads it. LCAx's own package checks the file: `validate` reads it as an LCAx 3.x
// project, and `calculateProject` — each line's EPD × its mapped amount — agrees with the dashboard's own figure of the
// line (kg CO2e/m²/yr × the reference area × the period) for A1-A3, C3 and C4: within 0.1 %, or within the dashboard's
// own rounding where that is more (it gives a line's figure to four decimals per m² and year).
import * as assert from 'assert';
import { buildProjectLcax } from '../../../src/core/export/exchange';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { startService, TestSession, type RunningService } from '../client/support/localService';
import { exportInput, loadLcax, readSeeded } from './support';
import { relDiff } from './exchangeSupport';

type Gwp = Record<string, number | null>;
interface Product { name: string; impactData: unknown[]; results: { gwp: Gwp } | null }

describe('export: LCAx of a project\'s breakdown', function () {
  this.timeout(60_000);
  let service: RunningService;
  before(async () => {
    service = await startService();
  });
  after(async () => service.stop());

  it('passes LCAx\'s validate, and its calculateProject gives the dashboard\'s figures of each line (0.1 % or its rounding)', async () => {
    const session = new TestSession(service.urls.authUrl);
    await session.signIn();
    const read = await readSeeded(session.client(service.urls), PROJECT_IDS.office);
    const { project, report } = buildProjectLcax(exportInput(read));
    const lcax = await loadLcax();
    assert.deepStrictEqual(lcax.validate(project, [{ level: 'project', field: 'name', rule: { range: null, includes: null, required: true, equal: null, greater: null, less: null, oneOf: null } }]), []);
    assert.ok(report.constructions.length > 0);
    const written = (project.assemblies as { products: Product[] }[]).flatMap((a) => a.products);
    const calculated = (lcax.calculateProject(JSON.parse(JSON.stringify(project))) as { assemblies: { products: Product[] }[] }).assemblies.flatMap((a) => a.products);
    const meta = project.metaData as { referenceArea: number; period: number };
    const rounding = 0.00005 * meta.referenceArea * meta.period;
    let compared = 0;
    for (const [i, p] of written.entries()) {
      if (!p.impactData.length || !p.results) continue;
      for (const m of ['a1a3', 'c3', 'c4']) {
        const ours = p.results.gwp[m] ?? 0;
        const theirs = calculated[i].results?.gwp[m] ?? 0;
        assert.ok(relDiff(ours, theirs) < 0.001 || Math.abs(ours - theirs) <= rounding, `${p.name} ${m}: dashboard ${ours} vs LCAx ${theirs} (rounding ${rounding})`);
      }
      compared++;
    }
    assert.ok(compared > 5, `${compared} lines compared`);
  });
});
