// The chart option builders the dashboard webview draws with: what their tooltips say, in the display language.
import * as assert from 'assert';
import { createFormatter } from '../../../src/core/dashboard/format';
import { donutOption, phasesOption } from '../../../src/webview/dashboard/charts';
import type { ChartTheme } from '../../../src/webview/dashboard/theme';

/** Default Dark Modern's colours, as readTheme would read them. */
const THEME: ChartTheme = {
  kind: 'dark',
  foreground: '#cccccc',
  muted: '#9d9d9d',
  background: '#1f1f1f',
  border: '#313131',
  gridLine: '#cccccc',
  fontFamily: 'system-ui, sans-serif',
  fontSize: 13,
  palette: ['#3794ff', '#d18616', '#89d185', '#b180d7'],
  used: '#3794ff',
  remaining: '#89d185',
  over: '#f14c4c',
  notCounted: '#b180d7',
  focus: '#0078d4',
  contrastBorder: '',
};

const ENTRIES = [
  { name: 'Arkitektur', value: 234.5 },
  { name: 'Konstruktion', value: 8642.25 },
];

/** The donut's tooltip text for one slice, as ECharts calls its formatter (percent is 0…100). */
function donutTooltip(locale: string, slice: { name: string; value: number; percent: number }): string {
  const fmt = createFormatter(locale, 'kg CO2e/m²/yr');
  const option = donutOption(ENTRIES, THEME, fmt, (v) => fmt.number(v));
  const tooltip = option.tooltip as { formatter: (p: unknown) => string };
  return tooltip.formatter(slice);
}

describe('dashboard charts: donut tooltip', () => {
  it('writes the value and the share the Danish way (decimal comma, dot for thousands, "3 %")', () => {
    assert.strictEqual(donutTooltip('da', { name: 'Arkitektur', value: 234.5, percent: 2.6 }), 'Arkitektur: 234,5 (3\u00a0%)');
    assert.strictEqual(donutTooltip('da', { name: 'Konstruktion', value: 8642.25, percent: 87.5 }), 'Konstruktion: 8.642 (88\u00a0%)');
  });

  it('writes the share the English way ("3%"), not with a hand-made " %"', () => {
    assert.strictEqual(donutTooltip('en', { name: 'Arkitektur', value: 234.5, percent: 2.6 }), 'Arkitektur: 234.5 (3%)');
  });
});

describe('dashboard charts: what is drawn', () => {
  const fmt = createFormatter('en', 'kg CO2e/m²/yr');

  it('draws no slice for an EPD type with no elements (no "Product 0" on the ring)', () => {
    const option = donutOption([{ name: 'Generic', value: 12 }, { name: 'Product', value: 0 }, { name: 'Industry', value: 5 }], THEME, fmt, (v) => fmt.count(v));
    const data = (option.series as { data: { name: string; value: number }[] }[])[0].data;
    assert.deepStrictEqual(data.map((d) => d.name), ['Generic', 'Industry']);
  });

  it('labels every phase of the phase chart, also when the panel is narrow', () => {
    const rows = ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D'].map((p, i) => ({ phase: p, label: p, value: i, counted: p !== 'D' }));
    const option = phasesOption(rows as never, THEME, fmt);
    const axis = option.xAxis as { data: string[]; axisLabel: { interval: number } };
    assert.deepStrictEqual(axis.data, ['A1A3', 'A4', 'A5', 'B4', 'B6', 'C3', 'C4', 'D']);
    assert.strictEqual(axis.axisLabel.interval, 0, 'interval 0: no label is skipped');
  });
});
