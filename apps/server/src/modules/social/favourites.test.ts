import { describe, expect, it } from 'vitest';
import type { TFavourites, TProductInput, TSellerProduct, TSharedWishlist, TWishlist, TWishlistSummary } from '@tessera/contracts';
import { PASSWORD, signupPayload } from '../../test/accounts.js';
import { createBuyer, createTeamMember, signInGuestWith, uniqueEmail } from '../../test/roles.js';
import {
  call,
  createProduct,
  createSeller,
  createSellerCatalogApp,
  insertCategory,
  pictureBytes,
  productInput,
  uploadImages,
} from '../../test/seller-catalog.js';

const { app } = await createSellerCatalogApp();
const categoryId = await insertCategory(app);
const seller = await createSeller(app);
const support = await createTeamMember(app, 'support');
const picture = await pictureBytes({ width: 60, height: 60 });

async function publishedProduct(overrides: Partial<Record<keyof TProductInput, unknown>> = {}): Promise<TSellerProduct> {
  const product = await createProduct(app, seller, productInput(categoryId, { stock: 5, ...overrides }));
  await uploadImages(app, seller.token, product.id, [{ data: picture, filename: 'p.png' }]);
  const published = await call(app, seller.token, 'POST', `/v1/seller/products/${product.id}/publish`);
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
  return published.json().data as TSellerProduct;
}

/** PUT is not among call()'s methods. */
const putAs = (token: string, url: string, _payload?: undefined, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url, headers: { authorization: token, ...headers } });
const storeIdOf = async (productId: string) =>
  (await app.db.kysely.selectFrom('products').select('store_id').where('id', '=', productId).executeTakeFirstOrThrow()).store_id;

/** Messages of a template to an address, read through the admin console's outbox API. */
async function outboxFor(recipient: string, template: string) {
  const response = await call(app, support.token, 'GET', `/v1/admin/notifications?recipient=${encodeURIComponent(recipient)}&limit=50`);
  expect(response.statusCode).toBe(200);
  return (response.json().data.items as Array<{ template: string; subject: string; body: string; language: string }>).filter((m) => m.template === template);
}

describe('favourites', () => {
  it('a buyer hearts products and stores, sees them on /v1/favourites and un-hearts them; twice is harmless', async () => {
    const product = await publishedProduct();
    const storeId = await storeIdOf(product.id);
    const buyer = await createBuyer(app);
    for (let i = 0; i < 2; i++) {
      const put = await putAs(buyer.token, `/v1/favourites/products/${product.id}`);
      expect(put.statusCode).toBe(200);
      expect(put.json().data).toEqual({ favourite: true });
    }
    expect((await putAs(buyer.token, `/v1/favourites/stores/${storeId}`)).statusCode).toBe(200);
    const ids = await call(app, buyer.token, 'GET', '/v1/favourites/ids');
    expect(ids.json().data).toEqual({ productIds: [product.id], storeIds: [storeId] });
    const list = (await call(app, buyer.token, 'GET', '/v1/favourites', undefined, { language: 'es' })).json().data as TFavourites;
    expect(list.products.map((p) => [p.id, p.title])).toEqual([[product.id, 'Manta Pua Kumbu tejida a mano']]);
    expect(list.stores.map((s) => s.id)).toEqual([storeId]);

    expect((await call(app, buyer.token, 'DELETE', `/v1/favourites/products/${product.id}`)).json().data).toEqual({ favourite: false });
    expect((await call(app, buyer.token, 'DELETE', `/v1/favourites/products/${product.id}`)).statusCode).toBe(200);
    expect((await call(app, buyer.token, 'GET', '/v1/favourites/ids')).json().data).toEqual({ productIds: [], storeIds: [storeId] });
  });

  it('refuses a draft or unknown product (404) and a malformed id (400), changing nothing', async () => {
    const buyer = await createBuyer(app);
    const draft = await createProduct(app, seller, productInput(categoryId));
    expect((await putAs(buyer.token, `/v1/favourites/products/${draft.id}`)).statusCode).toBe(404);
    expect((await putAs(buyer.token, '/v1/favourites/products/0190aaaa-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const malformed = await putAs(buyer.token, '/v1/favourites/products/not-an-id', undefined, { language: 'ar' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', field: 'params.productId' });
    expect((await call(app, buyer.token, 'GET', '/v1/favourites/ids')).json().data).toEqual({ productIds: [], storeIds: [] });
    expect((await call(app, null, 'GET', '/v1/favourites/ids')).statusCode).toBe(401);
  });

  it('keeps a guest’s favourites on his session and moves them to the account when he signs up, and when he logs in', async () => {
    const [one, two] = [await publishedProduct(), await publishedProduct()];
    const guest = await signInGuestWith(app);
    expect((await putAs(guest.token, `/v1/favourites/products/${one.id}`)).statusCode).toBe(200);
    expect((await call(app, guest.token, 'GET', '/v1/favourites/ids')).json().data.productIds).toEqual([one.id]);
    const email = uniqueEmail('fan');
    const signup = await app.inject({
      method: 'POST',
      url: '/v1/customer/signup',
      headers: { authorization: guest.token },
      payload: signupPayload({ email, password: PASSWORD, confirmPassword: PASSWORD }),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const account = signup.json().data.token.accessToken as string;
    expect((await call(app, account, 'GET', '/v1/favourites/ids')).json().data.productIds).toEqual([one.id]);

    // Login: the second guest's favourites join the account's, the shared one kept once.
    const later = await signInGuestWith(app);
    await putAs(later.token, `/v1/favourites/products/${one.id}`);
    await putAs(later.token, `/v1/favourites/products/${two.id}`);
    const login = await app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { authorization: later.token },
      payload: { email, password: PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data.token.accessToken as string;
    expect(((await call(app, token, 'GET', '/v1/favourites/ids')).json().data.productIds as string[]).sort()).toEqual([one.id, two.id].sort());
  });

  it('e-mails a buyer when a favourite’s price drops or it is back in stock, in his language; a price rise says nothing', async () => {
    const product = await publishedProduct({ stock: 0, price: 12_000, mrp: 15_000 });
    const fan = await createBuyer(app);
    await app.db.kysely.updateTable('users').set({ language: 'es' }).where('id', '=', fan.userId).execute();
    const guest = await signInGuestWith(app);
    await putAs(fan.token, `/v1/favourites/products/${product.id}`);
    await putAs(guest.token, `/v1/favourites/products/${product.id}`);

    expect((await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}`, { price: 13_000 })).statusCode).toBe(200);
    expect(await outboxFor(fan.email, 'price-drop')).toHaveLength(0);
    expect((await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}`, { price: 9_550 })).statusCode).toBe(200);
    const [drop] = await outboxFor(fan.email, 'price-drop');
    expect(drop).toMatchObject({ language: 'es', subject: 'Bajada de precio: Manta Pua Kumbu tejida a mano' });
    expect(drop!.body).toContain('95,50');

    expect((await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}/stock`, { stock: 3 })).statusCode).toBe(200);
    const [back] = await outboxFor(fan.email, 'back-in-stock');
    expect(back).toMatchObject({ language: 'es', subject: 'Manta Pua Kumbu tejida a mano vuelve a estar disponible' });
  });

  it('does not tell a buyer twice when he also asked to be told of the restock', async () => {
    const product = await publishedProduct({ stock: 0 });
    const fan = await createBuyer(app);
    await putAs(fan.token, `/v1/favourites/products/${product.id}`);
    expect((await call(app, fan.token, 'POST', `/v1/products/${product.id}/notify-me`, {})).statusCode).toBe(200);
    await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}/stock`, { stock: 2 });
    expect(await outboxFor(fan.email, 'back-in-stock')).toHaveLength(1);
  });
});

describe('wishlists', () => {
  it('creates, renames, fills, shares by an unguessable link, unshares and deletes a named list', async () => {
    const [one, two] = [await publishedProduct(), await publishedProduct()];
    const buyer = await createBuyer(app);
    const created = await call(app, buyer.token, 'POST', '/v1/wishlists', { name: '  Spring showroom ' });
    expect(created.statusCode).toBe(200);
    const list = created.json().data as TWishlistSummary;
    expect(list).toMatchObject({ name: 'Spring showroom', itemCount: 0, shareToken: null });
    expect((await call(app, buyer.token, 'PATCH', `/v1/wishlists/${list.id}`, { name: 'Autumn showroom' })).json().data.name).toBe('Autumn showroom');
    for (const id of [one.id, two.id, one.id])
      expect((await call(app, buyer.token, 'POST', `/v1/wishlists/${list.id}/products`, { productId: id })).statusCode).toBe(200);
    const full = (await call(app, buyer.token, 'GET', `/v1/wishlists/${list.id}`)).json().data as TWishlist;
    expect(full.itemCount).toBe(2);
    expect(full.products.map((p) => p.id).sort()).toEqual([one.id, two.id].sort());

    const shared = (await call(app, buyer.token, 'POST', `/v1/wishlists/${list.id}/share`)).json().data as TWishlistSummary;
    expect(shared.shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const page = await app.inject({ method: 'GET', url: `/v1/shared-wishlists/${shared.shareToken}` });
    expect(page.statusCode).toBe(200);
    const read = page.json().data as TSharedWishlist;
    expect(read.name).toBe('Autumn showroom');
    expect(read.products).toHaveLength(2);
    expect(JSON.stringify(read)).not.toContain(buyer.userId);

    await call(app, buyer.token, 'DELETE', `/v1/wishlists/${list.id}/products/${two.id}`);
    expect((await call(app, buyer.token, 'GET', `/v1/wishlists/${list.id}`)).json().data.itemCount).toBe(1);
    expect((await call(app, buyer.token, 'DELETE', `/v1/wishlists/${list.id}/share`)).json().data.shareToken).toBeNull();
    expect((await app.inject({ method: 'GET', url: `/v1/shared-wishlists/${shared.shareToken}` })).statusCode).toBe(404);
    expect((await call(app, buyer.token, 'DELETE', `/v1/wishlists/${list.id}`)).statusCode).toBe(200);
    expect((await call(app, buyer.token, 'GET', '/v1/wishlists')).json().data.wishlists).toEqual([]);
  });

  it('keeps another buyer’s list out of reach (404), refuses an empty name in his language, and a guest', async () => {
    const owner = await createBuyer(app);
    const other = await createBuyer(app);
    const list = (await call(app, owner.token, 'POST', '/v1/wishlists', { name: 'Mine' })).json().data as TWishlistSummary;
    for (const [method, url, body] of [
      ['GET', `/v1/wishlists/${list.id}`],
      ['PATCH', `/v1/wishlists/${list.id}`, { name: 'Stolen' }],
      ['DELETE', `/v1/wishlists/${list.id}`],
      ['POST', `/v1/wishlists/${list.id}/share`],
    ] as const) {
      expect((await call(app, other.token, method, url, body)).statusCode).toBe(404);
    }
    const empty = await call(app, owner.token, 'POST', '/v1/wishlists', { name: '   ' }, { language: 'es' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION', field: 'name' });
    const guest = await signInGuestWith(app);
    expect((await call(app, guest.token, 'GET', '/v1/wishlists')).statusCode).toBe(403);
    expect((await call(app, owner.token, 'GET', '/v1/wishlists')).json().data.wishlists.map((w: TWishlistSummary) => w.name)).toEqual(['Mine']);
  });
});
