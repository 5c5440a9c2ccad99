// Benchmark: importing 1,000 ILCD+EPD data sets from a ZIP (importInputs: unzip, tell formats, parse, resolve flows
// and flow properties by UUID, convert), as a ratio to unzipping the same ZIP and parsing its XML alone (goal ≤ 2×).
// The 1,000 are a published data set (test/fixtures/import/ilcd/ibu-parquet) with its process and product flow UUIDs
// varied, built at bench time.
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { XMLParser } from 'fast-xml-parser';
import { unzipSync, zipSync } from 'fflate';
import { buildCodeTable } from '../../../src/core/codeTable';
import { importInputs } from '../../../src/core/import';
import { FIXTURES } from '../../fixtures/paths';
import { best } from './common';
import { result, type BenchResult } from './result';

const COUNT = 1000;
const PROCESS_UUID = '2eb43850-0ab2-4068-afe5-218d69a096f8';
const FLOW_UUID = 'f4334466-81e7-f904-3112-4ddf3739391c';

export const ilcdImportBench = {
  name: 'ILCD+EPD import of 1,000 data sets from a ZIP',
  async run(): Promise<BenchResult> {
    const dir = path.join(FIXTURES, 'import', 'ilcd', 'ibu-parquet', 'ILCD');
    const pick = (sub: string, uuid: string) => fs.readFileSync(path.join(dir, sub, fs.readdirSync(path.join(dir, sub)).find((f) => f.startsWith(uuid))!), 'utf8');
    const process = pick('processes', PROCESS_UUID);
    const flow = pick('flows', FLOW_UUID);
    const files: Record<string, Uint8Array> = {};
    for (const f of fs.readdirSync(path.join(dir, 'flows'))) if (!f.startsWith(FLOW_UUID)) files[`ILCD/flows/${f}`] = fs.readFileSync(path.join(dir, 'flows', f));
    for (let i = 0; i < COUNT; i++) {
      const p = randomUUID();
      const fl = randomUUID();
      files[`ILCD/processes/${p}.xml`] = Buffer.from(process.split(PROCESS_UUID).join(p).split(FLOW_UUID).join(fl));
      files[`ILCD/flows/${fl}.xml`] = Buffer.from(flow.split(FLOW_UUID).join(fl));
    }
    const zip = zipSync(files, { level: 6 });

    let imported = 0;
    const run = () => {
      const r = importInputs([{ name: 'export.zip', bytes: zip }], { codes: buildCodeTable() });
      if (r.refused.length) throw new Error(`refused: ${r.refused[0].reason}`);
      imported = r.materials.length;
    };
    const parser = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });
    const decoder = new TextDecoder();
    const floor = () => {
      for (const bytes of Object.values(unzipSync(zip))) parser.parse(decoder.decode(bytes));
    };
    run();
    floor();
    const t = await best(3, run);
    const f = await best(3, floor);
    if (imported !== COUNT) throw new Error(`imported ${imported} of ${COUNT}`);
    return result({
      name: `ILCD+EPD import, ${COUNT} data sets from a ZIP (importInputs)`,
      ms: t,
      floor: `unzip + fast-xml-parser of the same ${(zip.length / 1024 / 1024).toFixed(1)} MB ZIP`,
      floorMs: f,
      goal: 2,
      detail: `${imported} materials`,
    });
  },
};
