import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from './file-names.js';
import { ZUploadParamsSchema } from './uploads.schemas.js';
import type { UploadsService } from './uploads.service.js';

export { readMultipartFiles, type MultipartForm, type MultipartLimits, type ReceivedFile } from './multipart.js';

/** Serves uploads to their owner and the store team, and public ones to anyone. Uploading happens in each feature's own routes. */
export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsync {
  return async (app) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/v1/uploads/:id',
      {
        config: { access: 'session', tokenCookie: true },
        schema: {
          tags: ['uploads'],
          summary: 'The bytes of an upload, for its owner and the store team',
          description:
            'Answers the file with the type sniffed from its content when it was uploaded. Anyone other ' +
            'than the owner or a store team member gets 404, as if it did not exist. Browsers loading it in an <img> may send the access token in the `token` cookie instead of the header.',
          security: [{ accessToken: [] }],
          params: ZUploadParamsSchema,
        },
      },
      async (request, reply) => {
        const options = { id: request.params.id, requester: request.auth };
        // HEAD (which Fastify adds for GET routes) answers the same headers without fetching the bytes.
        const head = request.method === 'HEAD';
        const file = head ? { ...(await uploads.get(options)), stream: Readable.from([]) } : await uploads.open(options);
        // PDFs download: browsers will not run their viewer inside the sandbox policy below.
        const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
        return reply
          .headers({
            'content-type': file.contentType,
            'content-length': String(file.sizeBytes),
            'cache-control': 'private, max-age=3600',
            'x-content-type-options': 'nosniff',
            // Opened directly, a file is an opaque-origin document that can load and run nothing.
            'content-security-policy': "sandbox; default-src 'none'",
            'content-disposition': contentDisposition(disposition, file.originalName),
          })
          .send(file.stream);
      },
    );

    typed.get(
      '/media/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['uploads'],
          summary: 'A public file (catalog image, certificate evidence), for anyone',
          description:
            'Only uploads marked public are served; a private or unknown id is 404 alike. The bytes of an id never change, ' +
            'so the answer is cacheable for a year (immutable) and carries the SHA-256 of the bytes as its ETag.',
          params: ZUploadParamsSchema,
        },
      },
      async (request, reply) => {
        const head = request.method === 'HEAD';
        const file = await uploads.openPublic({ id: request.params.id, withBytes: !head });
        const etag = `"${file.sha256}"`;
        const headers = {
          'cache-control': 'public, max-age=31536000, immutable',
          etag,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'",
          // Catalog images are shown on other sites' previews and in e-mails.
          'cross-origin-resource-policy': 'cross-origin',
        };
        if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) {
          file.stream?.destroy();
          return reply.status(304).headers(headers).send();
        }
        const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
        return reply
          .headers({
            ...headers,
            'content-type': file.contentType,
            'content-length': String(file.sizeBytes),
            'content-disposition': contentDisposition(disposition, file.originalName),
          })
          .send(file.stream ?? Readable.from([]));
      },
    );
  };
}
