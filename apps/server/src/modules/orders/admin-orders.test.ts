import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TAdminOrderSummary } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, createShop, createShopProduct, headers, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember, type Actor } from '../../test/roles.js';

let t: TestApp;
let shopA: Shop;
let shopB: Shop;
let support: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shopA = await createShop(t.app);
  shopB = await createShop(t.app);
  support = await createTeamMember(t.app, 'support');
});

/** A buyer's COD order of one product of `shop`. */
async function placed(shop: Shop, buyer?: Actor) {
  const who = buyer ?? (await createBuyer(t.app));
  const product = await createShopProduct(t.app, shop, { price: 1250, stock: 10 });
  await cartClient(t.app, who.token).add({ productId: product.id, quantity: 2, deliveryMode: 'DELIVERY' });
  const response = await checkout(t.app, who.token);
  expect(response.statusCode).toBe(200);
  const orderId = (response.json().data as { orderId: string }).orderId;
  const order = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}`, headers: headers(who.token) });
  return { buyer: who, orderId, storeOrderId: order.json().data.storeOrders[0].storeOrderId as string };
}

const list = (query: string, token = support.token, language?: string) =>
  t.app.inject({ method: 'GET', url: `/v1/admin/orders?${query}`, headers: headers(token, language) });
const idsOf = (response: Awaited<ReturnType<typeof list>>) => (response.json().data.orders as TAdminOrderSummary[]).map((o) => o.orderId);

describe('admin orders: the console lists every order with search and filters', () => {
  it('finds an order by its id, a store order id, the buyer’s e-mail and the store’s name', async () => {
    const first = await placed(shopA);
    const second = await placed(shopB);

    const byId = await list(`search=${first.orderId}`);
    expect(byId.statusCode).toBe(200);
    expect(idsOf(byId)).toEqual([first.orderId]);
    const row = byId.json().data.orders[0] as TAdminOrderSummary;
    expect(row).toMatchObject({ paymentType: 'COD', paymentStatus: 'not_required', itemCount: 2, buyer: { id: first.buyer.userId, email: first.buyer.email } });
    expect(row.storeOrders).toEqual([expect.objectContaining({ storeOrderId: first.storeOrderId, storeId: shopA.storeId, status: 'placed' })]);

    expect(idsOf(await list(`search=${second.storeOrderId}`))).toEqual([second.orderId]);
    // Part of the e-mail, in other letter case.
    expect(idsOf(await list(`search=${encodeURIComponent(second.buyer.email.split('@')[0]!.toUpperCase())}`))).toEqual([second.orderId]);
    const byStore = idsOf(await list(`search=${encodeURIComponent(shopA.alias)}`));
    expect(byStore).toContain(first.orderId);
    expect(byStore).not.toContain(second.orderId);
    // LIKE's wildcards are taken literally: '%' finds nothing rather than everything.
    expect(idsOf(await list('search=%25'))).toEqual([]);
  });

  it('filters by state, store, payment type and date, and pages newest first without repeats', async () => {
    const buyer = await createBuyer(t.app);
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await placed(shopB, buyer));
    await t.app.inject({
      method: 'POST',
      url: `/v1/seller/orders/${orders[0]!.storeOrderId}/status`,
      headers: headers(shopB.seller.token),
      payload: { status: 'accepted' },
    });

    const accepted = idsOf(await list(`status=accepted&storeId=${shopB.storeId}`));
    expect(accepted).toEqual([orders[0]!.orderId]);
    expect(idsOf(await list(`paymentType=Card&storeId=${shopB.storeId}`))).toEqual([]);
    expect(idsOf(await list(`paymentType=COD&search=${encodeURIComponent(buyer.email)}`))).toEqual(orders.map((o) => o.orderId).reverse());
    const future = Date.now() + 60_000;
    expect(idsOf(await list(`from=${future}&search=${encodeURIComponent(buyer.email)}`))).toEqual([]);
    expect(idsOf(await list(`from=0&to=${future}&search=${encodeURIComponent(buyer.email)}`))).toHaveLength(3);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list(
        `search=${encodeURIComponent(buyer.email)}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      seen.push(...idsOf(page));
      cursor = page.json().data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(orders.map((o) => o.orderId).reverse());
  });

  it('answers bad filters with a translated 400 and refuses people outside the team', async () => {
    const badState = await list('status=lost', support.token, 'es');
    expect(badState.statusCode).toBe(400);
    expect(badState.json()).toMatchObject({ code: 'VALIDATION', field: 'query.status' });
    const range = await list(`from=${Date.now()}&to=1`, support.token, 'ar');
    expect(range.statusCode).toBe(400);
    expect(range.json()).toMatchObject({ code: 'VALIDATION', field: 'query.to', message: 'يجب أن يكون تاريخ البداية في تاريخ النهاية أو قبله.' });
    const english = await list(`from=${Date.now()}&to=1`);
    expect(english.json().message).toBe('The start date must be on or before the end date.');
    expect((await list('paymentType=Cheque')).json()).toMatchObject({ code: 'VALIDATION', field: 'query.paymentType' });
    expect((await list('cursor=not-a-cursor')).json()).toMatchObject({ code: 'VALIDATION', field: 'cursor' });
    expect((await list('limit=1000')).statusCode).toBe(400);
    expect((await list('sort=price')).json()).toMatchObject({ code: 'VALIDATION', field: 'query.sort' });

    const buyer = await createBuyer(t.app);
    expect((await list('', buyer.token)).statusCode).toBe(403);
    expect((await list('', shopA.seller.token)).statusCode).toBe(403);
  });
});

describe('invoice PDF', () => {
  const invoice = (orderId: string, token: string, language?: string) =>
    t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}/invoice.pdf`, headers: headers(token, language) });

  it('gives the buyer a PDF of his order, with the order id and translated labels; the team too', async () => {
    const { buyer, orderId } = await placed(shopA);
    const response = await invoice(orderId, buyer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`invoice-${orderId}.pdf`);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getTitle()).toBe(`Invoice ${orderId}`);

    const arabic = await PDFDocument.load((await invoice(orderId, buyer.token, 'ar')).rawPayload);
    expect(arabic.getTitle()).toBe(`فاتورة ${orderId}`);
    const spanish = await PDFDocument.load((await invoice(orderId, support.token, 'es')).rawPayload);
    expect(spanish.getTitle()).toBe(`Factura ${orderId}`);
  });

  it('downloads from a plain link with the storefront’s token cookie', async () => {
    const { buyer, orderId } = await placed(shopA);
    const response = await t.app.inject({ method: 'GET', url: `/v1/orders/${orderId}/invoice.pdf`, cookies: { token: buyer.token } });
    expect(response.statusCode).toBe(200);
    expect((await PDFDocument.load(response.rawPayload)).getTitle()).toContain(orderId);
  });

  it('answers another buyer with the seed message, and a seller with 403', async () => {
    const { orderId } = await placed(shopA);
    const stranger = await createBuyer(t.app);
    const refused = await invoice(orderId, stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'ORDER_DETAILS_FAILED', message: 'could not fetch the order details, please try again later' });
    expect((await invoice(orderId, shopA.seller.token)).statusCode).toBe(403);
  });
});
