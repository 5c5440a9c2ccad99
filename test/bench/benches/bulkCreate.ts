// Benchmark: intake of 10,000 materials by bulk create (10 requests of 1000, the per-request limit), as a ratio
// to JSON.parse of the same request bodies measured in the same run. Includes validation and durable writes.
import { randomUUID } from 'crypto';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { benchService, best, ms } from './common';

const TOTAL = 10_000;
const CHUNK = 1000;

function bodies(): string[] {
  const out: string[] = [];
  for (let start = 0; start < TOTAL; start += CHUNK) {
    const items = [];
    for (let i = start; i < start + CHUNK; i++) {
      const spec = MATERIAL_SPECS[i % MATERIAL_SPECS.length];
      items.push({ ...materialItem(spec), name: `${spec.name} #${i}`, originalUUID: randomUUID(), isPublic: false, isCustom: true });
    }
    out.push(JSON.stringify(items));
  }
  return out;
}

export const bulkCreateBench = {
  name: 'bulk-create intake of 10,000 materials',
  async run(): Promise<string> {
    const b = await benchService(false);
    try {
      const payloads = bodies();
      const url = `${b.service.urls.epdUrl}/material/bulk/create`;
      const t = await best(1, async () => {
        for (const body of payloads) {
          const r = await fetch(url, { method: 'POST', headers: { Authorization: `Bearer ${b.token}`, 'Content-Type': 'application/json' }, body });
          if (r.status !== 200) throw new Error(`bulk create answered ${r.status}: ${(await r.text()).slice(0, 300)}`);
          await r.arrayBuffer();
        }
      });
      const parse = await best(5, () => payloads.forEach((p) => JSON.parse(p)));
      const mb = payloads.reduce((s, p) => s + p.length, 0) / 1024 / 1024;
      return `bulk create, 10,000 materials (${mb.toFixed(1)} MB in 10 requests): ${ms(t)} ms = ${(t / parse).toFixed(1)}× JSON.parse of the same bodies (${ms(parse)} ms)`;
    } finally {
      await b.stop();
    }
  },
};
