// Benchmark: comparing two 20,000-element projects (both sides read over HTTP and the line diff), as a ratio to
// reading and computing the two dashboards alone (project, dashboard, verdict) in the same run. Goal ≤ 1.5×.
import { LcaClient } from '../../../src/client';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { compareStates, readSide, type SideReader } from '../../../src/core/compare';
import { readProjectWithDashboard } from '../../../src/core/export/project';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { benchService, best } from './common';
import { result, type BenchResult } from './result';

const GOAL = 1.5;

export const compareBench = {
  name: 'comparing two 20,000-element projects',
  async run(): Promise<BenchResult> {
    const b = await benchService(true);
    try {
      const client = new LcaClient({ urls: b.service.urls, getToken: async () => b.token });
      const none = (): never => {
        throw new Error('a project side reads no file');
      };
      const reader: SideReader = { codes: ASSUMED_CODES, rules: BR18_RULES, readText: none, shown: (p) => p, ensure: async () => undefined, resolve: none, periodOf: none, service: client, version: '' };
      const env = { rules: BR18_RULES, codes: ASSUMED_CODES, version: '' };
      const id = PROJECT_IDS.scale;
      let lines = 0;
      const dashboards = async (): Promise<void> => {
        await readProjectWithDashboard(client, id, env, { materials: false });
        await readProjectWithDashboard(client, id, env, { materials: false });
      };
      const comparison = async (): Promise<void> => {
        const c = compareStates(await readSide({ projectId: id }, reader), await readSide({ projectId: id }, reader));
        if ('problem' in c) throw new Error('the two sides could not be compared');
        lines = c.a.lines.length;
      };
      await dashboards();
      const floor = await best(3, dashboards);
      const t = await best(3, comparison);
      return result({ name: 'compare two 20,000-element projects', ms: t, floor: 'reading and computing the two dashboards', floorMs: floor, goal: GOAL, detail: `${lines} lines a side` });
    } finally {
      await b.stop();
    }
  },
};
