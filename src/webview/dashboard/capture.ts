// A saved chart picture: the chart with a heading that says what it is of — the project (or construction), the
// chart, branch, stages and unit, and the BR18 rules and verdicts (or why there is none).
import type { Br18DashboardView } from '../../core/dashboard/br18View';
import type { ChartId, DashboardData, WebviewToExtension } from '../../core/dashboard/messages';
import { phaseLabel, TOTAL_BRANCH } from '../../core/dashboard/viewModel';
import { verdictLines } from './budget';
import * as l10n from './l10n';
import { chartTitle, unitText } from './text';
import type { ChartSet } from './charts';
import type { ChartTheme } from './theme';

/** What a picture is made with: the charts, the theme, its heading, why a chart is missing, and where the answer goes. */
export interface PictureDeps {
  charts: ChartSet<ChartId>;
  theme(): ChartTheme;
  caption(chart: ChartId): string[];
  /** Why `chart` is not drawn, when the page knows (no budget bar without a verdict). */
  missing(chart: ChartId): string | undefined;
  post(message: WebviewToExtension): void;
}

/** The extension's requests for chart pictures: answered at once, or once the charts are drawn. */
export class ChartPictures {
  /** False while data is loading or charts are still being drawn; requests wait for it. */
  private settled = false;
  private readonly pending = new Map<string, ChartId>();

  constructor(private readonly deps: PictureDeps) {}

  unsettle(): void {
    this.settled = false;
  }

  /** The page is fully drawn (or in a final state): answers waiting requests. */
  settle(): void {
    this.settled = true;
    for (const [requestId, chart] of [...this.pending]) this.request(requestId, chart);
  }

  request(requestId: string, chart: ChartId): void {
    const { charts, theme, post } = this.deps;
    const canvas = charts.canvas(chart, theme().background);
    if (canvas) {
      this.pending.delete(requestId);
      const lines = this.deps.caption(chart);
      post({ type: 'chartImage', requestId, dataUrl: withCaption(canvas, lines, theme()), caption: lines });
    } else if (!this.settled) {
      this.pending.set(requestId, chart);
    } else {
      this.pending.delete(requestId);
      post({ type: 'chartImage', requestId, error: this.deps.missing(chart) ?? l10n.t('The chart "{0}" is not on screen.', chart) });
    }
  }
}

/** The heading's lines of a chart of the shown `branch`. */
export function caption(chart: ChartId, p: DashboardData | undefined, branch: string | undefined, view: Br18DashboardView | undefined): string[] {
  const t = p?.target;
  const project = t?.projectName ?? t?.projectId ?? '';
  const who = t?.kind === 'construction' ? l10n.t('Construction {0} in {1}', t.constructionName ?? t.constructionId, project) : project;
  const stages = p && t?.kind === 'project' ? p.query.stages.map(phaseLabel).join(', ') : undefined;
  const second = [chartTitle(chart), branch && branch !== TOTAL_BRANCH ? `${l10n.t('Branch')}: ${branch}` : undefined, stages, p ? unitText(p.unit) : undefined].filter(Boolean).join(' · ');
  const third = view ? [view.rules ? l10n.say(view.rules) : undefined, ...verdictLines(view)].filter(Boolean).join(' · ') : undefined;
  return third ? [who, second, third] : [who, second];
}

/** The chart's picture with a heading above it, in the theme's colours, as a PNG data URL. */
export function withCaption(chart: HTMLCanvasElement, lines: readonly string[], theme: ChartTheme): string {
  // The chart is drawn at pixelRatio 2; the heading follows.
  const scale = 2;
  const pad = 12 * scale;
  const first = 16 * scale;
  const rest = 13 * scale;
  const gap = 6 * scale;
  const header = pad + first + (lines.length - 1) * (rest + gap) + pad;
  const canvas = document.createElement('canvas');
  canvas.width = chart.width;
  canvas.height = chart.height + header;
  const ctx = canvas.getContext('2d');
  if (!ctx) return chart.toDataURL('image/png');
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = theme.foreground;
  ctx.textBaseline = 'top';
  let y = pad;
  lines.forEach((line, i) => {
    const size = i === 0 ? first : rest;
    ctx.font = `${i === 0 ? '600 ' : ''}${size}px ${theme.fontFamily}`;
    ctx.fillText(line, pad, y, canvas.width - 2 * pad);
    y += size + gap;
  });
  ctx.drawImage(chart, 0, header);
  return canvas.toDataURL('image/png');
}
