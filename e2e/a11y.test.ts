/**
 * Accessibility checked, not hoped for (issue #17 §1): axe-core on every page a buyer, a seller and
 * the store team reach, in English and Arabic, on a phone and a laptop. A serious or critical
 * violation fails the test with the page, the rule and the elements it found.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_ADMIN, DEMO_SELLER, loginApi, loginInPortal, useLanguage } from './portal-helpers.js';
import { addAddressByApi, buyerCookies, newBuyer, signUpBuyerByApi, type BuyerSession } from './support/accounts.js';
import { launchBrowser, skipBrowserTests, waitForHydration } from './support/browser.js';
import { pickProducts } from './support/buying.js';
import { startServer, type TestServer } from './support/server.js';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const LANGUAGES = ['en', 'ar'] as const;
/** The WCAG 2.1 A and AA rules; best-practice rules are advice, not failures. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Audience {
  name: 'visitor' | 'buyer' | 'seller' | 'team';
  pages: string[];
  /** Signs the context in (after the language cookie is set). */
  signIn?(context: BrowserContext, page: Page): Promise<void>;
}

async function violationsOn(page: Page, pathname: string): Promise<string[]> {
  await page.goto(pathname);
  await waitForHydration(page);
  // Data the page loads after hydration (lists, cart) and the fonts: let the page settle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

describe.skipIf(skipBrowserTests)('accessibility of every page (axe-core, WCAG 2.1 AA)', () => {
  let server: TestServer;
  let browser: Browser;
  let buyer: BuyerSession;
  let audiences: Audience[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    buyer = await signUpBuyerByApi(server.url, newBuyer('Layla', 'Mansour'));
    await addAddressByApi(server.url, buyer, {
      name: 'Layla Mansour',
      countryCode: '+60',
      mobile: '123456789',
      pincode: '50450',
      locality: 'Bukit Bintang',
      city: 'Kuala Lumpur',
      state: 'WP',
      flatNumber: '12',
      addressLine1: '12 Jalan Ampang',
      addressType: 'home',
    });
    const [product] = await pickProducts(server.url, { count: 1 });
    const productId = ((await (await fetch(`${server.url}/v1/products/${product!.slug}`)).json()) as { data: { id: string } }).data.id;
    // A shared wishlist with the product, for the public page and the buyer's list page.
    const call = async <T,>(method: string, path: string, body?: unknown) =>
      (
        (await (
          await fetch(`${server.url}${path}`, {
            method,
            headers: { authorization: buyer.token.accessToken, language: 'en', ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          })
        ).json()) as { data: T }
      ).data;
    const wishlist = await call<{ id: string }>('POST', '/v1/wishlists', { name: 'Studio picks' });
    const categories = (await (await fetch(`${server.url}/v1/categories`, { headers: { language: 'en' } })).json()) as {
      data: { categories: { slug: string }[] };
    };
    const category = categories.data.categories[0]?.slug;
    // A published post in English and Arabic for the blog's pages (the console's editor opens it too).
    const adminToken = await loginApi(server.url, 'admin', DEMO_ADMIN);
    const post = await api<{ data: { id: string; slug: string } }>(server.url, 'POST', '/v1/admin/posts', {
      token: adminToken,
      body: {
        slug: 'a11y-linen',
        tags: ['linen'],
        texts: {
          en: { title: 'Linen from the Baltic', excerpt: 'Where our linen grows', body: '## Fields\n\nFlax *grows* here, [see the makers](/makers).' },
          ar: { title: 'الكتان من البلطيق', excerpt: 'حيث ينمو الكتان', body: '## الحقول\n\nينمو **الكتان** هنا.' },
        },
      },
    });
    await api(server.url, 'POST', `/v1/admin/posts/${post.body.data.id}/publish`, { token: adminToken, body: {} });
    await api(server.url, 'POST', '/v1/contact', {
      body: { name: 'Layla Mansour', email: 'layla@example.test', subject: 'Samples', message: 'Could you send us samples of the linen?', website: '' },
    });
    await call('POST', `/v1/wishlists/${wishlist.id}/products`, { productId });
    const shared = await call<{ shareToken: string }>('POST', `/v1/wishlists/${wishlist.id}/share`);
    // A fully custom commission to the demo seller's store, with his proposal: the buyer's, the seller's and the console's pages.
    const [made] = await pickProducts(server.url, { count: 1, store: 'atelier-nurul' });
    const commission = await call<{ id: string }>('POST', '/v1/commissions', {
      kind: 'fullyCustom',
      storeId: made!.store.id,
      quantity: 2,
      newProduct: { title: 'Rattan floor lamp', description: 'A tall lamp, one metre, natural rattan.', budget: 30_000, wantedBy: '2027-03-01' },
    });
    const sellerToken = await loginApi(server.url, 'seller', DEMO_SELLER);
    const proposed = await api(server.url, 'POST', `/v1/seller/commissions/${commission.id}/proposal`, {
      token: sellerToken,
      body: { price: 26_000, deposit: 8_000, leadTimeDays: 21, changeRounds: 1, refundSharePercent: 50, note: 'Rattan from Terengganu, woven by hand.' },
    });
    expect(proposed.status).toBe(200);
    const storeForm = new URLSearchParams({ storeId: made!.store.id, store: made!.store.storeName });
    audiences = [
      {
        name: 'visitor',
        pages: [
          '/',
          '/search?q=basket',
          ...(category ? [`/c/${category}`] : []),
          product!.path,
          `/store/${product!.store.storeAliasName}`,
          '/makers',
          '/about',
          '/faq',
          '/privacy',
          '/terms',
          '/login',
          '/signup',
          '/forgot-password',
          '/cart',
          '/blog',
          '/blog/a11y-linen',
          '/contact',
          '/contact?sent=1',
          `/wishlists/shared/${shared.shareToken}`,
          '/no/such/page',
        ],
      },
      {
        name: 'buyer',
        pages: [
          '/profile',
          '/profile/addresses',
          '/profile/orders',
          '/profile/wallet',
          '/profile/cards',
          '/profile/points',
          '/offers',
          '/profile/message-center',
          '/profile/quotations',
          '/profile/quotations?new=rfq',
          '/checkout',
          '/profile/favourites',
          '/profile/wishlists',
          `/profile/wishlists/${wishlist.id}`,
          '/profile/reviews',
          '/profile/commissions',
          `/profile/commissions?${storeForm.toString()}`,
          `/profile/commissions/${commission.id}`,
        ],
        signIn: async (context) => context.addCookies(buyerCookies(server.url, buyer)),
      },
      {
        name: 'seller',
        pages: [
          '/seller',
          '/seller/products',
          '/seller/products/new',
          '/seller/orders',
          '/seller/store',
          '/seller/messages',
          '/seller/reviews',
          '/seller/quotations',
          '/seller/commissions',
          `/seller/commissions/${commission.id}`,
        ],
        signIn: async (_context, page) => loginInPortal(page, '/seller', DEMO_SELLER),
      },
      {
        name: 'team',
        pages: [
          '/admin',
          '/admin/companies',
          '/admin/sellers',
          '/admin/orders',
          '/admin/catalog',
          '/admin/catalog/brands',
          '/admin/catalog/banners',
          '/admin/team',
          '/admin/outbox',
          '/admin/messages',
          '/admin/blog',
          `/admin/blog/${post.body.data.id}`,
          '/admin/contact',
          '/admin/reviews',
          '/admin/quotations',
          '/admin/commissions',
        ],
        signIn: async (_context, page) => loginInPortal(page, '/admin', DEMO_ADMIN),
      },
    ];
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const language of LANGUAGES) {
    for (const { name: size, ...device } of VIEWPORTS) {
      it(`has no serious or critical violation in ${language} on a ${size}`, async () => {
        const found: string[] = [];
        for (const audience of audiences) {
          const context = await browser.newContext({ baseURL: server.url, ...device });
          try {
            await useLanguage(context, server.url, language);
            const page = await context.newPage();
            await audience.signIn?.(context, page);
            for (const pathname of audience.pages) {
              for (const violation of await violationsOn(page, pathname)) found.push(`${audience.name} ${pathname}: ${violation}`);
            }
          } finally {
            await context.close();
          }
        }
        expect(found).toEqual([]);
      }, 600_000);
    }
  }
});
