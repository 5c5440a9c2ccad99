// The comparison page: the headline (each side's figure against both BR18 limits, the difference, a mark where a
// verdict changes), what is not like for like and the part of the difference it makes, the building parts from A to
// B, the modules (D apart) and the lines that changed with their contributions and causes, largest first — and the
// sum of the contributions beside the difference it equals. No script; the theme's colours (high contrast too).
import { escapeHtml, pageHtml } from '../dashboard/html';
import { ENGLISH, msg, type Msg, type Phrasing } from '../l10n';
import { formatNumber } from '../preview';
import { lineWhere, partRowText } from './diff';
import type { BasisDifference, ChangeCause, CompareLimit, CompareState, Comparison } from './types';

export const CAUSES: Record<ChangeCause, Msg> = {
  added: msg('added'),
  removed: msg('removed'),
  materialReplaced: msg('material replaced'),
  quantity: msg('quantity'),
  serviceLife: msg('service life'),
  areaPeriod: msg('area/period'),
  figures: msg("the material's figures"),
  outside: msg('outside the breakdown lines (B6, rounding)'),
};
const BASES: Record<BasisDifference, Msg> = {
  ruleSet: msg('rule set'),
  referenceArea: msg('reference area'),
  period: msg('reference study period'),
  indicator: msg('indicator'),
  stages: msg('included stages'),
  declaredUnit: msg('declared unit'),
};

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 20px; line-height: 1.5; }
h1 { font-size: 1.4em; font-weight: 600; } h2 { font-size: 1.15em; font-weight: 600; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 8px 0; } .scroll { overflow-x: auto; }
th, td { border: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, transparent)); padding: 3px 8px; text-align: left; }
th { font-weight: 600; } .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.banner { border-left: 4px solid var(--vscode-editorWarning-foreground); padding: 4px 10px; background: var(--vscode-textBlockQuote-background); }
.toolbar { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; } .toolbar[hidden] { display: none; }
button { font: inherit; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: 1px solid var(--vscode-button-border, transparent); padding: 2px 10px; cursor: pointer; }
button:hover { background: var(--vscode-button-hoverBackground); } button:focus-visible, input:focus-visible, select:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
button.sort { color: inherit; background: none; border: none; padding: 0; font-weight: 600; text-align: inherit; } button.sort:hover { text-decoration: underline; background: none; }
input, select { font: inherit; color: var(--vscode-input-foreground); background: var(--vscode-input-background); border: 1px solid var(--vscode-input-border, transparent); padding: 2px 6px; }
.flip { font-weight: 600; color: var(--vscode-editorWarning-foreground); }
body.vscode-high-contrast th, body.vscode-high-contrast td, body.vscode-high-contrast-light th, body.vscode-high-contrast-light td { border-color: var(--vscode-contrastBorder); }
`;

export interface CompareHtmlOptions {
  phrasing?: Phrasing;
  /** A fresh nonce for the page's style element and its script. */
  nonce: string;
  /** The page's script (media/dist/compare.js as the webview loads it) and the webview's CSP source: sorting, filtering, the export buttons. Without it the page is static. */
  script?: { uri: string; cspSource: string };
}

/** A unit as the dashboard writes it: "kg CO2e/m²/yr" (as the service names it) → "kg CO₂e/m²/yr", "kg CO₂e/m²/år". */
function shownUnit(unit: string, say: Phrasing['say']): string {
  const co2 = unit.replace(/CO2e/g, 'CO₂e');
  const perYear = /^(.+)\/m²\/yr$/.exec(co2);
  return perYear ? say(msg('{0}/m²/yr', perYear[1])) : co2;
}

/** The comparison page of `c`. */
export function compareHtml(c: Comparison, options: CompareHtmlOptions): string {
  const { say, locale } = options.phrasing ?? ENGLISH;
  const f = (x: number | undefined, signed = false): string => (x === undefined ? '–' : escapeHtml(`${signed && x > 0 ? '+' : ''}${formatNumber(x, locale)}`));
  const t = (m: Msg): string => escapeHtml(say(m));
  const limit = (l: CompareLimit | undefined): string =>
    l ? t(msg('{0} of {1} ({2})', formatNumber(l.value, locale), formatNumber(l.limit, locale), l.passes ? msg('passes') : msg('fails'))) : '–';
  const verdictOf = (s: CompareState, which: 'building' | 'constructionProcess'): string =>
    s.verdict?.kind === 'verdict' ? limit(s.verdict[which]) : s.verdict ? t(s.verdict.reason) : '–';
  const title = say(msg('Comparison: {0} → {1}', c.a.name, c.b.name));
  const unit = shownUnit(c.a.unit, say);
  const body: string[] = [`<h1>${escapeHtml(title)}</h1>`, `<p>${t(msg('Figures in {0}; A is {1}, B is {2}.', unit, c.a.source, c.b.source))}</p>`];
  body.push(
    '<table>',
    `<thead><tr><th scope="col"></th><th scope="col" class="num">${t(msg('Result'))}</th><th scope="col">${t(msg('Building limit'))}</th><th scope="col">${t(msg('Construction process (A4 + A5)'))}</th></tr></thead><tbody>`,
    ...[['A', c.a], ['B', c.b]].map(([k, s]) => {
      const side = s as CompareState;
      return `<tr><th scope="row">${escapeHtml(`${k as string}: ${side.name}`)}</th><td class="num">${f(side.figure)}</td><td>${verdictOf(side, 'building')}</td><td>${verdictOf(side, 'constructionProcess')}</td></tr>`;
    }),
    `<tr><th scope="row">${t(msg('Difference (B − A)'))}</th><td class="num"><strong>${f(c.difference, true)}</strong></td><td></td><td></td></tr>`,
    '</tbody></table>',
  );
  for (const [limitName, flip] of Object.entries(c.verdictChange)) {
    const which = limitName === 'building' ? msg('The building') : msg('The construction process');
    body.push(`<p class="flip" role="status">${t(flip === 'passesToFails' ? msg('{0}: the verdict changes from passes to fails.', which) : msg('{0}: the verdict changes from fails to passes.', which))}</p>`);
  }
  if (c.likeForLike.differs.length) {
    const what = c.likeForLike.differs.map((d) => say(BASES[d])).join(', ');
    body.push(`<p class="banner" role="note">${t(msg('Not like for like: the {0} differ. Of the difference, {1} comes from the area/period and {2} from the building\'s content.', what, formatNumber(c.likeForLike.fromBasis, locale), formatNumber(c.likeForLike.fromContent, locale)))}</p>`);
  }
  const nonce = escapeHtml(options.nonce);
  const script = options.script;
  if (script) body.push(`<p class="toolbar"><button type="button" data-export="csv">${t(msg('Export as CSV…'))}</button> <button type="button" data-export="json">${t(msg('Export as JSON…'))}</button></p>`);
  body.push(...partsTable(c, f, t), ...modulesTable(c, f, t), ...linesTable(c, f, t, say, (x) => formatNumber(x, locale)));
  if (script) body.push(`<script nonce="${nonce}" src="${escapeHtml(script.uri)}"></script>`);
  const csp = script ? `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}' ${script.cspSource}` : `default-src 'none'; style-src 'nonce-${nonce}'`;
  return pageHtml({ lang: locale, csp, head: `<style nonce="${nonce}">${STYLE}</style>`, title, body: body.join('\n') });
}

type F = (x: number | undefined, signed?: boolean) => string;
type T = (m: Msg) => string;

function partsTable(c: Comparison, f: F, t: T): string[] {
  let running = c.a.figure;
  // Rounding noise (−4e-16) is no change: the parts that did not change are counted, not listed.
  const changed = c.parts.filter((p) => Math.abs(p.delta) >= 1e-9);
  const rows = changed.map((p) => {
    running += p.delta;
    return `<tr><th scope="row">${escapeHtml(partRowText(p, t))}</th><td class="num">${f(p.delta, true)}</td><td class="num">${f(running)}</td></tr>`;
  });
  return [
    `<h2>${t(msg('From A to B by building part'))}</h2>`,
    `<div class="scroll"><table><thead><tr><th scope="col">${t(msg('Building part'))}</th><th scope="col" class="num">Δ</th><th scope="col" class="num">${t(msg('Running total'))}</th></tr></thead><tbody>`,
    `<tr><th scope="row">A</th><td></td><td class="num">${f(c.a.figure)}</td></tr>`,
    ...rows,
    '</tbody></table></div>',
    ...(changed.length < c.parts.length ? [`<p>${t(msg('{0} building part(s) unchanged.', c.parts.length - changed.length))}</p>`] : []),
  ];
}

function modulesTable(c: Comparison, f: F, t: T): string[] {
  return [
    `<h2>${t(msg('Modules'))}</h2>`,
    `<div class="scroll"><table><thead><tr><th scope="col">${t(msg('Module'))}</th><th scope="col" class="num">A</th><th scope="col" class="num">B</th><th scope="col" class="num">Δ</th><th scope="col" class="num">Δ %</th></tr></thead><tbody>`,
    ...c.modules.map(
      (m) =>
        `<tr><th scope="row">${escapeHtml(m.module === 'A1A3' ? 'A1-A3' : m.module)}${m.apart ? ` ${t(msg('(apart, not in the total)'))}` : ''}</th><td class="num">${f(m.a)}</td><td class="num">${f(m.b)}</td><td class="num">${f(m.delta, true)}</td><td class="num">${f(m.deltaPct, true)}</td></tr>`,
    ),
    '</tbody></table></div>',
  ];
}

function linesTable(c: Comparison, f: F, t: T, say: (m: Msg) => string, n: (x: number) => string): string[] {
  const rows = c.lines.map((l) => {
    const where = lineWhere(l, say);
    const material = l.materialA && l.materialB && l.materialA !== l.materialB ? `${l.materialA} → ${l.materialB}` : (l.materialA ?? l.materialB ?? '');
    const data = `data-part="${escapeHtml(where)}" data-material="${escapeHtml(material)}" data-contribution="${l.contribution}" data-causes="${l.causes.join(' ')}"`;
    return `<tr ${data}><td>${escapeHtml(where)}</td><th scope="row">${escapeHtml(material)}</th><td class="num">${f(l.contribution, true)}</td><td>${escapeHtml(l.causes.map((x) => say(CAUSES[x])).join(', '))}</td></tr>`;
  });
  const present = (Object.keys(CAUSES) as ChangeCause[]).filter((k) => c.lines.some((l) => l.causes.includes(k)));
  const head = (key: string, label: Msg, num = false, sort = 'none') => `<th scope="col"${num ? ' class="num"' : ''} aria-sort="${sort}"><button type="button" class="sort" data-sort="${key}">${t(label)}</button></th>`;
  return [
    `<h2>${t(msg('Lines that changed, largest first'))}</h2>`,
    `<div class="toolbar" id="tools" hidden><input type="search" id="filter" placeholder="${t(msg('Filter the lines'))}" aria-label="${t(msg('Filter the lines'))}"> <select id="cause" aria-label="${t(msg('Cause'))}"><option value="">${t(msg('Every cause'))}</option>${present.map((k) => `<option value="${k}">${t(CAUSES[k])}</option>`).join('')}</select> <span id="shown" role="status" data-template="${t(msg('{0} of {1} lines shown', '{0}', '{1}'))}"></span></div>`,
    `<div class="scroll"><table id="lines"><thead><tr>${head('part', msg('Building part › construction'))}${head('material', msg('Material'))}${head('contribution', msg('Contribution'), true, 'descending')}${head('cause', msg('Cause'))}</tr></thead><tbody>`,
    ...rows,
    '</tbody></table></div>',
    `<p>${t(msg('The contributions add up to {0}; the difference is {1}.', n(c.sumOfContributions), n(c.difference)))}</p>`,
  ];
}
