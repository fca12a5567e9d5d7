import { describe, expect, it } from 'vitest';
import type { TProductInput, TSellerProduct } from '@tessera/contracts';
import { createBuyer, createTeamMember, signInGuestWith, uniqueEmail } from '../../../test/roles.js';
import { call, createProduct, createSeller, createSellerCatalogApp, insertCategory, pictureBytes, productInput, uploadImages } from '../../../test/seller-catalog.js';

const { app } = await createSellerCatalogApp();
const db = app.db.kysely;
const categoryId = await insertCategory(app);
const seller = await createSeller(app);
const support = await createTeamMember(app, 'support');
const picture = await pictureBytes({ width: 60, height: 60 });

/** A published product, out of stock unless the overrides say otherwise. */
async function publishedProduct(overrides: Partial<Record<keyof TProductInput, unknown>> = {}): Promise<TSellerProduct> {
  const product = await createProduct(app, seller, productInput(categoryId, { stock: 0, ...overrides }));
  await uploadImages(app, seller.token, product.id, [{ data: picture, filename: 'p.png' }]);
  const published = await call(app, seller.token, 'POST', `/v1/seller/products/${product.id}/publish`);
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
  return published.json().data as TSellerProduct;
}

const notifyMe = (productId: string, token: string, payload: object = {}, language?: string) =>
  call(app, token, 'POST', `/v1/products/${productId}/notify-me`, payload, language ? { language } : {});
const setStock = (productId: string, payload: object) => call(app, seller.token, 'PATCH', `/v1/seller/products/${productId}/stock`, payload);

/** The back-in-stock messages to an address, read through the admin console's outbox API. */
async function outboxFor(recipient: string) {
  const response = await call(app, support.token, 'GET', `/v1/admin/notifications?recipient=${encodeURIComponent(recipient)}&limit=50`);
  expect(response.statusCode).toBe(200);
  return (response.json().data.items as Array<{ template: string; subject: string; body: string; language: string; status: string }>).filter((m) => m.template === 'back-in-stock');
}
const signUpsOf = (productId: string) => db.selectFrom('stock_notifications').selectAll().where('product_id', '=', productId).orderBy('created_at').execute();

describe('POST /v1/products/:id/notify-me', () => {
  it('needs an e-mail from a guest, and takes a second sign-up as a no-op', async () => {
    const product = await publishedProduct();
    const guest = await signInGuestWith(app);
    const missing = await notifyMe(product.id, guest.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 'VALIDATION', message: 'Enter Valid Email', field: 'email' });
    const malformed = await notifyMe(product.id, guest.token, { email: 'not-an-address' });
    expect(malformed.json()).toMatchObject({ message: 'Enter Valid Email', field: 'email' });

    const email = uniqueEmail('guest');
    const first = await notifyMe(product.id, guest.token, { email: email.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ subscribed: true, created: true });
    const again = await notifyMe(product.id, guest.token, { email });
    expect(again.json().data).toEqual({ subscribed: true, created: false });
    expect((await signUpsOf(product.id)).map((s) => [s.email, s.notified_at])).toEqual([[email, null]]);
  });

  it('uses the account’s own e-mail for a buyer', async () => {
    const product = await publishedProduct();
    const buyer = await createBuyer(app);
    expect((await notifyMe(product.id, buyer.token, {}, 'es')).statusCode).toBe(200);
    expect((await signUpsOf(product.id)).map((s) => [s.email, s.user_id, s.language])).toEqual([[buyer.email, buyer.userId, 'es']]);
  });

  it('answers 409 for a product in stock or sold out for good, and 404 for a draft or an unknown variant', async () => {
    const guest = await signInGuestWith(app);
    const email = uniqueEmail('guest');
    const inStock = await publishedProduct({ stock: 5 });
    const response = await notifyMe(inStock.id, guest.token, { email }, 'ar');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'PRODUCT_IN_STOCK', message: 'هذا المنتج متوفر: يمكنك طلبه الآن.' });
    const soldOut = await publishedProduct({ restockable: false });
    expect((await notifyMe(soldOut.id, guest.token, { email })).json()).toEqual({ code: 'PRODUCT_SOLD_OUT', message: 'This product is sold out and will not be restocked.' });
    const draft = await createProduct(app, seller, productInput(categoryId, { stock: 0 }));
    expect((await notifyMe(draft.id, guest.token, { email })).statusCode).toBe(404);
    expect((await notifyMe(inStock.id, guest.token, { email, variantId: 'no-such-variant' })).statusCode).toBe(400);
    expect((await notifyMe(inStock.id, guest.token, { email, variantId: '01a21196-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    expect((await notifyMe(inStock.id, guest.token, { email, colour: 'red' })).statusCode).toBe(400);
    for (const id of [inStock.id, soldOut.id, draft.id]) expect(await signUpsOf(id)).toEqual([]);
  });

  it('needs a token', async () => {
    const product = await publishedProduct();
    expect((await call(app, null, 'POST', `/v1/products/${product.id}/notify-me`, { email: uniqueEmail('x') })).statusCode).toBe(401);
  });
});

describe('back in stock', () => {
  it('queues one message per waiting sign-up in its language when the stock returns, and marks them notified', async () => {
    const product = await publishedProduct();
    const guest = await signInGuestWith(app);
    const guestEmail = uniqueEmail('guest');
    const buyer = await createBuyer(app);
    await notifyMe(product.id, guest.token, { email: guestEmail }, 'en');
    await notifyMe(product.id, buyer.token, {}, 'es');

    const restocked = await setStock(product.id, { stock: 5 });
    expect(restocked.statusCode).toBe(200);
    await app.services.events.settle(); // written with the stock change, delivered by the events outbox after the commit
    const [english] = await outboxFor(guestEmail);
    expect(english).toMatchObject({ language: 'en', status: 'outbox', subject: 'Handwoven Pua Kumbu Throw is back in stock' });
    expect(english?.body).toContain(`/p/${product.slug}`);
    const [spanish] = await outboxFor(buyer.email);
    expect(spanish).toMatchObject({ language: 'es', subject: 'Manta Pua Kumbu tejida a mano vuelve a estar disponible' });
    expect((await signUpsOf(product.id)).every((s) => s.notified_at !== null)).toBe(true);

    // Sold again and restocked: the sign-ups were answered, nobody hears twice.
    await setStock(product.id, { stock: 0 });
    await setStock(product.id, { stock: 3 });
    expect(await outboxFor(guestEmail)).toHaveLength(1);
    expect(await outboxFor(buyer.email)).toHaveLength(1);
    // Answered, the address may sign up again next time.
    await setStock(product.id, { stock: 0 });
    expect((await notifyMe(product.id, guest.token, { email: guestEmail })).json().data.created).toBe(true);
  });

  it('tells a variant’s sign-ups only when that variant returns', async () => {
    const product = await publishedProduct({
      variants: [
        { colour: 'red', size: 'M', stock: 0 },
        { colour: 'red', size: 'L', stock: 2 },
      ],
    });
    const [medium, large] = product.variants as [TSellerProduct['variants'][number], TSellerProduct['variants'][number]];
    const guest = await signInGuestWith(app);
    const email = uniqueEmail('variant');
    // The product as a whole is in stock; the medium is not.
    expect((await notifyMe(product.id, guest.token, { email })).json().code).toBe('PRODUCT_IN_STOCK');
    expect((await notifyMe(product.id, guest.token, { email, variantId: medium.id })).statusCode).toBe(200);

    await setStock(product.id, { variants: [{ id: large.id, stock: 7 }] });
    expect(await outboxFor(email)).toHaveLength(0);
    await setStock(product.id, { variants: [{ id: medium.id, stock: 1 }] });
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('also notices stock that returns through an edit of the product', async () => {
    const product = await publishedProduct();
    const guest = await signInGuestWith(app);
    const email = uniqueEmail('edit');
    await notifyMe(product.id, guest.token, { email });
    const edited = await call(app, seller.token, 'PATCH', `/v1/seller/products/${product.id}`, { stock: 4, moq: 1 });
    expect(edited.statusCode).toBe(200);
    expect(await outboxFor(email)).toHaveLength(1);
  });

  it('sends nothing when the stock change is refused, and keeps the sign-up waiting', async () => {
    const product = await publishedProduct({ variants: [{ colour: 'red', size: 'M', stock: 0 }] });
    const variant = product.variants[0] as TSellerProduct['variants'][number];
    const guest = await signInGuestWith(app);
    const email = uniqueEmail('refused');
    await notifyMe(product.id, guest.token, { email, variantId: variant.id });
    const refused = await setStock(product.id, { variants: [{ id: variant.id, stock: 3 }, { id: 'not-a-variant', stock: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(await outboxFor(email)).toHaveLength(0);
    expect((await signUpsOf(product.id))[0]?.notified_at).toBeNull();
    expect((await call(app, seller.token, 'GET', `/v1/seller/products/${product.id}`)).json().data.variants[0].stock).toBe(0);
  });

  it('waits while the product is unpublished, and tells the sign-ups when it is published again in stock', async () => {
    const product = await publishedProduct();
    const guest = await signInGuestWith(app);
    const email = uniqueEmail('hidden');
    await notifyMe(product.id, guest.token, { email });
    await call(app, seller.token, 'POST', `/v1/seller/products/${product.id}/unpublish`);
    await setStock(product.id, { stock: 2 });
    expect(await outboxFor(email)).toHaveLength(0);
    await call(app, seller.token, 'POST', `/v1/seller/products/${product.id}/publish`);
    expect(await outboxFor(email)).toHaveLength(1);
  });
});
