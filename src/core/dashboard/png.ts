// Text inside a PNG (iTXt chunks, UTF-8): a saved chart names its project, chart and unit in its metadata too, so
// file browsers and image tools show what it is. Pure byte work, no image decoding.

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 33 && SIGNATURE.every((b, i) => bytes[i] === b);
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  const typeAndData = out.subarray(4, 8 + data.length);
  typeAndData.set(new TextEncoder().encode(type), 0);
  typeAndData.set(data, 4);
  view.setUint32(8 + data.length, crc32(typeAndData));
  return out;
}

/** The PNG with one uncompressed iTXt chunk per entry (keyword → UTF-8 text) right after its header chunk. */
export function withPngText(png: Uint8Array, entries: Readonly<Record<string, string>>): Uint8Array {
  if (!isPng(png)) return png;
  const enc = new TextEncoder();
  const chunks = Object.entries(entries).map(([keyword, text]) => {
    // keyword \0, compression flag 0, method 0, language tag "" \0, translated keyword "" \0, text
    const k = enc.encode(keyword.slice(0, 79));
    const t = enc.encode(text);
    const data = new Uint8Array(k.length + 5 + t.length);
    data.set(k, 0);
    data.set(t, k.length + 5);
    return chunk('iTXt', data);
  });
  const ihdrEnd = 8 + 12 + new DataView(png.buffer, png.byteOffset).getUint32(8);
  const total = png.length + chunks.reduce((s, c) => s + c.length, 0);
  const out = new Uint8Array(total);
  out.set(png.subarray(0, ihdrEnd), 0);
  let at = ihdrEnd;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  out.set(png.subarray(ihdrEnd), at);
  return out;
}

/** The iTXt and tEXt entries of a PNG (keyword → text). */
export function pngText(png: Uint8Array): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isPng(png)) return out;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const dec = new TextDecoder();
  for (let at = 8; at + 12 <= png.length; ) {
    const length = view.getUint32(at);
    const type = dec.decode(png.subarray(at + 4, at + 8));
    const data = png.subarray(at + 8, at + 8 + length);
    const zero = data.indexOf(0);
    if (zero > 0 && type === 'tEXt') out[dec.decode(data.subarray(0, zero))] = new TextDecoder('latin1').decode(data.subarray(zero + 1));
    if (zero > 0 && type === 'iTXt' && data[zero + 1] === 0) {
      const lang = data.indexOf(0, zero + 3);
      const translated = lang >= 0 ? data.indexOf(0, lang + 1) : -1;
      if (translated >= 0) out[dec.decode(data.subarray(0, zero))] = dec.decode(data.subarray(translated + 1));
    }
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return out;
}

/** Width and height of a PNG from its header. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  if (!isPng(png)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
