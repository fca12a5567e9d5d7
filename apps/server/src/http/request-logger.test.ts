import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp } from '../test/app.js';
import { lazyRequestLogger } from './request-logger.js';

/**
 * Each request's logger is made on its first line (request-logger.ts): what an operator reads must
 * be what Fastify's own child logger wrote — every line of a request carries its id, credentials
 * stay out — and a quiet level still writes nothing for a good request.
 */
const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs', () => {
  it('carry the request id on every line of the request, without the token', async () => {
    const lines: string[] = [];
    const { app } = await createTestApp({ logLevel: 'info' }, { logStream: { write: (line: string) => lines.push(line) } });
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/v1/config', headers: { 'x-request-id': 'trace-me-1', authorization: 'not-a-token' } });
    expect(response.statusCode).toBe(401);
    const mine = parse(lines).filter((line) => line.reqId === 'trace-me-1');
    expect(mine.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.join('\n')).not.toContain('not-a-token');
  });

  it('write nothing for a good request at the warn level', async () => {
    const lines: string[] = [];
    const { app } = await createTestApp({ logLevel: 'warn' }, { logStream: { write: (line: string) => lines.push(line) } });
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'quiet-1' } })).statusCode).toBe(200);
    expect(lines).toEqual([]);
  });

  it('write a failure with its request id, and a route’s own level is obeyed', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } }, childLoggerFactory: lazyRequestLogger });
    app.get('/fails', async () => {
      throw new Error('boom for the log');
    });
    app.get('/chatty', async (request) => {
      request.log.info('not at warn');
      return { ok: true };
    });
    app.get('/debugged', { logLevel: 'debug' }, async (request) => {
      request.log.debug({ step: 1 }, 'route level debug');
      return { ok: true };
    });
    expect((await app.inject({ url: '/fails', headers: { 'request-id': 'x' } })).statusCode).toBe(500);
    const failed = parse(lines).find((line) => line.level === 50);
    expect(failed).toMatchObject({ reqId: expect.any(String), err: { message: 'boom for the log' } });
    lines.length = 0;
    await app.inject({ url: '/chatty' });
    expect(lines).toEqual([]);
    await app.inject({ url: '/debugged' });
    expect(parse(lines).map((line) => line.msg)).toContain('route level debug');
    await app.close();
  });
});
