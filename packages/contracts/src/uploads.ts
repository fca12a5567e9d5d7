/**
 * What each kind of upload may be: its file kinds, its largest size and the largest picture it may
 * hold. The server enforces these while the body streams in (a file past its size is cut off and
 * refused before anything is stored) and the web forms check the same numbers when a file is
 * chosen. docs/security.md ("Uploads") states them for people.
 *
 * Kept free of zod so that a page checking a file does not download the schemas.
 */

const MiB = 1024 * 1024;

/**
 * The most pixels an uploaded picture may have, read from its header before it is decoded: a
 * decompression bomb (a small file declaring 20000 × 20000) is refused without its pixels ever
 * being allocated. 40 million covers a 7,700 × 5,200 camera photo and every sensible logo or scan.
 */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** 'image': JPEG, PNG, WebP, AVIF or GIF (first frame), always decoded and re-encoded. 'pdf': a PDF checked by structure. */
export type UploadFileKind = 'image' | 'pdf';

export interface UploadRule {
  kinds: readonly UploadFileKind[];
  /** Largest file accepted, in bytes, as sent (before re-encoding). */
  maxBytes: number;
  /** Longest side of the stored picture; larger pictures are scaled down, never up. */
  maxDimension: number;
  /** GIF is refused where the picture is shown as a photo (products, certificates). */
  gif: boolean;
}

export const UPLOAD_RULES = {
  'profile-picture': { kinds: ['image'], maxBytes: 5 * MiB, maxDimension: 1024, gif: true },
  'company-logo': { kinds: ['image'], maxBytes: 2 * MiB, maxDimension: 1024, gif: true },
  'company-document': { kinds: ['image', 'pdf'], maxBytes: 5 * MiB, maxDimension: 2480, gif: false },
  'store-logo': { kinds: ['image'], maxBytes: 5 * MiB, maxDimension: 1024, gif: true },
  'product-image': { kinds: ['image'], maxBytes: 10 * MiB, maxDimension: 1920, gif: false },
  'certificate-evidence': { kinds: ['image', 'pdf'], maxBytes: 5 * MiB, maxDimension: 2480, gif: false },
  'catalog-image': { kinds: ['image'], maxBytes: 10 * MiB, maxDimension: 1920, gif: false },
  // A blog post's cover (modules/blog): public once saved, like the catalog's images.
  'blog-cover': { kinds: ['image'], maxBytes: 10 * MiB, maxDimension: 1920, gif: false },
  // Pictures and PDF files sent in a chat conversation (modules/chat): shown inline or downloaded.
  'chat-attachment': { kinds: ['image', 'pdf'], maxBytes: 10 * MiB, maxDimension: 2480, gif: true },
  // A buyer's photos of a product he reviews (modules/social): public while the review is visible.
  'review-photo': { kinds: ['image'], maxBytes: 8 * MiB, maxDimension: 1600, gif: false },
  // Drawings, specifications and pictures of a quotation request or answer (modules/quotations): shown to its parties only.
  'quotation-attachment': { kinds: ['image', 'pdf'], maxBytes: 10 * MiB, maxDimension: 2480, gif: false },
  // A commission's reference pictures (the buyer's) and proofs (the seller's): modules/commissions.
  'commission-image': { kinds: ['image'], maxBytes: 8 * MiB, maxDimension: 2000, gif: false },
} as const satisfies Record<string, UploadRule>;

export type UploadPurpose = keyof typeof UPLOAD_RULES;

/** The browser types each kind covers, for an <input accept> and a first check when a file is chosen. */
export const UPLOAD_MIME_TYPES: Record<UploadFileKind, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
  pdf: ['application/pdf'],
};

/** The `accept` attribute of a file input for a purpose. */
export function uploadAccept(purpose: UploadPurpose): string {
  const rule: UploadRule = UPLOAD_RULES[purpose];
  return rule.kinds
    .flatMap((kind) => UPLOAD_MIME_TYPES[kind])
    .filter((type) => rule.gif || type !== 'image/gif')
    .join(',');
}
