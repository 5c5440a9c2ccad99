// Webview security in plain Node: the dashboard HTML exactly as the extension builds it (dashboardHtml, as
// DashboardPanel calls it) has a strict CSP — default-src 'none', scripts only by a nonce that is fresh per call,
// no remote origin but the webview's own — and hostile strings from the service stay inert: the view's DOM
// builder and breakdown table, run on a DOM that refuses to parse HTML, put them only into text nodes and
// attribute values, and chart text defuses ECharts' rich-text markup. (Chromium runs of the real bundle are in
// test/unit/dashboard/webview.test.ts.)
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { DashboardResponse } from '../../../src/client/types';
import { chartText } from '../../../src/core/dashboard/chartText';
import { createFormatter } from '../../../src/core/dashboard/format';
import { contentSecurityPolicy, createNonce, dashboardHtml } from '../../../src/core/dashboard/html';
import { breakdownTree, dashboardFor, type BreakdownRow } from '../../../src/core/dashboard/viewModel';
import { h } from '../../../src/webview/dashboard/dom';
import { BreakdownTable } from '../../../src/webview/dashboard/table';
import { readFixture, REPO_ROOT } from '../../fixtures/paths';
import { installMiniDom, MiniElement, serialize } from './support/miniDom';

/** What VS Code gives as webview.cspSource, and asWebviewUri results under it (as DashboardPanel builds them). */
const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const panelInput = (nonce = createNonce(), title = 'Dashboard: Skolen ved Søen') => ({
  cspSource: CSP_SOURCE,
  scriptUri: `${CSP_SOURCE}/work/ext/media/dist/dashboard.js`,
  styleUri: `${CSP_SOURCE}/work/ext/media/dist/dashboard.css`,
  nonce,
  lang: 'en',
  title,
});

const HOSTILE = [
  '<img src=x onerror=alert(1)>',
  '</script><script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "' onmouseover='alert(1)",
  '{a|x}{b|<b>bold</b>}',
  '<iframe srcdoc="<script>alert(1)</script>">',
  'javascript:alert(1)',
];

function cspOf(html: string): Map<string, string[]> {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m, 'a CSP meta tag');
  const policy = m[1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name, values]),
  );
}

describe('security: the dashboard webview', () => {
  describe('HTML and Content-Security-Policy', () => {
    it("has default-src 'none', scripts only by nonce, no unsafe-inline/eval, and nothing remote", () => {
      const input = panelInput();
      const html = dashboardHtml(input);
      const csp = cspOf(html);
      assert.deepStrictEqual(csp.get('default-src'), ["'none'"]);
      assert.deepStrictEqual(csp.get('script-src'), [`'nonce-${input.nonce}'`], 'scripts only by nonce');
      for (const [name, values] of csp) {
        for (const v of values) {
          assert.ok(!/unsafe-(inline|eval|hashes)|strict-dynamic|^\*$|^https?:$|^data:$/.test(v) || (name === 'img-src' && v === 'data:'), `${name} allows ${v}`);
          if (/^https?:/.test(v)) assert.strictEqual(v, CSP_SOURCE, `${name} names a remote origin ${v}`);
        }
      }
      assert.ok(!csp.has('connect-src') && !csp.has('frame-src') && !csp.has('object-src'), 'no network, frames or plugins beyond default-src none');
      // Every URL in the document is under the webview's own source.
      // (The nonce is base64 and may itself hold "//".)
      for (const m of html.replaceAll(input.nonce, 'NONCE').matchAll(/(?:https?:)?\/\/[^\s"'<>;]+/g)) assert.ok(m[0].startsWith(CSP_SOURCE), `remote URL in the HTML: ${m[0]}`);
      assert.strictEqual(contentSecurityPolicy(CSP_SOURCE, input.nonce).includes('http:'), false);
    });

    it('loads one script, with the nonce, and no inline script, style or event handler', () => {
      const input = panelInput();
      const html = dashboardHtml(input);
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      assert.strictEqual(scripts.length, 1);
      assert.ok(scripts[0][1].includes(`nonce="${input.nonce}"`) && scripts[0][1].includes(`src="${input.scriptUri}"`));
      assert.strictEqual(scripts[0][2].trim(), '');
      assert.ok(!/\son\w+\s*=/i.test(html), 'no inline event handler');
      assert.ok(!/<style|\sstyle=/i.test(html), 'no inline style');
    });

    it('makes a fresh, unguessable nonce per call (128 bits, base64)', () => {
      const nonces = Array.from({ length: 2000 }, () => createNonce());
      assert.strictEqual(new Set(nonces).size, nonces.length, 'a nonce repeated');
      for (const n of nonces.slice(0, 50)) {
        assert.match(n, /^[A-Za-z0-9+/]{22}==$/);
        assert.strictEqual(Buffer.from(n, 'base64').length, 16);
      }
      const a = dashboardHtml(panelInput());
      const b = dashboardHtml(panelInput());
      assert.notStrictEqual(cspOf(a).get('script-src')?.[0], cspOf(b).get('script-src')?.[0], 'two loads share a nonce');
    });

    it('keeps a hostile project name in the title inert (escaped; still one script, same CSP)', () => {
      for (const name of HOSTILE) {
        const input = panelInput(undefined, `Dashboard: ${name}`);
        const html = dashboardHtml(input);
        assert.strictEqual([...html.matchAll(/<script\b/gi)].length, 1, `a second script from ${name}`);
        assert.ok(!/<img|<svg|<iframe/i.test(html), `markup from ${name}`);
        const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
        assert.ok(!title.includes('<') && !title.includes('"'), `unescaped title ${title}`);
        assert.deepStrictEqual(cspOf(html).get('default-src'), ["'none'"]);
      }
    });

    it('ships a stylesheet and bundle that load nothing remote', () => {
      for (const file of ['media/dist/dashboard.css', 'media/dist/dashboard.js']) {
        const p = path.join(REPO_ROOT, file);
        assert.ok(fs.existsSync(p), `${file} was not built`);
        const css = fs.readFileSync(p, 'utf8');
        assert.ok(!/@import|url\(\s*['"]?(https?:)?\/\//i.test(css), `${file} loads a remote resource`);
      }
    });
  });

  describe('service strings in the view', () => {
    let dom: ReturnType<typeof installMiniDom>;
    before(() => {
      dom = installMiniDom();
    });
    after(() => dom.uninstall());

    const assertInert = (root: MiniElement, what: string): void => {
      const tags = new Set(root.descendants().map((e) => e.tagName));
      for (const bad of ['img', 'script', 'svg', 'iframe', 'b']) assert.ok(!tags.has(bad), `${what}: a <${bad}> element was created from a string`);
      for (const e of root.descendants()) {
        for (const name of e.attributes.keys()) assert.ok(!/^on/i.test(name), `${what}: an ${name} attribute`);
      }
      const html = serialize(root);
      assert.ok(!/<img|<script|<svg|<iframe/i.test(html), `${what}: markup in the serialized view`);
    };

    it('h() puts hostile strings into text nodes and attribute values only', () => {
      for (const s of HOSTILE) {
        const el = h('div', { title: s, 'data-name': s, class: 'row' }, s, h('span', {}, s), 42) as unknown as MiniElement;
        assertInert(el, `h() with ${s}`);
        assert.strictEqual(el.textContent, `${s}${s}42`, 'the text is shown exactly as sent');
        assert.strictEqual(el.getAttribute('title'), s);
      }
    });

    it('the breakdown table shows hostile material, construction and classification names as text', () => {
      const response = JSON.parse(readFixture('dashboard', 'project-dashboard.json')) as DashboardResponse;
      let i = 0;
      const poison = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(poison);
        else if (v && typeof v === 'object') {
          for (const [k, x] of Object.entries(v)) {
            if (typeof x === 'string' && /name|epdSource|unit$/i.test(k)) (v as Record<string, unknown>)[k] = HOSTILE[i++ % HOSTILE.length];
            else poison(x);
          }
        }
      };
      poison(response);
      const total = dashboardFor(response, undefined);
      assert.ok(total);
      const rows = breakdownTree(total.dashboard.projectBreakdown);
      const ids: string[] = [];
      const collect = (r: BreakdownRow): void => {
        ids.push(r.id);
        r.children.forEach(collect);
      };
      rows.forEach(collect);
      const root = new MiniElement('section');
      const table = new BreakdownTable(root as unknown as HTMLElement, { onStateChange: () => undefined, openLink: () => undefined, inspect: () => undefined, whatIf: () => undefined });
      table.setData(rows, createFormatter('en', HOSTILE[0]), HOSTILE[0], true, ids, '');
      assertInert(root, 'breakdown table');
      const text = root.textContent;
      const shown = HOSTILE.filter((s) => text.includes(s));
      assert.ok(shown.length >= 3, `hostile names are shown as text (found ${shown.length})`);
      // Filtering by a hostile string matches as text too.
      table.setData(rows, createFormatter('en', 'kg'), 'kg', true, ids, HOSTILE[1]);
      assertInert(root, 'filtered breakdown table');
    });

    it('chart text keeps ECharts rich-text markup ({style|text}) literal', () => {
      for (const s of HOSTILE) {
        const t = chartText(s);
        assert.ok(!/\{[A-Za-z_]\w*\|/.test(t), `rich-text markup survives in ${JSON.stringify(t)}`);
        assert.strictEqual(t.replace(/\u200b/g, ''), s, 'only zero-width spaces are added');
      }
    });

    it('the webview sources never parse strings as HTML or code', () => {
      const dirs = ['src/webview', 'src/core/dashboard'];
      const banned = /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(|srcdoc|createContextualFragment|DOMParser|renderMode:\s*'html'/;
      const files: string[] = [];
      const walk = (d: string): void => {
        for (const e of fs.readdirSync(path.join(REPO_ROOT, d), { withFileTypes: true })) {
          const rel = path.join(d, e.name);
          if (e.isDirectory()) walk(rel);
          else if (rel.endsWith('.ts')) files.push(rel);
        }
      };
      dirs.forEach(walk);
      assert.ok(files.length > 5);
      for (const f of files) {
        const lines = fs.readFileSync(path.join(REPO_ROOT, f), 'utf8').split('\n');
        lines.forEach((line, n) => assert.ok(!banned.test(line), `${f}:${n + 1} ${line.trim()}`));
      }
      const charts = fs.readFileSync(path.join(REPO_ROOT, 'src/webview/dashboard/charts.ts'), 'utf8');
      assert.match(charts, /renderMode:\s*'richText'/, 'chart tooltips render on canvas, not as HTML');
    });
  });
});
