// Number formatting with Intl in VS Code's display language.
import * as assert from 'assert';
import { createFormatter, supportedLocale } from '../../../src/core/dashboard/format';

const UNIT = 'kg CO2e/m²/yr';

describe('dashboard number formatting', () => {
  it('writes figures the English way', () => {
    const f = createFormatter('en', UNIT);
    assert.strictEqual(f.withUnit(12.047), '12.05 kg CO2e/m²/yr');
    assert.strictEqual(f.number(2450), '2,450');
    assert.strictEqual(f.number(-1.6), '-1.6');
    assert.strictEqual(f.number(0.00123), '0.0012');
    assert.strictEqual(f.count(20000), '20,000');
    assert.strictEqual(f.percent(0.875), '88%');
  });

  it('writes figures the Danish way (decimal comma, dot for thousands)', () => {
    const f = createFormatter('da', UNIT);
    assert.strictEqual(f.withUnit(12.4), '12,4 kg CO2e/m²/yr');
    assert.strictEqual(f.number(2450), '2.450');
    assert.strictEqual(f.count(20000), '20.000');
  });

  it('shows a dash for what is not a number', () => {
    const f = createFormatter('en', UNIT);
    assert.strictEqual(f.number(Number.NaN), '—');
    assert.strictEqual(f.withUnit(Number.POSITIVE_INFINITY), '—');
  });

  it('falls back to English for a locale Intl does not know', () => {
    assert.strictEqual(supportedLocale('not a locale!'), 'en');
    assert.strictEqual(supportedLocale(undefined), 'en');
    assert.strictEqual(supportedLocale('da'), 'da');
    assert.strictEqual(createFormatter('not a locale!', UNIT).number(234.5), '234.5');
  });
});
