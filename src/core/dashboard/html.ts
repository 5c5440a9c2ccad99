// The dashboard webview's HTML document: a strict Content-Security-Policy with a per-load nonce, only local
// assets, and no service data (everything the service sends arrives later by message and is set as text).

export interface DashboardHtmlInput {
  /** webview.cspSource */
  cspSource: string;
  /** webview.asWebviewUri of media/dist/dashboard.js */
  scriptUri: string;
  /** webview.asWebviewUri of media/dist/dashboard.css */
  styleUri: string;
  nonce: string;
  /** Document language (VS Code's display language). */
  lang: string;
  title: string;
}

/** 128 random bits as base64 — a fresh one for every load of the HTML. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  // Charts draw on canvas (no inline styles); the tooltip is rich text on canvas too, so style-src needs no
  // 'unsafe-inline'. Style changes made through the CSSOM (element.style) are not governed by CSP.
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

/** A webview page: its language, Content-Security-Policy, what goes in the head after the viewport, title and body (all but the title already HTML). */
export function pageHtml(page: { lang: string; csp: string; head: string; title: string; body: string }): string {
  const a = (s: string): string => escapeHtml(s);
  return `<!DOCTYPE html>
<html lang="${a(page.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${a(page.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${page.head}
<title>${a(page.title)}</title>
</head>
<body>
${page.body}
</body>
</html>
`;
}

export function dashboardHtml(input: DashboardHtmlInput): string {
  const a = (s: string): string => escapeHtml(s);
  return pageHtml({
    lang: input.lang,
    csp: contentSecurityPolicy(input.cspSource, input.nonce),
    head: `<link rel="stylesheet" href="${a(input.styleUri)}">`,
    title: input.title,
    body: `<main id="app" aria-live="polite"><p class="state-message">Loading dashboard…</p></main>
<script nonce="${a(input.nonce)}" src="${a(input.scriptUri)}"></script>`,
  });
}
