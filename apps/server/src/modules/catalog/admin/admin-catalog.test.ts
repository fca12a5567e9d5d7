import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { TAdminCategory, TAdminMenuItem } from '@tessera/contracts';
import { createTestApp, signInGuest } from '../../../test/app.js';
import { createBuyer, createTeamMember, multipartBody, signUpSeller } from '../../../test/roles.js';
import { newId } from '../../../lib/ids.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-admin-catalog-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { app } = await createTestApp({ dataDir, signInRateLimitPerMinute: 1_000_000 });

const owner = await createTeamMember(app, 'owner');
const moderator = await createTeamMember(app, 'moderator');
const support = await createTeamMember(app, 'support');
const db = app.db.kysely;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token: string | null = owner.token, headers: Record<string, string> = {}) =>
  app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...(token ? { authorization: token } : {}), ...headers } });

let slugCounter = 0;
/** A slug no other test uses (the database is shared by the whole file). */
const slug = (prefix: string) => `${prefix}-${++slugCounter}-${Math.random().toString(36).slice(2, 7)}`;
const names = (en: string) => ({ en, es: `${en} (es)`, ar: `${en} (ar)`, ms: `${en} (ms)` });

async function createCategory(overrides: Record<string, unknown> = {}, token = owner.token): Promise<TAdminCategory> {
  const response = await call('POST', '/v1/admin/categories', { name: names('Textiles'), slug: slug('textiles'), parentId: null, sort: 0, ...overrides }, token);
  if (response.statusCode !== 200) throw new Error(`category: ${response.statusCode} ${response.body}`);
  return response.json().data as TAdminCategory;
}
async function createBrand(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/v1/admin/brands', { name: 'Loom & Leaf', slug: slug('loom'), sort: 0, ...overrides });
  if (response.statusCode !== 200) throw new Error(`brand: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: string; slug: string; name: string; logoUrl: string | null };
}
async function createMenuItem(overrides: Record<string, unknown> = {}): Promise<TAdminMenuItem> {
  const response = await call('POST', '/v1/admin/menu-items', { menu: 'mega', parentId: null, label: names('Home'), linkType: 'url', linkValue: '/search', sort: 0, ...overrides });
  if (response.statusCode !== 200) throw new Error(`menu item: ${response.statusCode} ${response.body}`);
  return response.json().data as TAdminMenuItem;
}
const banner = (overrides: Record<string, unknown> = {}) => ({
  title: names('Handwoven in Sarawak'),
  subtitle: names('Pua kumbu from longhouse weavers'),
  href: '/search?q=pua',
  placement: 'hero',
  sort: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  ...overrides,
});

const seller = await signUpSeller(app);
const store = await db.selectFrom('stores').select(['id', 'store_alias_name']).where('seller_user_id', '=', seller.userId).executeTakeFirstOrThrow();

/** A product row as the seller catalog would write it; only the columns that matter here are meaningful. */
async function insertProduct(options: { categoryId: string; brandId?: string | null }) {
  const now = Date.now();
  await db
    .insertInto('products')
    .values({
      id: newId(),
      store_id: store.id,
      category_id: options.categoryId,
      brand_id: options.brandId ?? null,
      slug: slug('product'),
      title: JSON.stringify({ en: 'Ikat cushion' }),
      description: JSON.stringify({ en: 'Cotton cushion cover' }),
      highlights: JSON.stringify({}),
      specs: '[]',
      size_chart: null,
      manufacturer: 'Loom & Leaf',
      currency: 'EUR',
      price: 2500,
      mrp: 3000,
      moq: 10,
      stock: 40,
      restockable: 1,
      origin_country: 'MY',
      origin_region: 'Sarawak',
      maker_name: 'Nurul',
      maker_type: 'artisan',
      production_method: 'handloom',
      lead_time_days: 14,
      tags: '[]',
      status: 'published',
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#6b7240' } }).png().toBuffer();
async function upload(url: string, field: string, data: Buffer, filename = 'picture.png', token = owner.token) {
  const body = await multipartBody([{ name: field, data, filename, type: 'image/png' }]);
  return app.inject({ method: 'POST', url, headers: { authorization: token, 'content-type': body.contentType }, payload: body.payload });
}
/** The bytes served publicly at a catalog image URL (no token). */
async function fetchMedia(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { response, meta: response.statusCode === 200 ? await sharp(response.rawPayload).metadata() : null };
}

describe('who may use the admin catalog API', () => {
  const reads = ['/v1/admin/categories', '/v1/admin/brands', '/v1/admin/menu-items?menu=mega', '/v1/admin/banners', '/v1/admin/specialities', '/v1/admin/catalog/stores'];

  it('every team member reads; support cannot write', async () => {
    for (const url of reads) {
      for (const member of [owner, moderator, support]) expect((await call('GET', url, undefined, member.token)).statusCode, url).toBe(200);
    }
    const before = (await call('GET', '/v1/admin/categories')).json().data.length;
    const refused = await call('POST', '/v1/admin/categories', { name: names('Rugs'), slug: slug('rugs'), parentId: null, sort: 0 }, support.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await call('POST', '/v1/admin/banners', banner(), support.token)).statusCode).toBe(403);
    expect((await call('GET', '/v1/admin/categories')).json().data).toHaveLength(before);
  });

  it('owners and moderators write', async () => {
    const category = await createCategory({}, moderator.token);
    expect((await call('DELETE', `/v1/admin/categories/${category.id}`, undefined, moderator.token)).statusCode).toBe(200);
  });

  it('sellers, buyers and guests get 403; no token gets 401', async () => {
    const buyer = await createBuyer(app);
    const guest = await signInGuest(app);
    for (const token of [seller.token, buyer.token, guest.token.accessToken]) {
      for (const url of reads) expect((await call('GET', url, undefined, token)).statusCode, url).toBe(403);
      expect((await call('POST', '/v1/admin/brands', { name: 'X', slug: slug('x'), sort: 0 }, token)).statusCode).toBe(403);
    }
    for (const url of reads) expect((await call('GET', url, undefined, null)).statusCode, url).toBe(401);
    expect((await call('DELETE', `/v1/admin/banners/${newId()}`, undefined, null)).statusCode).toBe(401);
  });
});

describe('categories', () => {
  it('creates, lists depth first by sort, edits and deletes, bumping the catalog version each time', async () => {
    const version = app.services.catalog.version;
    let seen = version.current();
    const bumped = () => {
      const now = version.current();
      const changed = now !== seen;
      seen = now;
      return changed;
    };
    const homeware = await createCategory({ name: names('Homeware'), sort: 2 });
    expect(bumped()).toBe(true);
    const apparel = await createCategory({ name: names('Apparel'), sort: 1 });
    const cushions = await createCategory({ name: names('Cushions'), parentId: homeware.id, sort: 5 });
    const baskets = await createCategory({ name: names('Baskets'), parentId: homeware.id, sort: 1 });
    const scarves = await createCategory({ name: names('Scarves'), parentId: apparel.id, sort: 0 });
    expect(cushions).toMatchObject({ parentId: homeware.id, depth: 1, name: names('Cushions'), imageUrl: null, productCount: 0, childCount: 0 });

    const list = (await call('GET', '/v1/admin/categories', undefined, support.token)).json().data as TAdminCategory[];
    const ours = new Set([homeware.id, apparel.id, cushions.id, baskets.id, scarves.id]);
    const order = list.filter((c) => ours.has(c.id)).map((c) => [c.name.en, c.depth]);
    expect(order).toEqual([
      ['Apparel', 0],
      ['Scarves', 1],
      ['Homeware', 0],
      ['Baskets', 1],
      ['Cushions', 1],
    ]);
    expect(list.find((c) => c.id === homeware.id)?.childCount).toBe(2);

    bumped();
    const moved = await call('PATCH', `/v1/admin/categories/${cushions.id}`, { parentId: apparel.id, sort: 9, name: { en: 'Cushion covers', ar: 'أغطية الوسائد' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ parentId: apparel.id, sort: 9, depth: 1, name: { en: 'Cushion covers', ar: 'أغطية الوسائد' } });
    expect(bumped()).toBe(true);

    expect((await call('DELETE', `/v1/admin/categories/${cushions.id}`)).statusCode).toBe(200);
    expect(bumped()).toBe(true);
    expect((await call('GET', '/v1/admin/categories')).json().data.map((c: TAdminCategory) => c.id)).not.toContain(cushions.id);
    expect((await call('DELETE', `/v1/admin/categories/${cushions.id}`)).statusCode).toBe(404);
  });

  it('refuses a used slug with 409 SLUG_TAKEN, in the caller’s language', async () => {
    const first = await createCategory();
    const clash = await call('POST', '/v1/admin/categories', { name: names('Other'), slug: first.slug, parentId: null, sort: 0 }, owner.token, { language: 'es' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ code: 'SLUG_TAKEN', field: 'slug', message: 'Este slug ya está en uso. Elige otro.' });
    const second = await createCategory();
    const renamed = await call('PATCH', `/v1/admin/categories/${second.id}`, { slug: first.slug });
    expect(renamed.statusCode).toBe(409);
    expect((await call('GET', '/v1/admin/categories')).json().data.find((c: TAdminCategory) => c.id === second.id).slug).toBe(second.slug);
    // Keeping its own slug is no clash.
    expect((await call('PATCH', `/v1/admin/categories/${second.id}`, { slug: second.slug, sort: 3 })).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a bad slug, a missing English name, an unknown key, an unknown or circular parent', async () => {
    const bad = await call('POST', '/v1/admin/categories', { name: names('Rugs'), slug: 'Rugs & Mats!', parentId: null, sort: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', field: 'slug', message: 'Use lower-case letters, digits and hyphens (for example organic-textiles)' });
    const noEnglish = await call('POST', '/v1/admin/categories', { name: { es: 'Alfombras' }, slug: slug('rugs'), parentId: null, sort: 0 });
    expect(noEnglish.json()).toMatchObject({ code: 'VALIDATION', field: 'name.en' });
    const extra = await call('POST', '/v1/admin/categories', { name: names('Rugs'), slug: slug('rugs'), parentId: null, sort: 0, colour: 'red' });
    expect(extra.json()).toMatchObject({ code: 'VALIDATION', field: 'colour' });
    expect((await call('POST', '/v1/admin/categories', { name: names('Rugs'), slug: slug('rugs'), parentId: null, sort: -1 })).json().field).toBe('sort');
    const orphan = await call('POST', '/v1/admin/categories', { name: names('Rugs'), slug: slug('rugs'), parentId: newId(), sort: 0 });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().field).toBe('parentId');

    const parent = await createCategory();
    const child = await createCategory({ parentId: parent.id });
    const grandchild = await createCategory({ parentId: child.id });
    for (const parentId of [parent.id, grandchild.id]) {
      const loop = await call('PATCH', `/v1/admin/categories/${parent.id}`, { parentId });
      expect(loop.statusCode).toBe(400);
      expect(loop.json().field).toBe('parentId');
    }
    expect((await call('GET', '/v1/admin/categories')).json().data.find((c: TAdminCategory) => c.id === parent.id).parentId).toBeNull();
  });

  it('refuses to delete a category with subcategories, products or menu links (409 CATEGORY_IN_USE), and changes nothing', async () => {
    const parent = await createCategory();
    const child = await createCategory({ parentId: parent.id });
    const withChild = await call('DELETE', `/v1/admin/categories/${parent.id}`);
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json()).toEqual({ code: 'CATEGORY_IN_USE', message: 'This category still has subcategories, products or menu items. Move or remove them first.' });

    await insertProduct({ categoryId: child.id });
    const withProduct = await call('DELETE', `/v1/admin/categories/${child.id}`, undefined, owner.token, { language: 'ar' });
    expect(withProduct.statusCode).toBe(409);
    expect(withProduct.json().message).toBe('لا تزال لهذه الفئة فئات فرعية أو منتجات أو عناصر قائمة. انقلها أو احذفها أولًا.');
    const listed = (await call('GET', '/v1/admin/categories')).json().data as TAdminCategory[];
    expect(listed.find((c) => c.id === child.id)?.productCount).toBe(1);
    expect(listed.find((c) => c.id === parent.id)?.childCount).toBe(1);

    const linked = await createCategory();
    const item = await createMenuItem({ linkType: 'category', linkValue: linked.id });
    expect((await call('DELETE', `/v1/admin/categories/${linked.id}`)).json().code).toBe('CATEGORY_IN_USE');
    expect((await call('DELETE', `/v1/admin/menu-items/${item.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/admin/categories/${linked.id}`)).statusCode).toBe(200);
  });

  it('takes an image by multipart: shrunk to WebP within 1920 px, served publicly; anything else is refused', async () => {
    const category = await createCategory();
    const response = await upload(`/v1/admin/categories/${category.id}/image`, 'image', await png(2600, 1300));
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json().data;
    expect(imageUrl).toMatch(/^\/media\/[\w-]+$/);
    const { response: served, meta } = await fetchMedia(imageUrl);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(meta).toMatchObject({ format: 'webp', width: 1920, height: 960 });
    expect(served.rawPayload.length).toBeLessThanOrEqual(Math.round(0.6 * 1024 * 1024));

    // A replacement frees the previous file.
    const replaced = await upload(`/v1/admin/categories/${category.id}/image`, 'image', await png(400, 300));
    expect(replaced.json().data.imageUrl).not.toBe(imageUrl);
    expect((await fetchMedia(imageUrl)).response.statusCode).toBe(404);
    expect((await fetchMedia(replaced.json().data.imageUrl)).meta).toMatchObject({ width: 400, height: 300 });

    const text = await upload(`/v1/admin/categories/${category.id}/image`, 'image', Buffer.from('just some text, named like a picture'), 'photo.png');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ code: 'VALIDATION', field: 'image', message: 'Image format is not valid' });
    const wrongField = await upload(`/v1/admin/categories/${category.id}/image`, 'picture', await png(50, 50));
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await call('POST', `/v1/admin/categories/${category.id}/image`, { image: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await call('GET', '/v1/admin/categories')).json().data.find((c: TAdminCategory) => c.id === category.id).imageUrl).toBe(replaced.json().data.imageUrl);
    expect((await upload(`/v1/admin/categories/${category.id}/image`, 'image', await png(50, 50), 'a.png', support.token)).statusCode).toBe(403);

    const removed = await call('DELETE', `/v1/admin/categories/${category.id}/image`);
    expect(removed.json().data.imageUrl).toBeNull();
  });
});

describe('brands', () => {
  it('creates, edits, lists by sort, takes a logo and deletes', async () => {
    const b = await createBrand({ name: 'Kapok Co', sort: 7 });
    const a = await createBrand({ name: 'Anyam', sort: 6 });
    const edited = await call('PATCH', `/v1/admin/brands/${b.id}`, { name: 'Kapok & Co' });
    expect(edited.json().data).toMatchObject({ name: 'Kapok & Co', sort: 7, productCount: 0 });
    const ids = (await call('GET', '/v1/admin/brands', undefined, support.token)).json().data.map((x: { id: string }) => x.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));

    const logo = await upload(`/v1/admin/brands/${a.id}/logo`, 'logo', await png(600, 600));
    expect(logo.statusCode).toBe(200);
    expect((await fetchMedia(logo.json().data.logoUrl)).meta?.format).toBe('webp');
    expect((await upload(`/v1/admin/brands/${a.id}/logo`, 'logo', Buffer.from('%PDF-1.4 not a logo'), 'logo.png')).json().field).toBe('logo');

    expect((await call('DELETE', `/v1/admin/brands/${a.id}`)).statusCode).toBe(200);
    expect((await fetchMedia(logo.json().data.logoUrl)).response.statusCode).toBe(404);
  });

  it('refuses a used slug (409) and a brand still in use by products or menus (409 BRAND_IN_USE)', async () => {
    const brand = await createBrand();
    expect((await call('POST', '/v1/admin/brands', { name: 'Copy', slug: brand.slug, sort: 0 })).json()).toMatchObject({ code: 'SLUG_TAKEN', field: 'slug' });
    const category = await createCategory();
    await insertProduct({ categoryId: category.id, brandId: brand.id });
    const refused = await call('DELETE', `/v1/admin/brands/${brand.id}`, undefined, owner.token, { language: 'ms' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'BRAND_IN_USE', message: 'Jenama ini masih digunakan oleh produk atau item menu. Alihkan atau padamkannya dahulu.' });
    expect((await call('GET', '/v1/admin/brands')).json().data.find((x: { id: string }) => x.id === brand.id).productCount).toBe(1);

    const linked = await createBrand();
    await createMenuItem({ menu: 'brand', linkType: 'brand', linkValue: linked.id });
    expect((await call('DELETE', `/v1/admin/brands/${linked.id}`)).json().code).toBe('BRAND_IN_USE');
  });
});

describe('menus', () => {
  it('nests the mega menu up to three levels, depth first by sort, and names each link’s target', async () => {
    const category = await createCategory({ name: names('Rugs') });
    const column = await createMenuItem({ label: names('Home & living'), sort: 1 });
    const first = await createMenuItem({ label: names('Makers'), sort: 0, linkType: 'store', linkValue: store.id });
    const group = await createMenuItem({ parentId: column.id, label: names('Floor'), linkType: 'category', linkValue: category.id, sort: 2 });
    const link = await createMenuItem({ parentId: group.id, label: names('Organic cotton rugs'), linkType: 'search', linkValue: 'organic cotton rug' });
    const sibling = await createMenuItem({ parentId: column.id, label: names('Table'), sort: 1 });

    const menu = (await call('GET', '/v1/admin/menu-items?menu=mega', undefined, support.token)).json().data as TAdminMenuItem[];
    const ours = new Set([column.id, first.id, group.id, link.id, sibling.id]);
    expect(menu.filter((m) => ours.has(m.id)).map((m) => [m.label.en, m.depth])).toEqual([
      ['Makers', 0],
      ['Home & living', 0],
      ['Table', 1],
      ['Floor', 1],
      ['Organic cotton rugs', 2],
    ]);
    expect(menu.find((m) => m.id === group.id)).toMatchObject({ linkType: 'category', linkValue: category.id, targetName: 'Rugs' });
    expect(menu.find((m) => m.id === first.id)?.targetName).toBe(store.store_alias_name);
    // The brand menu is its own list.
    expect((await call('GET', '/v1/admin/menu-items?menu=brand')).json().data.map((m: TAdminMenuItem) => m.id)).not.toContain(column.id);

    // A fourth level is refused, and so is moving a column under its own child.
    const tooDeep = await call('POST', '/v1/admin/menu-items', { menu: 'mega', parentId: link.id, label: names('Deep'), linkType: 'url', linkValue: '/x', sort: 0 });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().field).toBe('parentId');
    expect((await call('PATCH', `/v1/admin/menu-items/${column.id}`, { parentId: group.id })).json().field).toBe('parentId');
    expect((await call('PATCH', `/v1/admin/menu-items/${group.id}`, { parentId: sibling.id })).json().field).toBe('parentId');

    const edited = await call('PATCH', `/v1/admin/menu-items/${sibling.id}`, { label: { en: 'Tableware', es: 'Vajilla' }, linkType: 'category', linkValue: category.id, sort: 5 });
    expect(edited.json().data).toMatchObject({ label: { en: 'Tableware', es: 'Vajilla' }, linkType: 'category', targetName: 'Rugs', sort: 5 });

    // Deleting a column takes its nested items with it.
    expect((await call('DELETE', `/v1/admin/menu-items/${column.id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/v1/admin/menu-items?menu=mega')).json().data.map((m: TAdminMenuItem) => m.id);
    for (const id of [column.id, group.id, link.id, sibling.id]) expect(after).not.toContain(id);
    expect(after).toContain(first.id);
  });

  it('answers 400 for an unknown menu kind or link type, a link to nothing, a bad path, and nesting in a flat menu', async () => {
    expect((await call('GET', '/v1/admin/menu-items?menu=footer')).json()).toMatchObject({ code: 'VALIDATION', field: 'query.menu' });
    expect((await call('GET', '/v1/admin/menu-items')).statusCode).toBe(400);
    const base = { menu: 'mega', parentId: null, label: names('X'), linkType: 'url', linkValue: '/x', sort: 0 };
    expect((await call('POST', '/v1/admin/menu-items', { ...base, menu: 'footer' })).json()).toMatchObject({ code: 'VALIDATION', field: 'menu' });
    expect((await call('POST', '/v1/admin/menu-items', { ...base, linkType: 'product' })).json()).toMatchObject({ code: 'VALIDATION', field: 'linkType' });
    for (const linkType of ['category', 'brand', 'store']) {
      const dangling = await call('POST', '/v1/admin/menu-items', { ...base, linkType, linkValue: newId() });
      expect(dangling.statusCode, linkType).toBe(400);
      expect(dangling.json()).toEqual({ code: 'LINK_TARGET_NOT_FOUND', field: 'linkValue', message: 'The link points at something that does not exist.' });
    }
    // A page of this site or an https address; never another site through '//' or '/\\' (browsers read both as a host).
    for (const linkValue of ['http://evil.example/', '//evil.example/phish', '/\\evil.example', 'javascript:alert(1)', 'https://', 'no-slash', '/with space']) {
      const refused = await call('POST', '/v1/admin/menu-items', { ...base, linkValue });
      expect(refused.json(), linkValue).toEqual({ code: 'VALIDATION', field: 'linkValue', message: 'Enter a page of this site (starting with /) or an https:// address.' });
    }
    expect((await call('POST', '/v1/admin/menu-items', { ...base, linkValue: 'https://makers.example/weavers' })).statusCode).toBe(200);
    const top = await createMenuItem({ menu: 'store', linkType: 'store', linkValue: store.id });
    const nested = await call('POST', '/v1/admin/menu-items', { ...base, menu: 'store', parentId: top.id });
    expect(nested.json().field).toBe('parentId');
    const mega = await createMenuItem();
    expect((await call('POST', '/v1/admin/menu-items', { ...base, menu: 'brand', parentId: mega.id })).json().field).toBe('parentId');
    const relinked = await call('PATCH', `/v1/admin/menu-items/${mega.id}`, { linkType: 'brand' });
    expect(relinked.json().code).toBe('LINK_TARGET_NOT_FOUND');
    expect((await call('GET', '/v1/admin/menu-items?menu=mega')).json().data.find((m: TAdminMenuItem) => m.id === mega.id)).toMatchObject({ linkType: 'url', linkValue: '/search' });
    expect((await call('PATCH', `/v1/admin/menu-items/${newId()}`, { sort: 1 })).statusCode).toBe(404);
  });
});

describe('banners', () => {
  it('creates, lists by placement and sort with whether each is live, edits, takes an image and deletes', async () => {
    const now = Date.now();
    const hero = (await call('POST', '/v1/admin/banners', banner({ sort: 2 }))).json().data;
    const early = (await call('POST', '/v1/admin/banners', banner({ sort: 1, startsAt: now - 60_000, endsAt: now + 3_600_000 }))).json().data;
    const future = (await call('POST', '/v1/admin/banners', banner({ placement: 'strip', startsAt: now + 3_600_000 }))).json().data;
    const off = (await call('POST', '/v1/admin/banners', banner({ placement: 'strip', sort: 1, active: false }))).json().data;
    expect(hero).toMatchObject({ title: names('Handwoven in Sarawak'), href: '/search?q=pua', placement: 'hero', active: true, live: true, imageUrl: null });

    const list = (await call('GET', '/v1/admin/banners', undefined, support.token)).json().data as Array<{ id: string; live: boolean }>;
    const ours = [hero.id, early.id, future.id, off.id];
    expect(list.filter((b) => ours.includes(b.id)).map((b) => [b.id, b.live])).toEqual([
      [early.id, true],
      [hero.id, true],
      [future.id, false],
      [off.id, false],
    ]);

    const edited = await call('PATCH', `/v1/admin/banners/${off.id}`, { active: true, subtitle: { en: 'Now on' } });
    expect(edited.json().data).toMatchObject({ active: true, live: true, subtitle: { en: 'Now on' }, title: names('Handwoven in Sarawak') });
    const expired = await call('PATCH', `/v1/admin/banners/${off.id}`, { startsAt: now - 7_200_000, endsAt: now - 3_600_000 });
    expect(expired.json().data.live).toBe(false);

    const image = await upload(`/v1/admin/banners/${hero.id}/image`, 'image', await png(2400, 800));
    expect((await fetchMedia(image.json().data.imageUrl)).meta).toMatchObject({ format: 'webp', width: 1920, height: 640 });
    expect((await call('DELETE', `/v1/admin/banners/${hero.id}`)).statusCode).toBe(200);
    expect((await fetchMedia(image.json().data.imageUrl)).response.statusCode).toBe(404);
    expect((await call('DELETE', `/v1/admin/banners/${hero.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a window that ends before it starts, an outside link, an unknown placement or a missing title', async () => {
    const now = Date.now();
    const backwards = await call('POST', '/v1/admin/banners', banner({ startsAt: now, endsAt: now - 1 }));
    expect(backwards.json()).toMatchObject({ code: 'VALIDATION', field: 'endsAt', message: 'Enter a valid date' });
    for (const href of ['//evil.example/phish', '/\\evil.example/phish', 'http://elsewhere.example', 'javascript:alert(1)', 'makers']) {
      expect((await call('POST', '/v1/admin/banners', banner({ href }))).json(), href).toEqual({ code: 'VALIDATION', field: 'href', message: 'Enter a page of this site (starting with /) or an https:// address.' });
    }
    expect((await call('POST', '/v1/admin/banners', banner({ href: 'https://elsewhere.example/makers' }))).statusCode).toBe(200);
    const saved = (await call('POST', '/v1/admin/banners', banner({ href: '/makers' }))).json().data;
    expect((await call('PATCH', `/v1/admin/banners/${saved.id}`, { href: '//evil.example/phish' })).json().field).toBe('href');
    expect((await call('POST', '/v1/admin/banners', banner({ placement: 'sidebar' }))).json().field).toBe('placement');
    expect((await call('POST', '/v1/admin/banners', banner({ title: { en: '' } }))).json().field).toBe('title.en');
    const created = (await call('POST', '/v1/admin/banners', banner({ startsAt: now, endsAt: now + 1000 }))).json().data;
    expect((await call('PATCH', `/v1/admin/banners/${created.id}`, { endsAt: now - 5 })).json().field).toBe('endsAt');
    expect((await call('GET', '/v1/admin/banners')).json().data.find((b: { id: string }) => b.id === created.id).endsAt).toBe(now + 1000);
  });
});

describe('specialities', () => {
  it('creates with translations and a status, edits, sets its stores from either side, and deletes', async () => {
    const created = await call('POST', '/v1/admin/specialities', { name: names('Backstrap weaving'), description: names('Woven on a body-tensioned loom'), slug: slug('backstrap'), status: 1 });
    expect(created.statusCode).toBe(200);
    const speciality = created.json().data;
    expect(speciality).toMatchObject({ name: names('Backstrap weaving'), status: 1, storeIds: [] });

    const hidden = await call('PATCH', `/v1/admin/specialities/${speciality.id}`, { status: 0 });
    expect(hidden.json().data.status).toBe(0);
    expect((await call('PATCH', `/v1/admin/specialities/${speciality.id}`, { status: 2 })).json().field).toBe('status');

    const withStore = await call('PUT', `/v1/admin/specialities/${speciality.id}/stores`, { storeIds: [store.id, store.id] });
    expect(withStore.json().data.storeIds).toEqual([store.id]);
    const stores = (await call('GET', '/v1/admin/catalog/stores', undefined, support.token)).json().data as Array<{ id: string; specialityIds: string[] }>;
    expect(stores.find((s) => s.id === store.id)?.specialityIds).toContain(speciality.id);

    const unknown = await call('PUT', `/v1/admin/specialities/${speciality.id}/stores`, { storeIds: [store.id, newId()] });
    expect(unknown.json()).toMatchObject({ code: 'LINK_TARGET_NOT_FOUND', field: 'storeIds' });
    expect((await call('GET', '/v1/admin/specialities')).json().data.find((s: { id: string }) => s.id === speciality.id).storeIds).toEqual([store.id]);

    const other = (await call('POST', '/v1/admin/specialities', { name: names('Natural dyeing'), description: names('Indigo and mengkudu'), slug: slug('dye'), status: 1 })).json().data;
    const fromStore = await call('PUT', `/v1/admin/stores/${store.id}/specialities`, { specialityIds: [other.id] });
    expect(fromStore.statusCode).toBe(200);
    expect(fromStore.json().data.specialityIds).toEqual([other.id]);
    expect((await call('PUT', `/v1/admin/stores/${store.id}/specialities`, { specialityIds: [newId()] })).json().field).toBe('specialityIds');
    expect((await call('PUT', `/v1/admin/stores/${newId()}/specialities`, { specialityIds: [] })).statusCode).toBe(404);
    expect((await call('PUT', `/v1/admin/stores/${store.id}/specialities`, { specialityIds: [] }, support.token)).statusCode).toBe(403);

    expect((await call('POST', '/v1/admin/specialities', { name: names('Copy'), description: names('Copy'), slug: other.slug, status: 1 })).json().code).toBe('SLUG_TAKEN');
    expect((await call('DELETE', `/v1/admin/specialities/${other.id}`)).statusCode).toBe(200);
    const after = (await call('GET', '/v1/admin/catalog/stores')).json().data as Array<{ id: string; specialityIds: string[] }>;
    expect(after.find((s) => s.id === store.id)?.specialityIds).toEqual([]);
  });
});

describe('bad input never reaches the database', () => {
  it('answers every write with an empty or malformed body with 400 (or 404/415), never 500', async () => {
    const category = await createCategory();
    const id = category.id;
    const writes: Array<[Method, string]> = [
      ['POST', '/v1/admin/categories'],
      ['PATCH', `/v1/admin/categories/${id}`],
      ['POST', `/v1/admin/categories/${id}/image`],
      ['POST', '/v1/admin/brands'],
      ['PATCH', `/v1/admin/brands/${newId()}`],
      ['POST', `/v1/admin/brands/${newId()}/logo`],
      ['POST', '/v1/admin/menu-items'],
      ['PATCH', `/v1/admin/menu-items/${newId()}`],
      ['POST', '/v1/admin/banners'],
      ['PATCH', `/v1/admin/banners/${newId()}`],
      ['POST', `/v1/admin/banners/${newId()}/image`],
      ['POST', '/v1/admin/specialities'],
      ['PATCH', `/v1/admin/specialities/${newId()}`],
      ['PUT', `/v1/admin/specialities/${newId()}/stores`],
      ['PUT', `/v1/admin/stores/${store.id}/specialities`],
    ];
    for (const [method, url] of writes) {
      // An empty edit is a valid no-op; an empty create or set is not.
      for (const payload of [...(method === 'PATCH' ? [] : [{}]), { sort: 'first' }, { name: { en: 'x'.repeat(5000) } }, []]) {
        const response = await call(method, url, payload);
        expect([400, 404, 415], `${method} ${url} ${JSON.stringify(payload).slice(0, 40)}: ${response.body}`).toContain(response.statusCode);
      }
    }
    // Huge sort values and unknown statuses are refused too.
    expect((await call('PATCH', `/v1/admin/categories/${id}`, { sort: 10_001 })).json().field).toBe('sort');
    expect((await call('POST', '/v1/admin/banners', banner({ sort: 1e9 }))).json().field).toBe('sort');
    expect((await call('GET', '/v1/admin/categories')).json().data.find((c: TAdminCategory) => c.id === id)).toMatchObject({ slug: category.slug, sort: category.sort });
  });
});
