import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './support/server.js';

/**
 * What a visitor's browser downloads before a public page works: the scripts the server-rendered
 * page names (module preloads and scripts). The public pages validate no form, so none of them may
 * carry the contracts' zod schemas (they were 27 kB of every page's JavaScript, gzip). The sizes are
 * measured by `bench/pages.mjs`; this checks what is in them, not how fast they load.
 */
async function scriptsOf(base: string, pathname: string): Promise<Map<string, string>> {
  const response = await fetch(`${base}${pathname}`, { headers: { accept: 'text/html', 'accept-language': 'en' } });
  expect(response.status, pathname).toBe(200);
  const html = await response.text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1] as string);
  for (const match of html.matchAll(/import\(?\s*["'](\/[^"']+\.js)["']/g)) urls.add(match[1] as string);
  const scripts = new Map<string, string>();
  for (const url of urls) scripts.set(url, await (await fetch(new URL(url, base))).text());
  return scripts;
}

describe('the JavaScript of public pages', () => {
  let server: TestServer;
  const pages: string[] = ['/'];
  beforeAll(async () => {
    server = await startServer();
    const listing = (await (await fetch(`${server.url}/v1/products?limit=1`)).json()) as { data: { items: Array<{ slug: string }> } };
    const categories = (await (await fetch(`${server.url}/v1/categories`)).json()) as { data: { categories: Array<{ slug: string }> } };
    pages.push(`/c/${categories.data.categories[0]?.slug}`, `/p/${listing.data.items[0]?.slug}`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('holds no schema validation code on the home page, a listing and a product page', async () => {
    for (const pathname of pages) {
      const scripts = await scriptsOf(server.url, pathname);
      expect(scripts.size, pathname).toBeGreaterThan(5);
      const withZod = [...scripts].filter(([, text]) => text.includes('_zod')).map(([url]) => url);
      expect(withZod, pathname).toEqual([]);
    }
  });
});
