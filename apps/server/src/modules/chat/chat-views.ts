import type { Selectable } from 'kysely';
import { CHAT_DEFAULT_UNITS, CHAT_ITEM_DEFAULT_STATUS_CODE, type OfferState, type TChatAttachment, type TChatItem, type TChatMessage, type TChatOffer } from '@tessera/contracts';
import type { ChatItemsTable, ChatMessagesTable, ChatOffersTable } from './chat.tables.js';
import { visibleOfferState } from './offer-states.js';

export type MessageRow = Selectable<ChatMessagesTable>;
export type OfferRow = Selectable<ChatOffersTable>;
export type ItemRow = Selectable<ChatItemsTable>;

export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** A seed "item in chat" (seed §3), with the rupee default when no unit was given. */
export function itemView(row: ItemRow): TChatItem {
  return {
    userId: row.user_id,
    _id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: row.image_url,
    price: Number(row.price),
    sold: row.sold === 1,
    statusCode: row.status_code ?? CHAT_ITEM_DEFAULT_STATUS_CODE,
    statusText: row.status_text,
    units: { symbol: row.symbol || CHAT_DEFAULT_UNITS.symbol, currency_code: row.currency || CHAT_DEFAULT_UNITS.currency_code },
    productId: row.product_id,
  };
}

export function offerView(row: OfferRow, item: ItemRow, exchangeItem: ItemRow | undefined, now = Date.now()): TChatOffer {
  return {
    offerId: row.id,
    conversationId: row.conversation_id,
    kind: row.kind as TChatOffer['kind'],
    state: visibleOfferState(row.state as OfferState, Number(row.valid_until), now),
    fromUserId: row.from_user_id,
    toUserId: row.to_user_id,
    sellerId: row.seller_id,
    buyerId: row.buyer_id,
    item: itemView(item),
    exchangeItem: exchangeItem ? itemView(exchangeItem) : null,
    quantity: row.quantity,
    price: Number(row.price),
    currency: row.currency,
    validUntil: Number(row.valid_until),
    previousOfferId: row.previous_offer_id,
    cartLineId: row.cart_line_id,
    failureCode: row.failure_code,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * A stored message as `viewer` sees it: masked contact details for everyone but the sender, nothing
 * of a message deleted for everyone but the fact. `receiverId` is the viewer's side of a direct chat.
 */
export function messageView(options: {
  row: MessageRow;
  viewerId: string;
  /** The members of the conversation (for the receiver of the sender's own copy). */
  memberIds: readonly string[];
  senderName: string;
  attachments: TChatAttachment[];
  offer: TChatOffer | null;
}): TChatMessage {
  const { row, viewerId } = options;
  const own = row.sender_id === viewerId;
  const others = options.memberIds.filter((id) => id !== row.sender_id);
  const receiverId = own ? (others.length === 1 ? (others[0] as string) : '') : viewerId;
  const deleted = row.deleted === 1;
  const masked = !own && row.masked_body !== null;
  return {
    messageId: row.message_id,
    chatId: row.conversation_id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    receiverId,
    client_id: row.client_id,
    status: row.status,
    deliveryTime: Number(row.delivered_at),
    assetId: row.asset_id,
    timestamp: Number(row.timestamp),
    isExchange: row.is_exchange === 1,
    body: deleted ? '' : masked ? (row.masked_body as string) : row.body,
    messageType: row.message_type,
    customType: row.custom_type,
    masked: masked && !deleted,
    deleted,
    senderName: options.senderName,
    metaData: parseJson<Record<string, unknown>>(row.meta_data, {}),
    attachments: deleted ? [] : options.attachments,
    offer: deleted ? null : options.offer,
  };
}
