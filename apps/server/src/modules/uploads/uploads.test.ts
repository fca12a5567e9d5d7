import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import S3rver from 's3rver';
import type { UserType } from '@tessera/contracts';
import { uploads as uploadsMigration } from '../../db/migrations/004_uploads.js';
import { registerAccessControl } from '../../http/access.js';
import { registerErrorHandling } from '../../http/error-handler.js';
import { registerSecurityHeaders } from '../../http/security.js';
import { createTestApp, signInGuest } from '../../test/app.js';
import type { UploadKind } from './content-sniffing.js';
import { LocalFileStore, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';
import { avifImage, gifImage, jpegImage, largePngImage, pdfDocument, pngImage, svgImage, textFile, webpImage } from '../../test/sample-files.js';
import { readMultipartFiles, uploadsRoutes } from './uploads.routes.js';
import { UploadRejected, UploadsService } from './uploads.service.js';
import type { UploadsTables } from './uploads.tables.js';

const { app: marketplace, database } = await createTestApp();
const kysely = database.db.kysely as unknown as Kysely<UploadsTables>;
// Until 004_uploads is in the migration list the template database lacks the table.
if (!(await kysely.introspection.getTables()).some((table) => table.name === 'uploads')) {
  await uploadsMigration.up(kysely as unknown as Kysely<unknown>);
}

/** A signed-in user of the given type, with its own user row. */
async function userOfType(type: Exclude<UserType, 'guest'>) {
  const userId = await marketplace.services.accounts.createAccount({
    type,
    email: `${type}-${Math.random().toString(36).slice(2)}@example.com`,
    firstName: 'Test',
    lastName: type,
    ...(type === 'team' ? { teamRole: 'moderator' as const } : {}),
  });
  const session = await marketplace.services.auth.openSession({ userId, userType: type, device: {}, ipAddress: '127.0.0.1' });
  return { userId, token: session.tokens.accessToken };
}

const owner = await userOfType('buyer');
const otherBuyer = await userOfType('buyer');
const teamMember = await userOfType('team');
const guest = await signInGuest(marketplace);

const TRANSPORT_LIMIT = 64 * 1024;
/** What a feature's route would decide per field (company registration here). */
const RULES: Record<string, { purpose: string; accept: readonly UploadKind[]; maxBytes: number }> = {
  logo: { purpose: 'company-logo', accept: ['image'], maxBytes: 4 * 1024 },
  document: { purpose: 'company-document', accept: ['image', 'pdf'], maxBytes: TRANSPORT_LIMIT },
};

/** A route the way another module would write one with the helper: thin, errors mapped by reason. */
function companyFilesRoute(uploads: UploadsService): FastifyPluginAsync {
  return async (app) => {
    app.post('/v1/test/company-files', { config: { access: ['buyer', 'team'] } }, async (request, reply) => {
      const form = await readMultipartFiles(request, {
        maxFileBytes: TRANSPORT_LIMIT,
        maxFiles: 2,
        fileFields: ['logo', 'document'],
        fields: ['note'],
        maxFieldBytes: 100,
      });
      try {
        const saved = [];
        for (const file of form.files) {
          const rule = RULES[file.field] as (typeof RULES)[string];
          const upload = await uploads.save({ ownerId: request.auth.userId, data: file.data, originalName: file.filename, field: file.field, ...rule });
          saved.push({ field: file.field, ...upload });
        }
        return { fields: form.fields, uploads: saved };
      } catch (error) {
        if (error instanceof UploadRejected) return reply.status(400).send({ code: error.code, field: error.field, reason: error.reason });
        throw error;
      }
    });
  };
}

interface FilePart {
  name: string;
  data: Buffer;
  filename: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
async function form(parts: Array<FilePart | { name: string; value: string }>) {
  const body = new FormData();
  for (const part of parts) {
    if ('data' in part) body.append(part.name, new Blob([part.data], { type: part.type ?? 'application/octet-stream' }), part.filename);
    else body.append(part.name, part.value);
  }
  const encoded = new Response(body);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') as string,
  };
}

interface StoreUnderTest {
  name: string;
  store: FileStore;
  /** Every key the store holds. */
  keys(): Promise<string[]>;
  /** The folder local files must stay in (local store only). */
  root?: string;
}

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};

const s3rverDir = tempDir('tessera-s3rver-');
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3rverDir, configureBuckets: [{ name: 'uploads-test' }] });
const s3Address = await s3rver.run();
const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;
const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const s3Lister = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, credentials: s3Credentials });

function localStore(): StoreUnderTest {
  const root = path.join(tempDir('tessera-uploads-'), 'uploads');
  const store = new LocalFileStore(root);
  const keys = async () =>
    fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name)
      : [];
  return { name: 'local files', store, keys, root };
}

function s3Store(): StoreUnderTest {
  const store = new S3FileStore({ bucket: 'uploads-test', region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true, ...s3Credentials });
  const keys = async () => {
    const listed = await s3Lister.send(new ListObjectsV2Command({ Bucket: 'uploads-test', Prefix: 'uploads/' }));
    return (listed.Contents ?? []).map((object) => (object.Key as string).slice('uploads/'.length));
  };
  return { name: 'S3 (s3rver)', store, keys };
}

afterAll(async () => {
  s3Lister.destroy();
  await s3rver.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const countRows = async () => Number((await kysely.selectFrom('uploads').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe.each([localStore(), s3Store()])('uploads on $name', (target) => {
  const service = new UploadsService({ db: database.db.kysely as unknown as Kysely<UploadsTables>, store: target.store });
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await registerSecurityHeaders(app, { development: false, secure: false, publicUrl: 'http://localhost:3000' });
    // As app.ts registers it: app-wide ceilings; each route's readMultipartFiles sets its own limits.
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5, fields: 50, fieldSize: 64 * 1024, parts: 60, headerPairs: 100 } });
    registerAccessControl(app, marketplace.services.auth);
    await app.register(uploadsRoutes(service));
    await app.register(companyFilesRoute(service));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await target.store.close();
  });

  async function post(parts: Parameters<typeof form>[0], token = owner.token) {
    const body = await form(parts);
    return app.inject({ method: 'POST', url: '/v1/test/company-files', payload: body.payload, headers: { authorization: token, 'content-type': body.contentType } });
  }

  const fetchUpload = (id: string, token?: string) =>
    app.inject({ method: 'GET', url: `/v1/uploads/${id}`, headers: token ? { authorization: token } : {} });

  /** Rows and stored keys now, to show that a refused request stored nothing. */
  const snapshot = async () => ({ rows: await countRows(), keys: (await target.keys()).sort() });

  it('gives the owner back exactly the bytes, with safe headers', async () => {
    const logo = pngImage(3, 2);
    const response = await post([
      { name: 'note', value: 'hello' },
      { name: 'logo', data: logo, filename: 'Logo Café.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(200);
    const { fields, uploads } = response.json();
    expect(fields).toEqual({ note: 'hello' });
    expect(uploads).toEqual([{ field: 'logo', id: expect.stringMatching(/^[0-9a-f-]{36}$/), contentType: 'image/png', sizeBytes: logo.length }]);

    const read = await fetchUpload(uploads[0].id, owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(logo)).toBe(true);
    expect(read.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(logo.length),
      'cache-control': 'private, max-age=3600',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': `inline; filename="Logo Caf_.png"; filename*=UTF-8''Logo%20Caf%C3%A9.png`,
    });

    const head = await app.inject({ method: 'HEAD', url: `/v1/uploads/${uploads[0].id}`, headers: { authorization: owner.token } });
    expect(head.statusCode).toBe(200);
    expect(head.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': String(logo.length) });
    expect(head.rawPayload.length).toBe(0);

    const stored = await kysely.selectFrom('uploads').selectAll().where('id', '=', uploads[0].id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      owner_user_id: owner.userId,
      purpose: 'company-logo',
      content_type: 'image/png',
      size_bytes: logo.length,
      original_name: 'Logo Café.png',
      storage_key: uploads[0].id,
    });
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof stored.created_at).toBe('number');
  });

  it.each([
    ['JPEG', jpegImage(), 'image/jpeg'],
    ['WebP', webpImage(), 'image/webp'],
    ['GIF', gifImage(), 'image/gif'],
    ['AVIF', avifImage(), 'image/avif'],
  ])('takes a %s logo whatever it is called, and serves it as what it is', async (_name, data, type) => {
    const response = await post([{ name: 'logo', data, filename: 'upload.bin', type: 'application/octet-stream' }]);
    expect(response.statusCode).toBe(200);
    const { id, contentType } = response.json().uploads[0];
    expect(contentType).toBe(type);
    const read = await fetchUpload(id, owner.token);
    expect(read.headers['content-type']).toBe(type);
    expect(read.rawPayload.equals(data)).toBe(true);
  });

  it('serves a PDF document as a download', async () => {
    const pdf = pdfDocument();
    const response = await post([{ name: 'document', data: pdf, filename: 'registration.pdf', type: 'application/pdf' }]);
    expect(response.statusCode).toBe(200);
    const read = await fetchUpload(response.json().uploads[0].id, owner.token);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.headers['content-disposition']).toMatch(/^attachment; filename="registration\.pdf"/);
    expect(read.rawPayload.equals(pdf)).toBe(true);
  });

  it('lets a store team member read it, and nobody else (404, as if it did not exist)', async () => {
    const response = await post([{ name: 'logo', data: pngImage(), filename: 'logo.png' }]);
    const { id } = response.json().uploads[0];
    expect((await fetchUpload(id, teamMember.token)).statusCode).toBe(200);

    const stranger = await fetchUpload(id, otherBuyer.token);
    const missing = await fetchUpload('0190f5c2-7a1e-7cc3-9d2b-3f6a2b1c0d4e', otherBuyer.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual(missing.json());
    expect(stranger.json()).toEqual({ code: 'NOT_FOUND', message: 'We could not find what you asked for.' });
    expect((await fetchUpload(id, guest.token.accessToken)).statusCode).toBe(404);

    const anonymous = await fetchUpload(id);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('TOKEN_MISSING');
  });

  it.each([
    ['a text file renamed logo.png', { data: textFile(), filename: 'logo.png', type: 'image/png' }, 'format'],
    ['an SVG', { data: svgImage(), filename: 'logo.svg', type: 'image/svg+xml' }, 'format'],
    ['a PDF where an image is required', { data: pdfDocument(), filename: 'logo.png', type: 'image/png' }, 'format'],
    ['an empty file', { data: Buffer.alloc(0), filename: 'logo.png', type: 'image/png' }, 'empty'],
    ['a real PNG over the logo limit', { data: largePngImage(4 * 1024 + 1), filename: 'logo.png', type: 'image/png' }, 'size'],
  ])('refuses %s with reason %s and stores nothing', async (_name, file, reason) => {
    const before = await snapshot();
    const response = await post([{ name: 'logo', ...file }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION', field: 'logo', reason });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 naming the field for a file past the request limit, and stores nothing', async () => {
    const before = await snapshot();
    const response = await post([{ name: 'document', data: largePngImage(TRANSPORT_LIMIT + 1), filename: 'scan.png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'document' });
    expect(await snapshot()).toEqual(before);
  });

  it('answers 413 for too many files, and stores nothing', async () => {
    const before = await snapshot();
    const file = { name: 'document', data: pngImage(), filename: 'a.png' };
    const response = await post([file, file, file]);
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 for a truncated body, and stores nothing', async () => {
    const before = await snapshot();
    const body = await form([{ name: 'logo', data: largePngImage(2000), filename: 'logo.png' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/v1/test/company-files',
      payload: body.payload.subarray(0, 1000),
      headers: { authorization: owner.token, 'content-type': body.contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 415 for a request that is not multipart, and 400 for one without a boundary', async () => {
    const json = await app.inject({ method: 'POST', url: '/v1/test/company-files', payload: { logo: 'x' }, headers: { authorization: owner.token } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/v1/test/company-files',
      payload: 'garbage',
      headers: { authorization: owner.token, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().code).toBe('VALIDATION');
  });

  it('answers 400 naming an unexpected file or text field, and 413 for a text field too long', async () => {
    const before = await snapshot();
    const strayFile = await post([{ name: 'avatar', data: pngImage(), filename: 'a.png' }]);
    expect(strayFile.statusCode).toBe(400);
    expect(strayFile.json()).toMatchObject({ code: 'VALIDATION', field: 'avatar' });
    const strayField = await post([{ name: 'admin', value: 'true' }]);
    expect(strayField.statusCode).toBe(400);
    expect(strayField.json()).toMatchObject({ code: 'VALIDATION', field: 'admin' });
    const twice = await post([
      { name: 'note', value: 'a' },
      { name: 'note', value: 'b' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'VALIDATION', field: 'note' });
    const long = await post([{ name: 'note', value: 'x'.repeat(101) }]);
    expect(long.statusCode).toBe(413);
    expect(long.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'note' });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a path in the file name from escaping the upload folder', async () => {
    const outside = path.join(os.tmpdir(), `tessera-escape-${process.pid}.png`);
    const response = await post([{ name: 'logo', data: pngImage(), filename: `../../../../../..${outside}` }]);
    expect(response.statusCode).toBe(200);
    const { id } = response.json().uploads[0];
    expect((await fetchUpload(id, owner.token)).headers['content-disposition']).toContain(`filename*=UTF-8''${path.basename(outside)}`);

    // The service itself, given a traversal name directly (other callers may not use busboy).
    const direct = await service.save({
      ownerId: owner.userId,
      purpose: 'company-logo',
      data: pngImage(),
      originalName: '..\\..\\..\\windows\\win.ini',
      accept: ['image'],
      maxBytes: 1024,
    });
    const row = await kysely.selectFrom('uploads').select(['original_name', 'storage_key']).where('id', '=', direct.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ original_name: 'win.png', storage_key: direct.id });
    expect(fs.existsSync(outside)).toBe(false);
    expect(await target.keys()).toEqual(expect.arrayContaining([id, direct.id]));
    if (target.root) {
      for (const file of fs.readdirSync(target.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())) {
        expect(path.join(file.parentPath, file.name).startsWith(target.root + path.sep)).toBe(true);
        expect(file.name).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });

  it('deletes for the owner or the team only, row and bytes', async () => {
    const saved = await service.save({ ownerId: owner.userId, purpose: 'product-image', data: gifImage(), accept: ['image'], maxBytes: 1024 });
    await expect(service.delete({ id: saved.id, requester: { userId: otherBuyer.userId, userType: 'buyer' } })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await service.get({ id: saved.id, requester: { userId: teamMember.userId, userType: 'team' } })).toMatchObject({
      id: saved.id,
      ownerId: owner.userId,
      purpose: 'product-image',
      contentType: 'image/gif',
      originalName: 'file.gif',
    });
    await service.delete({ id: saved.id, requester: { userId: owner.userId, userType: 'buyer' } });
    expect(await target.keys()).not.toContain(saved.id);
    expect((await fetchUpload(saved.id, owner.token)).statusCode).toBe(404);
  });

  it('keeps the bytes out of the store when the row cannot be written', async () => {
    const before = await snapshot();
    // No such user: the foreign key refuses the row after the bytes were stored.
    await expect(
      service.save({ ownerId: 'no-such-user', purpose: 'store-logo', data: pngImage(), accept: ['image'], maxBytes: 1024 }),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});
