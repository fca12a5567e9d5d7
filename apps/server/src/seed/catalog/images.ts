import sharp from 'sharp';
import { COLOURS, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_THUMB_SIZE, type Colour } from '@tessera/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UploadsService } from '../../modules/uploads/index.js';

/**
 * Catalog pictures drawn here rather than downloaded (no network at seed time): an SVG per
 * category and colour, a pattern and a simple motif, rendered by sharp into the same files the
 * seller upload produces (WebP within the product image limits, a JPEG fallback, a 100 px square
 * thumbnail). A handful are made and shared across products, so the seed stays fast.
 */
export interface SeedImage {
  webpId: string;
  fallbackId: string;
  thumbId: string;
  width: number;
  height: number;
}

const SIZE = 640;

const hexOf = (colour: Colour): string => {
  const value: string = COLOURS[colour];
  return value.startsWith('#') ? value : '#c2603b';
};

function mix(hex: string, other: string, amount: number): string {
  const parse = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const [a, b] = [parse(hex), parse(other)];
  return `#${a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * amount).toString(16).padStart(2, '0')).join('')}`;
}

/** A recognisable shape per category, drawn in the centre of a 720-unit square. */
function motif(category: string, ink: string, light: string): string {
  const c = 360;
  switch (category) {
    case 'textiles':
      return `<rect x="170" y="200" width="380" height="320" rx="12" fill="${ink}"/>${[0, 1, 2, 3, 4].map((i) => `<rect x="170" y="${230 + i * 60}" width="380" height="18" fill="${light}"/>`).join('')}`;
    case 'home-decor':
      return `<path d="M300 180 h120 v40 c80 40 110 120 90 200 c-20 80 -70 120 -150 120 c-80 0 -130 -40 -150 -120 c-20 -80 10 -160 90 -200z" fill="${ink}"/><circle cx="${c}" cy="400" r="40" fill="${light}"/>`;
    case 'furniture':
      return `<rect x="190" y="260" width="340" height="40" rx="8" fill="${ink}"/><rect x="210" y="300" width="30" height="220" fill="${ink}"/><rect x="480" y="300" width="30" height="220" fill="${ink}"/><rect x="240" y="420" width="240" height="20" fill="${light}"/>`;
    case 'tableware-ceramics':
      return `<circle cx="${c}" cy="${c}" r="190" fill="${ink}"/><circle cx="${c}" cy="${c}" r="140" fill="${light}"/><circle cx="${c}" cy="${c}" r="90" fill="${ink}" opacity="0.6"/>`;
    case 'baskets-storage':
      return `<path d="M200 300 h320 l-40 230 h-240z" fill="${ink}"/>${[0, 1, 2, 3].map((i) => `<rect x="${215 + i * 8}" y="${330 + i * 50}" width="${290 - i * 16}" height="14" fill="${light}"/>`).join('')}<path d="M260 300 c0 -120 200 -120 200 0" stroke="${ink}" stroke-width="18" fill="none"/>`;
    case 'rugs-carpets':
      return `<rect x="150" y="170" width="420" height="380" fill="${ink}"/><rect x="180" y="200" width="360" height="320" fill="none" stroke="${light}" stroke-width="10"/><path d="M${c} 230 l100 130 l-100 130 l-100 -130z" fill="${light}"/><path d="M${c} 290 l50 70 l-50 70 l-50 -70z" fill="${ink}"/>`;
    case 'lighting':
      return `<rect x="355" y="90" width="10" height="130" fill="${ink}"/><path d="M220 380 c0 -110 60 -160 140 -160 s140 50 140 160z" fill="${ink}"/><circle cx="${c}" cy="420" r="45" fill="${light}"/>`;
    case 'jewellery':
      return `<circle cx="300" cy="340" r="110" fill="none" stroke="${ink}" stroke-width="26"/><circle cx="430" cy="390" r="90" fill="none" stroke="${ink}" stroke-width="20"/><circle cx="300" cy="230" r="22" fill="${light}"/>`;
    case 'bags-accessories':
      return `<path d="M270 260 c0 -110 180 -110 180 0" stroke="${ink}" stroke-width="20" fill="none"/><rect x="200" y="260" width="320" height="270" rx="30" fill="${ink}"/><rect x="200" y="330" width="320" height="20" fill="${light}"/>`;
    case 'apparel':
      return `<path d="M280 170 l-120 60 l40 90 l50 -25 v235 h220 v-235 l50 25 l40 -90 l-120 -60 c-20 40 -140 40 -160 0z" fill="${ink}"/><rect x="300" y="300" width="120" height="14" fill="${light}"/>`;
    case 'stationery-paper':
      return `<rect x="230" y="170" width="270" height="360" rx="10" fill="${ink}"/><rect x="230" y="170" width="34" height="360" fill="${light}"/>${[0, 1, 2].map((i) => `<rect x="300" y="${250 + i * 40}" width="150" height="10" fill="${light}"/>`).join('')}`;
    default:
      return `<rect x="290" y="260" width="140" height="250" rx="16" fill="${ink}"/><path d="M${c} 180 c30 40 20 70 0 80 c-20 -10 -30 -40 0 -80z" fill="${light}"/>`;
  }
}

/** The SVG of one picture: background, a pattern that differs per variant, the category's motif. */
export function productSvg(category: string, colour: Colour, variant: number): string {
  const base = hexOf(colour);
  const background = mix(base, '#ffffff', 0.82);
  const pattern = mix(base, '#ffffff', 0.6);
  const ink = mix(base, '#000000', colour === 'white' || colour === 'natural' ? 0.45 : 0.1);
  const light = mix(base, '#ffffff', 0.9);
  const patterns = [
    `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="5" fill="${pattern}"/></pattern>`,
    // No patternTransform: librsvg renders a rotated pattern some fifty times slower.
    `<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse"><path d="M0 48 L48 0 M-12 12 L12 -12 M36 60 L60 36" stroke="${pattern}" stroke-width="10"/></pattern>`,
    `<pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M0 30 L30 0 L60 30 L30 60z" fill="none" stroke="${pattern}" stroke-width="4"/></pattern>`,
    `<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="${pattern}"/><rect x="18" y="18" width="18" height="18" fill="${pattern}"/></pattern>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${patterns[variant % patterns.length]}</defs><rect width="100%" height="100%" fill="${background}"/><rect width="100%" height="100%" fill="url(#p)"/>${colour === 'multicolour' ? `<rect y="620" width="${SIZE}" height="100" fill="#3f7d4e"/><rect y="660" width="${SIZE}" height="60" fill="#2f5fa7"/>` : ''}<g transform="scale(${SIZE / 720})">${motif(category, ink, light)}</g></svg>`;
}

/** A wide picture for banners: stripes in the colours given, one motif. */
export function bannerSvg(category: string, colours: Colour[], width: number, height: number): string {
  const stripes = colours.map((c, i) => `<rect x="${(i * width) / colours.length}" width="${width / colours.length + 1}" height="${height}" fill="${mix(hexOf(c), '#ffffff', 0.55)}"/>`).join('');
  const first = hexOf(colours[0] ?? 'natural');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stripes}<g transform="translate(${width - height - 40} 0) scale(${height / 720})">${motif(category, mix(first, '#000000', 0.3), mix(first, '#ffffff', 0.9))}</g></svg>`;
}

export interface ImageSaver {
  uploads: UploadsService;
  ownerId: string;
  trx?: Transaction<Database>;
}

/** Renders one product picture into its three files and stores them as public uploads. */
export async function saveProductImage(saver: ImageSaver, svg: string): Promise<SeedImage> {
  // Rendered once; the three encodings start from the same pixels (an SVG render costs more than an encode).
  const { data, info } = await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).raw().toBuffer({ resolveWithObject: true });
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [webp, jpeg, thumb] = await Promise.all([
    pixels().webp({ quality: 78, effort: 1 }).toBuffer(),
    pixels().jpeg({ quality: 80 }).toBuffer(),
    pixels().resize(PRODUCT_THUMB_SIZE, PRODUCT_THUMB_SIZE, { fit: 'cover' }).webp({ quality: 70, effort: 1 }).toBuffer(),
  ]);
  const save = (data: Buffer, name: string) =>
    saver.uploads.save({ ownerId: saver.ownerId, purpose: 'product-image', data, originalName: name, accept: ['image'], maxBytes: PRODUCT_IMAGE_MAX_BYTES, public: true, trx: saver.trx });
  const [w, f, t] = await Promise.all([save(webp, 'product.webp'), save(jpeg, 'product.jpg'), save(thumb, 'thumb.webp')]);
  return { webpId: w.id, fallbackId: f.id, thumbId: t.id, width: SIZE, height: SIZE };
}

/** One public WebP of an SVG at its own size (banners, store logos). */
export async function savePublicWebp(saver: ImageSaver, svg: string, purpose: string, resize?: number): Promise<string> {
  let image = sharp(Buffer.from(svg));
  if (resize) image = image.resize(resize, resize, { fit: 'cover' });
  const data = await image.webp({ quality: 78, effort: 1 }).toBuffer();
  const saved = await saver.uploads.save({ ownerId: saver.ownerId, purpose, data, originalName: `${purpose}.webp`, accept: ['image'], maxBytes: PRODUCT_IMAGE_MAX_BYTES, public: true, trx: saver.trx });
  return saved.id;
}
