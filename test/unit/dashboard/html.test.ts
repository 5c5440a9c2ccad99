// The webview HTML: strict CSP with a fresh nonce, only the webview's own origin, nothing remote, no inline code.
import * as assert from 'assert';
import { contentSecurityPolicy, createNonce, dashboardHtml, escapeHtml } from '../../../src/core/dashboard/html';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const input = {
  cspSource: CSP_SOURCE,
  scriptUri: `${CSP_SOURCE}/ext/media/dist/dashboard.js`,
  styleUri: `${CSP_SOURCE}/ext/media/dist/dashboard.css`,
  nonce: 'bm9uY2UtZm9yLXRlc3Q=',
  lang: 'da',
  title: 'Dashboard: <b>"Skolen"</b>',
};

function cspOf(html: string): string {
  const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
  assert.ok(m, 'no CSP meta tag');
  return m[1].replace(/&#39;/g, "'");
}

describe('dashboard webview HTML', () => {
  const html = dashboardHtml(input);

  it("has a CSP with default-src 'none', the nonce for scripts and only the webview's source for styles", () => {
    const directives = Object.fromEntries(
      cspOf(html)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    assert.deepStrictEqual(directives['default-src'], ["'none'"]);
    assert.deepStrictEqual(directives['script-src'], [`'nonce-${input.nonce}'`]);
    assert.deepStrictEqual(directives['style-src'], [CSP_SOURCE]);
    assert.deepStrictEqual(directives['img-src'], [CSP_SOURCE, 'data:']);
    assert.ok(!cspOf(html).includes('unsafe-inline') && !cspOf(html).includes('unsafe-eval'));
  });

  it('loads only the bundle and the stylesheet, and the only script carries the nonce', () => {
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.strictEqual(scripts.length, 1);
    assert.ok(scripts[0][1].includes(`nonce="${input.nonce}"`));
    assert.ok(scripts[0][1].includes(`src="${input.scriptUri}"`));
    assert.strictEqual(scripts[0][2].trim(), '', 'no inline script');
    assert.ok(!/\sstyle=/.test(html), 'no inline style attribute');
    assert.ok(!/<style/.test(html), 'no style element');
  });

  it('names no origin other than the webview resource origin', () => {
    const origins = new Set([...html.matchAll(/https?:\/\/[^/"'\s;]+/g)].map((m) => m[0]));
    assert.deepStrictEqual([...origins], [CSP_SOURCE]);
  });

  it('escapes its inputs', () => {
    assert.ok(html.includes('<title>Dashboard: &lt;b&gt;&quot;Skolen&quot;&lt;/b&gt;</title>'));
    assert.ok(html.includes('<html lang="da">'));
    assert.strictEqual(escapeHtml(`<a href='x'>&</a>`), '&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('makes a different 128-bit nonce for every load', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    assert.strictEqual(nonces.size, 50);
    for (const n of nonces) assert.strictEqual(Buffer.from(n, 'base64').length, 16);
    assert.ok(!contentSecurityPolicy(CSP_SOURCE, 'x').includes('http:'));
  });
});
