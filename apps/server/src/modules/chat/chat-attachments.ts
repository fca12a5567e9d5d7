import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TChatAttachment } from '@tessera/contracts';
import { NotFound } from '../../lib/errors.js';
import { safeEqual } from '../../lib/ids.js';
import type { UploadsService } from '../uploads/index.js';

/** What a message keeps of each attachment (JSON in chat_messages.attachments). */
export interface StoredAttachment {
  id: string;
  type: 'image' | 'file';
  name: string;
  mimeType: string;
  size: number;
}

/** How long a signed attachment link works; a fresh one comes with every read of the message. */
export const ATTACHMENT_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Chat attachments: images and PDF files through the uploads module's checked path (content check,
 * pictures re-encoded, PDFs checked by structure, size and pixel limits: UPLOAD_RULES['chat-attachment']), private to their uploader, and served to the conversation through signed, expiring links
 * (an <img> or a download cannot send the chat headers).
 */
export class ChatAttachments {
  constructor(
    private readonly uploads: UploadsService,
    private readonly key: Uint8Array,
  ) {}

  async save(options: { accountId: string; data: Buffer; fileName: string }): Promise<StoredAttachment> {
    // The checked path, as every other upload: the bytes decide the kind, pictures are re-encoded
    // (dropping anything hidden in them, metadata included) within the size and pixel limits, and
    // a PDF must parse and carry no scripts, actions or attached files.
    const saved = await this.uploads.saveChecked({
      ownerId: options.accountId,
      purpose: 'chat-attachment',
      data: options.data,
      originalName: options.fileName,
      field: 'file',
      invalidMessage: 'INVALID_FORMAT',
    });
    const info = await this.uploads.get({ id: saved.id, requester: { userId: options.accountId, userType: 'buyer' } });
    return { id: saved.id, type: saved.contentType.startsWith('image/') ? 'image' : 'file', name: info.originalName, mimeType: saved.contentType, size: saved.sizeBytes };
  }

  /** The uploader's own chat attachments among `ids` (anything else is left out). */
  async own(accountId: string, ids: readonly string[]): Promise<StoredAttachment[]> {
    const found: StoredAttachment[] = [];
    for (const id of ids) {
      const info = await this.uploads.get({ id, requester: { userId: accountId, userType: 'buyer' } }).catch(() => undefined);
      if (!info || info.ownerId !== accountId || info.purpose !== 'chat-attachment') continue;
      found.push({ id, type: info.contentType.startsWith('image/') ? 'image' : 'file', name: info.originalName, mimeType: info.contentType, size: info.sizeBytes });
    }
    return found;
  }

  private signature(id: string, expires: number): string {
    return createHmac('sha256', this.key).update(`chat-attachment:${id}:${expires}`).digest('base64url');
  }

  view(stored: StoredAttachment, now = Date.now()): TChatAttachment {
    // Links expire on the hour boundary after next, so that reads within an hour share a URL (and a cache entry).
    const expiresAt = (Math.floor(now / ATTACHMENT_LINK_TTL_MS) + 2) * ATTACHMENT_LINK_TTL_MS;
    const url = `/chat/attachment/${encodeURIComponent(stored.id)}?expires=${expiresAt}&signature=${this.signature(stored.id, expiresAt)}`;
    return { attachmentId: stored.id, attachmentType: stored.type, name: stored.name, mimeType: stored.mimeType, size: stored.size, url, expiresAt };
  }

  /** The file behind a signed link; NotFound for a wrong or expired signature (nothing told apart). */
  async open(options: { id: string; expires: number; signature: string; now?: number }): Promise<{ stream: Readable; contentType: string; name: string; size: number }> {
    const now = options.now ?? Date.now();
    if (!(options.expires > now) || !safeEqual(options.signature, this.signature(options.id, options.expires))) throw NotFound();
    // The signature is the permission: the file is opened with the team's reach.
    const file = await this.uploads.open({ id: options.id, requester: { userId: '', userType: 'team' } });
    if (file.purpose !== 'chat-attachment') throw NotFound();
    return { stream: file.stream, contentType: file.contentType, name: file.originalName, size: file.sizeBytes };
  }
}
