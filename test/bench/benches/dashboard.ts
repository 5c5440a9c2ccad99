// Benchmark: the dashboard of the generated 20,000-element project over HTTP (goal ≤ 1 s), as a ratio to
// JSON.parse of its own response measured in the same run.
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { benchService, best, ms } from './common';
import { result, type BenchResult } from './result';

export const dashboardBench = {
  name: 'dashboard of the 20,000-element project',
  async run(): Promise<BenchResult> {
    const b = await benchService(true);
    try {
      const url = `${b.service.urls.baseUrl}/dashboard/${PROJECT_IDS.scale}`;
      let text = '';
      const request = async (): Promise<void> => {
        const r = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json' }, body: '{}' });
        if (r.status !== 200) throw new Error(`dashboard answered ${r.status}`);
        text = await r.text();
      };
      const first = await best(1, request);
      const t = await best(5, request);
      const parse = await best(20, () => JSON.parse(text));
      return result({
        name: 'dashboard over HTTP, 20,000 elements',
        ms: t,
        floor: `JSON.parse of its ${(text.length / 1024).toFixed(0)} kB response`,
        floorMs: parse,
        detail: `first call ${ms(first)} ms; ${t <= 1000 ? 'meets' : 'MISSES'} the 1 s goal`,
      });
    } finally {
      await b.stop();
    }
  },
};
