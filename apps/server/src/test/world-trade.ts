import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { TEST_CARDS } from '@tessera/contracts';
import { DEFAULT_DELIVERY_RULES } from '../modules/delivery/delivery-defaults.js';
import { toRow } from '../modules/delivery/delivery.service.js';
import { newId } from '../lib/ids.js';
import { KL, SAMPLE_ADDRESS, idempotencyKey } from './buying.js';
import { chatHeaders, directChatPayload } from './chat.js';
import { cardDetails, newKey } from './money.js';
import { multipartBody, sessionFor } from './roles.js';
import type { World, WorldRole, WorldUser } from './world.js';

/**
 * Trade on top of the world (world.ts): for each pair (buyer n, seller n, driver n, guest n) a cart
 * with a line, an order sent out with the seller's driver, a saved card, a wallet top-up waiting for
 * its confirmation, a seller's promotion code, and a conversation between the buyer and the store
 * with a message, an attachment, a chat item and an offer. Each id is recorded in `owns` of every
 * party to it, so that the access test can act as one party with the other pair's ids. Chat routes
 * take a chat session, not an access token: `chatTokenOf` gives one per role.
 */

export interface TradeWorld extends World {
  /** A chat session's userToken for the first (or, with `other`, the second) user of a role. */
  chatTokenOf(role: WorldRole, other?: boolean): string | undefined;
}

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

const data = (what: string, response: LightMyRequestResponse, status = 200) => {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
};

async function openShop(app: FastifyInstance, storeId: string) {
  const rules = DEFAULT_DELIVERY_RULES;
  const settings = {
    storeId,
    country: 'MY',
    ...KL,
    timeZone: 'UTC',
    pickupAddress: 'Jalan Test 1, Kuala Lumpur',
    openingHours: ALL_WEEK,
    pickupHours: ALL_WEEK,
    slotMinutes: 60,
    slotCapacity: 50,
    leadMinutes: 60,
    deliveryRadiusKm: 500,
    deliveryBaseFee: rules.deliveryBaseFee,
    deliveryFeePerKm: rules.deliveryFeePerKm,
    deliveryFeeMax: rules.deliveryFeeMax,
    freeDeliveryAbove: null,
    driverBaseFee: rules.driverBaseFee,
    driverFeePerKm: rules.driverFeePerKm,
    driverFeeMax: rules.driverFeeMax,
  };
  await app.db.kysely.insertInto('store_delivery_settings').values(toRow(settings, Date.now())).execute();
}

async function chatSession(app: FastifyInstance, token: string, url = '/v1/isometrics/token'): Promise<{ userToken: string; userId: string }> {
  return data('chat session', await app.inject({ method: 'POST', url, headers: { authorization: token } })).data.data;
}

/** A cart with one line of the seller's product (its minimum order quantity, 2); the cart's and the line's ids. */
async function cartLine(app: FastifyInstance, token: string, productId: string, variantId: string | undefined) {
  const h = { authorization: token };
  const cart = data(
    'cart',
    await app.inject({ method: 'POST', url: '/v1/cart', headers: h, payload: { productId, ...(variantId ? { variantId } : {}), quantity: 2 } }),
  ).data;
  const line = cart.sellers[0].products[0].variants[0];
  return { cart: cart.cartId as string, cartLine: line.lineId as string };
}

/** A fully custom commission of the buyer at the seller's store, with a reference image (the rules are tested in modules/commissions). */
async function commissionOf(app: FastifyInstance, options: { buyerId: string; storeId: string }) {
  const db = app.db.kysely;
  const now = Date.now();
  const commission = newId();
  await db
    .insertInto('commissions')
    .values({
      id: commission,
      kind: 'fullyCustom',
      status: 'requested',
      buyer_id: options.buyerId,
      store_id: options.storeId,
      product_id: null,
      choices: '{}',
      personalisation: null,
      title: 'World lamp',
      description: 'A lamp',
      budget: null,
      wanted_by: null,
      quantity: 1,
      notes: null,
      currency: 'EUR',
      ...{ price: null, deposit: null, lead_time_days: null, change_rounds: null, refund_share: null, proposal_note: null },
      ...{ changes_used: 0, proof_round: 0, deposit_paid: 0, balance_paid: 0, refunded: 0 },
      request_key: newId(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#5d4037' } })
    .png()
    .toBuffer();
  const upload = await app.services.uploads.saveChecked({ ownerId: options.buyerId, purpose: 'commission-image', data: png, field: 'images' });
  const commissionImage = newId();
  await db.insertInto('commission_images').values({ id: commissionImage, commission_id: commission, upload_id: upload.id, kind: 'reference', round: null, uploaded_by: options.buyerId, created_at: now }).execute();
  return { commission, commissionImage };
}

/**
 * A review of the order's line with a photo, written as the seed would (the line is out for delivery
 * here, kept so for the tracking routes; the review rules are tested in modules/social).
 */
async function reviewOf(app: FastifyInstance, line: { orderLine: string; buyerId: string; productId: string; storeId: string }) {
  const db = app.db.kysely;
  const review = newId();
  const now = Date.now();
  await db
    .insertInto('reviews')
    .values({
      id: review,
      product_id: line.productId,
      store_id: line.storeId,
      order_line_id: line.orderLine,
      buyer_id: line.buyerId,
      rating: 4,
      text: 'World review',
      status: 'visible',
      hidden_reason: null,
      hidden_by: null,
      hidden_at: null,
      answer_text: null,
      answered_by: null,
      answered_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6d4c41' } })
    .png()
    .toBuffer();
  const upload = await app.services.uploads.saveChecked({ ownerId: line.buyerId, purpose: 'review-photo', data: png, field: 'photos', subject: { kind: 'review', id: review } });
  const reviewPhoto = newId();
  await db.insertInto('review_photos').values({ id: reviewPhoto, review_id: review, upload_id: upload.id, position: 0, created_at: now }).execute();
  return { review, reviewPhoto };
}

async function trade(
  app: FastifyInstance,
  n: number,
  people: { buyer: WorldUser; seller: WorldUser; driver: WorldUser; guest: WorldUser; moderator: WorldUser },
) {
  const { buyer, seller, driver, guest } = people;
  const [buyerToken, sellerToken, guestToken] = (await Promise.all([buyer, seller, guest].map((user) => sessionFor(app, user)))) as [string, string, string];
  const productId = seller.owns.product as string;
  const variantId = seller.owns.variant;
  await openShop(app, seller.owns.store as string);
  // Only an approved company buys.
  const moderator = await sessionFor(app, people.moderator);
  data(
    'approval',
    await app.inject({
      method: 'POST',
      url: `/v1/admin/companies/${buyer.owns.company}/review`,
      headers: { authorization: moderator },
      payload: { decision: 'approve' },
    }),
  );

  // An order, accepted, packed and out with the seller's driver.
  await cartLine(app, buyerToken, productId, variantId);
  const placed = data(
    'checkout',
    await app.inject({
      method: 'POST',
      url: '/v1/checkout',
      headers: { authorization: buyerToken },
      payload: { idempotencyKey: idempotencyKey(), paymentType: 'COD', address: SAMPLE_ADDRESS },
    }),
  ).data as { orderId: string; storeOrderIds: string[] };
  const storeOrder = placed.storeOrderIds[0] as string;
  const orderLine = (await app.db.kysely.selectFrom('order_lines').select('id').where('store_order_id', '=', storeOrder).executeTakeFirstOrThrow()).id;
  for (const status of ['accepted', 'packed', 'out_for_delivery']) {
    const payload = { status, ...(status === 'out_for_delivery' ? { driverId: seller.owns.driver } : {}) };
    data(status, await app.inject({ method: 'POST', url: `/v1/seller/orders/${storeOrder}/status`, headers: { authorization: sellerToken }, payload }));
  }
  const order = { order: placed.orderId, storeOrder, orderLine };
  const reviewed = await reviewOf(app, { orderLine, buyerId: buyer.userId, productId, storeId: seller.owns.store as string });
  const commissioned = await commissionOf(app, { buyerId: buyer.userId, storeId: seller.owns.store as string });

  // A cart line again (the checkout emptied the cart), and the guest's.
  const buyerCart = await cartLine(app, buyerToken, productId, variantId);
  const guestCart = await cartLine(app, guestToken, productId, variantId);

  // A saved card, and a top-up that waits for its second step (its payment is the buyer's).
  const card = data(
    'card',
    await app.inject({ method: 'POST', url: '/v1/profile/cards', headers: { authorization: buyerToken }, payload: { details: cardDetails() } }),
  ).data;
  const topup = data(
    'top-up',
    await app.inject({
      method: 'POST',
      url: '/v1/profile/wallet/topups',
      headers: { authorization: buyerToken, 'idempotency-key': newKey('world') },
      payload: { amount: 5000, card: { details: cardDetails(TEST_CARDS.requiresAction) } },
    }),
  ).data.payment.paymentRef as string;

  // The seller's promotion code.
  const promotion = data(
    'promotion',
    await app.inject({
      method: 'POST',
      url: '/v1/seller/promotions',
      headers: { authorization: sellerToken },
      payload: { code: `WORLD${n}${Date.now().toString(36).toUpperCase()}`.slice(0, 20), title: { en: 'World sale' }, discountType: 'percentage', value: 10 },
    }),
  ).data.id as string;

  // A conversation: a message with an attachment, a chat item of the buyer's, the store's offer.
  const buyerChat = await chatSession(app, buyerToken);
  const sellerChat = await chatSession(app, sellerToken);
  const conversation = data(
    'conversation',
    await app.inject({ method: 'POST', url: '/chat/conversation', headers: chatHeaders(buyerChat.userToken), payload: directChatPayload(sellerChat.userId) }),
    201,
  ).conversationId as string;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#8d6e63' } })
    .png()
    .toBuffer();
  const form = await multipartBody([{ name: 'file', data: png, filename: 'swatch.png', type: 'image/png' }]);
  const uploaded = data(
    'attachment',
    await app.inject({
      method: 'POST',
      url: '/chat/attachment',
      headers: { ...chatHeaders(buyerChat.userToken), 'content-type': form.contentType },
      payload: form.payload,
    }),
    201,
  ).attachment;
  const attachment = uploaded.attachmentId as string;
  // Its signed link's query (expires, signature): the link, not the id, is what opens an attachment.
  const attachmentLink = new URL(uploaded.url as string, 'http://localhost').search.slice(1);
  const message = `world-message-${n}`;
  data(
    'message',
    await app.inject({
      method: 'POST',
      url: '/chat/message',
      headers: chatHeaders(buyerChat.userToken),
      payload: { conversationId: conversation, messageId: message, body: 'Hello', attachmentIds: [attachment] },
    }),
    201,
  );
  const chatItem = data(
    'item',
    await app.inject({
      method: 'POST',
      url: '/chat/item',
      headers: chatHeaders(buyerChat.userToken),
      payload: { title: 'Basket', price: 3000, units: { symbol: '€', currency_code: 'EUR' } },
    }),
    201,
  ).item._id as string;
  const offer = data(
    'offer',
    await app.inject({
      method: 'POST',
      url: '/chat/offer',
      headers: chatHeaders(sellerChat.userToken),
      payload: { conversationId: conversation, kind: 'sale', productId, variantId, quantity: 1, price: 100, currency: 'EUR' },
    }),
    201,
  ).offer.offerId as string;
  const chat = { conversation, message, attachment, offer };

  // A quotation: the buyer asks the store about its product with a drawing; each side has a file of its own.
  const quotationFile = async (token: string) => {
    const body = await multipartBody([{ name: 'file', data: png, filename: 'drawing.png', type: 'image/png' }]);
    return data('quotation file', await app.inject({ method: 'POST', url: '/v1/quotations/attachments', headers: { authorization: token, 'content-type': body.contentType }, payload: body.payload })).data[0].id as string;
  };
  const quotationAttachment = await quotationFile(buyerToken);
  const sellerQuotationAttachment = await quotationFile(sellerToken);
  const asked = data(
    'quotation request',
    await app.inject({
      method: 'POST',
      url: '/v1/quotation-requests',
      headers: { authorization: buyerToken },
      payload: { kind: 'product', idempotencyKey: idempotencyKey(), productId, variantId, quantity: 50, attachmentIds: [quotationAttachment] },
    }),
  ).data;
  const quotations = { quotationRequest: asked.id as string, quotation: asked.quotations[0].id as string };

  // What is in the carts (for the routes that put it back), and the other member of the conversation.
  const inCart = { cartProduct: productId, cartVariant: variantId };
  Object.assign(buyer.owns, order, buyerCart, inCart, chat, reviewed, quotations, commissioned, { quotationAttachment, attachmentLink, card: card.id, payment: topup, topup, chatItem, chatUser: sellerChat.userId });
  // The pair's buyer's token: a seller's answer to a cancellation needs the buyer to ask first.
  Object.assign(seller.owns, order, chat, quotations, commissioned, { quotationAttachment: sellerQuotationAttachment, review: reviewed.review, attachmentLink, promotion, chatUser: buyerChat.userId, buyerToken });
  Object.assign(driver.owns, order);
  Object.assign(guest.owns, guestCart, inCart);
  return { buyer: buyerChat.userToken, seller: sellerChat.userToken };
}

/** Adds the trade to a built world (a few seconds). */
export async function addTrade(app: FastifyInstance, world: World): Promise<TradeWorld> {
  const first = await trade(app, 1, {
    buyer: world.users.buyer,
    seller: world.users.seller,
    driver: world.users.driver,
    guest: world.users.guest,
    moderator: world.users['team:moderator'],
  });
  const o = world.others;
  if (!o.buyer || !o.seller || !o.driver || !o.guest) throw new Error('the world has no second buyer, seller, driver and guest');
  const second = await trade(app, 2, { buyer: o.buyer, seller: o.seller, driver: o.driver, guest: o.guest, moderator: world.users['team:moderator'] });
  const team = await chatSession(app, (await world.tokenOf('team:support')) as string, '/v1/isometrics/adminTokenByTeamMember');
  const tokens: Partial<Record<WorldRole, [string, string]>> = { buyer: [first.buyer, second.buyer], seller: [first.seller, second.seller] };
  return { ...world, chatTokenOf: (role, other = false) => (role === 'team:support' && !other ? team.userToken : tokens[role]?.[other ? 1 : 0]) };
}
