// Chart colours and fonts read from VS Code's CSS variables at run time, re-read when the theme changes.

export interface ChartTheme {
  kind: 'light' | 'dark' | 'high-contrast' | 'high-contrast-light';
  foreground: string;
  muted: string;
  background: string;
  border: string;
  gridLine: string;
  fontFamily: string;
  fontSize: number;
  /** Series colours, from VS Code's chart palette. */
  palette: string[];
  used: string;
  remaining: string;
  over: string;
  notCounted: string;
  focus: string;
  /** VS Code's contrastBorder: set by the high-contrast themes only (empty otherwise). */
  contrastBorder: string;
}

function cssVar(style: CSSStyleDeclaration, name: string, fallback: string): string {
  const v = style.getPropertyValue(name).trim();
  return v || fallback;
}

export function themeKind(body: HTMLElement): ChartTheme['kind'] {
  const c = body.classList;
  if (c.contains('vscode-high-contrast-light')) return 'high-contrast-light';
  if (c.contains('vscode-high-contrast')) return 'high-contrast';
  if (c.contains('vscode-dark')) return 'dark';
  return 'light';
}

export function isHighContrast(t: Pick<ChartTheme, 'kind'>): boolean {
  return t.kind === 'high-contrast' || t.kind === 'high-contrast-light';
}

export function readTheme(): ChartTheme {
  const style = getComputedStyle(document.body);
  const kind = themeKind(document.body);
  const dark = kind === 'dark' || kind === 'high-contrast';
  const v = (name: string, fallback: string): string => cssVar(style, name, fallback);
  const foreground = v('--vscode-foreground', dark ? '#cccccc' : '#3b3b3b');
  const palette = [
    v('--vscode-charts-blue', '#3794ff'),
    v('--vscode-charts-orange', '#d18616'),
    v('--vscode-charts-green', '#89d185'),
    v('--vscode-charts-purple', '#b180d7'),
    v('--vscode-charts-yellow', '#cca700'),
    v('--vscode-charts-red', '#f14c4c'),
    v('--vscode-terminal-ansiCyan', '#11a8cd'),
    v('--vscode-terminal-ansiMagenta', '#bc3fbc'),
  ];
  const border = v('--vscode-widget-border', v('--vscode-panel-border', dark ? '#454545' : '#e5e5e5'));
  return {
    kind,
    foreground,
    muted: v('--vscode-descriptionForeground', dark ? '#9d9d9d' : '#717171'),
    background: v('--vscode-editor-background', dark ? '#1e1e1e' : '#ffffff'),
    border,
    gridLine: v('--vscode-charts-lines', border),
    fontFamily: v('--vscode-font-family', 'system-ui, sans-serif'),
    fontSize: Number.parseFloat(v('--vscode-font-size', '13')) || 13,
    palette,
    used: palette[0],
    remaining: v('--vscode-charts-green', '#89d185'),
    over: v('--vscode-charts-red', '#f14c4c'),
    notCounted: v('--vscode-charts-purple', '#b180d7'),
    focus: v('--vscode-focusBorder', '#007fd4'),
    contrastBorder: v('--vscode-contrastBorder', ''),
  };
}

/** Calls back whenever VS Code switches theme (it swaps the body's vscode-* classes). */
export function onThemeChange(callback: () => void): () => void {
  let last = document.body.className;
  const observer = new MutationObserver(() => {
    if (document.body.className === last) return;
    last = document.body.className;
    callback();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
