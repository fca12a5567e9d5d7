import sharp from 'sharp';
import { CATALOG_IMAGE_UPLOAD_MAX_BYTES, PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MAX_DIMENSION } from '@tessera/contracts';
import { AppError, InvalidField } from '../../../lib/errors.js';
import { decodeGuarded, ImageRefused, isAccepted, sniffContentType, type UploadRequester, type UploadsService } from '../../uploads/index.js';

/**
 * Keeps an image: checked by content by the uploads service (a file that is not an image is
 * refused before sharp sees it), then re-encoded as WebP with its longest side at most 1920 px and
 * at most 0.6 MB, stored public. Answers the new upload's id.
 */
export async function processImage(
  uploads: UploadsService,
  options: { data: Buffer; filename: string; field: string; purpose: string; requester: UploadRequester },
): Promise<string> {
  const { requester, field } = options;
  // Checked by content first: sharp must never see a file that is not an image we accept.
  if (options.data.length > CATALOG_IMAGE_UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', field);
  if (!isAccepted(sniffContentType(options.data), ['image'])) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
  let webp: Buffer | undefined;
  try {
    // Decoded once into pixels (in a decode slot, the pixel limit read from the header first),
    // then encoded at falling quality until it fits.
    webp = await decodeGuarded(options.data, async (maxPixels) => {
      const { data, info } = await sharp(options.data, { limitInputPixels: maxPixels, failOn: 'error' })
        .autoOrient()
        .resize(PRODUCT_IMAGE_MAX_DIMENSION, PRODUCT_IMAGE_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      let encoded: Buffer | undefined;
      for (const quality of [82, 70, 55, 40]) {
        encoded = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
          .webp({ quality })
          .toBuffer();
        if (encoded.length <= PRODUCT_IMAGE_MAX_BYTES) break;
      }
      return encoded;
    });
  } catch (error) {
    if (error instanceof ImageRefused) throw InvalidField(field, error.reason === 'pixels' ? 'IMAGE_TOO_MANY_PIXELS' : 'IMAGE_FORMAT_INVALID');
    throw error;
  }
  if (!webp || webp.length > PRODUCT_IMAGE_MAX_BYTES) throw InvalidField(field, 'IMAGE_FORMAT_INVALID');
  // The team's own catalog images (categories, banners, menus) are public from the start.
  const saved = await uploads.save({
    ownerId: requester.userId,
    purpose: options.purpose,
    data: webp,
    originalName: `${options.purpose}.webp`,
    accept: ['image'],
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
    field,
    public: true,
  });
  return saved.id;
}
