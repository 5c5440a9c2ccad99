// ECharts with only what the dashboard draws (bar, pie, gauge, treemap; canvas renderer), and the option
// builders for each chart. Tooltips are rich text on canvas, so no service string is ever parsed as HTML.
import * as echarts from 'echarts/core';
import { BarChart, GaugeChart, PieChart, TreemapChart } from 'echarts/charts';
import type { BarSeriesOption, GaugeSeriesOption, PieSeriesOption, TreemapSeriesOption } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import type { GridComponentOption, MarkLineComponentOption, TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { chartText, shortLabel } from '../../core/dashboard/chartText';
import type { FigureFormatter } from '../../core/dashboard/format';
import type { BudgetModel, MappingModel, NamedValue, PhaseRow, TreemapNode } from '../../core/dashboard/viewModel';
import * as l10n from './l10n';
import { isHighContrast, type ChartTheme } from './theme';

echarts.use([BarChart, PieChart, GaugeChart, TreemapChart, GridComponent, TooltipComponent, MarkLineComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<
  BarSeriesOption | PieSeriesOption | GaugeSeriesOption | TreemapSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption
>;

/** The part of ECharts' callback parameters the formatters read. */
interface TooltipParams {
  name?: string;
  seriesName?: string;
  value?: unknown;
  percent?: number;
  data?: unknown;
  /** Treemap: the path from the root to the tile. */
  treePathInfo?: { name: string }[];
}

function base(t: ChartTheme): ChartOption {
  return {
    animation: false,
    color: t.palette,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: t.fontFamily, fontSize: t.fontSize, color: t.foreground },
    tooltip: {
      renderMode: 'richText',
      confine: true,
      backgroundColor: t.background,
      borderColor: t.border,
      textStyle: { color: t.foreground, fontFamily: t.fontFamily, fontSize: t.fontSize },
    },
  };
}

function one(p: TooltipParams | TooltipParams[]): TooltipParams {
  return Array.isArray(p) ? (p[0] ?? {}) : p;
}

/** The theme's tooltip for the item under the pointer, its text written by `text` as canvas rich text. */
function itemTooltip(t: ChartTheme, text: (q: TooltipParams) => string): TooltipComponentOption {
  return { ...base(t).tooltip, trigger: 'item', formatter: (p) => chartText(text(one(p as TooltipParams))) };
}

/** The figures of a value axis, written as the locale writes numbers. */
function valueAxisLabel(t: ChartTheme, fmt: FigureFormatter) {
  return { color: t.foreground, formatter: (v: number) => fmt.number(v) };
}

/** Each bar's figure, beside it. */
function barLabel(t: ChartTheme, fmt: FigureFormatter, position: 'top' | 'right') {
  return { show: true, position, color: t.foreground, formatter: (p: TooltipParams) => fmt.number(Number(p.value)) };
}

function axisStyle(t: ChartTheme) {
  return {
    axisLine: { lineStyle: { color: t.border } },
    axisTick: { lineStyle: { color: t.border } },
    axisLabel: { color: t.foreground, fontFamily: t.fontFamily },
    splitLine: { lineStyle: { color: t.gridLine, opacity: 0.4 } },
  };
}

/** Used vs remaining (or over) against the limit incl. allowances, with the limit without allowances marked. */
export function budgetOption(b: Extract<BudgetModel, { judged: true }>, t: ChartTheme, fmt: FigureFormatter): ChartOption {
  const used = Math.max(0, Math.min(b.used, b.limitTotal));
  const max = Math.max(b.limitTotal, b.used, 0.1) * 1.08;
  // The limit without allowances is labelled below the axis figures, the full limit above the bar, so the two never
  // overlap each other or the axis; the full limit's label ends at its line so it is never cut off at the right.
  const marks: { xAxis: number; name: string; label: { position: 'start' | 'end'; distance?: number; align?: 'right' } }[] = [];
  if (b.limit !== undefined && b.limit !== b.limitTotal) marks.push({ xAxis: b.limit, name: l10n.t('Limit'), label: { position: 'start', distance: 22 } });
  marks.push({ xAxis: b.limitTotal, name: l10n.t('Limit incl. allowances'), label: { position: 'end', align: 'right' } });
  const bar = (name: string, value: number, color: string): BarSeriesOption => ({
    type: 'bar',
    name,
    stack: 'budget',
    data: [value],
    barWidth: 30,
    itemStyle: { color },
  });
  return {
    ...base(t),
    tooltip: itemTooltip(t, (q) => `${q.seriesName}: ${fmt.withUnit(Number(q.value))}`),
    grid: { left: 8, right: 16, top: 30, bottom: 48, containLabel: true },
    xAxis: { type: 'value', min: 0, max, ...axisStyle(t), axisLabel: valueAxisLabel(t, fmt) },
    yAxis: { type: 'category', data: [''], show: false },
    series: [
      {
        ...bar(l10n.t('Used'), used, b.passes ? t.used : t.over),
        markLine: {
          symbol: 'none',
          silent: true,
          data: marks,
          lineStyle: { color: t.foreground, type: 'dashed', width: 1.5 },
          label: { color: t.foreground, formatter: (p: TooltipParams) => `${p.name} ${fmt.number(Number(p.value))}` },
        },
      },
      bar(l10n.t('Remaining'), Math.max(0, b.remaining), t.remaining),
      bar(l10n.t('Over limit'), b.overBy, t.over),
    ],
  };
}

/**
 * Draws a budget chart once, out of sight, and throws it away: ECharts' code, a canvas and the font's metrics are
 * then ready when the first answer comes, which would otherwise pay for them before its first figure is on screen.
 */
export function warmUpChart(t: ChartTheme, fmt: FigureFormatter): void {
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText = 'position:absolute;left:-10000px;top:0;width:600px;height:240px;visibility:hidden';
  document.body.append(box);
  try {
    const chart = echarts.init(box, undefined, { renderer: 'canvas' });
    chart.setOption(budgetOption({ judged: true, used: 8.5, limitTotal: 12, limit: 10, extraAllowance: 2, remaining: 3.5, overBy: 0, passes: true }, t, fmt));
    chart.dispose();
  } finally {
    box.remove();
  }
}

/** Emission per phase; D in its own colour and marked as not counted. */
export function phasesOption(rows: readonly PhaseRow[], t: ChartTheme, fmt: FigureFormatter): ChartOption {
  return {
    ...base(t),
    tooltip: itemTooltip(t, (q) => {
      const row = rows.find((r) => r.label === q.name);
      return `${q.name}: ${fmt.withUnit(Number(q.value))}${row && !row.counted ? ` (${l10n.t('not counted')})` : ''}`;
    }),
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    // Every phase labelled, also in a narrow panel (ECharts would otherwise drop every other label).
    xAxis: { type: 'category', data: rows.map((r) => r.label), ...axisStyle(t), axisLabel: { ...axisStyle(t).axisLabel, interval: 0, hideOverlap: false, fontSize: rows.length > 8 ? Math.max(10, t.fontSize - 2) : t.fontSize } },
    yAxis: { type: 'value', ...axisStyle(t), axisLabel: valueAxisLabel(t, fmt) },
    series: [
      {
        type: 'bar',
        name: 'phase',
        data: rows.map((r) => ({
          value: r.value,
          itemStyle: r.counted ? { color: t.used } : { color: t.notCounted, decal: { symbol: 'rect', dashArrayX: [1, 0], dashArrayY: [2, 4], rotation: -Math.PI / 4, color: t.background } },
        })),
        label: barLabel(t, fmt, 'top'),
      },
    ],
  };
}

/** A ranked horizontal bar chart (per construction: top N plus "others"). */
export function rankedBarOption(entries: readonly NamedValue[], t: ChartTheme, fmt: FigureFormatter): ChartOption {
  const label = (e: NamedValue): string => (e.othersCount !== undefined ? l10n.t('Others ({0})', e.othersCount) : e.name);
  return {
    ...base(t),
    tooltip: itemTooltip(t, (q) => `${q.name}: ${fmt.withUnit(Number(q.value))}`),
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', ...axisStyle(t), axisLabel: valueAxisLabel(t, fmt) },
    yAxis: {
      type: 'category',
      inverse: true,
      data: entries.map(label),
      ...axisStyle(t),
      // A fixed label width that ECharts itself truncates: containLabel alone measured too short and clipped the start.
      axisLabel: { color: t.foreground, formatter: (v: string) => shortLabel(v, 28), width: 170, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        name: 'construction',
        data: entries.map((e) => ({ value: e.value, itemStyle: { color: e.othersCount !== undefined ? t.muted : t.used } })),
        label: barLabel(t, fmt, 'right'),
      },
    ],
  };
}

/** A donut of shares (per model, EPD types); the tooltip's share is written as the locale writes percentages. */
export function donutOption(entries: readonly NamedValue[], t: ChartTheme, fmt: FigureFormatter, value: (v: number) => string): ChartOption {
  return {
    ...base(t),
    // ECharts gives the share as 0…100; the formatter takes 0…1.
    tooltip: itemTooltip(t, (q) => `${q.name}: ${value(Number(q.value))} (${fmt.percent((q.percent ?? 0) / 100)})`),
    series: [
      {
        type: 'pie',
        radius: ['42%', '70%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: t.background, borderWidth: 2 },
        label: { color: t.foreground, formatter: (p: TooltipParams) => `${shortLabel(p.name ?? '', 24)}\n${value(Number(p.value))}` },
        labelLine: { lineStyle: { color: t.border } },
        // A zero share is no slice: ECharts would still draw its label ("Product 0") on the ring.
        data: entries.filter((e) => e.value !== 0).map((e) => ({ name: e.name, value: e.value })),
      },
    ],
  };
}

/** Mapping status as a gauge of the mapped share. */
export function mappingOption(m: MappingModel, t: ChartTheme, fmt: FigureFormatter): ChartOption {
  return {
    ...base(t),
    tooltip: { show: false },
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 100,
        startAngle: 210,
        endAngle: -30,
        radius: '90%',
        progress: { show: true, width: 14, itemStyle: { color: m.share >= 1 ? t.remaining : t.used } },
        axisLine: { lineStyle: { width: 14, color: [[1, t.border]] } },
        axisTick: { show: false },
        splitLine: { show: false },
        axisLabel: { show: false },
        pointer: { show: false },
        title: { show: true, offsetCenter: [0, '32%'], color: t.muted, fontSize: t.fontSize },
        detail: { valueAnimation: false, offsetCenter: [0, '-4%'], color: t.foreground, fontSize: t.fontSize * 1.8, formatter: () => fmt.percent(m.share) },
        data: [{ value: m.share * 100, name: l10n.t('mapped') }],
      },
    ],
  };
}

/**
 * The breakdown as a treemap: two levels at a time, click to drill down, breadcrumb to go back up. Labels are in
 * the theme's foreground with a halo of its background, so they read on any tile colour; in high contrast the
 * tiles are outlined in the theme's contrast border.
 */
export function treemapOption(data: readonly TreemapNode[], t: ChartTheme, fmt: FigureFormatter, rootName: string): ChartOption {
  const hc = isHighContrast(t) && t.contrastBorder !== '';
  const tileBorder = hc ? t.contrastBorder : t.background;
  const labelStyle = { color: t.foreground, textBorderColor: t.background, textBorderWidth: 2 };
  return {
    ...base(t),
    tooltip: itemTooltip(t, (q) => {
      const path = (q.treePathInfo ?? []).slice(1).map((x) => x.name).join(' › ');
      return `${path || q.name}\n${fmt.withUnit(Number(q.value))}`;
    }),
    series: [
      {
        type: 'treemap',
        name: rootName,
        data: data as TreemapSeriesOption['data'],
        leafDepth: 2,
        roam: false,
        nodeClick: 'zoomToNode',
        top: 8,
        left: 4,
        right: 4,
        bottom: 36,
        visibleMin: 200,
        label: { show: true, ...labelStyle, formatter: (p: TooltipParams) => shortLabel(p.name ?? '', 40) },
        upperLabel: { show: true, height: 22, color: t.foreground, formatter: (p: TooltipParams) => shortLabel(p.name ?? '', 60) },
        itemStyle: { borderColor: tileBorder, gapWidth: 1 },
        // The breadcrumb measures each item's text in the font it is given: the same family and size as drawn, or the
        // items overlap. Long names are cut (the tooltip of a tile has the whole path).
        breadcrumb: {
          show: true,
          bottom: 4,
          height: 22,
          emptyItemWidth: 40,
          itemStyle: { color: t.background, borderColor: hc ? t.contrastBorder : t.border, textStyle: { color: t.foreground, fontFamily: t.fontFamily, fontSize: 12, width: 160, overflow: 'truncate' } },
          emphasis: { itemStyle: { color: hc ? t.background : t.border, borderColor: hc ? t.focus : t.border, textStyle: { color: t.foreground, fontFamily: t.fontFamily, fontSize: 12 } } },
        },
        levels: [
          { itemStyle: { borderColor: t.border, borderWidth: 0, gapWidth: 3 }, upperLabel: { show: false } },
          { color: t.palette, itemStyle: { borderColor: tileBorder, borderWidth: hc ? 2 : 3, gapWidth: 1 }, upperLabel: { backgroundColor: t.background } },
          { itemStyle: { borderColor: tileBorder, borderWidth: hc ? 1 : 2, gapWidth: 1 }, colorSaturation: [0.35, 0.6] },
        ],
      },
    ],
  };
}

/** One chart per container; options are rebuilt (not patched) so a theme change recolours everything. */
export class ChartSet<Id extends string> {
  private readonly charts = new Map<Id, echarts.ECharts>();
  private readonly builders = new Map<Id, () => ChartOption>();
  private readonly resizeObserver = new ResizeObserver((entries) => {
    for (const e of entries) {
      const id = (e.target as HTMLElement).dataset.chart as Id | undefined;
      if (id) this.charts.get(id)?.resize();
    }
  });

  /** Draws (or redraws) a chart; `onPainted` runs once, when this drawing is on screen. */
  render(id: Id, container: HTMLElement, build: () => ChartOption, onPainted?: () => void): void {
    let chart = this.charts.get(id);
    if (chart && chart.getDom() !== container) {
      chart.dispose();
      chart = undefined;
    }
    if (!chart) {
      chart = echarts.init(container, undefined, { renderer: 'canvas' });
      container.dataset.chart = id;
      this.resizeObserver.observe(container);
      this.charts.set(id, chart);
    }
    this.builders.set(id, build);
    if (onPainted) {
      const c = chart;
      const painted = (): void => {
        c.off('finished', painted);
        onPainted();
      };
      c.on('finished', painted);
    }
    chart.setOption(build(), { notMerge: true });
  }

  rerender(): void {
    for (const [id, build] of this.builders) this.charts.get(id)?.setOption(build(), { notMerge: true });
  }

  has(id: Id): boolean {
    return this.charts.has(id);
  }

  on(id: Id, event: 'click', handler: (params: { data?: unknown; name?: string }) => void): void {
    const chart = this.charts.get(id);
    chart?.off(event);
    chart?.on(event, (p: unknown) => {
      // A click that drills down (treemap) or opens something moves the tile from under the pointer: no tooltip stays.
      chart.dispatchAction({ type: 'hideTip' });
      handler(p as { data?: unknown; name?: string });
    });
  }

  /** A chart drawn on a canvas at twice its size, on the given background (for a saved picture). */
  canvas(id: Id, background: string): HTMLCanvasElement | undefined {
    return this.charts.get(id)?.renderToCanvas({ pixelRatio: 2, backgroundColor: background });
  }

  dispose(id?: Id): void {
    for (const [key, chart] of this.charts) {
      if (id !== undefined && key !== id) continue;
      this.resizeObserver.unobserve(chart.getDom());
      chart.dispose();
      this.charts.delete(key);
      this.builders.delete(key);
    }
  }
}
