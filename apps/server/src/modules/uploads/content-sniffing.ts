/**
 * What a file is, told from its first bytes ("magic bytes"), never from its name or the type the
 * client declared (DESIGN §5: uploads are checked by content, not by name).
 *
 * Only formats that a browser shows without running anything are recognised. SVG is deliberately
 * not an image here: it is XML that can carry scripts, so it sniffs as unknown like any text.
 */

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | 'image/avif' | 'application/pdf';

/** The kinds of file a caller can accept, and the types each covers. */
export const ACCEPTED_TYPES = {
  image: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
  pdf: ['application/pdf'],
} as const satisfies Record<string, readonly SniffedType[]>;

export type UploadKind = keyof typeof ACCEPTED_TYPES;

/** The usual file extension of each type (the first is the one given to a renamed file). */
export const EXTENSIONS: Record<SniffedType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif'],
  'application/pdf': ['pdf'],
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(data: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  if (data.length < offset + bytes.length) return false;
  return bytes.every((byte, i) => data[offset + i] === byte);
}

function ascii(data: Uint8Array, offset: number, length: number): string {
  if (data.length < offset + length) return '';
  return String.fromCharCode(...data.subarray(offset, offset + length));
}

/**
 * AVIF is an ISO-BMFF file whose first box is `ftyp` naming the brand `avif` (still image) or `avis`
 * (image sequence), as major brand or among the compatible brands. HEIC and MP4 share the box
 * structure but not the brands, so they stay unknown.
 */
function isAvif(data: Uint8Array): boolean {
  if (ascii(data, 4, 4) !== 'ftyp') return false;
  const boxSize = ((data[0] ?? 0) << 24) | ((data[1] ?? 0) << 16) | ((data[2] ?? 0) << 8) | (data[3] ?? 0);
  // size, 'ftyp', major brand, minor version, then four-byte compatible brands.
  if (boxSize < 16 || boxSize > data.length || boxSize % 4 !== 0) return false;
  const brands = [ascii(data, 8, 4)];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(ascii(data, offset, 4));
  return brands.some((brand) => brand === 'avif' || brand === 'avis');
}

/** The type the bytes are, or undefined when they are none of the accepted formats. */
export function sniffContentType(data: Uint8Array): SniffedType | undefined {
  // PNG: the eight-byte signature, then the IHDR chunk that every PNG starts with.
  if (startsWith(data, PNG_SIGNATURE) && ascii(data, 12, 4) === 'IHDR') return 'image/png';
  // JPEG: start-of-image marker followed by another marker.
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(data, 0, 6) === 'GIF87a' || ascii(data, 0, 6) === 'GIF89a') return 'image/gif';
  // WebP: a RIFF container of form WEBP whose first chunk is lossy, lossless or extended.
  if (ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 4) === 'WEBP' && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(data, 12, 4))) {
    return 'image/webp';
  }
  if (isAvif(data)) return 'image/avif';
  // PDF: the header must open the file; a header further in is how polyglot files hide one.
  if (ascii(data, 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

/** Whether a sniffed type is one of the kinds the caller accepts. */
export function isAccepted(type: SniffedType | undefined, accept: readonly UploadKind[]): type is SniffedType {
  return type !== undefined && accept.some((kind) => (ACCEPTED_TYPES[kind] as readonly SniffedType[]).includes(type));
}
