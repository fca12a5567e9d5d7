import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReadCache } from './read-cache.js';

/** Below this size compression saves less than it costs (the app's @fastify/compress threshold too). */
const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/**
 * A JSON answer kept by the read cache as bytes: UTF-8 encoded once, and compressed at most once
 * per encoding, the first time a client asks for it. A cache hit is then one write of ready
 * bytes: no serialising, no measuring the string's UTF-8 length, no compressing per request
 * (a 30 kB listing is 4–5 kB on the wire).
 */
export class CachedAnswer {
  readonly raw: Buffer;
  /** Per encoding: the body, and whether it is the small one (compressed again on a second send). */
  private readonly encoded: Partial<Record<Encoding, { body: Buffer; final: boolean }>> = {};

  constructor(json: string) {
    this.raw = Buffer.from(json, 'utf8');
  }

  /** Sends the answer in the best encoding the request accepts. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('content-type', 'application/json; charset=utf-8');
    if (this.raw.length < COMPRESS_MIN_BYTES) return reply.send(this.raw);
    reply.header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.raw);
    // Set by hand: a route that left @fastify/compress on would see it and leave the body alone.
    return reply.header('content-encoding', encoding).send(this.encode(encoding));
  }

  /**
   * Most answers are sent once (a listing with a price range of its own) and some thousands of times
   * (a popular product): the first send compresses fast (brotli 1, gzip 1: on a 30 kB listing about a
   * quarter bigger in half the time), the second compresses well (brotli 5: most of the gain of 11 at
   * a small share of its time; gzip 6) and keeps that.
   */
  private encode(encoding: Encoding): Buffer {
    const kept = this.encoded[encoding];
    if (kept?.final) return kept.body;
    const final = kept !== undefined;
    const body =
      encoding === 'br'
        ? brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: final ? 5 : 1, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length } })
        : gzipSync(this.raw, { level: final ? 6 : 1 });
    this.encoded[encoding] = { body, final };
    return body;
  }
}

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

/** Answers from the read cache, building (and keeping) the JSON answer on a miss. */
export function sendCached(cache: ReadCache<CachedAnswer>, request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>): Promise<FastifyReply> {
  return cache.get(key, async () => new CachedAnswer(JSON.stringify(await build()))).then((answer) => answer.send(request, reply));
}
