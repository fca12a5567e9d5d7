import type { Transaction } from 'kysely';
import type { z } from 'zod';
import {
  CHAT_DEFAULT_UNITS,
  CHAT_ITEM_DEFAULT_STATUS_CODE,
  OFFER_MESSAGE_CUSTOM_TYPE,
  type OfferAction,
  type OfferListType,
  type OfferState,
  type TChatItem,
  type TChatOffer,
  type ZChatItemCreateRequestSchema,
  type ZChatOfferActionRequestSchema,
  type ZChatOfferCreateRequestSchema,
} from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, Invalid, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { publicMediaPath } from '../uploads/index.js';
import { requireMember } from './chat-access.js';
import { CHAT_EVENTS, type ChatContext, type OfferEvent } from './chat-context.js';
import type { ChatUser } from './chat-users.js';
import { itemView, offerView, parseJson, type ItemRow, type OfferRow } from './chat-views.js';
import type { MessagesService, SentMessage } from './messages.service.js';
import { offerTransition } from './offer-states.js';

/** buy-core's cart: an accepted sale offer becomes a line at the agreed price for that buyer alone. */
export interface AgreedLineCart {
  addAgreedLine(input: {
    buyerId: string;
    productId: string;
    variantId: string | null;
    quantity: number;
    unitPrice: number;
    currency: string;
    source: { kind: 'offer'; id: string };
  }): Promise<{ lineId: string }>;
}

const DEFAULT_VALIDITY_MS = 7 * 24 * 3600 * 1000;
const MAX_VALIDITY_MS = 90 * 24 * 3600 * 1000;
const offerText = (kind: string, quantity: number, title: string) => `${kind === 'sale' ? 'Sale' : 'Exchange'} offer: ${quantity} × ${title}`;

/**
 * Sale and exchange offers inside a conversation: structured messages with their own states
 * (offer-states.ts), countered, accepted or declined by the other side. An accepted sale becomes a
 * cart line at the agreed price (through the outbox, so a crash cannot lose it) and marks a unique
 * item sold, guarded so that it is sold once.
 */
export class OffersService {
  private cart: AgreedLineCart | undefined;

  constructor(
    private readonly ctx: ChatContext,
    private readonly messages: MessagesService,
  ) {
    messages.useOfferLoader((ids) => this.load(ids));
  }

  useCart(cart: AgreedLineCart): void {
    this.cart = cart;
  }

  async createItem(options: { me: ChatUser; input: z.output<typeof ZChatItemCreateRequestSchema> }): Promise<TChatItem> {
    const { me, input } = options;
    const row: ItemRow = {
      id: newId(),
      user_id: me.id,
      title: input.title,
      description: input.description,
      image_url: input.imageUrl,
      price: input.price,
      currency: input.units?.currency_code ?? CHAT_DEFAULT_UNITS.currency_code,
      symbol: input.units?.symbol ?? CHAT_DEFAULT_UNITS.symbol,
      sold: 0,
      status_code: CHAT_ITEM_DEFAULT_STATUS_CODE,
      status_text: '',
      product_id: null,
      variant_id: null,
      created_at: Date.now(),
    };
    await this.ctx.db.insertInto('chat_items').values(row).execute();
    return itemView(row);
  }

  /** A chat item for a catalog product of the store (made once per product and variant). */
  private async productItem(storeUser: ChatUser, productId: string, variantId: string | undefined): Promise<ItemRow> {
    const product = await this.ctx.db.selectFrom('products').select(['id', 'store_id', 'title', 'description', 'price', 'currency', 'status']).where('id', '=', productId).executeTakeFirst();
    if (!product || product.store_id !== storeUser.storeId) throw Invalid('productId', 'not a product of this store');
    // What the cart would refuse at acceptance is refused now, while the seller can still fix it:
    // an accepted offer that cannot become a cart line helps nobody.
    if (product.status !== 'published') throw new AppError('PRODUCT_UNAVAILABLE', 'productId');
    let price = Number(product.price);
    if (!variantId) {
      const variant = await this.ctx.db.selectFrom('product_variants').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst();
      if (variant) throw Invalid('variantId', 'this product has variants: name one');
    }
    if (variantId) {
      const variant = await this.ctx.db.selectFrom('product_variants').select(['id', 'price']).where('id', '=', variantId).where('product_id', '=', productId).executeTakeFirst();
      if (!variant) throw Invalid('variantId', 'not a variant of this product');
      if (variant.price !== null) price = Number(variant.price);
    }
    const existing = await this.ctx.db
      .selectFrom('chat_items')
      .selectAll()
      .where('product_id', '=', productId)
      .where((eb) => (variantId ? eb('variant_id', '=', variantId) : eb('variant_id', 'is', null)))
      .executeTakeFirst();
    if (existing) return existing;
    const image = await this.ctx.db.selectFrom('product_images').select('thumb_upload_id').where('product_id', '=', productId).orderBy('position').limit(1).executeTakeFirst();
    const text = (json: string) => parseJson<Record<string, string>>(json, {}).en ?? '';
    const row: ItemRow = {
      id: newId(),
      user_id: storeUser.id,
      title: text(product.title),
      description: text(product.description).slice(0, 500),
      image_url: image ? publicMediaPath(image.thumb_upload_id) : '',
      price,
      currency: product.currency,
      symbol: new Intl.NumberFormat('en', { style: 'currency', currency: product.currency }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? product.currency,
      sold: 0,
      status_code: CHAT_ITEM_DEFAULT_STATUS_CODE,
      status_text: '',
      product_id: productId,
      variant_id: variantId ?? null,
      created_at: Date.now(),
    };
    await this.ctx.db.insertInto('chat_items').values(row).execute();
    return row;
  }

  /** Sends an offer in a conversation between a buyer and a store (either side may start). */
  async create(options: { me: ChatUser; input: z.output<typeof ZChatOfferCreateRequestSchema> }): Promise<{ offer: TChatOffer; sent: SentMessage }> {
    const { me, input } = options;
    const { memberIds } = await requireMember(this.ctx.db, input.conversationId, me.id);
    if (input.messageId) {
      const again = await this.ctx.db.selectFrom('chat_offers').select('id').where('conversation_id', '=', input.conversationId).where('message_id', '=', input.messageId).executeTakeFirst();
      if (again) return this.answer(me, again.id, input.conversationId, input.messageId);
    }
    const people = await this.ctx.users.requireAll(memberIds, 'conversationId');
    const store = people.find((user) => user.kind === 'store');
    const buyer = people.find((user) => user.kind === 'buyer');
    if (!store || !buyer || (me.id !== store.id && me.id !== buyer.id)) throw Invalid('conversationId', 'offers are made between a buyer and a store');
    const other = me.id === store.id ? buyer : store;
    if ((input.itemId === undefined) === (input.productId === undefined)) throw Invalid('itemId', 'name either itemId or productId');
    let item: ItemRow;
    if (input.productId) item = await this.productItem(store, input.productId, input.variantId);
    else {
      const found = await this.ctx.db.selectFrom('chat_items').selectAll().where('id', '=', input.itemId as string).executeTakeFirst();
      if (!found || (found.user_id !== me.id && found.user_id !== other.id)) throw Invalid('itemId', 'not an item of this conversation');
      item = found;
    }
    if (item.sold === 1) throw new AppError('ITEM_SOLD', 'itemId');
    if (input.kind === 'exchange' && !input.exchangeItemId) throw Invalid('exchangeItemId', 'an exchange needs an item in return');
    if (input.exchangeItemId) {
      const swap = await this.ctx.db.selectFrom('chat_items').select(['id', 'user_id', 'sold']).where('id', '=', input.exchangeItemId).executeTakeFirst();
      if (!swap || (swap.user_id !== me.id && swap.user_id !== other.id)) throw Invalid('exchangeItemId', 'not an item of this conversation');
    }
    const now = Date.now();
    const validUntil = input.validUntil ?? now + DEFAULT_VALIDITY_MS;
    if (validUntil <= now || validUntil > now + MAX_VALIDITY_MS) throw Invalid('validUntil', 'a time in the next 90 days');
    const row: OfferRow = {
      id: newId(),
      conversation_id: input.conversationId,
      message_id: input.messageId ?? newId(),
      kind: input.kind,
      state: 'open',
      from_user_id: me.id,
      to_user_id: other.id,
      seller_id: store.id,
      buyer_id: buyer.id,
      item_id: item.id,
      exchange_item_id: input.exchangeItemId ?? null,
      quantity: input.quantity,
      price: input.price,
      currency: input.currency ?? item.currency,
      valid_until: validUntil,
      previous_offer_id: null,
      cart_line_id: null,
      failure_code: null,
      created_at: now,
      updated_at: now,
    };
    return this.write(me, row, item.title, undefined);
  }

  /** Writes an offer, its message (and the offer it counters) in one transaction. */
  private async write(me: ChatUser, row: OfferRow, title: string, countered: { id: string; state: OfferState } | undefined) {
    await this.ctx.limiter.takeMessage(me.id);
    const prepared = await this.messages.prepare({
      me,
      offerId: row.id,
      input: {
        conversationId: row.conversation_id,
        messageId: row.message_id,
        body: offerText(row.kind, row.quantity, title),
        messageType: 0,
        customType: OFFER_MESSAGE_CUSTOM_TYPE,
        attachmentIds: [],
        assetId: row.item_id,
        isExchange: row.kind === 'exchange',
      },
    });
    await this.ctx.events.commit(async (trx) => {
      if (countered) await this.move(trx, countered.id, 'open', countered.state);
      await trx.insertInto('chat_offers').values(row).execute();
      await this.messages.insert(trx, prepared);
      await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.offer, key: row.conversation_id, payload: { offerId: row.id } satisfies OfferEvent });
    });
    return this.answer(me, row.id, row.conversation_id, row.message_id);
  }

  private async answer(me: ChatUser, offerId: string, conversationId: string, messageId: string) {
    const offer = (await this.load([offerId])).get(offerId) as TChatOffer;
    const history = await this.ctx.db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('message_id', '=', messageId).executeTakeFirstOrThrow();
    const { memberIds } = await requireMember(this.ctx.db, conversationId, me.id);
    const [message] = await this.messages.viewRows(me.id, [history], memberIds);
    return { offer, sent: { message: message as NonNullable<typeof message>, duplicate: false } };
  }

  /** A guarded state change: only from the state it was read in, so two answers cannot both win. */
  private async move(trx: Transaction<Database>, offerId: string, from: OfferState, to: OfferState): Promise<void> {
    const result = await trx.updateTable('chat_offers').set({ state: to, updated_at: Date.now() }).where('id', '=', offerId).where('state', '=', from).executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError('OFFER_NOT_ALLOWED', 'offerId');
  }

  /** Counter, accept, decline or withdraw, as the transition table allows. */
  async act(options: { me: ChatUser; offerId: string; action: OfferAction; input: z.output<typeof ZChatOfferActionRequestSchema> }): Promise<TChatOffer> {
    const { me, offerId, action, input } = options;
    const row = await this.ctx.db.selectFrom('chat_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
    if (!row || (row.from_user_id !== me.id && row.to_user_id !== me.id)) throw NotFound();
    const outcome = offerTransition({ state: row.state as OfferState, action, actor: row.from_user_id === me.id ? 'maker' : 'receiver', validUntil: Number(row.valid_until), now: Date.now() });
    if (!outcome.ok) throw new AppError(outcome.reason === 'expired' ? 'OFFER_EXPIRED' : 'OFFER_NOT_ALLOWED', 'offerId', outcome.reason);
    if (action === 'counter') {
      const item = await this.ctx.db.selectFrom('chat_items').select(['title', 'sold']).where('id', '=', row.item_id).executeTakeFirstOrThrow();
      if (item.sold === 1) throw new AppError('ITEM_SOLD', 'offerId');
      const now = Date.now();
      const validUntil = input.validUntil ?? now + DEFAULT_VALIDITY_MS;
      if (validUntil <= now || validUntil > now + MAX_VALIDITY_MS) throw Invalid('validUntil', 'a time in the next 90 days');
      const counter: OfferRow = {
        ...row,
        id: newId(),
        message_id: newId(),
        state: 'open',
        from_user_id: me.id,
        to_user_id: row.from_user_id,
        quantity: input.quantity ?? row.quantity,
        price: input.price ?? Number(row.price),
        valid_until: validUntil,
        previous_offer_id: row.id,
        cart_line_id: null,
        failure_code: null,
        created_at: now,
        updated_at: now,
      };
      const { offer } = await this.write(me, counter, item.title, { id: row.id, state: outcome.to });
      return offer;
    }
    await this.ctx.events.commit(async (trx) => {
      await this.move(trx, row.id, 'open', outcome.to);
      if (action === 'accept') {
        // A unique item (not a catalog product) is sold once: the guard refuses a second buyer.
        const item = await trx.selectFrom('chat_items').select(['product_id']).where('id', '=', row.item_id).executeTakeFirstOrThrow();
        if (row.kind === 'sale' && item.product_id === null) {
          const sold = await trx.updateTable('chat_items').set({ sold: 1, status_text: 'sold' }).where('id', '=', row.item_id).where('sold', '=', 0).executeTakeFirst();
          if (Number(sold.numUpdatedRows) !== 1) throw new AppError('ITEM_SOLD', 'offerId');
        }
        if (row.kind === 'sale' && item.product_id !== null) {
          await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.offerAccepted, key: row.conversation_id, payload: { offerId: row.id } satisfies OfferEvent });
        }
      }
      await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.offer, key: row.conversation_id, payload: { offerId: row.id } satisfies OfferEvent });
    });
    return (await this.load([row.id])).get(row.id) as TChatOffer;
  }

  /**
   * The outbox step after acceptance: the agreed cart line, made once (the cart is idempotent by
   * source). A refusal by the cart (an AppError: the product withdrawn, its variant gone) is
   * permanent — retrying would fail forever and hold back the conversation's later events — so the
   * offer becomes 'failed' with the cart's code and both sides are told; anything else (the
   * database away) is thrown and retried by the outbox.
   */
  async addAcceptedToCart(offerId: string): Promise<void> {
    if (!this.cart) return;
    const row = await this.ctx.db.selectFrom('chat_offers').selectAll().where('id', '=', offerId).executeTakeFirst();
    if (!row || row.state !== 'accepted' || row.cart_line_id) return;
    const item = await this.ctx.db.selectFrom('chat_items').select(['product_id', 'variant_id']).where('id', '=', row.item_id).executeTakeFirstOrThrow();
    const buyer = await this.ctx.users.find(row.buyer_id);
    if (!item.product_id || !buyer) return;
    let lineId: string;
    try {
      ({ lineId } = await this.cart.addAgreedLine({
        buyerId: buyer.accountId,
        productId: item.product_id,
        variantId: item.variant_id,
        quantity: row.quantity,
        unitPrice: Number(row.price),
        currency: row.currency,
        source: { kind: 'offer', id: row.id },
      }));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.ctx.events.commit(async (trx) => {
        const failed = await trx
          .updateTable('chat_offers')
          .set({ state: 'failed', failure_code: error.code, updated_at: Date.now() })
          .where('id', '=', row.id)
          .where('state', '=', 'accepted')
          .executeTakeFirst();
        if (Number(failed.numUpdatedRows) === 1) {
          await this.ctx.events.enqueue(trx, { kind: CHAT_EVENTS.offer, key: row.conversation_id, payload: { offerId: row.id } satisfies OfferEvent });
        }
      });
      return;
    }
    await this.ctx.db.updateTable('chat_offers').set({ cart_line_id: lineId }).where('id', '=', row.id).execute();
  }

  async load(ids: readonly string[]): Promise<Map<string, TChatOffer>> {
    const result = new Map<string, TChatOffer>();
    if (ids.length === 0) return result;
    const rows = await this.ctx.db.selectFrom('chat_offers').selectAll().where('id', 'in', [...new Set(ids)]).execute();
    const itemIds = rows.flatMap((row) => [row.item_id, ...(row.exchange_item_id ? [row.exchange_item_id] : [])]);
    const items = itemIds.length > 0 ? await this.ctx.db.selectFrom('chat_items').selectAll().where('id', 'in', [...new Set(itemIds)]).execute() : [];
    const byId = new Map(items.map((item) => [item.id, item]));
    for (const row of rows) {
      const item = byId.get(row.item_id);
      if (item) result.set(row.id, offerView(row, item, row.exchange_item_id ? byId.get(row.exchange_item_id) : undefined));
    }
    return result;
  }

  /** The seed's lists: SALES (I sell), SHOPPING (I buy), ENTRY (exchanges offered to me), SENT (mine). */
  async list(options: { me: ChatUser; orderType: OfferListType; skip: number; limit: number }): Promise<{ offers: TChatOffer[]; total: number }> {
    const { me, orderType } = options;
    const base = this.ctx.db.selectFrom('chat_offers');
    const filtered =
      orderType === 'SALES'
        ? base.where('seller_id', '=', me.id).where('kind', '=', 'sale')
        : orderType === 'SHOPPING'
          ? base.where('buyer_id', '=', me.id).where('kind', '=', 'sale')
          : orderType === 'ENTRY'
            ? base.where('to_user_id', '=', me.id).where('kind', '=', 'exchange')
            : base.where('from_user_id', '=', me.id).where('kind', '=', 'exchange');
    const [rows, total] = await Promise.all([
      filtered.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').offset(options.skip).limit(options.limit).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const offers = await this.load(rows.map((row) => row.id));
    return { offers: rows.flatMap((row) => offers.get(row.id) ?? []), total: Number(total.n) };
  }
}
