import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './file-names.js';

interface PrivateFile {
  contentType: string;
  sizeBytes: number;
  stream: Readable;
}

/**
 * Sends a stored file that only its readers may see: never cached by a shared cache, never sniffed,
 * and, opened directly, an opaque-origin document that can load and run nothing. With a `name`, a
 * content-disposition too: PDFs download (browsers will not run their viewer inside the sandbox
 * policy), everything else opens inline.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile, name?: string) {
  return reply
    .headers({
      'content-type': file.contentType,
      'content-length': String(file.sizeBytes),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      ...(name === undefined ? {} : { 'content-disposition': contentDisposition(file.contentType === 'application/pdf' ? 'attachment' : 'inline', name) }),
    })
    .send(file.stream);
}
