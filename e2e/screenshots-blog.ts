/**
 * Screenshots of the blog and contact pages (issue #13 §5) in English and Arabic, on a phone (390×844)
 * and a laptop (1366×900), into screenshots/blog (gitignored): /blog, a post, /contact (empty, refused,
 * sent), and the console's posts list with its categories, the editor, the delete dialog and the
 * contact inbox with a message open.
 * Run after `npm run build`: npx tsx e2e/screenshots-blog.ts (SHOTS=blog-post takes only that one).
 */
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, DEMO_PASSWORD, api } from './portal-helpers.js';
import { camera, imagesLoaded, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const base = server.url;
  const take = camera(browser, { folder: 'blog', onlyVariable: 'SHOTS', settle: snackbarGone, phoneSlices: 4 });

  // Two messages in the inbox: one in Arabic, one in English.
  for (const [language, body] of [
    [
      'ar',
      {
        name: 'ليلى حداد',
        email: 'layla@example.test',
        subject: 'سؤال عن شهادات القطن',
        message: 'مرحبا، هل لديكم شهادات GOTS للقطن العضوي؟ نريد طلب 500 قطعة.',
        website: '',
      },
    ],
    [
      'en',
      {
        name: 'Tom Baker',
        email: 'tom@example.test',
        subject: 'Wholesale terms for rattan',
        message: 'Hello, we would like to order rattan baskets for 40 shops. What are your terms?',
        website: '',
      },
    ],
  ] as const) {
    const sent = await api(base, 'POST', '/v1/contact', { body, language });
    if (sent.status !== 200) throw new Error(`contact answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  }
  const adminToken = (
    await api<{ data: { token: { accessToken: string } } }>(base, 'POST', '/v1/admin/login', { body: { email: DEMO_ADMIN, password: DEMO_PASSWORD } })
  ).body.data.token.accessToken;
  const posts = (await api<{ data: { id: string; slug: string }[] }>(base, 'GET', '/v1/admin/posts', { token: adminToken })).body.data;
  const post = posts.find((p) => p.slug === 'songket-from-terengganu') ?? posts[0]!;

  const page = (name: string, path: string, ready: string, images?: string) => ({
    name,
    async open(p: Page) {
      await openHydrated(p, path, ready);
      if (images) await imagesLoaded(p, images);
    },
  });
  await take(base, page('blog-list', '/blog', '[data-testid="blog-card"]', '[data-testid="blog-card"] img'));
  await take(base, page('blog-post', `/blog/${post.slug}`, '[data-testid="blog-body"]', '[data-testid="blog-post"] img'));
  await take(base, page('contact', '/contact', '[data-testid="contact-form"]'));
  await take(
    base,
    page('contact-error', '/contact?error=message&name=Amira&email=amira%40example.test&subject=Hi&message=short', '[data-testid="contact-form"]'),
  );
  await take(base, page('contact-sent', '/contact?sent=1', '[data-testid="contact-sent"]'));

  const login = { email: DEMO_ADMIN, password: DEMO_PASSWORD };
  await take(
    base,
    portalShot({
      name: 'admin-posts',
      path: '/admin/blog',
      login,
      ready: async (p) => {
        await p.getByTestId('category-row').first().waitFor({ timeout: 15_000 });
        await imagesLoaded(p, '[data-testid="admin-posts"] img');
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'admin-category',
      path: '/admin/blog',
      login,
      ready: async (p) => {
        await p.getByTestId('category-row').first().getByRole('button').click();
        await p.getByTestId('category-dialog').waitFor();
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'admin-editor',
      path: `/admin/blog/${post.id}`,
      login,
      ready: async (p) => {
        await p
          .locator('input[name="slug"]')
          .and(p.locator(`[value="${post.slug}"]`))
          .waitFor({ timeout: 15_000 });
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'admin-delete',
      path: `/admin/blog/${post.id}`,
      login,
      ready: async (p) => {
        await p
          .locator('input[name="slug"]')
          .and(p.locator(`[value="${post.slug}"]`))
          .waitFor({ timeout: 15_000 });
        await p.getByTestId('delete-post').click();
        await p.getByTestId('delete-dialog').waitFor();
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'admin-contact',
      path: '/admin/contact',
      login,
      ready: async (p) => {
        await p.getByTestId('inbox-list').getByRole('button').first().click();
        await p.getByTestId('inbox-message').locator('h2').waitFor({ timeout: 15_000 });
      },
    }),
  );
});
