import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this size compression saves less than it costs (the @fastify/compress threshold too). */
export const COMPRESS_MIN_BYTES = 1024;
/**
 * Up to this size an answer is compressed at once, on the event loop: brotli at quality 1 takes
 * about 25 µs for a 5 kB cart and 60 µs for 70 kB, where @fastify/compress's stream took about
 * 2 ms per answer on a loaded machine (a zlib stream per reply, the work queued on libuv's pool).
 * Larger bodies are rare (none of the API's answers) and stay on the stream.
 */
const SYNC_MAX_BYTES = 1024 * 1024;

export type Encoding = 'br' | 'gzip';

// Clients send a handful of distinct Accept-Encoding headers: each is parsed once.
const choices = new Map<string, Encoding | undefined>();
const CHOICES_KEPT = 256;

/** br, then gzip, among the codings the Accept-Encoding header allows (q=0 refuses one). */
export function preferredEncoding(header: string | string[] | undefined): Encoding | undefined {
  if (!header) return undefined;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (choices.has(key)) return choices.get(key);
  const choice = parseEncoding(key);
  if (choices.size >= CHOICES_KEPT) choices.clear();
  choices.set(key, choice);
  return choice;
}

function parseEncoding(header: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** The fast setting of each encoding, for bodies compressed once per request. */
export function compressFast(body: Buffer | string, encoding: Encoding): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return encoding === 'br'
    ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipSync(bytes, { level: 1 });
}

/** Adds a request header to Vary, keeping those already named (language, cookie…). */
export function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const names = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (
    names === '*' ||
    names
      .toLowerCase()
      .split(/\s*,\s*/)
      .includes(header)
  )
    return;
  reply.header('vary', names ? `${names}, ${header}` : header);
}

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|javascript|problem\+json|[\w.-]+\+(?:json|xml)))/i;

/**
 * Compresses whole answers (strings and buffers: every JSON answer, server-rendered error pages)
 * at once. It runs before @fastify/compress's own hook, which sees the Content-Encoding set here
 * and leaves the answer alone; streams (rendered pages, files) still go through it.
 */
export function registerWholeBodyCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < COMPRESS_MIN_BYTES || length > SYNC_MAX_BYTES) return done(null, payload);
    if (reply.hasHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !COMPRESSIBLE.test(type)) return done(null, payload);
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, compressFast(payload, encoding));
  });
}
