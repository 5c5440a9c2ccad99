// Draws media/icon.png (128×128): a white building with a green leaf on a teal rounded square.
// Plain Node + zlib, anti-aliased by 4×4 supersampling; run `node scripts/make-icon.js` to regenerate.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const SIZE = 128;
const SS = 4;

const TEAL = [18, 110, 130];
const WHITE = [255, 255, 255];
const WINDOW = [18, 110, 130];
const LEAF = [120, 200, 80];
const VEIN = [40, 120, 40];

function inRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function inRect(x, y, x0, y0, x1, y1) {
  return x >= x0 && x <= x1 && y >= y0 && y <= y1;
}

/** A leaf: the intersection of two discs, tilted 45°, centred at (cx, cy). */
function inLeaf(x, y, cx, cy, len) {
  const a = Math.PI / 4;
  const u = (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a);
  const v = -(x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
  const r = len * 0.62;
  const off = r - len * 0.26;
  return u * u + (v - off) ** 2 <= r * r && u * u + (v + off) ** 2 <= r * r && Math.abs(u) <= len / 2;
}

function onVein(x, y, cx, cy, len) {
  const a = Math.PI / 4;
  const u = (x - cx) * Math.cos(a) + (y - cy) * Math.sin(a);
  const v = -(x - cx) * Math.sin(a) + (y - cy) * Math.cos(a);
  return Math.abs(v) < 1.1 && Math.abs(u) < len * 0.42;
}

/** Colour at a point, or null for transparent. Later layers paint over earlier ones. */
function colourAt(x, y) {
  if (!inRoundedRect(x, y, 4, 4, 124, 124, 24)) return null;
  let c = TEAL;
  // Ground line and two blocks of a building.
  if (inRect(x, y, 22, 100, 106, 105)) c = WHITE;
  if (inRect(x, y, 28, 52, 56, 100)) c = WHITE;
  if (inRect(x, y, 56, 28, 86, 100)) c = WHITE;
  for (const [wx, wy] of [[34, 60], [44, 60], [34, 72], [44, 72], [34, 84], [44, 84]]) if (inRect(x, y, wx, wy, wx + 6, wy + 7)) c = WINDOW;
  for (const [wx, wy] of [[62, 36], [74, 36], [62, 50], [74, 50], [62, 64], [74, 64], [62, 78], [74, 78]]) if (inRect(x, y, wx, wy, wx + 7, wy + 8)) c = WINDOW;
  if (inRect(x, y, 66, 88, 77, 100)) c = WINDOW;
  // The leaf: the "life cycle" part of LCA, overlapping the building's right side.
  if (inLeaf(x, y, 96, 74, 40)) c = onVein(x, y, 96, 74, 40) ? VEIN : LEAF;
  return c;
}

function render() {
  const rgba = Buffer.alloc(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = colourAt(px + (sx + 0.5) / SS, py + (sy + 0.5) / SS);
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a++;
        }
      }
      const i = (py * SIZE + px) * 4;
      if (a) {
        rgba[i] = Math.round(r / a);
        rgba[i + 1] = Math.round(g / a);
        rgba[i + 2] = Math.round(b / a);
      }
      rgba[i + 3] = Math.round((255 * a) / (SS * SS));
    }
  }
  return rgba;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(rgba, width, height) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.join(__dirname, '..', 'media', 'icon.png');
fs.writeFileSync(out, encodePng(render(), SIZE, SIZE));
console.log(`wrote ${path.relative(process.cwd(), out)}`);
