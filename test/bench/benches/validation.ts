// Benchmark: validating a 10,000-material file as the editor does (JSON Schema + semantic rules, analyze),
// as a ratio to JSON.parse of the same text measured in the same run (goal ≤ 1.6×: the checks after the parse cost at
// most 0.6 of it).
import { randomUUID } from 'crypto';
import { analyze } from '../../../src/core/rules';
import { CHECKS } from '../../fixtures/checks';
import { MATERIAL_SPECS, materialItem } from '../../../src/service/seed/materials';
import { best } from './common';
import { result, type BenchResult } from './result';

const COUNT = 10_000;

export const validationBench = {
  name: 'validation of a 10,000-material file',
  async run(): Promise<BenchResult> {
    const items = Array.from({ length: COUNT }, (_, i) => {
      const spec = MATERIAL_SPECS[i % MATERIAL_SPECS.length];
      return { ...materialItem(spec), name: `${spec.name} #${i}`, originalUUID: randomUUID() };
    });
    const text = JSON.stringify(items, null, 2);
    const now = new Date('2026-05-17T00:00:00Z');
    let problems = 0;
    const check = (): void => {
      const r = analyze(text, { ...CHECKS, fileName: 'library.materials.json', now });
      problems = r.schemaProblems.length + r.findings.length;
    };
    check(); // compile the schema validator once, as the editor does on its first file
    const t = await best(5, check);
    const parse = await best(5, () => JSON.parse(text));
    return result({
      name: 'validation, 10,000 materials (analyze: schema + rules)',
      ms: t,
      floor: `JSON.parse of the same ${(text.length / 1024 / 1024).toFixed(1)} MB file`,
      floorMs: parse,
      goal: 1.6,
      detail: `${problems} findings`,
    });
  },
};
