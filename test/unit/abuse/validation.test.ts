// Abuse suite, file validation: checkDocument and checkText (the extension's validation of *.material.json,
// *.materials.json and *.construction.json) on generated hostile and malformed texts, 10,000-level nesting and a
// 60 MB materials file. Each must return — no throw, no stack overflow, no hang (run in a worker that is stopped
// after a time limit) — with schema problems or diagnostics whose ranges lie inside the text.
import * as assert from 'assert';
import { randomUUID } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import fc from 'fast-check';
import { REPO_ROOT } from '../../fixtures/paths';
import { counted, deepText, malformedJson, mutateOne, randomJson, RAW_NUMBER_TOKENS, toJsonText, XSS_STRINGS } from './support/generators';
import type { ValidationJob, ValidationOutcome } from './validationWorker';
import { format } from '../../../src/core/l10n';

const SEED = process.env.ABUSE_SEED ? Number(process.env.ABUSE_SEED) : 20260517;
const params = (numRuns: number): { numRuns: number; seed: number; endOnFailure: boolean } => ({ numRuns, seed: SEED, endOnFailure: true });

const sampleText = (name: string): string => fs.readFileSync(path.join(REPO_ROOT, 'samples', name), 'utf8');
const SAMPLES = {
  'x.material.json': sampleText('concrete-c30-37.material.json'),
  'x.materials.json': sampleText('my-library.materials.json'),
  'x.construction.json': sampleText('outer-wall.construction.json'),
} as const;
type SampleName = keyof typeof SAMPLES;
const FILE_NAMES: (SampleName | 'x.project.json' | undefined)[] = ['x.material.json', 'x.materials.json', 'x.construction.json', 'x.project.json', undefined];

/** One long-lived worker; a job that does not answer in time is a hang: the worker is stopped and replaced. */
class Checker {
  private worker: Worker | undefined;
  private next = 0;

  private spawn(): Worker {
    return (this.worker ??= new Worker(path.join(__dirname, 'validationWorker.js')));
  }

  run(text: string, fileName: string | undefined, timeoutMs = 10_000): Promise<ValidationOutcome> {
    counted.validation++;
    const worker = this.spawn();
    const job: ValidationJob = { id: this.next++, text, ...(fileName ? { fileName } : {}) };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        void worker.terminate();
        this.worker = undefined;
        reject(new Error(`validation did not return within ${timeoutMs} ms (a hang) for ${fileName ?? 'no file name'}: ${JSON.stringify(text.slice(0, 200))}`));
      }, timeoutMs);
      const onMessage = (m: ValidationOutcome): void => {
        if (m.id !== job.id) return;
        cleanup();
        resolve(m);
      };
      const onError = (e: Error): void => {
        cleanup();
        this.worker = undefined;
        reject(new Error(`the validation worker crashed: ${e.message}`));
      };
      const cleanup = (): void => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}

/** Returned, did not throw, and everything it reports is a sentence at a range inside the text. */
function assertReturned(o: ValidationOutcome, text: string, what: string): void {
  assert.strictEqual(o.threw, undefined, `${what} threw ${o.threw}: ${JSON.stringify(text.slice(0, 200))}`);
  for (const p of o.schemaProblems) {
    assert.ok(typeof p.pointer === 'string' && p.message.length >= 8, `${what}: schema problem without a message ${JSON.stringify(p)}`);
    assert.ok(!/undefined|\[object Object\]/.test(p.message), `${what}: unclear schema message "${p.message}"`);
  }
  for (const d of o.diagnostics) {
    assert.ok(format(d.message).length >= 8, `${what}: diagnostic without a message`);
    assert.ok(d.offset >= 0 && d.length >= 0 && d.offset + d.length <= text.length, `${what}: ${d.ruleId} at ${d.offset}+${d.length} is outside the ${text.length}-character text`);
    for (const e of d.fix?.edits ?? []) {
      assert.ok(e.offset >= 0 && e.length >= 0 && e.offset + e.length <= text.length, `${what}: fix edit of ${d.ruleId} is outside the text`);
    }
  }
}

const hasFindings = (o: ValidationOutcome): boolean => o.schemaProblems.length + o.diagnostics.length > 0;

describe('abuse: file validation (checkDocument, checkText) under hostile and malformed files', function () {
  this.timeout(120_000);
  const checker = new Checker();

  after(() => checker.close());

  it('returns schema problems for random JSON (prototype keys, hostile strings and numbers) of every kind', async () => {
    await fc.assert(
      fc.asyncProperty(randomJson, fc.constantFrom(...FILE_NAMES), fc.boolean(), async (value, fileName, pretty) => {
        const text = pretty ? JSON.stringify(value, null, 2) ?? 'null' : toJsonText(value);
        const o = await checker.run(text, fileName);
        assertReturned(o, text, `random JSON as ${fileName}`);
        // Random JSON is never a complete material or construction: a named kind must say what is wrong.
        if (fileName && fileName !== 'x.project.json' && !(Array.isArray(value) && value.length === 0 && fileName === 'x.materials.json')) {
          assert.ok(hasFindings(o), `no problem reported for ${fileName}: ${text.slice(0, 200)}`);
        }
      }),
      params(70),
    );
  });

  it('returns for a valid file with any one value replaced by a value of another shape', async () => {
    for (const fileName of Object.keys(SAMPLES) as SampleName[]) {
      await fc.assert(
        fc.asyncProperty(mutateOne(JSON.parse(SAMPLES[fileName])), fc.boolean(), async ({ path: at, body }, pretty) => {
          const text = pretty ? JSON.stringify(body, null, 2) : JSON.stringify(body);
          const o = await checker.run(text, fileName);
          assertReturned(o, text, `${fileName} with /${at.join('/')} replaced`);
        }),
        params(30),
      );
    }
  });

  it('returns for malformed JSON (truncated, junk inserted, comments, NaN) without throwing', async () => {
    for (const fileName of Object.keys(SAMPLES) as SampleName[]) {
      await fc.assert(
        fc.asyncProperty(malformedJson(SAMPLES[fileName]), async (text) => {
          const o = await checker.run(text, fileName);
          assertReturned(o, text, `malformed ${fileName}`);
        }),
        params(30),
      );
    }
  });

  it('reports XSS strings and non-finite numbers as values, never acting on them', async () => {
    const material = JSON.parse(SAMPLES['x.material.json']) as Record<string, unknown>;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...XSS_STRINGS), fc.constantFrom(...RAW_NUMBER_TOKENS), async (xss, token) => {
        const text = JSON.stringify({ ...material, name: xss, originalVersion: xss }, null, 2).replace(/"declaredValue": [^,\n}]+/, `"declaredValue": ${token}`);
        const o = await checker.run(text, 'x.material.json');
        assertReturned(o, text, `material named ${xss} with declaredValue ${token}`);
        // 1e400 is JSON (it parses to Infinity) and must be refused; text that is not JSON at all (NaN, 0x10) is
        // the JSON language service's to underline, and the tolerant parse may read a number from it.
        let parsed: unknown;
        try {
          parsed = JSON.parse(token);
        } catch {
          parsed = undefined;
        }
        if (parsed !== undefined) assert.ok(hasFindings(o), `declaredValue ${token} (${String(parsed)}) is not a finite number > 0 and must be reported`);
      }),
      params(25),
    );
  });

  it('returns for 10,000 levels of nesting (closed or cut off, arrays or objects, at the top or inside lciaResults)', async () => {
    for (const fileName of [...Object.keys(SAMPLES), undefined] as (SampleName | undefined)[]) {
      for (const kind of ['array', 'object'] as const) {
        for (const closed of [true, false]) {
          const deep = deepText(10_000, kind, closed);
          for (const text of [deep, `{"name": "x", "lciaResults": ${deep}`, `[{"constructionEpds": [{"epdId": ${deep}`]) {
            const o = await checker.run(text, fileName);
            assertReturned(o, text, `${fileName ?? 'no file name'}: 10,000 levels (${kind}, ${closed ? 'closed' : 'cut off'})`);
            if (fileName) assert.ok(hasFindings(o), `10,000 levels as ${fileName}: a problem must be reported`);
          }
        }
      }
    }
  });

  it('validates a 60 MB materials file with a few broken items in one go, reporting them at their place', async () => {
    const items = JSON.parse(SAMPLES['x.materials.json']) as Record<string, unknown>[];
    const parts: string[] = [];
    let size = 2;
    let n = 0;
    const broken: number[] = [];
    while (size < 60 * 1024 * 1024) {
      const item: Record<string, unknown> = { ...items[n % items.length], originalUUID: randomUUID(), name: n % 997 === 0 ? XSS_STRINGS[n % XSS_STRINGS.length] : `Material ${n}` };
      if (n % 20_000 === 7) {
        item.declaredUnit = { declaredValue: -1, declaredUnit: 'M3' };
        broken.push(n);
      }
      const part = JSON.stringify(item, null, 2);
      parts.push(part);
      size += part.length + 2;
      n++;
    }
    const text = `[\n${parts.join(',\n')}\n]`;
    assert.ok(text.length >= 60 * 1024 * 1024, `${text.length} characters`);
    const o = await checker.run(text, 'x.materials.json', 60_000);
    assertReturned(o, text, `60 MB materials file (${n} items)`);
    const pointers = new Set(o.schemaProblems.map((p) => p.pointer.split('/')[1]));
    for (const b of broken) assert.ok(pointers.has(String(b)), `item ${b}'s broken declared unit is reported (problems at items ${[...pointers].slice(0, 10).join(', ')})`);
    console.log(`      60 MB materials file: ${n} items, ${o.schemaProblems.length} schema problems, ${o.diagnostics.length} diagnostics in ${o.ms} ms (both checks)`);
  });

  it('generated more than 200 inputs', () => {
    assert.ok(counted.validation >= 200, `only ${counted.validation} generated files`);
    const total = ((globalThis as { __abuseTotal?: number }).__abuseTotal ?? 0) + counted.validation;
    console.log(`      abuse suite: ${counted.validation} generated files validated (${total} generated inputs in this mocha run so far)`);
  });
});
