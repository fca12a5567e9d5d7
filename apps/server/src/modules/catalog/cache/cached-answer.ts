import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary, COMPRESS_MIN_BYTES, preferredEncoding, type Encoding } from '../../../http/compression.js';
import type { ReadCache } from './read-cache.js';

interface Encoded {
  body: Buffer;
  upgrading: boolean;
}

/**
 * A JSON answer kept by the read cache as bytes: UTF-8 encoded once, and compressed at most once
 * per encoding, the first time a client asks for it. A cache hit is then one write of ready
 * bytes: no serialising, no measuring the string's UTF-8 length, no compressing per request
 * (a 30 kB listing is 4–5 kB on the wire).
 */
export class CachedAnswer {
  readonly raw: Buffer;
  /** Per encoding: the body sent now, and whether its better compression has been started. */
  private readonly encoded: Partial<Record<Encoding, Encoded>> = {};

  constructor(json: string) {
    this.raw = Buffer.from(json, 'utf8');
  }

  /** Sends the answer in the best encoding the request accepts. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('content-type', 'application/json; charset=utf-8');
    if (this.raw.length < COMPRESS_MIN_BYTES) return reply.send(this.raw);
    addVary(reply, 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.raw);
    // Set by hand: a route that left @fastify/compress on would see it and leave the body alone.
    return reply.header('content-encoding', encoding).send(this.encode(encoding));
  }

  /**
   * Most answers are sent once (a listing with a price range of its own) and some thousands of times
   * (a popular product): the first send compresses fast, on the event loop (brotli 1, gzip 1: on a
   * 30 kB listing about a quarter bigger in half the time). The second send starts a better
   * compression (brotli 5: most of the gain of 11 at a small share of its time; gzip 6) on libuv's
   * thread pool and still sends the fast copy; the sends after it get the better one. Compressing
   * well on the event loop held every other request behind it: under load it was the product API's
   * slowest hundredth.
   */
  private encode(encoding: Encoding): Buffer {
    const kept = this.encoded[encoding];
    if (kept) {
      if (!kept.upgrading) this.upgrade(encoding, kept);
      return kept.body;
    }
    const body =
      encoding === 'br'
        ? brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length } })
        : gzipSync(this.raw, { level: 1 });
    this.encoded[encoding] = { body, upgrading: false };
    return body;
  }

  private upgrade(encoding: Encoding, kept: Encoded): void {
    kept.upgrading = true;
    const done = (error: Error | null, body: Buffer) => {
      // A failed compression keeps the fast copy, which is as correct, only bigger.
      if (!error && body.length < kept.body.length) kept.body = body;
    };
    if (encoding === 'br') brotliCompress(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length } }, done);
    else gzip(this.raw, { level: 6 }, done);
  }
}

/** An answer already serialised by its builder (the listing reuses its cards' JSON): sent as this text. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** Answers from the read cache, building (and keeping) the JSON answer on a miss. */
export function sendCached(cache: ReadCache<CachedAnswer>, request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>): Promise<FastifyReply> {
  return cache
    .get(key, async () => {
      const built = await build();
      return new CachedAnswer(built instanceof JsonText ? built.text : JSON.stringify(built));
    })
    .then((answer) => answer.send(request, reply));
}
