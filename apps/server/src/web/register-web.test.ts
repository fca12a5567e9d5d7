import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { CURRENCIES, LANGUAGES, type TAppConfig } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPagePath, registerWeb, type WebContext } from './register-web.js';

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const built = existsSync(path.join(WEB_ROOT, 'build', 'server', 'index.js'));

const config: TAppConfig = {
  appName: 'Tessera',
  languages: [...LANGUAGES],
  defaultLanguage: 'en',
  currencies: CURRENCIES.map((c) => ({ ...c })),
  defaultCurrency: 'EUR',
  deviceType: 3,
  platform: 3,
  snackbarTimeoutMs: 3000,
  seo: {
    title: 'Tessera test title',
    description: 'Test description',
    image: 'https://tessera.test/icons/social-512.png',
    imageWidth: 512,
    imageHeight: 512,
    siteUrl: 'https://tessera.test',
  },
  features: { sitePassword: false, guestCheckout: false, chat: true, wallet: true, cashOnDelivery: true },
  paymentTypes: ['COD', 'Card', 'Wallet'],
  deliveryModes: ['DELIVERY', 'SELF_PICKUP'],
  map: { tileUrl: null, attribution: null },
  chat: { licenseKey: 'k', appSecret: 's' },
};

describe('isPagePath', () => {
  it('leaves the API, docs, probes, metrics, MQTT and assets to the server', () => {
    for (const url of ['/v1/config', '/v1', '/chat/message', '/docs', '/docs/json', '/healthz', '/readyz', '/metrics', '/mqtt', '/assets/x.js']) {
      expect(isPagePath(url), url).toBe(false);
    }
    for (const url of ['/', '/about', '/cart?x=1', '/v1x', '/documents', '/metrics/page', '/no/such/page']) {
      expect(isPagePath(url), url).toBe(true);
    }
  });
});

describe.skipIf(!built)('registerWeb (production build)', () => {
  let app: FastifyInstance;
  const context = (language: WebContext['language'] = 'en', siteLocked = false): WebContext => ({
    config,
    language,
    isMobile: false,
    siteLocked,
    publicUrl: 'https://tessera.test',
    nonce: 'test-nonce-123',
  });

  beforeAll(async () => {
    app = Fastify();
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ code: 'NOT_FOUND' }));
    await registerWeb(app, {
      dev: false,
      webRoot: WEB_ROOT,
      getContext: (request) => context(request.headers['x-lang'] === 'ar' ? 'ar' : 'en', request.headers['x-locked'] === '1'),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders pages with the nonce on every script, the page head and no caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('nonce="test-nonce-123"');
    expect(html).toContain('<title>Tessera test title</title>');
    expect(html).toContain('<link rel="canonical" href="https://tessera.test/"/>');
    expect(html).toContain('<meta property="og:image" content="https://tessera.test/icons/social-512.png"/>');
    expect(html).toContain('<meta property="og:image:width" content="512"/>');
    expect(html).toMatch(/<html lang="en" dir="ltr"/);
  });

  it('renders Arabic right to left and the gate when the site is locked', async () => {
    const arabic = await app.inject({ method: 'GET', url: '/about', headers: { 'x-lang': 'ar' } });
    expect(arabic.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic.body).toContain('عن تيسيرا');
    const locked = await app.inject({ method: 'GET', url: '/about', headers: { 'x-locked': '1' } });
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('data-testid="password-gate"');
    expect(locked.body).not.toContain('About Tessera');
  });

  it('answers unknown pages 404 with the not-found page, and HEAD without a body', async () => {
    const missing = await app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('page has gone missing');
    const head = await app.inject({ method: 'HEAD', url: '/about' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('leaves API paths and missing assets to the server not-found handler', async () => {
    for (const url of ['/v1/nothing', '/assets/missing.js', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ code: 'NOT_FOUND' });
    }
  });

  it('answers a browser opening an unknown API-ish path with the not-found page, not raw JSON', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/chat/nope', '/v1/typo', '/docs/nothing-here']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept, 'x-lang': 'ar' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.body, url).toContain('الصفحة مفقودة');
    }
    // A built file that does not exist stays a plain 404 even for a browser.
    const asset = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept } });
    expect(asset.json()).toEqual({ code: 'NOT_FOUND' });
  });

  it('serves built files with long caching for hashed assets and none for the service worker', async () => {
    const asset = readdirSync(path.join(WEB_ROOT, 'build', 'client', 'assets')).find((f) => f.endsWith('.js'));
    const hashed = await app.inject({ method: 'GET', url: `/assets/${asset}` });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const icon = await app.inject({ method: 'GET', url: '/icons/social-512.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });
});
