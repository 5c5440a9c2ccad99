// Benchmark: the comparison page's first paint for two 20,000-element projects — the page made from the comparison
// (compareHtml, as the editor makes it) and painted by headless Chromium with its script, as a webview loads it — as a
// ratio to the dashboard's first-paint floor in the same run (JSON.parse of the 20,000-element dashboard response +
// a bare ECharts chart's first paint, dashboardPaint.ts). Goal ≤ 1.5×. Side B is side A with every other line 10 %
// lower, so the page lists changed lines rather than none.
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import type { AddressInfo } from 'net';
import type { Browser } from 'playwright-core';
import { LcaClient } from '../../../src/client';
import { ASSUMED_CODES } from '../../../src/core/codeTable';
import { compareHtml, compareStates, readSide, type CompareState, type SideReader } from '../../../src/core/compare';
import { BR18_RULES } from '../../../src/core/lca/br18Rules';
import { PROJECT_IDS } from '../../../src/service/seed/ids';
import { REPO_ROOT } from '../../fixtures/paths';
import { baselineBundle, launchChromium, measureBaseline, median, RUNS } from '../dashboardPaint';
import { benchService } from './common';
import { result, type BenchResult } from './result';

const GOAL = 1.5;

/** Side A with every other line 10 % lower (amount and figure), its totals following. */
function variantOf(a: CompareState): CompareState {
  const lines = a.lines.map((l, i) => (i % 2 ? { ...l, figure: l.figure * 0.9, ...(l.amount !== undefined ? { amount: l.amount * 0.9 } : {}) } : l));
  const less = a.lines.reduce((s, l, i) => s + (i % 2 ? l.figure * 0.1 : 0), 0);
  return { ...a, name: `${a.name} (variant)`, source: `${a.source} (variant)`, lines, figure: a.figure - less };
}

/** Serves a blank page to write the comparison into and its script at /compare.js, as the webview's resource root does. */
async function servePage(): Promise<{ origin: string; close(): Promise<void> }> {
  const script = fs.readFileSync(path.join(REPO_ROOT, 'media', 'dist', 'compare.js'));
  const server = http.createServer((req, res) => {
    if (req.url === '/compare.js') res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body></body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Ms from having the comparison to the page painted: its HTML made (compareHtml, as the editor makes it when the
 * panel opens) and written into an open page, until the frame after it has been laid out and painted — the span the
 * dashboard's figure measures too (its data handed to an open page → the chart painted), without a navigation's cost.
 */
async function measurePage(browser: Browser, origin: string, html: () => string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(`${origin}/blank`);
    const t0 = performance.now();
    const text = html();
    const made = performance.now() - t0;
    const painted = await page.evaluate(
      (h) =>
        new Promise<number>((resolve) => {
          const start = performance.now();
          document.open();
          document.write(h);
          document.close();
          // Two frames: the first lays the written page out, the second starts once it has been painted.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
        }),
      text,
    );
    return made + painted;
  } finally {
    await page.close();
  }
}

export const comparePaintBench = {
  name: 'comparison page first paint',
  async run(): Promise<BenchResult> {
    const b = await benchService(true);
    let server: Awaited<ReturnType<typeof servePage>> | undefined;
    let browser: Browser | undefined;
    try {
      const client = new LcaClient({ urls: b.service.urls, getToken: async () => b.token });
      const none = (): never => {
        throw new Error('a project side reads no file');
      };
      const reader: SideReader = { codes: ASSUMED_CODES, rules: BR18_RULES, readText: none, shown: (p) => p, ensure: async () => undefined, resolve: none, periodOf: none, service: client, version: '' };
      const a = await readSide({ projectId: PROJECT_IDS.scale }, reader);
      if ('problem' in a) throw new Error('the scale project could not be read');
      const c = compareStates(a, variantOf(a));
      if ('problem' in c) throw new Error('the two sides could not be compared');
      const dashboard = await fetch(`${b.service.urls.baseUrl}/dashboard/${PROJECT_IDS.scale}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${b.token}` }, body: '{}' });
      const text = await dashboard.text();
      server = await servePage();
      const origin = server.origin;
      const html = (): string => compareHtml(c, { nonce: 'bench', script: { uri: `${origin}/compare.js`, cspSource: origin } });
      browser = await launchChromium();
      const bundle = await baselineBundle();
      await measurePage(browser, origin, html);
      await measureBaseline(browser, bundle, text);
      const ours: number[] = [];
      const floor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        ours.push(await measurePage(browser, origin, html));
        floor.push(await measureBaseline(browser, bundle, text));
      }
      return result({
        name: 'comparison page first paint, two 20,000-element projects',
        ms: median(ours),
        floor: "the dashboard's first-paint floor (JSON.parse of its response + a bare ECharts chart)",
        floorMs: median(floor),
        goal: GOAL,
        detail: `${c.lines.length} lines, ${(Buffer.byteLength(compareHtml(c, { nonce: 'bench' })) / 1024).toFixed(0)} kB of HTML; from the comparison to the page painted`,
      });
    } finally {
      await browser?.close();
      await server?.close();
      await b.stop();
    }
  },
};
