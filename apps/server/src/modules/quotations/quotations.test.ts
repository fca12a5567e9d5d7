import { beforeAll, describe, expect, it } from 'vitest';
import type { TQuotationRequestDetail, TSellerQuotation } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { pngBytes } from '../../test/accounts.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, headers, idempotencyKey, linesOf, type Shop } from '../../test/buying.js';
import { createProduct } from '../../test/catalog.js';
import { createBuyer, createTeamMember, multipartBody, type Actor } from '../../test/roles.js';

let t: TestApp;
let loom: Shop;
let weaver: Shop;
let outsider: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  loom = await createShop(t.app);
  // A second store selling in the same category, and one selling elsewhere.
  weaver = await createShop(t.app);
  outsider = await createShop(t.app);
  await createProduct(t.app, { storeId: outsider.storeId, categoryId: outsider.categoryId });
});

const DAY = 24 * 3600 * 1000;
type Method = 'GET' | 'POST';
const call = (token: string, method: Method, url: string, payload?: object, language?: string) =>
  t.app.inject({ method, url, headers: headers(token, language), ...(payload ? { payload } : {}) });

const ask = (buyer: Actor, body: object, language?: string) =>
  call(buyer.token, 'POST', '/v1/quotation-requests', { idempotencyKey: idempotencyKey(), ...body }, language);
const answer = (seller: Shop['seller'], requestId: string, body: object) =>
  call(seller.token, 'POST', `/v1/seller/quotation-requests/${requestId}/answer`, {
    unitPrice: 900,
    leadTimeDays: 14,
    validUntil: Date.now() + 10 * DAY,
    terms: 'FOB',
    ...body,
  });
const detail = async (buyer: Actor, id: string, query = '') => {
  const response = await call(buyer.token, 'GET', `/v1/quotation-requests/${id}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TQuotationRequestDetail;
};
const mailTo = (email: string) =>
  t.app.db.kysely
    .selectFrom('notification_outbox')
    .select(['subject', 'template'])
    .where('recipient', '=', email.toLowerCase())
    .where('template', 'like', 'quotation-%')
    .execute();

/** An RFQ in loom's category that invites loom and weaver (who gets a product there). */
async function rfqWithTwoAnswers(buyer: Actor) {
  const loomProduct = await createShopProduct(t.app, loom, {
    price: 1200,
    moq: 10,
    stock: 500,
    materials: [{ material: 'jute', share: 100 }],
    certifications: [{ scheme: 'FAIR_TRADE' }],
  });
  const weaverProduct = await createProduct(t.app, { storeId: weaver.storeId, categoryId: loom.categoryId, price: 1500, moq: 5, stock: 500 });
  const posted = await ask(buyer, {
    kind: 'rfq',
    categoryId: loom.categoryId,
    description: 'Two hundred jute rugs, 120×180, natural dye',
    quantity: 200,
    targetPrice: 1000,
    currency: 'MYR',
    deadline: Date.now() + 5 * DAY,
  });
  expect(posted.statusCode, posted.body).toBe(200);
  const request = posted.json().data as TQuotationRequestDetail;
  const a = await answer(loom.seller, request.id, {
    productId: loomProduct.id,
    unitPrice: 1100,
    tiers: [{ minQuantity: 100, unitPrice: 950 }],
    leadTimeDays: 21,
  });
  expect(a.statusCode, a.body).toBe(200);
  const b = await answer(weaver.seller, request.id, { productId: weaverProduct.id, unitPrice: 990, leadTimeDays: 30 });
  expect(b.statusCode, b.body).toBe(200);
  return { request, loomProduct, weaverProduct };
}

describe('quotation for one product', () => {
  it('asks the product’s store; refuses a quantity below the MOQ in the buyer’s language, naming the field, keeping nothing', async () => {
    const product = await createShopProduct(t.app, loom, { moq: 50, stock: 100 });
    const buyer = await createBuyer(t.app);
    const low = await ask(buyer, { kind: 'product', productId: product.id, quantity: 10 }, 'es');
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'QUOTATION_BELOW_MOQ', field: 'quantity', message: 'La cantidad es inferior al pedido mínimo del producto.' });
    const arabic = await ask(buyer, { kind: 'product', productId: product.id, quantity: 10 }, 'ar');
    expect(arabic.json().message).toBe('الكمية أقل من الحد الأدنى للطلب لهذا المنتج.');
    expect((await call(buyer.token, 'GET', '/v1/quotation-requests')).json().data).toEqual([]);

    const key = idempotencyKey();
    const body = { kind: 'product', productId: product.id, quantity: 60, wantedBy: Date.now() + 20 * DAY, notes: 'Natural dye please', idempotencyKey: key };
    const first = await call(buyer.token, 'POST', '/v1/quotation-requests', body);
    expect(first.statusCode, first.body).toBe(200);
    const request = first.json().data as TQuotationRequestDetail;
    expect(request).toMatchObject({ kind: 'product', status: 'open', quantity: 60, description: 'Natural dye please', counts: { requested: 1 } });
    expect(request.quotations).toHaveLength(1);
    expect(request.quotations[0]).toMatchObject({ state: 'requested', store: { id: loom.storeId }, invited: true, unitPrice: null });
    // Retried with the same key: the same request, not a second one.
    const again = await call(buyer.token, 'POST', '/v1/quotation-requests', body);
    expect(again.json().data.id).toBe(request.id);
    expect((await call(buyer.token, 'GET', '/v1/quotation-requests')).json().data).toHaveLength(1);
    expect((await mailTo(loom.seller.email)).length).toBeGreaterThan(0);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const product = await createShopProduct(t.app, loom, { moq: 1, variants: [{ colour: 'red' }, { colour: 'blue' }] });
    const buyer = await createBuyer(t.app);
    for (const [body, field] of [
      [{ kind: 'product', productId: product.id, quantity: 5 }, 'variantId'],
      [{ kind: 'product', productId: product.id, variantId: product.variantIds[0], quantity: 0 }, 'quantity'],
      [{ kind: 'product', productId: product.id, variantId: product.variantIds[0], quantity: 5, wantedBy: Date.now() - DAY }, 'wantedBy'],
      [{ kind: 'product', productId: product.id, variantId: product.variantIds[0], quantity: 5, addressId: product.id }, 'addressId'],
      [{ kind: 'rfq', categoryId: loom.categoryId, description: 'short', quantity: 5, deadline: Date.now() + DAY }, 'description'],
      [{ kind: 'rfq', categoryId: loom.categoryId, description: 'A long enough description', quantity: 5, deadline: Date.now() - DAY }, 'deadline'],
      [
        {
          kind: 'rfq',
          categoryId: loom.categoryId,
          description: 'A long enough description',
          quantity: 5,
          deadline: Date.now() + DAY,
          attachmentIds: [product.id],
        },
        'attachmentIds',
      ],
    ] as const) {
      const response = await ask(buyer, body, 'ms');
      expect(response.statusCode, field).toBe(400);
      expect(response.json().field, response.body).toBe(field);
    }
    expect((await call(buyer.token, 'GET', '/v1/quotation-requests')).json().data).toEqual([]);
  });
});

describe('request for quotation to many sellers', () => {
  it('invites the stores selling in the category (filtered by materials and certificates), lists it for them, and refuses a store outside', async () => {
    const buyer = await createBuyer(t.app);
    const { request } = await rfqWithTwoAnswers(buyer);
    const invited = (await detail(buyer, request.id)).quotations.map((q) => q.store.id).sort();
    expect(invited).toEqual([loom.storeId, weaver.storeId].sort());

    // Filters narrow the invitation: only loom has jute with a Fair Trade certificate.
    const narrow = await ask(buyer, {
      kind: 'rfq',
      categoryId: loom.categoryId,
      description: 'Fair trade jute runners',
      quantity: 20,
      deadline: Date.now() + DAY,
      materials: ['Jute'],
      certificates: ['fair_trade'],
    });
    expect(narrow.statusCode, narrow.body).toBe(200);
    expect((narrow.json().data as TQuotationRequestDetail).quotations.map((q) => q.store.id)).toEqual([loom.storeId]);

    // Weaver was not invited to the narrow one, but sells in the category: he sees it among the open requests and may answer.
    const open = (await call(weaver.seller.token, 'GET', '/v1/seller/quotation-requests/open')).json().data as TSellerQuotation[];
    expect(open.map((o) => o.request.id)).toContain(narrow.json().data.id);
    // A store of another category neither sees nor answers it.
    const elsewhere = (await call(outsider.seller.token, 'GET', '/v1/seller/quotation-requests/open')).json().data as TSellerQuotation[];
    expect(elsewhere.map((o) => o.request.id)).not.toContain(narrow.json().data.id);
    const refused = await answer(outsider.seller, narrow.json().data.id, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('QUOTATION_NOT_INVITED');
    expect((await call(outsider.seller.token, 'GET', `/v1/seller/quotation-requests/${narrow.json().data.id}`)).statusCode).toBe(404);
  });

  it('compares the answers side by side and accepts one: an agreed cart line for this buyer only, the others declined and told, the request closed, then paid', async () => {
    const buyer = await createBuyer(t.app);
    const { request, loomProduct } = await rfqWithTwoAnswers(buyer);
    const compared = await detail(buyer, request.id, '?latitude=3.15&longitude=101.7');
    const byStore = new Map(compared.quotations.map((q) => [q.store.id, q]));
    const fromLoom = byStore.get(loom.storeId)!;
    const fromWeaver = byStore.get(weaver.storeId)!;
    // 200 units reach loom's 100-unit tier.
    expect(fromLoom).toMatchObject({ state: 'answered', unitPrice: 1100, priceForQuantity: 950, total: 190_000, leadTimeDays: 21, terms: 'FOB' });
    expect(fromLoom.product).toMatchObject({ id: loomProduct.id, certificates: ['FAIR_TRADE'], materials: ['jute'] });
    expect(fromLoom.deliveryFee).toEqual(expect.any(Number));
    expect(fromWeaver).toMatchObject({ state: 'answered', priceForQuantity: 990, total: 198_000, leadTimeDays: 30 });
    expect(compared.counts.answered).toBe(2);

    // Another buyer cannot see or accept it.
    const stranger = await createBuyer(t.app);
    expect((await call(stranger.token, 'GET', `/v1/quotation-requests/${request.id}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', `/v1/quotations/${fromLoom.id}/accept`, { idempotencyKey: idempotencyKey() })).statusCode).toBe(404);

    const key = idempotencyKey();
    const accepted = await call(buyer.token, 'POST', `/v1/quotations/${fromLoom.id}/accept`, { idempotencyKey: key });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { cartLineId } = accepted.json().data as { cartLineId: string };
    // The same key again: the same line. Another accept of either: closed.
    expect((await call(buyer.token, 'POST', `/v1/quotations/${fromLoom.id}/accept`, { idempotencyKey: key })).json().data.cartLineId).toBe(cartLineId);
    const double = await call(buyer.token, 'POST', `/v1/quotations/${fromLoom.id}/accept`, { idempotencyKey: idempotencyKey() });
    expect(double.statusCode).toBe(409);
    expect(double.json().code).toBe('QUOTATION_CLOSED');
    expect((await call(buyer.token, 'POST', `/v1/quotations/${fromWeaver.id}/accept`, { idempotencyKey: idempotencyKey() })).json().code).toBe(
      'QUOTATION_CLOSED',
    );

    const after = await detail(buyer, request.id);
    expect(after.status).toBe('closed');
    expect(after.acceptedQuotationId).toBe(fromLoom.id);
    const states = Object.fromEntries(after.quotations.map((q) => [q.store.id, q.state]));
    expect(states).toEqual({ [loom.storeId]: 'accepted', [weaver.storeId]: 'declined' });
    const weaverHistory = after.quotations.find((q) => q.store.id === weaver.storeId)!.history;
    expect(weaverHistory.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'requested', 'buyer'],
      ['requested', 'answered', 'seller'],
      ['answered', 'declined', 'system'],
    ]);
    const subjects = (await mailTo(weaver.seller.email)).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith('The buyer chose another quotation'))).toBe(true);

    // The cart holds the line at the quoted price; nobody else's cart does.
    const line = linesOf(cartOf(await cartClient(t.app, buyer.token).get())).find((l) => l.productId === loomProduct.id)!;
    expect(line).toMatchObject({ quantity: 200, agreed: { kind: 'quotation', id: fromLoom.id } });
    expect(linesOf(cartOf(await cartClient(t.app, stranger.token).get()))).toEqual([]);
    const paid = await checkout(t.app, buyer.token);
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await t.app.db.kysely
      .selectFrom('order_lines')
      .select(['unit_price', 'quantity'])
      .where('order_id', '=', paid.json().data.orderId)
      .executeTakeFirstOrThrow();
    expect(Number(order.unit_price)).toBe(950);
    expect(order.quantity).toBe(200);
  });

  it('refuses an answer priced 0 (or a tier priced 0) or valid until a past date, in the seller’s language, naming the field, saving nothing', async () => {
    const product = await createShopProduct(t.app, loom, { price: 1200, moq: 1, stock: 50 });
    const buyer = await createBuyer(t.app);
    const posted = await ask(buyer, { kind: 'product', productId: product.id, variantId: product.variantIds[0], quantity: 5 });
    expect(posted.statusCode, posted.body).toBe(200);
    const requestId = (posted.json().data as TQuotationRequestDetail).id;
    for (const [body, field] of [
      [{ unitPrice: 0 }, 'unitPrice'],
      [{ tiers: [{ minQuantity: 10, unitPrice: 0 }] }, 'tiers.0.unitPrice'],
      [{ validUntil: Date.now() - DAY }, 'validUntil'],
    ] as const) {
      const refused = await call(
        loom.seller.token,
        'POST',
        `/v1/seller/quotation-requests/${requestId}/answer`,
        Object.assign({ unitPrice: 900, leadTimeDays: 14, validUntil: Date.now() + 10 * DAY }, body),
        'ar',
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().field).toBe(field);
      // The message is Arabic (zod's own Arabic text or the table's), never an English detail.
      expect(refused.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    const quotation = (await detail(buyer, requestId)).quotations[0]!;
    expect(quotation).toMatchObject({ state: 'requested', unitPrice: null, attachments: [] });
  });

  it('refuses accepting an expired or withdrawn quotation, and a seller acting on another store’s', async () => {
    const buyer = await createBuyer(t.app);
    const { request } = await rfqWithTwoAnswers(buyer);
    const quotations = (await detail(buyer, request.id)).quotations;
    const fromLoom = quotations.find((q) => q.store.id === loom.storeId)!;
    const fromWeaver = quotations.find((q) => q.store.id === weaver.storeId)!;
    // Loom's answer runs out: the reader sees it expired at once, the sweep writes it.
    await t.app.db.kysely
      .updateTable('quotations')
      .set({ valid_until: Date.now() - 1000 })
      .where('id', '=', fromLoom.id)
      .execute();
    expect((await detail(buyer, request.id)).quotations.find((q) => q.id === fromLoom.id)!.state).toBe('expired');
    const expired = await call(buyer.token, 'POST', `/v1/quotations/${fromLoom.id}/accept`, { idempotencyKey: idempotencyKey() }, 'ar');
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'QUOTATION_EXPIRED', message: 'انتهت صلاحية عرض السعر هذا.' });
    expect(await t.app.services.quotations.quotations.sweep()).toBeGreaterThanOrEqual(1);
    expect((await t.app.db.kysely.selectFrom('quotations').select('state').where('id', '=', fromLoom.id).executeTakeFirstOrThrow()).state).toBe('expired');

    // Loom cannot withdraw weaver's answer; weaver withdraws his own, and it cannot be accepted.
    expect((await call(loom.seller.token, 'POST', `/v1/seller/quotations/${fromWeaver.id}/withdraw`, {})).statusCode).toBe(404);
    const withdrawn = await call(weaver.seller.token, 'POST', `/v1/seller/quotations/${fromWeaver.id}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refused = await call(buyer.token, 'POST', `/v1/quotations/${fromWeaver.id}/accept`, { idempotencyKey: idempotencyKey() });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('QUOTATION_NOT_ALLOWED');
    // A second answer to the same request: not allowed.
    expect((await answer(weaver.seller, request.id, { productId: fromWeaver.product!.id })).json().code).toBe('QUOTATION_NOT_ALLOWED');
  });

  it('the buyer withdraws his request: open quotations are withdrawn and the stores told; no answer is taken after', async () => {
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, loom, { moq: 1 });
    const posted = await ask(buyer, { kind: 'product', productId: product.id, quantity: 5 });
    const id = posted.json().data.id as string;
    const before = (await mailTo(loom.seller.email)).length;
    const withdrawn = await call(buyer.token, 'POST', `/v1/quotation-requests/${id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn', counts: { withdrawn: 1 } });
    expect((await mailTo(loom.seller.email)).length).toBe(before + 1);
    const late = await answer(loom.seller, id, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('QUOTATION_CLOSED');
  });

  it('answers with checked attachments the parties can open, links to the buyer–store chat, and shows the team an overview', async () => {
    const buyer = await createBuyer(t.app);
    const { payload, contentType } = await multipartBody([{ name: 'file', filename: 'drawing.png', type: 'image/png', data: await pngBytes() }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/quotations/attachments',
      headers: { ...headers(buyer.token), 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [file] = uploaded.json().data as Array<{ id: string }>;
    const bad = await multipartBody([{ name: 'file', filename: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') }]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/quotations/attachments',
          headers: { ...headers(buyer.token), 'content-type': bad.contentType },
          payload: bad.payload,
        })
      ).statusCode,
    ).toBe(400);

    const product = await createShopProduct(t.app, loom, { moq: 1 });
    const posted = await ask(buyer, { kind: 'product', productId: product.id, quantity: 5, attachmentIds: [file!.id] });
    expect(posted.statusCode, posted.body).toBe(200);
    const request = posted.json().data as TQuotationRequestDetail;
    expect(request.attachments.map((a) => a.id)).toEqual([file!.id]);
    expect((await call(loom.seller.token, 'GET', `/v1/quotations/attachments/${file!.id}`)).statusCode).toBe(200);
    expect((await call(weaver.seller.token, 'GET', `/v1/quotations/attachments/${file!.id}`)).statusCode).toBe(404);
    // Only the caller's own quotation files go with a request.
    const stranger = await createBuyer(t.app);
    expect((await ask(stranger, { kind: 'product', productId: product.id, quantity: 5, attachmentIds: [file!.id] })).json().field).toBe('attachmentIds');

    const quotationId = request.quotations[0]!.id;
    const chat = await call(loom.seller.token, 'POST', `/v1/quotations/${quotationId}/chat`);
    expect(chat.statusCode, chat.body).toBe(200);
    const same = await call(buyer.token, 'POST', `/v1/quotations/${quotationId}/chat`);
    expect(same.json().data.conversationId).toBe(chat.json().data.conversationId);
    expect((await call(weaver.seller.token, 'POST', `/v1/quotations/${quotationId}/chat`)).statusCode).toBe(404);

    const inbox = (await call(loom.seller.token, 'GET', '/v1/seller/quotations')).json().data as TSellerQuotation[];
    expect(inbox.some((row) => row.quotation?.id === quotationId)).toBe(true);
    const support = await createTeamMember(t.app, 'support');
    const overview = await call(support.token, 'GET', '/v1/admin/quotations');
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data.requests.some((r: { id: string }) => r.id === request.id)).toBe(true);
    expect((await call(buyer.token, 'GET', '/v1/admin/quotations')).statusCode).toBe(403);
  });

  it('gives an invited seller signed, expiring links to the buyer’s RFQ files; another store and another buyer open nothing', async () => {
    const buyer = await createBuyer(t.app);
    const png = await pngBytes();
    const { payload, contentType } = await multipartBody([{ name: 'file', filename: 'sketch.png', type: 'image/png', data: png }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/v1/quotations/attachments',
      headers: { ...headers(buyer.token), 'content-type': contentType },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [file] = uploaded.json().data as Array<{ id: string }>;
    await createShopProduct(t.app, loom, { moq: 1 });
    const posted = await ask(buyer, {
      kind: 'rfq',
      categoryId: loom.categoryId,
      description: 'Forty seagrass baskets as sketched',
      quantity: 40,
      deadline: Date.now() + 5 * DAY,
      attachmentIds: [file!.id],
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const requestId = (posted.json().data as TQuotationRequestDetail).id;
    const sellerRead = async (seller: Shop['seller'], url: string) => {
      const response = await call(seller.token, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as TSellerQuotation[];
    };

    // The invited store: its inbox, and the request's own read, carry a link that opens the file with no session at all.
    const pair = (await sellerRead(loom.seller, '/v1/seller/quotations')).find((row) => row.request.id === requestId);
    const [linked] = pair!.request.attachments;
    expect(linked).toMatchObject({ id: file!.id, url: expect.stringContaining(`/v1/quotations/attachments/${file!.id}/link?expires=`) });
    expect(linked!.expiresAt).toBeGreaterThan(Date.now());
    const opened = await t.app.inject({ method: 'GET', url: linked!.url! });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['content-type']).toBe(linked!.contentType);
    const one = await call(loom.seller.token, 'GET', `/v1/seller/quotation-requests/${requestId}`);
    expect((one.json().data as TSellerQuotation).request.attachments[0]!.url).toBe(linked!.url);

    // An altered or expired link opens nothing.
    expect((await t.app.inject({ method: 'GET', url: linked!.url!.replace('signature=', 'signature=A') })).statusCode).toBe(404);
    const stale = t.app.services.quotations.links.link({ id: file!.id, name: 'sketch.png', contentType: 'image/png', size: 1 }, Date.now() - 3 * 3600 * 1000);
    expect(stale.expiresAt).toBeLessThan(Date.now());
    expect((await t.app.inject({ method: 'GET', url: stale.url! })).statusCode).toBe(404);

    // A store of another category is neither invited nor shown the open request: no link, and its session opens nothing.
    expect((await sellerRead(outsider.seller, '/v1/seller/quotations')).some((row) => row.request.id === requestId)).toBe(false);
    expect((await sellerRead(outsider.seller, '/v1/seller/quotation-requests/open')).some((row) => row.request.id === requestId)).toBe(false);
    expect((await call(outsider.seller.token, 'GET', `/v1/seller/quotation-requests/${requestId}`)).statusCode).toBe(404);
    expect((await call(outsider.seller.token, 'GET', `/v1/quotations/attachments/${file!.id}`)).statusCode).toBe(404);
    // The buyer of another request neither.
    const stranger = await createBuyer(t.app);
    expect((await call(stranger.token, 'GET', `/v1/quotations/attachments/${file!.id}`)).statusCode).toBe(404);
    expect((await call(stranger.token, 'GET', `/v1/quotation-requests/${requestId}`)).statusCode).toBe(404);
  });
});
