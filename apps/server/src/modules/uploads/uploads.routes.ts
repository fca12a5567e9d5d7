import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from './file-names.js';
import { ZUploadParamsSchema } from './uploads.schemas.js';
import type { UploadsService } from './uploads.service.js';

export { readMultipartFiles, type MultipartForm, type MultipartLimits, type ReceivedFile } from './multipart.js';

/** Serves uploads to their owner and the store team. Uploading happens in each feature's own routes. */
export function uploadsRoutes(uploads: UploadsService): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
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
  };
}
