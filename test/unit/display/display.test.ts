// Figures and dates in trees and tooltips (src/core/display.ts): one rounding per kind of figure.
import * as assert from 'assert';
import { formatArea, formatDateTime, formatFigure } from '../../../src/core/display';

describe('display: areas, figures and dates as people read them', () => {
  it('writes an area in whole square metres with grouping, the same for a number and its text', () => {
    assert.strictEqual(formatArea(6052.5, 'en'), '6,053 m²');
    assert.strictEqual(formatArea('6052.5', 'en'), '6,053 m²');
    assert.strictEqual(formatArea(6052.4, 'da').replace(/\s/g, ' '), '6.052 m²');
    assert.strictEqual(formatArea(undefined, 'en'), '—');
  });

  it('writes a figure with at most one decimal in the locale', () => {
    assert.strictEqual(formatFigure(12, 'en'), '12');
    assert.strictEqual(formatFigure('7.45', 'da'), '7,5');
    assert.strictEqual(formatFigure(null, 'en'), '—');
  });

  it('writes an ISO time stamp as a date and time, and leaves text that is not one alone', () => {
    assert.strictEqual(formatDateTime('2025-01-20T14:05:00.000Z', 'en-GB', 'UTC'), '20 Jan 2025, 14:05');
    assert.strictEqual(formatDateTime('soon', 'en'), 'soon');
    assert.strictEqual(formatDateTime(undefined, 'en'), '—');
  });
});
