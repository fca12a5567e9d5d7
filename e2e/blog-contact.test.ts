import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, loginInPortal, pngImage, unique } from './portal-helpers.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * The blog and the contact page (issue #13 §5) in Chromium: the team writes a post in the console
 * (English and Arabic, a cover), schedules it, then publishes it; a reader finds it in Arabic at
 * /blog (right to left) and in the Arabic RSS feed. The contact form is sent with JavaScript off and
 * on, and the team reads both messages in the console's inbox and answers one.
 */
describe.skipIf(skipBrowserTests)('blog and contact', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a post written in the console with a cover, scheduled, then published, is read in Arabic and listed in the feed', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/admin/blog', DEMO_ADMIN);
    await page.getByTestId('admin-posts').waitFor();
    await page.getByRole('link', { name: 'New post' }).click();
    await page.waitForURL('**/admin/blog/new');
    const editor = page.getByTestId('blog-editor');
    await waitForHydration(page);

    const slug = unique('indigo-from-kelantan');
    const arabicTitle = 'النيلة من كلنتن';
    await editor.locator('input[name="slug"]').fill(slug);
    await editor.locator('select[name="categoryId"]').selectOption({ label: 'Materials' });
    await editor.locator('input[name="tags"]').fill('indigo, natural dyes');
    await editor.locator('input[name="title-en"]').fill('Indigo from Kelantan');
    await editor.locator('input[name="excerpt-en"]').fill('A vat that has been alive for forty years.');
    await editor.locator('textarea[name="body-en"]').fill('## The vat\n\nThe dyers feed it **every morning**.\n\n<script>alert(1)</script>');
    await editor.getByRole('tab', { name: 'العربية' }).click();
    await editor.locator('input[name="title-ar"]').fill(arabicTitle);
    await editor.locator('input[name="excerpt-ar"]').fill('حوض صباغة حيّ منذ أربعين عامًا.');
    await editor.locator('textarea[name="body-ar"]').fill('## الحوض\n\nيطعمه الصباغون **كل صباح**.');
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    await editor.getByTestId('post-status').filter({ hasText: 'Draft' }).waitFor();

    // The cover: a PNG, shown back re-encoded from /media.
    await editor.locator('input[type="file"]').setInputFiles({ name: 'indigo.png', mimeType: 'image/png', buffer: await pngImage(2400, '#27408b') });
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="blog-editor"] img[src^="/media/"]');
      return !!image && image.complete && image.naturalWidth === 1920;
    });

    // Scheduled for tomorrow: not on the public pages yet.
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await editor.locator('input[type="datetime-local"]').fill(local);
    await editor.getByRole('button', { name: 'Schedule' }).click();
    await editor.getByTestId('post-status').filter({ hasText: 'Scheduled' }).waitFor();
    expect((await fetch(`${server.url}/v1/blog/posts/${slug}`)).status).toBe(404);

    // Published now instead.
    await editor.getByTestId('publish-now').click();
    await editor.getByTestId('post-status').filter({ hasText: 'Live' }).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();

    // A reader in Arabic: the list is right to left, the post first with its Arabic title and cover.
    const reader = await openPage(browser, server.url);
    await reader.context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await reader.page.goto('/blog');
    await waitForHydration(reader.page);
    expect(await reader.page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await reader.page.locator('html').getAttribute('lang')).toBe('ar');
    const card = reader.page.getByTestId('blog-card').first();
    expect(await card.innerText()).toContain(arabicTitle);
    await card.getByRole('link', { name: arabicTitle }).first().click();
    await reader.page.waitForURL(`**/blog/${slug}`);
    const article = reader.page.getByTestId('blog-post');
    expect(await article.locator('h1').innerText()).toBe(arabicTitle);
    expect(await article.getAttribute('lang')).toBe('ar');
    expect(await reader.page.getByTestId('blog-body').locator('strong').innerText()).toBe('كل صباح');
    await reader.page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('[data-testid="blog-post"] img');
      return !!image && image.complete && image.naturalWidth > 0;
    });
    expect(unexpectedProblems(reader.problems)).toEqual([]);
    await reader.context.close();

    // The Arabic feed lists it; the English body's script never reaches the feed.
    const rss = await (await fetch(`${server.url}/blog/rss.xml?lang=ar`)).text();
    expect(rss).toContain(`<title>${arabicTitle}</title>`);
    expect(rss).toContain(`/blog/${slug}?lang=ar</link>`);
    const english = await (await fetch(`${server.url}/blog/rss.xml?lang=en`)).text();
    expect(english).toContain('<title>Indigo from Kelantan</title>');
    expect(english).not.toContain('<script');
  });

  it('the contact form is sent without JavaScript and with it, and the team reads and answers both in the inbox', async () => {
    const subjects = { plain: unique('Samples without JavaScript'), scripted: unique('Rattan for 40 shops') };

    // No JavaScript: a plain form post answered by a redirect.
    const plain = await openPage(browser, server.url, { javaScriptEnabled: false });
    await plain.page.goto('/contact');
    const form = plain.page.getByTestId('contact-form');
    await form.locator('input[name="name"]').fill('Amira Haddad');
    await form.locator('input[name="email"]').fill('amira@example.test');
    await form.locator('input[name="subject"]').fill(subjects.plain);
    // Too short: the browser's own check (minlength) keeps it on the page; the server's answer to the
    // same is tested through HTTP (contact.test.ts).
    await form.locator('textarea[name="message"]').fill('Too short');
    await form.locator('button[type="submit"]').click();
    expect(await form.locator('textarea[name="message"]').evaluate((el) => (el as HTMLTextAreaElement).validity.tooShort)).toBe(true);
    expect(new URL(plain.page.url()).search).toBe('');
    await form.locator('textarea[name="message"]').fill('Could you send us samples of the undyed linen?');
    await form.locator('button[type="submit"]').click();
    await plain.page.waitForURL('**/contact?sent=1');
    await plain.page.getByTestId('contact-sent').waitFor();
    await plain.context.close();

    // With JavaScript, in Arabic.
    const scripted = await openPage(browser, server.url);
    await scripted.context.addCookies([{ name: 'lang', value: 'ar', url: server.url }]);
    await scripted.page.goto('/contact');
    await waitForHydration(scripted.page);
    const live = scripted.page.getByTestId('contact-form');
    await live.locator('input[name="name"]').fill('ليلى حداد');
    await live.locator('input[name="email"]').fill('layla@example.test');
    await live.locator('input[name="subject"]').fill(subjects.scripted);
    await live.locator('textarea[name="message"]').fill('نريد سلال الروطان لأربعين متجرًا. ما هي شروطكم؟');
    await live.locator('button[type="submit"]').click();
    await scripted.page.getByTestId('contact-sent').waitFor();
    expect(await scripted.page.getByTestId('contact-sent').innerText()).toContain('شكرًا');
    expect(unexpectedProblems(scripted.problems)).toEqual([]);
    await scripted.context.close();

    // The team: both in the inbox; a reply moves a message to Handled.
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/admin/contact', DEMO_ADMIN);
    const list = page.getByTestId('inbox-list');
    await list.getByRole('button', { name: subjects.plain }).waitFor();
    await list.getByRole('button', { name: subjects.scripted }).click();
    const message = page.getByTestId('inbox-message');
    expect(await message.locator('h2').innerText()).toBe(subjects.scripted);
    expect(await message.innerText()).toContain('layla@example.test');
    await message.locator('textarea').fill('شكرًا لرسالتك، سنرسل لك الشروط اليوم.');
    await message.getByRole('button', { name: 'Send reply' }).click();
    await list.getByRole('button', { name: subjects.scripted }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Handled' }).click();
    await list.getByRole('button', { name: subjects.scripted }).waitFor();
    expect(unexpectedProblems(problems)).toEqual([]);
    await context.close();
  });

  it('the team adds and renames a category, and deletes a post only after confirming', async () => {
    const { page, context, problems } = await openPage(browser, server.url);
    await loginInPortal(page, '/admin/blog', DEMO_ADMIN);
    const categories = page.getByTestId('blog-categories');
    await categories.getByTestId('category-row').first().waitFor();

    // Add: the slug taken by a demo category is refused at its field, in the console's language.
    await categories.getByTestId('add-category').click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.locator('input[name="slug"]').fill('materials');
    for (const [language, name] of [
      ['en', 'Weaving'],
      ['es', 'Tejido'],
      ['ar', 'النسيج'],
      ['ms', 'Tenunan'],
    ])
      await dialog.locator(`input[name="name-${language}"]`).fill(name!);
    await dialog.getByTestId('save-category').click();
    await dialog.getByText('This slug is already used. Choose another.').waitFor();
    const slug = unique('weaving');
    await dialog.locator('input[name="slug"]').fill(slug);
    await dialog.getByTestId('save-category').click();
    await dialog.waitFor({ state: 'detached' });
    const row = categories.getByTestId('category-row').filter({ hasText: slug });
    expect(await row.innerText()).toContain('Weaving');

    // Rename: every language at once; the public list names it in Arabic.
    await row.getByRole('button', { name: 'Rename Weaving' }).click();
    await dialog.locator('input[name="name-en"]').fill('Handweaving');
    await dialog.locator('input[name="name-ar"]').fill('النسيج اليدوي');
    await dialog.getByTestId('save-category').click();
    await dialog.waitFor({ state: 'detached' });
    await row.filter({ hasText: 'Handweaving' }).waitFor();
    const named = await (await fetch(`${server.url}/v1/blog/categories`, { headers: { language: 'ar' } })).json();
    expect(named.data.find((c: { slug: string }) => c.slug === slug)).toMatchObject({ name: 'النسيج اليدوي' });

    // Delete: Cancel keeps the post; Delete removes it from the console and the site.
    const post = page.getByTestId('admin-posts').getByRole('link').filter({ hasText: 'Rattan and bamboo' }).first();
    await post.click();
    await page.waitForURL(/\/admin\/blog\/[0-9a-f-]{36}$/);
    await page.getByTestId('post-status').waitFor();
    await page.getByTestId('delete-post').click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('heading').innerText()).toBe('Delete this post for good?');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await fetch(`${server.url}/v1/blog/posts/rattan-and-bamboo`)).status).toBe(200);
    await page.getByTestId('delete-post').click();
    await confirm.getByTestId('confirm').click();
    await page.waitForURL('**/admin/blog');
    await page.getByTestId('admin-posts').getByRole('link').first().waitFor();
    expect(await page.getByTestId('admin-posts').innerText()).not.toContain('Rattan and bamboo');
    expect((await fetch(`${server.url}/v1/blog/posts/rattan-and-bamboo`)).status).toBe(404);
    expect(unexpectedProblems(problems, [/status of 409/])).toEqual([]);
    await context.close();
  });
});
