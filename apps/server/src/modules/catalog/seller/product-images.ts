import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MAX_DIMENSION, PRODUCT_IMAGE_UPLOAD_MAX_BYTES, PRODUCT_THUMB_SIZE } from '@tessera/contracts';
import { AppError, InvalidField } from '../../../lib/errors.js';
import { decodeGuarded, imageDecodes, ImageRefused, sniffContentType, type UploadsService } from '../../uploads/index.js';

/**
 * Product images to the seed's limits (seed §9): auto-rotated, metadata (EXIF, GPS) stripped, the
 * longest side at most 1920 px, each format at most 0.6 MB — WebP for every browser that has it,
 * AVIF beside it, a JPEG fallback — and a 100 × 100 px square thumbnail. The seller's original is
 * never kept.
 */

/** What a seller may send: checked by content, never by name (GIF, SVG and the rest are refused). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);
const QUALITIES = [82, 72, 62, 50];
/** Each round that still does not fit shrinks the picture to this share of its size. */
const SHRINK = 0.8;
const MIN_SIDE = 160;

export interface ProcessedImage {
  webp: Buffer;
  avif: Buffer;
  jpeg: Buffer;
  thumb: Buffer;
  /** Of the WebP. */
  width: number;
  height: number;
}

export interface StoredImage {
  webpUploadId: string;
  avifUploadId: string;
  fallbackUploadId: string;
  thumbUploadId: string;
  width: number;
  height: number;
}

/** Refuses a file that is empty, too large or not one of the accepted image formats, by its bytes. */
export function checkImageUpload(data: Buffer, field = 'images'): void {
  if (data.length > PRODUCT_IMAGE_UPLOAD_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', field);
  const type = data.length === 0 ? undefined : sniffContentType(data);
  if (!type || !ACCEPTED.has(type)) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
}

type Encoder = (image: Sharp, quality: number) => Sharp;

/**
 * Encodes the picture at decreasing quality, then at decreasing size, until it fits the byte
 * limit. Starts from decoded pixels so that each attempt costs one encode, not a decode too; a
 * result far over the limit skips straight to the lowest quality, and the shrink step follows how
 * far over the lowest quality still is, so that a noisy photo takes a few encodes, not dozens.
 */
async function encodeWithin(pixels: { data: Buffer; info: OutputInfo }, encode: Encoder): Promise<{ data: Buffer; width: number; height: number }> {
  const { info } = pixels;
  let scale = 1;
  for (;;) {
    const width = Math.max(1, Math.round(info.width * scale));
    const height = Math.max(1, Math.round(info.height * scale));
    const render = (quality: number) => {
      let image = sharp(pixels.data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      if (scale < 1) image = image.resize(width, height, { fit: 'fill' });
      return encode(image, quality).toBuffer();
    };
    let smallest = Infinity;
    for (let i = 0; i < QUALITIES.length; i++) {
      const data = await render(QUALITIES[i] as number);
      if (data.length <= PRODUCT_IMAGE_MAX_BYTES) return { data, width, height };
      smallest = data.length;
      if (data.length > 2 * PRODUCT_IMAGE_MAX_BYTES && i < QUALITIES.length - 1) i = QUALITIES.length - 2;
    }
    if (Math.max(width, height) <= MIN_SIDE) throw new Error('an image this small cannot exceed the byte limit');
    // Bytes grow with the area: aim a little under the limit at the lowest quality.
    scale *= Math.min(SHRINK, Math.sqrt(PRODUCT_IMAGE_MAX_BYTES / smallest) * 0.95);
  }
}

/** Turns an uploaded picture into the stored formats; InvalidField when it does not decode. */
export async function processProductImage(data: Buffer, field = 'images'): Promise<ProcessedImage> {
  checkImageUpload(data, field);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // More pixels than UPLOAD_MAX_PIXELS are refused from the header; the decode waits for a slot.
    pixels = await decodeGuarded(data, (maxPixels) =>
      sharp(data, { limitInputPixels: maxPixels, failOn: 'error' })
        .autoOrient()
        .resize(PRODUCT_IMAGE_MAX_DIMENSION, PRODUCT_IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (error) {
    // The bytes start like an image but do not decode as one (truncated, corrupt), or hold too many pixels.
    if (error instanceof ImageRefused) throw InvalidField(field, error.reason === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'IMAGE_FORMAT_INVALID');
    throw error;
  }
  // The encodes share the decode slots too: they are what keeps the cores busy.
  return imageDecodes.run(() => encodeAll(pixels));
}

async function encodeAll(pixels: { data: Buffer; info: OutputInfo }): Promise<ProcessedImage> {
  // The fastest efforts: the slower settings cost seconds per picture (ten times as long on a
  // detailed photo) for a few per cent of bytes, and the seller waits for the answer.
  const [webp, avif, jpeg] = await Promise.all([
    encodeWithin(pixels, (image, quality) => image.webp({ quality, effort: 2 })),
    encodeWithin(pixels, (image, quality) => image.avif({ quality: Math.round(quality * 0.7), effort: 0 })),
    // JPEG has no transparency: transparent areas become white rather than black.
    encodeWithin(pixels, (image, quality) => image.flatten({ background: '#ffffff' }).jpeg({ quality, progressive: true, optimiseCoding: true })),
  ]);
  const { info } = pixels;
  const thumb = await sharp(pixels.data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(PRODUCT_THUMB_SIZE, PRODUCT_THUMB_SIZE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
  return { webp: webp.data, avif: avif.data, jpeg: jpeg.data, thumb, width: webp.width, height: webp.height };
}

/**
 * Processes and stores one picture as four uploads of the seller, public while the product is
 * (published by an approved store). When storing fails part way, the uploads already stored are
 * removed again.
 */
export async function storeProductImage(options: { uploads: UploadsService; ownerId: string; productId: string; data: Buffer; field?: string }): Promise<StoredImage> {
  const processed = await processProductImage(options.data, options.field);
  const saved: string[] = [];
  const save = async (data: Buffer, name: string) => {
    const upload = await options.uploads.save({
      ownerId: options.ownerId,
      purpose: 'product-image',
      data,
      originalName: name,
      accept: ['image'],
      maxBytes: PRODUCT_IMAGE_MAX_BYTES,
      subject: { kind: 'product', id: options.productId },
    });
    saved.push(upload.id);
    return upload.id;
  };
  try {
    return {
      webpUploadId: await save(processed.webp, 'image.webp'),
      avifUploadId: await save(processed.avif, 'image.avif'),
      fallbackUploadId: await save(processed.jpeg, 'image.jpg'),
      thumbUploadId: await save(processed.thumb, 'thumb.webp'),
      width: processed.width,
      height: processed.height,
    };
  } catch (error) {
    await deleteUploads({ uploads: options.uploads, ownerId: options.ownerId, ids: saved });
    throw error;
  }
}

/** Removes uploads of the seller, ignoring ones already gone. */
export async function deleteUploads(options: { uploads: UploadsService; ownerId: string; ids: ReadonlyArray<string | null> }): Promise<void> {
  const requester = { userId: options.ownerId, userType: 'seller' };
  for (const id of options.ids) if (id) await options.uploads.delete({ id, requester }).catch(() => undefined);
}
