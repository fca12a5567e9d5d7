import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COOKIE_KEYS } from '@tessera/contracts';
import { contentDisposition } from './file-names.js';
import { sendPrivateFile } from './private-file.js';
import { ZUploadParamsSchema } from './uploads.schemas.js';
import type { MediaAudience, UploadRequester, UploadsService } from './uploads.service.js';

export { readMultipartFiles, type MultipartForm, type MultipartLimits, type ReceivedFile } from './multipart.js';

/** Tells who sends a request from its access token; the auth service's `authenticate` will do. */
export interface TokenChecker {
  authenticate(options: { accessToken: string | undefined }): Promise<UploadRequester>;
}

/**
 * How long others may keep a /media answer. A file public by itself never changes (its bytes and
 * id are fixed): a year, immutable. A file public because its product or store is may stop being
 * public (unpublished, store suspended): a day, then ask again (a 304 when unchanged). A file
 * shown to its owner or the team: never stored by a shared cache.
 */
const MEDIA_CACHE: Record<MediaAudience, string> = {
  'always-public': 'public, max-age=31536000, immutable',
  'public-now': 'public, max-age=86400',
  private: 'private, no-cache',
};

/** Serves uploads to their owner and the store team, and public ones to anyone. Uploading happens in each feature's own routes. */
export function uploadsRoutes(uploads: UploadsService, tokens?: TokenChecker): FastifyPluginAsync {
  /** The caller of a public route, when it carries a valid token (header, or the web app's cookie for <img>); null otherwise. */
  const optionalRequester = (request: FastifyRequest) => async (): Promise<UploadRequester | null> => {
    const accessToken = request.headers.authorization ?? request.cookies?.[COOKIE_KEYS.token];
    if (!tokens || !accessToken) return null;
    return tokens.authenticate({ accessToken }).catch(() => null);
  };

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
        return sendPrivateFile(reply, file, file.originalName);
      },
    );

    typed.get(
      '/media/:id',
      {
        config: { access: 'public' },
        schema: {
          tags: ['uploads'],
          summary: 'A catalog file (product picture, certificate evidence, store logo, catalog image)',
          description:
            'Served to anyone once the content it belongs to is public (a published product of an approved store, an approved ' +
            'store\'s logo, the team\'s catalog images); before that only to its owner and the store team, who may send the ' +
            'access token in the header or the `token` cookie; anyone else gets 404, as for an unknown id. The ETag is the ' +
            'SHA-256 of the bytes; catalog images are cacheable for a year, product files for a day.',
          params: ZUploadParamsSchema,
        },
      },
      async (request, reply) => {
        const head = request.method === 'HEAD';
        const file = await uploads.openMedia({ id: request.params.id, withBytes: !head, requester: optionalRequester(request) });
        const etag = `"${file.sha256}"`;
        const headers = {
          'cache-control': MEDIA_CACHE[file.audience],
          // Whether a draft's file is shown depends on who asks.
          ...(file.audience === 'private' ? { vary: 'Authorization, Cookie' } : {}),
          etag,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "sandbox; default-src 'none'",
          // Public catalog images are shown on other sites' previews and in e-mails; a draft's are not.
          'cross-origin-resource-policy': file.audience === 'private' ? 'same-origin' : 'cross-origin',
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
