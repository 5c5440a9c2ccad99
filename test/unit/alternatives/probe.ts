import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LcaClient } from '../../../src/client';
import { startLocalService } from '../../../src/service/server';
import { CREDENTIALS, PROJECT_IDS } from '../../../src/service/seed/ids';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { diskWorkspace } from '../../../src/core/workspace';
import { projectWhatWouldPass } from '../../../src/core/alternatives';
import { format } from '../../../src/core/l10n';
import { makeWorkspace } from '../tools/support';
(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
  const service = await startLocalService({ port: 0, dataDir, scale: false });
  const r = await fetch(`${service.urls.authUrl}/v1/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(CREDENTIALS.demoUser) });
  const token = ((await r.json()) as { access_token: string }).access_token;
  const client = new LcaClient({ urls: service.urls, getToken: () => Promise.resolve(token) });
  const root = process.argv[2] === 'ws' ? makeWorkspace() : fs.mkdtempSync(path.join(os.tmpdir(), 'ws-'));
  for (const [k, id] of Object.entries(PROJECT_IDS)) {
    if (k === 'scale' || k === 'otherHousing' || k === 'hotelDeleted') continue;
    const ctx = { workspace: diskWorkspace([root], new Map()), codes: ASSUMED_CODES, environment: { name: 'Local', epdUrl: service.urls.epdUrl }, service: client };
    const q = await projectWhatWouldPass(ctx as never, id, { rules: BR18_RULES, codes: ASSUMED_CODES });
    if ('problem' in q) { console.log(k, format(q.problem)); continue; }
    const a = q.answer;
    console.log(k, q.stages.join(','), JSON.stringify(a.before.kind === 'verdict' ? a.before.building : a.before), JSON.stringify(a.needed));
    for (const h of a.hotSpots) console.log('  hot', h.material, h.family?.id, h.figure, h.candidates.map((c) => `${c.replacement.name}:${c.change.toFixed(3)}`).join('; '), h.problem ? format(h.problem) : '', 'other', h.otherKinds);
    console.log('  largest', a.largest.map((c) => `${c.material}→${c.replacement.name} ${c.change.toFixed(3)}`).join(' | '));
    if (a.combination) console.log('  combination', a.combination.changes, a.combination.passes, a.combination.verdict.kind === 'verdict' ? a.combination.verdict.building.value : '');
  }
  await service.close();
})();
