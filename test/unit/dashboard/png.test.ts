// Text inside a saved chart PNG (src/core/dashboard/png.ts): iTXt written after the header, read back, CRCs valid.
import * as assert from 'assert';
import { inflateSync } from 'zlib';
import { pngSize, pngText, withPngText } from '../../../src/core/dashboard/png';

/** A 1×1 PNG made by hand (IHDR, IDAT, IEND). */
const ONE_PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('dashboard: text in a saved chart PNG', () => {
  it('writes UTF-8 titles that read back, keeps the image and its size', () => {
    const out = withPngText(new Uint8Array(ONE_PIXEL), { Title: 'Skolen ved Søen — Emission per phase · kg CO2e/m²/yr' });
    assert.deepStrictEqual(pngText(out), { Title: 'Skolen ved Søen — Emission per phase · kg CO2e/m²/yr' });
    assert.deepStrictEqual(pngSize(out), { width: 1, height: 1 });
    // The image data is untouched: the IDAT chunk still inflates.
    const idat = Buffer.from(out).indexOf('IDAT');
    const length = Buffer.from(out).readUInt32BE(idat - 4);
    assert.ok(inflateSync(Buffer.from(out.subarray(idat + 4, idat + 4 + length))).length > 0);
  });

  it('leaves bytes that are not a PNG alone', () => {
    const junk = new Uint8Array([1, 2, 3]);
    assert.strictEqual(withPngText(junk, { Title: 'x' }), junk);
    assert.deepStrictEqual(pngText(junk), {});
  });
});
