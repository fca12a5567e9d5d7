import sharp from 'sharp';
import { UPLOAD_MAX_PIXELS } from '@tessera/contracts';
import { imageDecodes } from './decode-slots.js';

/** Why a picture was refused: not a picture we can decode, or more pixels than allowed. */
export type ImageRefusal = 'format' | 'pixels';

export class ImageRefused extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(`image refused (${reason})`);
    this.name = 'ImageRefused';
  }
}

const tooManyPixels = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Reads the picture's size from its header alone, and refuses one above UPLOAD_MAX_PIXELS before a
 * single pixel is decoded (a 389 KB PNG can declare 20000 × 20000). Bytes that do not even have a
 * readable header are refused as 'format'.
 */
export async function assertPixelLimit(data: Buffer, maxPixels = UPLOAD_MAX_PIXELS): Promise<{ width: number; height: number }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data, { limitInputPixels: maxPixels, failOn: 'error' }).metadata());
  } catch (error) {
    throw new ImageRefused(tooManyPixels(error) ? 'pixels' : 'format');
  }
  if (!width || !height) throw new ImageRefused('format');
  if (width * height > maxPixels) throw new ImageRefused('pixels');
  return { width, height };
}

/**
 * Runs a decode in one of the process's decode slots, with the pixel limit checked from the header
 * first. Decode failures (a PNG header followed by HTML, a truncated JPEG) become ImageRefused.
 */
export async function decodeGuarded<T>(data: Buffer, decode: (maxPixels: number) => Promise<T>, maxPixels = UPLOAD_MAX_PIXELS): Promise<T> {
  await assertPixelLimit(data, maxPixels);
  return imageDecodes.run(async () => {
    try {
      return await decode(maxPixels);
    } catch (error) {
      throw new ImageRefused(tooManyPixels(error) ? 'pixels' : 'format');
    }
  });
}

/**
 * Decodes a picture and writes a new WebP from its pixels alone: whatever else the file carried
 * (HTML or script after the image data, a GIF that is also JavaScript, EXIF and GPS metadata,
 * further GIF frames) is not in the result. Auto-rotated, sRGB, the longest side at most
 * `maxDimension` (never enlarged), transparency kept.
 */
export async function reencodeImage(options: { data: Buffer; maxDimension: number; quality?: number }): Promise<Buffer> {
  return decodeGuarded(options.data, (maxPixels) =>
    sharp(options.data, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .resize(options.maxDimension, options.maxDimension, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .webp({ quality: options.quality ?? 85, effort: 2 })
      .toBuffer(),
  );
}
