// Dates, placeholders, language and number locale as the extension writes them (src/extension/l10nFormat.ts).
import * as assert from 'assert';
import { chooseLanguage, chooseLocale, fill, formatDateIn, formatDayIn } from '../../../src/extension/l10nFormat';

describe('l10n: dates, placeholders and the chosen language', () => {
  it('writes a moment as "2. jun. 2025 11:30" in Danish and "2 Jun 2025 11:30" in English, never ISO', () => {
    assert.strictEqual(formatDateIn('da', '2025-06-02T11:30:00.000Z', 'UTC'), '2. jun. 2025 11:30');
    assert.strictEqual(formatDateIn('en', '2025-06-02T11:30:00.000Z', 'UTC'), '2 Jun 2025 11:30');
    assert.strictEqual(formatDateIn('da', '2025-05-17T08:05:00Z', 'Europe/Copenhagen'), '17. maj 2025 10:05');
    assert.strictEqual(formatDateIn('en', new Date(Date.UTC(2024, 8, 30, 23, 59)), 'UTC'), '30 Sep 2024 23:59');
  });

  it('writes a calendar day as "2. jun. 2025" in Danish and "2 Jun 2025" in English, the same day wherever it is read', () => {
    assert.strictEqual(formatDayIn('da', '2025-06-02', 'UTC'), '2. jun. 2025');
    assert.strictEqual(formatDayIn('en', new Date('2025-06-02T00:00:00Z'), 'UTC'), '2 Jun 2025');
    assert.strictEqual(formatDayIn('da', '2030-12-31T00:00:00Z', 'UTC'), '31. dec. 2030');
    assert.strictEqual(formatDayIn('en', 'soon'), 'soon');
  });

  it('leaves text that is not a date as it is and writes a dash for nothing', () => {
    assert.strictEqual(formatDateIn('da', 'i morgen'), 'i morgen');
    assert.strictEqual(formatDateIn('en', ''), '—');
    assert.strictEqual(formatDateIn('en', undefined), '—');
  });

  it('fills numbered placeholders and leaves one without an argument visible', () => {
    assert.strictEqual(fill('{1} af {0}', [10, 3]), '3 af 10');
    assert.strictEqual(fill('{0} og {2}', ['a']), 'a og {2}');
  });

  it('follows lca.language, and VS Code\'s display language on auto', () => {
    assert.strictEqual(chooseLanguage('da', 'en'), 'da');
    assert.strictEqual(chooseLanguage('en', 'da'), 'en');
    assert.strictEqual(chooseLanguage('auto', 'da'), 'da');
    assert.strictEqual(chooseLanguage('auto', 'en-us'), 'en');
    assert.strictEqual(chooseLanguage(42, 'da-DK'), 'da');
  });

  it('takes lca.numberFormat when it is a locale, else the language\'s own', () => {
    assert.strictEqual(chooseLocale('auto', 'da'), 'da-DK');
    assert.strictEqual(chooseLocale('auto', 'en'), 'en');
    assert.strictEqual(chooseLocale('de-DE', 'en'), 'de-DE');
    assert.strictEqual(chooseLocale('not a locale!', 'da'), 'da-DK');
  });
});
