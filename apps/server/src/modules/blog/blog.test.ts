import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app.js';
import { jpegBytes, multipartBody, textBytes } from '../../test/accounts.js';
import { createBuyer, createTeamMember } from '../../test/roles.js';

const { app } = await createTestApp();
const writer = await createTeamMember(app, 'support');
const buyer = await createBuyer(app);

let slugs = 0;
const uniqueSlug = (prefix = 'post') => `${prefix}-${Date.now().toString(36)}-${(slugs++).toString(36)}`;
const ghost = (token: string) => ({ authorization: `Ghost ${token}` });

const HOSTILE = [
  'Hello <script>alert(1)</script> world',
  '<img src="https://cdn.example/x.png" onerror="alert(2)" alt="pic">',
  '<a href="javascript:alert(3)">click</a> <a href="JaVaScRiPt&colon;alert(4)">again</a> <a href="https://example.org/x" onclick="alert(5)">safe</a>',
  '<p style="background:url(javascript:alert(6))">styled</p><style>body{display:none}</style>',
  '<iframe src="https://evil.example"></iframe><object data="x"></object><svg onload="alert(7)"><circle/></svg>',
  '<img src="data:image/png;base64,AAAA" alt="data"> <a href="//evil.example/">proto</a>',
  '[md link](javascript:alert(8)) and **bold**',
].join('\n\n');

async function writePost(target: FastifyInstance, body: Record<string, unknown> = {}, token = writer.token) {
  const response = await target.inject({
    method: 'POST',
    url: '/v1/admin/posts',
    headers: ghost(token),
    payload: {
      slug: uniqueSlug(),
      tags: ['Linen', 'natural dyes'],
      texts: {
        en: { title: 'Linen from the Baltic', excerpt: 'Where our linen grows', body: '## Fields\n\nFlax *grows* here.' },
        ar: { title: 'الكتان من البلطيق', excerpt: 'حيث ينمو الكتان', body: 'ينمو **الكتان** هنا.' },
      },
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: string; slug: string; status: string; live: boolean; texts: Record<string, { html: string }> };
}

const publish = (id: string, publishAt?: number) =>
  app.inject({ method: 'POST', url: `/v1/admin/posts/${id}/publish`, headers: ghost(writer.token), payload: publishAt === undefined ? {} : { publishAt } });
const publicPost = (slug: string, language = 'en') => app.inject({ method: 'GET', url: `/v1/blog/posts/${slug}`, headers: { language } });
const publicList = (query = '', language = 'en') => app.inject({ method: 'GET', url: `/v1/blog/posts${query}`, headers: { language } });

describe('the sanitiser', () => {
  it('keeps text and safe markup, and drops scripts, event handlers, javascript: links, styles and frames', async () => {
    const post = await writePost(app, { texts: { en: { title: 'Hostile', body: HOSTILE } } });
    const html = post.texts.en!.html;
    expect(html).toContain('Hello');
    expect(html).toContain('world');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('href="https://example.org/x"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
    expect(html).toContain('src="https://cdn.example/x.png"');
    for (const banned of [
      '<script',
      'alert(1)',
      'onerror',
      'onclick',
      'onload',
      'javascript:',
      'style=',
      '<style',
      'display:none',
      '<iframe',
      '<object',
      '<svg',
      'data:image',
      '//evil.example',
    ]) {
      expect(html.toLowerCase(), banned).not.toContain(banned.toLowerCase());
    }
    // The public page serves the same sanitised HTML.
    await publish(post.id);
    const served = (await publicPost(post.slug)).json().data.html as string;
    expect(served).toBe(html);
  });

  it('previews a body exactly as it will be published', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts/preview',
      headers: ghost(writer.token),
      payload: { body: '<script>x()</script>\n\n# Title\n\n<a href="javascript:x()">a</a>' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.html).toBe('<h2>Title</h2>\n<p>a</p>');
  });
});

describe('publishing', () => {
  it('keeps drafts off the public pages, the list and the feeds', async () => {
    const post = await writePost(app);
    expect(post.status).toBe('draft');
    expect((await publicPost(post.slug)).statusCode).toBe(404);
    expect((await publicList()).json().data.items.map((p: { id: string }) => p.id)).not.toContain(post.id);
    expect((await app.inject({ method: 'GET', url: '/blog/rss.xml' })).body).not.toContain(post.id);
  });

  it('publishes now, then unpublishes back to a draft that disappears at once', async () => {
    const post = await writePost(app);
    const published = await publish(post.id);
    expect(published.json()).toMatchObject({ message: 'Post published', data: { status: 'published', live: true } });
    const read = await publicPost(post.slug, 'ar');
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      language: 'ar',
      title: 'الكتان من البلطيق',
      languages: ['en', 'ar'],
      tags: ['linen', 'natural dyes'],
      author: { name: 'Tomás Team' },
    });
    expect(read.json().data.html).toBe('<p>ينمو <strong>الكتان</strong> هنا.</p>');
    // A language the post is not written in reads the English version.
    expect((await publicPost(post.slug, 'es')).json().data).toMatchObject({ language: 'en', title: 'Linen from the Baltic' });
    const unpublished = await app.inject({ method: 'POST', url: `/v1/admin/posts/${post.id}/unpublish`, headers: ghost(writer.token) });
    expect(unpublished.json().data).toMatchObject({ status: 'draft', live: false, publishAt: null });
    expect((await publicPost(post.slug)).statusCode).toBe(404);
  });

  it('shows a scheduled post once its time has come, with nothing restarted', async () => {
    const post = await writePost(app);
    const at = Date.now() + 1500;
    const scheduled = await publish(post.id, at);
    expect(scheduled.json()).toMatchObject({ message: 'Post scheduled', data: { status: 'scheduled', live: false, publishAt: at } });
    expect((await publicPost(post.slug)).statusCode).toBe(404);
    while (Date.now() <= at) await new Promise((resolve) => setTimeout(resolve, 100));
    const due = await publicPost(post.slug);
    expect(due.statusCode).toBe(200);
    expect(due.json().data.publishedAt).toBe(at);
    expect((await app.inject({ method: 'GET', url: `/v1/admin/posts/${post.id}`, headers: ghost(writer.token) })).json().data).toMatchObject({
      status: 'scheduled',
      live: true,
    });
  });

  it('pages the list and filters it by category and tag', async () => {
    const category = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts/categories',
      headers: ghost(writer.token),
      payload: { slug: uniqueSlug('cat'), names: { en: 'Field notes', es: 'Notas de campo', ar: 'ملاحظات ميدانية', ms: 'Nota lapangan' } },
    });
    expect(category.statusCode).toBe(200);
    const { id: categoryId, slug: categorySlug } = category.json().data;
    const tag = `tag-${Date.now().toString(36)}`;
    for (let i = 0; i < 11; i++) await publish((await writePost(app, { categoryId, tags: [tag] })).id);
    const first = (await publicList(`?category=${categorySlug}`, 'es')).json().data;
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 11 });
    expect(first.items).toHaveLength(9);
    expect(first.items[0].category).toMatchObject({ slug: categorySlug, name: 'Notas de campo' });
    const second = (await publicList(`?category=${categorySlug}&page=2`)).json().data;
    expect(second.items).toHaveLength(2);
    expect(new Set([...first.items, ...second.items].map((p: { id: string }) => p.id)).size).toBe(11);
    expect((await publicList(`?tag=${tag}`)).json().data.total).toBe(11);
    expect((await publicList('?tag=no-such-tag')).json().data.total).toBe(0);
    expect((await publicList('?category=no-such-category')).json().data.total).toBe(0);
  });

  it('refuses bad input with the field and a translated message, and changes nothing', async () => {
    const taken = await writePost(app);
    const again = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts',
      headers: { ...ghost(writer.token), language: 'es' },
      payload: { slug: taken.slug, texts: { en: { title: 'x' } } },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SLUG_TAKEN', field: 'slug' });
    const long = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts',
      headers: { ...ghost(writer.token), language: 'ar' },
      payload: { slug: uniqueSlug(), texts: { en: { title: 'x'.repeat(161) } } },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('texts.en.title');
    expect(long.json().message).toContain('استخدم 160 حرفًا على الأكثر');
    const none = await app.inject({ method: 'POST', url: '/v1/admin/posts', headers: ghost(writer.token), payload: { slug: uniqueSlug(), texts: {} } });
    expect(none.statusCode).toBe(400);
    const badSlug = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts',
      headers: ghost(writer.token),
      payload: { slug: 'Not a slug!', texts: { en: { title: 'x' } } },
    });
    expect(badSlug.json()).toMatchObject({ code: 'VALIDATION', field: 'slug' });
    const unknownCategory = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts',
      headers: ghost(writer.token),
      payload: { slug: uniqueSlug(), categoryId: '01890a5d-ac96-774b-bcce-b302099a8057', texts: { en: { title: 'x' } } },
    });
    expect(unknownCategory.json()).toMatchObject({ code: 'BLOG_CATEGORY_UNKNOWN', field: 'categoryId' });
  });

  it('takes a cover checked by content and re-encoded, and refuses a file that is not an image', async () => {
    const post = await writePost(app);
    const bad = multipartBody({}, [{ field: 'image', filename: 'cover.jpg', contentType: 'image/jpeg', data: textBytes() }]);
    const refused = await app.inject({
      method: 'POST',
      url: `/v1/admin/posts/${post.id}/cover`,
      headers: { ...ghost(writer.token), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', field: 'image', message: 'Image format is not valid' });
    const good = multipartBody({}, [{ field: 'image', filename: 'cover.jpg', contentType: 'image/jpeg', data: await jpegBytes() }]);
    const saved = await app.inject({
      method: 'POST',
      url: `/v1/admin/posts/${post.id}/cover`,
      headers: { ...ghost(writer.token), ...good.headers },
      payload: good.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const coverUrl = saved.json().data.coverUrl as string;
    const media = await app.inject({ method: 'GET', url: coverUrl });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/webp');
  });
});

describe('the Ghost authorization form', () => {
  it('is accepted on the blog admin API with a team token, as is the plain token', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/admin/posts', headers: ghost(writer.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/v1/admin/posts', headers: { authorization: writer.token } })).statusCode).toBe(200);
  });

  it('refuses a wrong token with 401 and a buyer’s token with 403', async () => {
    const wrong = await app.inject({ method: 'GET', url: '/v1/admin/posts', headers: { authorization: 'Ghost not-a-token' } });
    expect(wrong.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1/admin/posts' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/v1/admin/posts', headers: ghost(buyer.token), payload: {} })).statusCode).toBe(403);
  });

  it('is not a token anywhere else in the admin API, where the usual form still works', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/admin/team', headers: ghost(writer.token) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/v1/admin/team', headers: { authorization: writer.token } })).statusCode).toBe(200);
  });
});

describe('the feeds', () => {
  it('serve RSS 2.0 and Atom per language with the live posts', async () => {
    const post = await writePost(app, { texts: { en: { title: 'Feed & <friends>', body: 'Body' }, ms: { title: 'Suapan', body: 'Badan' } } });
    await publish(post.id);
    const rss = await app.inject({ method: 'GET', url: '/blog/rss.xml?lang=ms' });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toContain('application/rss+xml');
    expect(rss.body).toContain('<rss version="2.0"');
    expect(rss.body).toContain('<title>Suapan</title>');
    expect(rss.body).toContain(`/blog/${post.slug}?lang=ms</link>`);
    const atom = await app.inject({ method: 'GET', url: '/blog/atom.xml?lang=en' });
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    expect(atom.body).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en');
    expect(atom.body).toContain('<title>Feed &amp; &lt;friends&gt;</title>');
    expect(atom.body).toContain(`urn:uuid:${post.id}`);
  });
});

describe('the console’s categories and deletions', () => {
  const names = (en: string) => ({ en, es: `${en} (es)`, ar: `${en} (ar)`, ms: `${en} (ms)` });
  const addCategory = async (slug: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/admin/posts/categories',
      headers: ghost(writer.token),
      payload: { slug, names: names('Dyes') },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: string; slug: string };
  };

  it('renames a category in every language; its posts show the new name and slug', async () => {
    const category = await addCategory(uniqueSlug('dyes'));
    const post = await writePost(app, { categoryId: category.id });
    await publish(post.id);
    const newSlug = uniqueSlug('natural-dyes');
    const renamed = await app.inject({
      method: 'PUT',
      url: `/v1/admin/posts/categories/${category.id}`,
      headers: ghost(writer.token),
      payload: { slug: newSlug, names: { en: 'Natural dyes', es: 'Tintes naturales', ar: 'أصباغ طبيعية', ms: 'Pewarna asli' } },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: category.id, slug: newSlug });
    const read = (await publicPost(post.slug, 'ar')).json().data;
    expect(read.category).toMatchObject({ id: category.id, slug: newSlug, name: 'أصباغ طبيعية' });
    expect((await publicList(`?category=${newSlug}`)).json().data.total).toBe(1);
    expect((await publicList(`?category=${category.slug}`)).json().data.total).toBe(0);
  });

  it('refuses a rename to a taken slug, a missing name or an unknown category, and changes nothing', async () => {
    const first = await addCategory(uniqueSlug('first'));
    const second = await addCategory(uniqueSlug('second'));
    const rename = (id: string, payload: Record<string, unknown>, language = 'en') =>
      app.inject({ method: 'PUT', url: `/v1/admin/posts/categories/${id}`, headers: { ...ghost(writer.token), language }, payload });
    const taken = await rename(second.id, { slug: first.slug, names: names('Taken') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'SLUG_TAKEN', field: 'slug' });
    const missing = await rename(second.id, { slug: second.slug, names: { ...names('Half'), ms: ' ' } }, 'es');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', field: 'names.ms' });
    const unknown = await rename('01890a5d-ac96-774b-bcce-b302099a8057', { slug: uniqueSlug('x'), names: names('Nobody') });
    expect(unknown.statusCode).toBe(404);
    const buyerTry = await app.inject({
      method: 'PUT',
      url: `/v1/admin/posts/categories/${second.id}`,
      headers: ghost(buyer.token),
      payload: { slug: uniqueSlug('x'), names: names('Buyer') },
    });
    expect(buyerTry.statusCode).toBe(403);
    const all = (await app.inject({ method: 'GET', url: '/v1/admin/posts/categories', headers: ghost(writer.token) })).json().data as {
      id: string;
      slug: string;
      names: Record<string, string>;
    }[];
    expect(all.find((c) => c.id === second.id)).toMatchObject({ slug: second.slug, names: names('Dyes') });
  });

  it('deletes a post with its cover: off the list, the page and the feed; a second delete is a 404', async () => {
    const post = await writePost(app, { texts: { en: { title: 'Going away soon', body: 'Body' } } });
    const cover = multipartBody({}, [{ field: 'image', filename: 'cover.jpg', contentType: 'image/jpeg', data: await jpegBytes() }]);
    const withCover = await app.inject({
      method: 'POST',
      url: `/v1/admin/posts/${post.id}/cover`,
      headers: { ...ghost(writer.token), ...cover.headers },
      payload: cover.payload,
    });
    const coverUrl = withCover.json().data.coverUrl as string;
    await publish(post.id);
    expect((await app.inject({ method: 'DELETE', url: `/v1/admin/posts/${post.id}`, headers: ghost(buyer.token) })).statusCode).toBe(403);
    expect((await publicPost(post.slug)).statusCode).toBe(200);
    const deleted = await app.inject({ method: 'DELETE', url: `/v1/admin/posts/${post.id}`, headers: ghost(writer.token) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await publicPost(post.slug)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/v1/admin/posts/${post.id}`, headers: ghost(writer.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/blog/rss.xml?lang=en' })).body).not.toContain(post.slug);
    expect((await app.inject({ method: 'DELETE', url: `/v1/admin/posts/${post.id}`, headers: ghost(writer.token) })).statusCode).toBe(404);
  });
});
