import { beforeAll, describe, expect, it } from 'vitest';
import { OFFER_ACTIONS, OFFER_STATES, ZChatMessagesResponseSchema, ZChatOfferSchema } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, createShop, createShopProduct, linesOf, type Shop } from '../../test/buying.js';
import { chatBuyer, chatHeaders, collect, connectMqtt, listen, openDirectChat, subscribe, type ChatActor } from '../../test/chat.js';
import { OFFER_TRANSITIONS, offerTransition } from './offer-states.js';

describe('the offer transition table', () => {
  const now = 1_000;
  it('lets the receiver of an open offer counter, accept or decline it, and its maker withdraw it', () => {
    expect(offerTransition({ state: 'open', action: 'accept', actor: 'receiver', validUntil: 2_000, now })).toEqual({ ok: true, to: 'accepted' });
    expect(offerTransition({ state: 'open', action: 'decline', actor: 'receiver', validUntil: 2_000, now })).toEqual({ ok: true, to: 'declined' });
    expect(offerTransition({ state: 'open', action: 'counter', actor: 'receiver', validUntil: 2_000, now })).toEqual({ ok: true, to: 'countered' });
    expect(offerTransition({ state: 'open', action: 'withdraw', actor: 'maker', validUntil: 2_000, now })).toEqual({ ok: true, to: 'withdrawn' });
  });

  it('refuses the wrong side, final states and expired offers, with the reason', () => {
    expect(offerTransition({ state: 'open', action: 'accept', actor: 'maker', validUntil: 2_000, now })).toEqual({ ok: false, reason: 'wrong-side' });
    expect(offerTransition({ state: 'open', action: 'withdraw', actor: 'receiver', validUntil: 2_000, now })).toEqual({ ok: false, reason: 'wrong-side' });
    expect(offerTransition({ state: 'open', action: 'accept', actor: 'receiver', validUntil: 500, now })).toEqual({ ok: false, reason: 'expired' });
    expect(offerTransition({ state: 'open', action: 'withdraw', actor: 'maker', validUntil: 500, now })).toEqual({ ok: true, to: 'withdrawn' });
    for (const state of OFFER_STATES.filter((s) => s !== 'open')) {
      for (const action of OFFER_ACTIONS) {
        expect(offerTransition({ state, action, actor: 'receiver', validUntil: 2_000, now })).toEqual({ ok: false, reason: 'final' });
      }
    }
  });

  it('names every state', () => {
    expect(Object.keys(OFFER_TRANSITIONS).sort()).toEqual([...OFFER_STATES].sort());
  });
});

let t: TestApp;
let shop: Shop;
let seller: ChatActor;
let buyer: ChatActor;
let conversationId: string;

async function storeActor(app: TestApp['app'], s: Shop): Promise<ChatActor> {
  const response = await app.inject({ method: 'POST', url: '/v1/isometrics/token', headers: { authorization: s.seller.token } });
  const session = response.json().data.data as { userToken: string; userId: string };
  return { userId: s.seller.userId, userType: 'seller', email: s.seller.email, password: s.seller.password, token: s.seller.token, chatUserId: session.userId, userToken: session.userToken, storeId: s.storeId };
}

const offer = (actor: ChatActor, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/chat/offer', headers: chatHeaders(actor.userToken), payload });
const act = (actor: ChatActor, offerId: string, action: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/chat/offer/${offerId}/${action}`, headers: chatHeaders(actor.userToken), payload });

beforeAll(async () => {
  t = await createTestApp({ chatMessagesPerMinute: 1000 });
  shop = await createShop(t.app);
  seller = await storeActor(t.app, shop);
  buyer = await chatBuyer(t.app);
  conversationId = await openDirectChat(t.app, buyer, seller);
});

describe('offers in a conversation', () => {
  it('sends a sale offer on a product as a structured message; the buyer accepts and the cart line appears at the offered price', async () => {
    const product = await createShopProduct(t.app, shop, { price: 5000, stock: 40 });
    const url = await listen(t.app);
    const watcher = await connectMqtt(url, buyer);
    const updates = collect(watcher);
    await subscribe(watcher, `Message/${buyer.chatUserId}`);
    await subscribe(watcher, `UserUpdates/${buyer.chatUserId}`);
    const sent = await offer(seller, { conversationId, kind: 'sale', productId: product.id, quantity: 3, price: 4200, currency: 'EUR' });
    expect(sent.statusCode).toBe(201);
    const made = ZChatOfferSchema.parse(sent.json().offer);
    expect(made).toMatchObject({ state: 'open', kind: 'sale', fromUserId: seller.chatUserId, toUserId: buyer.chatUserId, quantity: 3, price: 4200, currency: 'EUR' });
    expect(made.item).toMatchObject({ productId: product.id, statusCode: 4, sold: false });
    const live = await updates.next(`Message/${buyer.chatUserId}`, (p) => (p.offer as { offerId?: string } | null)?.offerId === made.offerId);
    expect(live).toMatchObject({ customType: 'OfferMessage', assetId: made.item._id, isExchange: false });

    const refusedSelf = await act(seller, made.offerId, 'accept');
    expect(refusedSelf.statusCode).toBe(409);
    expect(refusedSelf.json().code).toBe('OFFER_NOT_ALLOWED');
    const accepted = await act(buyer, made.offerId, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offer.state).toBe('accepted');
    await updates.next(`UserUpdates/${buyer.chatUserId}`, (p) => p.type === 'offer' && (p.offer as { state: string }).state === 'accepted');
    await t.app.services.events.settle();
    const cart = cartOf(await cartClient(t.app, buyer.token).get());
    expect(linesOf(cart).find((line) => line.productId === product.id)).toMatchObject({ quantity: 3, unitPrice: { amount: 4200 }, agreed: { kind: 'offer', id: made.offerId } });
    const twice = await act(buyer, made.offerId, 'accept');
    expect(twice.statusCode).toBe(409);
    await watcher.endAsync();
  });

  it('counters: the old offer closes as countered and a new one goes the other way; a decline ends it', async () => {
    const product = await createShopProduct(t.app, shop, { price: 8000, stock: 10 });
    const first = ZChatOfferSchema.parse((await offer(buyer, { conversationId, kind: 'sale', productId: product.id, quantity: 2, price: 6000 })).json().offer);
    expect(first).toMatchObject({ fromUserId: buyer.chatUserId, sellerId: seller.chatUserId, buyerId: buyer.chatUserId, currency: 'EUR' });
    const counter = await act(seller, first.offerId, 'counter', { price: 7000 });
    expect(counter.statusCode).toBe(200);
    const second = ZChatOfferSchema.parse(counter.json().offer);
    expect(second).toMatchObject({ state: 'open', fromUserId: seller.chatUserId, toUserId: buyer.chatUserId, price: 7000, quantity: 2, previousOfferId: first.offerId });
    expect((await act(buyer, first.offerId, 'accept')).statusCode).toBe(409);
    const declined = await act(buyer, second.offerId, 'decline');
    expect(declined.json().offer.state).toBe('declined');
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(buyer.userToken) })).json());
    const states = Object.fromEntries(history.messages.filter((m) => m.offer).map((m) => [m.offer?.offerId, m.offer?.state]));
    expect(states[first.offerId]).toBe('countered');
    expect(states[second.offerId]).toBe('declined');
  });

  it('sells a unique item once, with the rupee default when no unit is given', async () => {
    const item = await t.app.inject({ method: 'POST', url: '/chat/item', headers: chatHeaders(seller.userToken), payload: { title: 'Antique loom', description: 'One of a kind', price: 250000 } });
    expect(item.statusCode).toBe(201);
    expect(item.json().item).toMatchObject({ units: { symbol: '₹', currency_code: 'INR' }, statusCode: 4, sold: false, userId: seller.chatUserId });
    const itemId = item.json().item._id as string;
    const one = ZChatOfferSchema.parse((await offer(seller, { conversationId, kind: 'sale', itemId, quantity: 1, price: 240000 })).json().offer);
    expect(one.currency).toBe('INR');
    const other = await chatBuyer(t.app);
    const otherChat = await openDirectChat(t.app, other, seller);
    const two = ZChatOfferSchema.parse((await offer(seller, { conversationId: otherChat, kind: 'sale', itemId, quantity: 1, price: 245000 })).json().offer);
    expect((await act(buyer, one.offerId, 'accept')).statusCode).toBe(200);
    const late = await act(other, two.offerId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('ITEM_SOLD');
    const again = await offer(seller, { conversationId, kind: 'sale', itemId, quantity: 1, price: 1 });
    expect(again.json().code).toBe('ITEM_SOLD');
  });

  it('makes exchange offers and lists each side’s offers by the seed labels', async () => {
    const mine = (await t.app.inject({ method: 'POST', url: '/chat/item', headers: chatHeaders(buyer.userToken), payload: { title: 'Handwoven basket', price: 3000, units: { symbol: '€', currency_code: 'EUR' } } })).json().item;
    const theirs = (await t.app.inject({ method: 'POST', url: '/chat/item', headers: chatHeaders(seller.userToken), payload: { title: 'Clay vase', price: 3500, units: { symbol: '€', currency_code: 'EUR' } } })).json().item;
    const noSwap = await offer(buyer, { conversationId, kind: 'exchange', itemId: theirs._id, quantity: 1, price: 0 });
    expect(noSwap.statusCode).toBe(400);
    expect(noSwap.json().field).toBe('exchangeItemId');
    const exchange = ZChatOfferSchema.parse((await offer(buyer, { conversationId, kind: 'exchange', itemId: theirs._id, exchangeItemId: mine._id, quantity: 1, price: 0 })).json().offer);
    expect(exchange.exchangeItem?._id).toBe(mine._id);
    const list = async (actor: ChatActor, orderType: string) =>
      (await t.app.inject({ method: 'GET', url: `/chat/offers?orderType=${orderType}&skip=0&limit=1`, headers: chatHeaders(actor.userToken) })).json() as { offers: Array<{ offerId: string }>; total: number };
    expect((await list(buyer, 'SENT')).offers.map((o) => o.offerId)).toEqual([exchange.offerId]);
    expect((await list(seller, 'ENTRY')).offers.map((o) => o.offerId)).toEqual([exchange.offerId]);
    expect((await list(seller, 'SALES')).total).toBeGreaterThanOrEqual(3);
    expect((await list(buyer, 'SHOPPING')).offers).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/chat/offers?orderType=BOUGHT', headers: chatHeaders(buyer.userToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('query.orderType');
  });

  it('refuses a sale offer on a product with variants that names none, in the asker’s language, and keeps nothing', async () => {
    const product = await createShopProduct(t.app, shop, { variants: [{ price: 1500, stock: 5 }, { price: 1800, stock: 5 }] });
    const before = (await t.app.inject({ method: 'GET', url: '/chat/offers?orderType=SALES&skip=0&limit=1', headers: chatHeaders(seller.userToken) })).json().total;
    const refused = await t.app.inject({ method: 'POST', url: '/chat/offer', headers: chatHeaders(seller.userToken, { language: 'es' }), payload: { conversationId, kind: 'sale', productId: product.id, quantity: 1, price: 1400 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION', field: 'variantId' });
    const english = await offer(seller, { conversationId, kind: 'sale', productId: product.id, quantity: 1, price: 1400 });
    expect(refused.json().message).not.toBe(english.json().message);
    expect((await t.app.inject({ method: 'GET', url: '/chat/offers?orderType=SALES&skip=0&limit=1', headers: chatHeaders(seller.userToken) })).json().total).toBe(before);
    const named = await offer(seller, { conversationId, kind: 'sale', productId: product.id, variantId: product.variantIds[1], quantity: 1, price: 1400 });
    expect(named.statusCode).toBe(201);
    expect(named.json().offer.item).toMatchObject({ productId: product.id, price: 1800 });
  });

  it('marks an accepted sale failed, tells both sides and lets the conversation go on when the cart refuses it for good', async () => {
    const product = await createShopProduct(t.app, shop, { price: 3000, stock: 10 });
    const url = await listen(t.app);
    const sellerWatch = await connectMqtt(url, seller);
    const buyerWatch = await connectMqtt(url, buyer);
    const sellerUpdates = collect(sellerWatch);
    const buyerUpdates = collect(buyerWatch);
    await subscribe(sellerWatch, `UserUpdates/${seller.chatUserId}`);
    await subscribe(buyerWatch, `UserUpdates/${buyer.chatUserId}`);
    await subscribe(buyerWatch, `Message/${buyer.chatUserId}`);
    const made = ZChatOfferSchema.parse((await offer(seller, { conversationId, kind: 'sale', productId: product.id, quantity: 2, price: 2500 })).json().offer);
    // The seller withdraws the product after offering it: the cart can never take this line.
    await t.app.db.kysely.updateTable('products').set({ status: 'unpublished' }).where('id', '=', product.id).execute();
    expect((await act(buyer, made.offerId, 'accept')).statusCode).toBe(200);
    const isFailed = (p: Record<string, unknown>) => p.type === 'offer' && (p.offer as { offerId: string; state: string }).offerId === made.offerId && (p.offer as { state: string }).state === 'failed';
    const told = await buyerUpdates.next(`UserUpdates/${buyer.chatUserId}`, isFailed);
    expect(told.offer).toMatchObject({ state: 'failed', failureCode: 'PRODUCT_UNAVAILABLE', cartLineId: null });
    await sellerUpdates.next(`UserUpdates/${seller.chatUserId}`, isFailed);
    await t.app.services.events.settle();
    const stuck = await t.app.db.kysely.selectFrom('event_outbox').select(['kind', 'status']).where('key', '=', conversationId).where('status', '!=', 'done').execute();
    expect(stuck).toEqual([]);
    const cart = cartOf(await cartClient(t.app, buyer.token).get());
    expect(linesOf(cart).some((line) => line.productId === product.id)).toBe(false);
    // The conversation's next events are not held back behind the failed one.
    const next = await t.app.inject({ method: 'POST', url: '/chat/message', headers: chatHeaders(seller.userToken), payload: { conversationId, body: 'Sorry, that one is gone' } });
    expect(next.statusCode).toBe(201);
    await buyerUpdates.next(`Message/${buyer.chatUserId}`, (p) => p.body === 'Sorry, that one is gone');
    const history = ZChatMessagesResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/chat/messages?conversationId=${conversationId}`, headers: chatHeaders(buyer.userToken) })).json());
    expect(history.messages.find((m) => m.offer?.offerId === made.offerId)?.offer).toMatchObject({ state: 'failed', failureCode: 'PRODUCT_UNAVAILABLE' });
    await sellerWatch.endAsync();
    await buyerWatch.endAsync();
  });

  it('refuses an offer on another store’s product and an offer from someone outside the conversation', async () => {
    const elsewhere = await createShop(t.app);
    const foreign = await createShopProduct(t.app, elsewhere, { price: 100 });
    const wrong = await offer(seller, { conversationId, kind: 'sale', productId: foreign.id, quantity: 1, price: 90 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('productId');
    const stranger = await chatBuyer(t.app);
    const product = await createShopProduct(t.app, shop, { price: 100 });
    expect((await offer(stranger, { conversationId, kind: 'sale', productId: product.id, quantity: 1, price: 90 })).statusCode).toBe(404);
  });
});
