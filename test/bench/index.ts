// `npm run bench`: runs each benchmark in turn and prints one line per figure. Add a benchmark by adding a
// `{ name, run }` module to BENCHES.
import { bulkCreateBench } from './benches/bulkCreate';
import { dashboardBench } from './benches/dashboard';

export interface Bench {
  name: string;
  /** One line: the figure, measured against a reference taken in the same run. */
  run(): Promise<string>;
}

export const BENCHES: Bench[] = [dashboardBench, bulkCreateBench];

async function main(): Promise<void> {
  let failed = false;
  for (const bench of BENCHES) {
    try {
      console.log(await bench.run());
    } catch (e) {
      failed = true;
      console.log(`${bench.name}: FAILED — ${(e as Error).message}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
}

void main();
