// Helpers shared by the benchmarks: a local service in a temporary folder, a signed-in token, timing.
import type { GwpCodes } from '../../../src/core/lca/construction';
import { gwpPerSet } from '../../../src/core/lca/line';
import type { EpdData } from '../../../src/core/lca/types';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startLocalService, type LocalService } from '../../../src/service/server';
import { CREDENTIALS } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';

export interface BenchService {
  service: LocalService;
  token: string;
  stop(): Promise<void>;
}

export async function benchService(scale: boolean): Promise<BenchService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-bench-'));
  const service = await startLocalService({ port: 0, dataDir, scale });
  const r = await fetch(`${service.urls.authUrl}/v1/user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(CREDENTIALS.demoUser),
  });
  const token = ((await r.json()) as { access_token: string }).access_token;
  return {
    service,
    token,
    stop: async () => {
      await service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds of `fn`, best of `runs` (the least disturbed run). */
export async function best(runs: number, fn: () => Promise<unknown> | unknown): Promise<number> {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn();
    min = Math.min(min, Number(process.hrtime.bigint() - t) / 1e6);
  }
  return min;
}

export const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

/**
 * The local service in a process of its own (`node dist/service.js`), as the real service is on another machine:
 * the client's work and the service's do not share one thread, as they would in-process.
 */
export async function benchServiceProcess(args: string[] = []): Promise<BenchService> {
  const { spawn } = await import('child_process');
  const cli = path.join(REPO_ROOT, 'dist', 'service.js');
  if (!fs.existsSync(cli)) throw new Error(`${cli} is not built (npm run build)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lca-bench-proc-'));
  const child = spawn(process.execPath, [cli, '--port', '0', '--data', dataDir, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const urls = await new Promise<LocalService['urls']>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line && out.includes('\n')) resolve(JSON.parse(line) as LocalService['urls']);
    });
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
  });
  const r = await fetch(`${urls.authUrl}/v1/user`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(CREDENTIALS.demoUser) });
  const token = ((await r.json()) as { access_token: string }).access_token;
  return {
    service: { urls } as LocalService,
    token,
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The floor of the alternatives benches: a plain scan of the candidates' A1-A3 per declared unit, the least a ranking
 * must do; returns the sum so that the work is not optimised away.
 */
export function plainScan(candidates: readonly { epd: EpdData }[], codes: GwpCodes): number {
  let sum = 0;
  for (const c of candidates) {
    const g = gwpPerSet(c.epd, codes);
    if (g) sum += g.a1a3 / (c.epd.declaredUnit.declaredValue || 1);
  }
  return sum;
}
