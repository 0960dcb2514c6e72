// Generates the placeholder app icon: a teal rounded square with a white cross. Writes the SVG (favicon
// and source of truth) and PNGs at the sizes electron-builder wants (Linux reads build/icons/NxN.png,
// Windows converts the 256x256 PNG to .ico). No image library needed: shapes are drawn per pixel with 4x4
// supersampling and encoded with node:zlib. Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [0x0b, 0x6e, 0x69];
const WHITE = [0xff, 0xff, 0xff];
const SIZES = [16, 32, 48, 64, 128, 256, 512];
const root = new URL('../', import.meta.url);

const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect x="2" y="2" width="60" height="60" rx="14" fill="#0b6e69"/>
  <path d="M26 14h12v12h12v12H38v12H26V38H14V26h12z" fill="#fff"/>
</svg>
`;

/** Coverage test in a 64-unit design space matching the SVG above. */
function shapeAt(x, y) {
  const inRoundedRect = (() => {
    const [min, max, r] = [2, 62, 14];
    if (x < min || x > max || y < min || y > max) return false;
    const cx = Math.min(Math.max(x, min + r), max - r);
    const cy = Math.min(Math.max(y, min + r), max - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  })();
  if (!inRoundedRect) return 'none';
  const inCross = (x >= 26 && x <= 38 && y >= 14 && y <= 50) || (y >= 26 && y <= 38 && x >= 14 && x <= 50);
  return inCross ? 'cross' : 'bg';
}

function renderRgba(size) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const hit = shapeAt(((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          if (hit === 'none') continue;
          const color = hit === 'cross' ? WHITE : TEAL;
          r += color[0];
          g += color[1];
          b += color[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      // Colour averaged over covered samples (un-premultiplied), alpha from coverage.
      if (a > 0) pixels.set([r / a, g / a, b / a, (255 * a) / samples ** 2].map(Math.round), i);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const iconsDir = new URL('build/icons/', root);
mkdirSync(iconsDir, { recursive: true });
mkdirSync(new URL('renderer/public/', root), { recursive: true });
writeFileSync(new URL('icon.svg', iconsDir), svg);
writeFileSync(new URL('renderer/public/favicon.svg', root), svg);
for (const size of SIZES) {
  const png = encodePng(size, renderRgba(size));
  writeFileSync(new URL(`${size}x${size}.png`, iconsDir), png);
  if (size === 512) writeFileSync(new URL('icon.png', iconsDir), png);
}
console.log(`icons written to ${iconsDir.pathname}`);
