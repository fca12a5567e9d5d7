import { createHmac } from 'node:crypto';
import type { TQuotationAttachment, TSellerQuotation } from '@tessera/contracts';
import { safeEqual } from '../../lib/ids.js';

/** How long a signed link works at least; a fresh one comes with every read of the seller's inbox. */
export const QUOTATION_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Signed, expiring links to quotation files for the seller portal, whose session is a header token
 * that a link or an <img> cannot send. A link is only handed out in the reads that already decide
 * who sees a request (the store's inbox, its open requests, one request it may answer), so the
 * signature is the permission; anyone else asks the session route, which checks the request.
 */
export class QuotationAttachmentLinks {
  constructor(private readonly key: Uint8Array) {}

  private signature(id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`quotation-attachment:${id}:${expires}`).digest('base64url');
  }

  link(file: TQuotationAttachment, now = Date.now()): TQuotationAttachment {
    // Links expire on the hour boundary after next, so that reads within an hour share a URL (and a cache entry).
    const expiresAt = (Math.floor(now / QUOTATION_LINK_TTL_MS) + 2) * QUOTATION_LINK_TTL_MS;
    const url = `/v1/quotations/attachments/${encodeURIComponent(file.id)}/link?expires=${expiresAt}&signature=${this.signature(file.id, expiresAt)}`;
    return { ...file, url, expiresAt };
  }

  /** A store's view of a request with every file (the buyer's and its own) linked. */
  forStore(pair: TSellerQuotation, now = Date.now()): TSellerQuotation {
    return {
      request: { ...pair.request, attachments: pair.request.attachments.map((file) => this.link(file, now)) },
      quotation: pair.quotation ? { ...pair.quotation, attachments: pair.quotation.attachments.map((file) => this.link(file, now)) } : null,
    };
  }

  /** Whether a link is one this server signed and still valid (a wrong and an expired one are not told apart). */
  verify(options: { id: string; expires: number; signature: string; now?: number }): boolean {
    const now = options.now ?? Date.now();
    return options.expires > now && safeEqual(options.signature, this.signature(options.id, options.expires));
  }
}
