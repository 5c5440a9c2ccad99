// The impact breakdown of a construction as the editor shows it: the preview's table per component (the same figures
// and words as previewMarkdown) as a webview page, with Find Lower-Carbon Alternatives… on each component that could
// be computed — a link to the editor's command, the one kind of command link the webview allows. No script: the links
// work from the keyboard as links do (Tab, Enter). Colours are the theme's (the high-contrast themes add their border).
// Pure: the editor passes the phrasing, the nonce and the links; loaded with the tools' bundle, not at activation.
import { escapeHtml, pageHtml } from '../dashboard/html';
import { ENGLISH, msg, type Phrasing } from '../l10n';
import { formatNumber, perUnitText, type ConstructionPreview } from './impact';

export interface BreakdownHtmlOptions {
  phrasing?: Phrasing;
  /** A fresh nonce for the page's one style element. */
  nonce: string;
  /** Said under the table: where B4's reference period comes from. */
  footer: string;
  /** The link of component `index`'s Find Lower-Carbon Alternatives… (a command URI); undefined: none on that row. */
  alternativesHref?: (index: number) => string | undefined;
}

/** The cells of one of previewMarkdown's table rows as phrased ("| # | material | … |"): the same words in both views. */
function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

/** Text with previewMarkdown's inline marks (**bold**, `code`) as HTML, everything else escaped. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');
}

const STYLE = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); background: var(--vscode-editor-background); padding: 0 20px 20px; line-height: 1.5; }
h1 { font-size: 1.4em; font-weight: 600; }
h2 { font-size: 1.15em; font-weight: 600; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 8px 0; }
.scroll { overflow-x: auto; }
th, td { border: 1px solid var(--vscode-editorWidget-border, var(--vscode-panel-border, transparent)); padding: 3px 8px; text-align: left; vertical-align: middle; }
th { font-weight: 600; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
code { font-family: var(--vscode-editor-font-family); }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
a.action { display: inline-block; padding: 1px 8px; border-radius: 2px; white-space: nowrap; text-decoration: none;
  color: var(--vscode-button-secondaryForeground); background: var(--vscode-button-secondaryBackground); border: 1px solid var(--vscode-button-border, transparent); }
a.action:hover { background: var(--vscode-button-secondaryHoverBackground); }
a.action:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
body.vscode-high-contrast a.action, body.vscode-high-contrast-light a.action { border-color: var(--vscode-contrastBorder); }
body.vscode-high-contrast th, body.vscode-high-contrast td, body.vscode-high-contrast-light th, body.vscode-high-contrast-light td { border-color: var(--vscode-contrastBorder); }
`;

/** The breakdown page of `p` (a construction named `title`). */
export function breakdownHtml(p: ConstructionPreview, title: string, options: BreakdownHtmlOptions): string {
  const { say, locale } = options.phrasing ?? ENGLISH;
  const f = (x: number): string => escapeHtml(formatNumber(x, locale));
  const perUnit = perUnitText(p, locale);
  const body: string[] = [
    `<h1>${inline(say(msg('# Impact preview: {0}', title)).replace(/^#\s*/, ''))}</h1>`,
    `<p>${inline(
      say(
        msg(
          'GWP in {0} of the construction; B4 over a reference period of {1} years (replacements = ⌈period / lifespan⌉ − 1, each counting A1-A3 + C3 + C4 again). D is reported apart, never in the total; as in LCAbyg it counts for the original product and for each replacement ((1 + replacements) × D per unit).',
          perUnit,
          p.period,
        ),
      ),
    )}</p>`,
  ];
  if (p.problems.length) {
    body.push(`<h2>${inline(say(msg('## Components that cannot be computed')).replace(/^#+\s*/, ''))}</h2>`, '<ul>');
    for (const x of p.problems) {
      const line = x.epdId ? say(msg('- component {0} (epdId `{1}`): {2}', x.index + 1, x.epdId, say(x.reason))) : say(msg('- component {0}: {1}', x.index + 1, say(x.reason)));
      body.push(`<li>${inline(line.replace(/^-\s*/, ''))}</li>`);
    }
    body.push('</ul>');
  }
  const header = cellsOf(say(msg('| # | material | result sets | lifespan | replacements | A1-A3 | B4 | C3 | C4 | D |')));
  const actions = p.components.map((c) => options.alternativesHref?.(c.index));
  const withActions = actions.some((a) => a !== undefined);
  const label = say(msg('Find Lower-Carbon Alternatives…'));
  // The action comes right after the material's name: in a narrow editor group it is in view without scrolling.
  const actionHeader = withActions ? `<th scope="col"><span class="sr">${escapeHtml(label)}</span></th>` : '';
  const th = (h: string, i: number): string => `<th scope="col"${i === 1 ? '' : ' class="num"'}>${escapeHtml(h)}</th>`;
  body.push(
    `<h2>${inline(say(msg('## Components')).replace(/^#+\s*/, ''))}</h2>`,
    '<div class="scroll"><table>',
    `<thead><tr>${header.slice(0, 2).map(th).join('')}${actionHeader}${header.slice(2).map((h, i) => th(h, i + 2)).join('')}</tr></thead>`,
    '<tbody>',
  );
  p.components.forEach((c, i) => {
    const g = c.gwp;
    const figures = [f(c.sets), c.lifespan === undefined ? '–' : f(c.lifespan), escapeHtml(String(c.replacements)), f(g.a1a3), f(g.b4), f(g.c3), f(g.c4), f(g.d)];
    const href = actions[i];
    const named = escapeHtml(say(msg('Find lower-carbon alternatives to {0} (component {1})', c.name, c.index + 1)));
    const action = href ? `<td><a class="action" href="${escapeHtml(href)}" title="${named}" aria-label="${named}">${escapeHtml(label)}</a></td>` : withActions ? '<td></td>' : '';
    body.push(`<tr><td class="num">${c.index + 1}</td><th scope="row">${escapeHtml(c.name)}</th>${action}${figures.map((x) => `<td class="num">${x}</td>`).join('')}</tr>`);
  });
  if (p.total) {
    const t = p.total;
    const total = cellsOf(say(msg('| | **total** | | | | **{0}** | **{1}** | **{2}** | **{3}** | **{4}** |', formatNumber(t.a1a3, locale), formatNumber(t.b4, locale), formatNumber(t.c3, locale), formatNumber(t.c4, locale), formatNumber(t.d, locale))));
    const cell = (x: string): string => `<td class="num">${inline(x)}</td>`;
    body.push(`<tr class="total">${cell(total[0])}<th scope="row">${inline(total[1])}</th>${withActions ? '<td></td>' : ''}${total.slice(2).map(cell).join('')}</tr>`);
  }
  body.push('</tbody>', '</table></div>');
  if (p.total) {
    const t = p.total;
    body.push(`<p>${inline(say(msg('A1-A3 + B4 + C3 + C4 = **{0}** {1} (D apart: {2}).', formatNumber(t.a1a3 + t.b4 + t.c3 + t.c4, locale), perUnit, formatNumber(t.d, locale))))}</p>`);
  } else if (p.problems.length) {
    body.push(`<p>${inline(say(msg('No total: a partial sum would understate the construction.')))}</p>`);
  }
  body.push(`<p>${inline(options.footer)}</p>`);
  const nonce = escapeHtml(options.nonce);
  return pageHtml({
    lang: locale,
    csp: `default-src 'none'; style-src 'nonce-${nonce}'`,
    head: `<style nonce="${nonce}">${STYLE}</style>`,
    title: say(msg('# Impact preview: {0}', title)).replace(/^#\s*/, ''),
    body: body.join('\n'),
  });
}
