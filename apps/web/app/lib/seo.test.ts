import { describe, expect, it } from 'vitest';
import { FALLBACK_CONFIG } from './context';
// Every text, as on the server: pageMeta translates through it.
import './i18n/all.server';
import { buildMeta, canonicalUrl, pageMeta } from './seo';

const defaults = {
  seo: { ...FALLBACK_CONFIG.seo, title: 'Tessera — default', description: 'Default description', image: '/icons/social-512.png' },
  appName: 'Tessera',
  publicUrl: 'https://tessera.example',
  language: 'en' as const,
};

function find(meta: ReturnType<typeof buildMeta>, key: string, value: string) {
  return meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
}

describe('canonicalUrl', () => {
  it('joins the public URL and the path without query, hash or trailing slash', () => {
    expect(canonicalUrl('https://tessera.example/', '/')).toBe('https://tessera.example/');
    expect(canonicalUrl('https://tessera.example', '/about/')).toBe('https://tessera.example/about');
    expect(canonicalUrl('https://tessera.example', '/search?q=linen#x')).toBe('https://tessera.example/search');
  });
});

describe('buildMeta', () => {
  it('uses the config defaults when the page sets nothing', () => {
    const meta = buildMeta(defaults, '/');
    expect(meta).toContainEqual({ title: 'Tessera — default' });
    expect(find(meta, 'name', 'description')?.content).toBe('Default description');
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://tessera.example/');
    expect(find(meta, 'property', 'og:image')?.content).toBe('https://tessera.example/icons/social-512.png');
    expect(find(meta, 'property', 'og:image:width')?.content).toBe('512');
    expect(find(meta, 'property', 'og:image:height')?.content).toBe('512');
    expect(find(meta, 'property', 'og:url')?.content).toBe('https://tessera.example/');
    expect(find(meta, 'property', 'og:locale')?.content).toBe('en_GB');
    expect(find(meta, 'name', 'twitter:card')?.content).toBe('summary');
    expect(find(meta, 'name', 'robots')).toBeUndefined();
  });

  it('lets a page override title, description and image', () => {
    const meta = buildMeta({ ...defaults, language: 'ar' }, '/about', {
      title: 'About',
      description: 'About us',
      image: 'https://cdn.example/x.png',
      noIndex: true,
    });
    expect(meta).toContainEqual({ title: 'About · Tessera' });
    expect(find(meta, 'property', 'og:title')?.content).toBe('About · Tessera');
    expect(find(meta, 'name', 'twitter:description')?.content).toBe('About us');
    expect(find(meta, 'name', 'twitter:image')?.content).toBe('https://cdn.example/x.png');
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
    expect(find(meta, 'property', 'og:locale')?.content).toBe('ar');
  });
});

describe('pageMeta', () => {
  it('reads the root loader data and translates in its language', () => {
    const meta = pageMeta(
      {
        location: { pathname: '/cart' },
        matches: [
          {
            id: 'root',
            loaderData: {
              config: FALLBACK_CONFIG,
              language: 'es',
              currencyCode: 'EUR',
              isMobile: false,
              siteLocked: false,
              publicUrl: 'https://t.example',
              nonce: 'n',
            },
          },
        ],
      },
      (t) => ({ title: t('cart.title') }),
    );
    expect(meta).toContainEqual({ title: 'Tu carrito · Tessera' });
    expect(find(meta, 'rel', 'canonical')?.href).toBe('https://t.example/cart');
  });

  it('describes only the gate while the site is locked', () => {
    const meta = pageMeta(
      {
        location: { pathname: '/about' },
        matches: [
          {
            id: 'root',
            loaderData: {
              config: FALLBACK_CONFIG,
              language: 'en',
              currencyCode: 'EUR',
              isMobile: false,
              siteLocked: true,
              publicUrl: 'https://t.example',
              nonce: 'n',
            },
          },
        ],
      },
      () => ({ title: 'About Tessera' }),
    );
    expect(meta).toContainEqual({ title: 'This marketplace is private for now · Tessera' });
    expect(JSON.stringify(meta)).not.toContain('About');
    expect(find(meta, 'name', 'robots')?.content).toBe('noindex');
  });
});
