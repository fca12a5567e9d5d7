// Draws Tessera's icons and 512×512 social image as PNG files (no dependencies, no downloads).
// Run from apps/web: node scripts/generate-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const publicDir = join(here, '..', 'public');

const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
const C = {
  moss900: hex('#1b3529'),
  moss700: hex('#2f5d46'),
  moss500: hex('#4f8766'),
  clay500: hex('#c2643b'),
  ochre400: hex('#d9a441'),
  sand50: hex('#fbf8f2'),
  sand200: hex('#e8dfcf'),
};

// The same tiles as app/ui/Logo.tsx.
const MARK = [
  [C.moss700, C.clay500, C.ochre400],
  [C.ochre400, C.moss700, C.moss500],
  [C.moss500, C.clay500, C.moss700],
];

/** An RGBA canvas with anti-aliased rounded rectangles (4×4 supersampling per pixel). */
function canvas(size, background) {
  const px = new Float64Array(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    px.set(background ? [...background, 255] : [0, 0, 0, 0], i * 4);
  }
  function coverage(x, y, r) {
    // r = {x0, y0, x1, y1, radius}
    let inside = 0;
    for (let sy = 0; sy < 4; sy++) {
      for (let sx = 0; sx < 4; sx++) {
        const px_ = x + (sx + 0.5) / 4;
        const py_ = y + (sy + 0.5) / 4;
        if (px_ < r.x0 || px_ > r.x1 || py_ < r.y0 || py_ > r.y1) continue;
        const cx = Math.min(Math.max(px_, r.x0 + r.radius), r.x1 - r.radius);
        const cy = Math.min(Math.max(py_, r.y0 + r.radius), r.y1 - r.radius);
        if ((px_ - cx) ** 2 + (py_ - cy) ** 2 <= r.radius ** 2) inside++;
      }
    }
    return inside / 16;
  }
  return {
    size,
    rect(x0, y0, w, h, radius, rgb, alpha = 1) {
      const r = { x0, y0, x1: x0 + w, y1: y0 + h, radius };
      for (let y = Math.floor(y0); y < Math.ceil(y0 + h); y++) {
        for (let x = Math.floor(x0); x < Math.ceil(x0 + w); x++) {
          if (x < 0 || y < 0 || x >= size || y >= size) continue;
          const a = coverage(x, y, r) * alpha;
          if (a <= 0) continue;
          const i = (y * size + x) * 4;
          const da = px[i + 3] / 255;
          const outA = a + da * (1 - a);
          for (let c = 0; c < 3; c++) {
            px[i + c] = outA === 0 ? 0 : (rgb[c] * a + px[i + c] * da * (1 - a)) / outA;
          }
          px[i + 3] = outA * 255;
        }
      }
    },
    png() {
      const raw = Buffer.alloc(size * (size * 4 + 1));
      for (let y = 0; y < size; y++) {
        raw[y * (size * 4 + 1)] = 0;
        for (let x = 0; x < size * 4; x++) raw[y * (size * 4 + 1) + 1 + x] = Math.round(px[y * size * 4 + x]);
      }
      return encodePng(size, size, raw);
    },
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function encodePng(width, height, raw) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Draws the 3×3 mark with its top-left corner at (x, y) and the given outer size. */
function drawMark(cv, x, y, outer) {
  const gap = outer * 0.06;
  const tile = (outer - 2 * gap) / 3;
  MARK.forEach((row, r) =>
    row.forEach((rgb, c) => cv.rect(x + c * (tile + gap), y + r * (tile + gap), tile, tile, tile * 0.2, rgb)),
  );
}

// A 5×7 tile alphabet for the mosaic wordmark of the social image.
const GLYPHS = {
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  S: ['.####', '#....', '#....', '.###.', '....#', '....#', '####.'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
};

function drawWord(cv, word, centerX, top, cell, rgb) {
  const cols = word.length * 5 + (word.length - 1);
  const left = centerX - (cols * cell) / 2;
  [...word].forEach((letter, i) => {
    GLYPHS[letter].forEach((line, row) =>
      [...line].forEach((mark, col) => {
        if (mark !== '#') return;
        const x = left + (i * 6 + col) * cell;
        cv.rect(x + cell * 0.08, top + row * cell + cell * 0.08, cell * 0.84, cell * 0.84, cell * 0.2, rgb);
      }),
    );
  });
}

function write(path, buffer) {
  const target = join(publicDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, buffer);
  console.log(`wrote ${path} (${buffer.length} bytes)`);
}

// App icons: the mark on a sand tile with rounded corners.
for (const size of [192, 512]) {
  const cv = canvas(size, null);
  cv.rect(0, 0, size, size, size * 0.22, C.sand50);
  drawMark(cv, size * 0.16, size * 0.16, size * 0.68);
  write(`icons/icon-${size}.png`, cv.png());
}

// Maskable icon: full bleed, the mark inside the 80% safe zone.
{
  const size = 512;
  const cv = canvas(size, C.sand50);
  drawMark(cv, size * 0.25, size * 0.25, size * 0.5);
  write('icons/maskable-512.png', cv.png());
}

// Apple touch icon: opaque, 180×180.
{
  const size = 180;
  const cv = canvas(size, C.sand50);
  drawMark(cv, size * 0.18, size * 0.18, size * 0.64);
  write('icons/apple-touch-icon.png', cv.png());
}

// Social preview image: 512×512, the mark above a tiled wordmark on deep moss.
{
  const size = 512;
  const cv = canvas(size, C.moss900);
  drawMark(cv, (size - 250) / 2, 62, 250);
  drawWord(cv, 'TESSERA', size / 2, 372, 9.5, C.sand200);
  cv.rect(size / 2 - 40, 462, 80, 6, 3, C.ochre400);
  write('icons/social-512.png', cv.png());
}
