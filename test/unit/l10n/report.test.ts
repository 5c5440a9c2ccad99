// The bulk-create report in Danish, phrased from the Danish bundle as the extension does (lca.language: da):
// Danish sentences and headings, Danish number grouping and a Danish date; ids, keys and file names unchanged.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { renderReport, summaryLine, type ReportPhrasing } from '../../../src/core/bulk';
import { formatDateIn } from '../../../src/core/dates';
import { phrase } from '../../../src/core/l10n';
import { REPO_ROOT } from '../../fixtures/paths';
import { cancelledJob } from '../bulk/cancelledJob';

const danishBundle = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'l10n', 'bundle.l10n.da.json'), 'utf8')) as Record<string, string>;
const DANISH: ReportPhrasing = {
  say: (m) => phrase(m, (t) => danishBundle[t] ?? t),
  locale: 'da-DK',
  date: (d) => formatDateIn('da', d, 'UTC'),
};

const cancelled = cancelledJob((i) => `Træfiber ${i}`, 12_345);

describe('l10n: the bulk-create report in Danish', () => {
  it('says what happened in Danish, with Danish numbers and date, keeping ids and names', () => {
    const report = renderReport(cancelled, { source: 'isolering.materials.json', sidecar: 'isolering.materials.created.json', epdUrl: 'http://e', startedAt: new Date(Date.UTC(2025, 5, 2, 11, 30)) }, DANISH);
    assert.match(report, /^# Masseoprettelse: isolering\.materials\.json$/m);
    assert.match(report, /^- Resultat: \*\*annulleret\*\* — 400 bekræftet, 200 undervejs ved annullering \(afstemmes ved næste kørsel\), 1\.400 ikke sendt \(annulleret\)$/m);
    assert.match(report, /^- Tid: 12,3 s \(startet 2\. jun\. 2025 11:30\)$/m);
    assert.match(report, /^## Ikke oprettet \(1600\)$/m);
    assert.match(report, /^\| # \| navn \| originalUUID@originalVersion \| tilstand \|$/m);
    assert.match(report, /^\| 400 \| Træfiber 400 \| k400@1 \| undervejs ved annullering \(afstemmes ved næste kørsel\) \|$/m);
    assert.match(report, /\*\*Kør igen\*\*/);
    assert.doesNotMatch(report, /2025-06-02T/, 'no raw ISO date');
  });

  it('keeps the English report as it was when no language is given', () => {
    assert.strictEqual(summaryLine(cancelled), '400 confirmed, 200 in flight when cancelled (will be reconciled on the next run), 1,400 not sent (cancelled)');
    const report = renderReport(cancelled, { source: 'x.materials.json', sidecar: 'x.materials.created.json', epdUrl: 'http://e', startedAt: new Date(Date.UTC(2025, 5, 2, 11, 30)) });
    assert.match(report, /^# Bulk create: x\.materials\.json$/m);
    assert.match(report, /^## Not created \(1600\)$/m);
    assert.doesNotMatch(report, /2025-06-02T/, 'no raw ISO date');
  });
});
