import { describe, expect, it } from 'vitest';
import { createTestApp, guestPayload, signInGuest } from '../test/app.js';

const { app } = await createTestApp();

describe('probes', () => {
  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 503 when the database is gone', async () => {
    const { app: orphan, database } = await createTestApp();
    await database.db.close();
    const ready = await orphan.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable' });
  });
});

describe('/metrics', () => {
  it('counts requests and their latency per route pattern in Prometheus text', async () => {
    await signInGuest(app);
    await app.inject('/v1/config');
    const metrics = await app.inject('/metrics');
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(/http_requests_total\{method="POST",route="\/v1\/guest\/signIn",status="200"\} [1-9]/);
    expect(metrics.body).toMatch(/http_requests_total\{method="GET",route="\/v1\/config",status="401"\} [1-9]/);
    expect(metrics.body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="POST",route="\/v1\/guest\/signIn"\}/);
    expect(metrics.body).toContain('process_cpu_seconds_total');
  });

  it('keeps each histogram cumulative, with +Inf equal to the count, and one label for unmatched paths', async () => {
    const { app: fresh } = await createTestApp();
    for (let i = 0; i < 3; i++) await fresh.inject('/v1/config');
    await fresh.inject('/no/such/path');
    await fresh.inject('/v1/no-such-route');
    const body = (await fresh.inject('/metrics')).body;
    expect(body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(body).toContain('# TYPE http_requests_total counter');
    const series = (name: string, labels: string) =>
      [...body.matchAll(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'gm'))].map((match) => Number(match[1]));
    const buckets = series('http_request_duration_seconds_bucket', 'le="[^"]+",method="GET",route="/v1/config"');
    expect(buckets).toHaveLength(13);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(3);
    expect(series('http_request_duration_seconds_count', 'method="GET",route="/v1/config"')).toEqual([3]);
    expect(series('http_request_duration_seconds_sum', 'method="GET",route="/v1/config"')[0]).toBeGreaterThan(0);
    expect(series('http_requests_total', 'method="GET",route="/v1/config",status="401"')).toEqual([3]);
    expect(series('http_requests_total', 'method="GET",route="unmatched",status="404"')).toEqual([2]);
  });
});

describe('OpenAPI', () => {
  it('publishes a document generated from the route schemas', async () => {
    const response = await app.inject('/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    const signIn = doc.paths['/v1/guest/signIn'].post;
    expect(signIn.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['deviceId', 'ipAddress', 'appVersion', 'deviceMake', 'deviceModel', 'deviceOsVersion', 'deviceType', 'deviceTime']),
    );
    expect(doc.paths['/v1/generateToken'].post).toBeDefined();
    expect(doc.paths['/v1/config'].get.security).toEqual([{ accessToken: [] }]);
    expect(doc.paths['/metrics']).toBeUndefined();
  });

  it('serves a browsable page at /docs', async () => {
    const response = await app.inject('/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('errors', () => {
  it('answers an unknown API path with a translated JSON 404', async () => {
    const response = await app.inject({ url: '/v1/nothing-here', headers: { language: 'es' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No encontramos lo que buscabas.' });
  });

  it('answers a body over the size limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/guest/signIn',
      payload: guestPayload({ deviceId: 'x'.repeat(2_000_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('takes the language from the lang cookie and Accept-Language when no header says it', async () => {
    const byCookie = await app.inject({ url: '/v1/config', cookies: { lang: 'ar' } });
    expect(byCookie.json().message).toBe('يرجى تسجيل الدخول للمتابعة.');
    const byBrowser = await app.inject({ url: '/v1/config', headers: { 'accept-language': 'fr-FR, es;q=0.8' } });
    expect(byBrowser.json().message).toBe('Inicia sesión para continuar.');
  });
});

describe('headers', () => {
  it('sends security headers, a request id and a Content-Security-Policy', async () => {
    const response = await app.inject('/healthz');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const ids = await Promise.all(Array.from({ length: 20 }, async () => (await app.inject('/healthz')).headers['x-request-id']));
    expect(new Set([response.headers['x-request-id'], ...ids]).size).toBe(21);
  });

  it('gives JSON API answers the short API set of security headers', async () => {
    const response = await app.inject('/v1/config');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const documentOnly of ['x-xss-protection', 'x-download-options', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-permitted-cross-domain-policies']) {
      expect(response.headers[documentOnly]).toBeUndefined();
    }
    expect((await app.inject('/healthz')).headers['x-xss-protection']).toBe('0');
  });

  it('refuses a multipart body on a route that takes no files with a translated 415, and creates nothing', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/guest/signIn',
      headers: { 'content-type': 'multipart/form-data; boundary=x', language: 'es' },
      payload: '--x\r\nContent-Disposition: form-data; name="deviceId"\r\n\r\nd-1\r\n--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Ese tipo de contenido no es compatible.' });
  });

  it('echoes a well-formed request id from the load balancer', async () => {
    const response = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-1234' } });
    expect(response.headers['x-request-id']).toBe('lb-1234');
  });
});

describe('rate limits', () => {
  it('slows guest sign-in down after the configured number of attempts per minute', async () => {
    const { app: limited } = await createTestApp({ guestSignInRateLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await limited.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload(), headers: { language: 'es' } })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await limited.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload(), headers: { language: 'es' } });
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Other endpoints are not limited by it.
    expect((await limited.inject('/healthz')).statusCode).toBe(200);
  });
});

// Only PostgreSQL has connections to lose; the SQLite run has nothing to test here.
if (process.env.TEST_DIALECT === 'postgres') describe('PostgreSQL connections', () => {
  it('survives the database terminating its connections: the pool replaces them', async () => {
    const { app: survivor, database } = await createTestApp();
    const name = new URL(database.url as string).pathname.slice(1);
    expect((await survivor.inject('/readyz')).statusCode).toBe(200);
    // What a PostgreSQL restart or failover does to every open connection.
    const admin = new (await import('pg')).default.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await survivor.inject('/readyz')).statusCode).toBe(200);
    expect((await signInGuest(survivor)).token.accessToken).toEqual(expect.any(String));
  });
});
