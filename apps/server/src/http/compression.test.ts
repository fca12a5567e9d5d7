import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, signInGuest } from '../test/app.js';

const { app } = await createTestApp();
const token = (await signInGuest(app)).token.accessToken;
const config = (headers: Record<string, string> = {}) => app.inject({ url: '/v1/config', headers: { authorization: token, ...headers } });

describe('compressed answers', () => {
  it('answers JSON in the encoding the client prefers, the same document once decoded', async () => {
    const plain = await config();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const answer = await config({ 'accept-encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(JSON.parse(decode[encoding](answer.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves small answers and clients that take no encoding alone', async () => {
    for (const accept of ['identity', 'br;q=0, gzip;q=0']) {
      expect((await config({ 'accept-encoding': accept })).headers['content-encoding'], accept).toBeUndefined();
    }
    const health = await app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });
});
