import type { World, WorldRole } from './world.js';

/**
 * What each id a route takes refers to, for the tests that walk every route (fuzz, access). A
 * route's id is found by its key: `segment/{param}` for a path parameter (`addresses/{id}`),
 * `query.name` / `header.name` for those, `body.a.b` for a body field (array items left out:
 * `body.variants.id`). A more precise `METHOD /path key` entry wins over the general one.
 *
 * - owned: the id of something one user owns; the access test tries another user's (of the same
 *   role) and expects 403 or 404 (400 for a body field). `role` is who owns such things.
 * - shared: the id of something no single user owns (a category, a published product, any store
 *   for the team): any caller the route admits may name any of them. The reason says why.
 * - refused: a place where no id is taken (a new product's variants are new): any id, the caller's own
 *   too, answers 400 naming the field.
 * - free: not a reference to anything stored: a name the client chooses (a device id, the id of a
 *   new message) or a number of the real world (a tax id). The reason says why.
 *
 * A route whose id is in neither list fails the access test: add it here when you add the route.
 */
export type OwnerRole = Exclude<WorldRole, 'anonymous' | `team:${string}`>;
export type IdUse = { owned: string; role: OwnerRole; roles?: OwnerRole[] } | { shared: string; reason: string } | { free: string } | { refused: string; role: OwnerRole; reason: string };

/** Owned by `role` (and tried as each of `more` too: both sides of a conversation, a guest's cart like a buyer's). */
const owned = (kind: string, role: OwnerRole, ...more: OwnerRole[]): IdUse => ({ owned: kind, role, ...(more.length ? { roles: [role, ...more] } : {}) });
const shared = (kind: string, reason: string): IdUse => ({ shared: kind, reason });
const free = (reason: string): IdUse => ({ free: reason });
/** No id of that kind is taken there, the caller's own or another's: each answers 400 naming the field. */
const refused = (kind: string, role: OwnerRole, reason: string): IdUse => ({ refused: kind, role, reason });

const TEAM_SEES_ALL = 'the store team handles every order';
const PUBLIC_CHAT_ID = "a chat user's id is public to the chat (members, presence); the service checks what may be done with it";

const TEAM_EDITS = 'catalog structure belongs to the store team: any editor may name any of it';

export const ID_USES: Record<string, IdUse> = {
  // Buyers
  'addresses/{id}': owned('address', 'buyer'),
  'uploads/{id}': owned('upload', 'buyer'),
  'media/{id}': owned('upload', 'buyer'),
  // Sellers
  'products/{id}': owned('product', 'seller'),
  'images/{imageId}': owned('productImage', 'seller'),
  'certifications/{certId}': owned('certification', 'seller'),
  'body.imageIds': owned('productImage', 'seller'),
  'body.variants.id': owned('variant', 'seller'),
  'body.certifications.id': owned('certification', 'seller'),
  'cards/{id}': owned('card', 'buyer'),
  'body.card.savedCardId': owned('card', 'buyer'),
  'body.addressId': owned('address', 'buyer'),
  'payments/{paymentRef}': owned('payment', 'buyer'),
  'topups/{paymentRef}': owned('topup', 'buyer'),
  'query.cartId': owned('cart', 'buyer', 'guest'),
  'PATCH /v1/cart/lines/{lineId} lines/{lineId}': owned('cartLine', 'buyer', 'guest'),
  'DELETE /v1/cart/lines/{lineId} lines/{lineId}': owned('cartLine', 'buyer', 'guest'),
  'orders/{orderId}': owned('order', 'buyer'),
  'store-orders/{storeOrderId}': owned('storeOrder', 'buyer'),
  'POST /v1/orders/{orderId}/lines/{lineId}/cancel-request lines/{lineId}': owned('orderLine', 'buyer'),
  // Sellers and their drivers
  'orders/{storeOrderId}': owned('storeOrder', 'seller'),
  'POST /v1/seller/orders/{storeOrderId}/lines/{lineId}/cancel-request lines/{lineId}': owned('orderLine', 'seller'),
  'body.driverId': owned('driver', 'seller'),
  'promotions/{id}': owned('promotion', 'seller'),
  'POST /v1/driver/orders/{storeOrderId}/position orders/{storeOrderId}': owned('storeOrder', 'driver'),
  'POST /v1/driver/orders/{storeOrderId}/delivered orders/{storeOrderId}': owned('storeOrder', 'driver'),
  // Chat: a conversation's things belong to its members
  'query.conversationId': owned('conversation', 'buyer', 'seller'),
  'body.conversationId': owned('conversation', 'buyer', 'seller'),
  'DELETE /chat/message body.messageId': owned('message', 'buyer'),
  'PUT /chat/messages/read body.messageId': owned('message', 'buyer', 'seller'),
  'PUT /chat/messages/delivered body.messageId': owned('message', 'buyer', 'seller'),
  'query.beforeMessageId': free("a position in the caller's own conversation (a keyset cursor): another conversation's message id only moves the page, nothing of it is read"),
  'PUT /chat/conversation/admin body.conversationId': shared('conversation', 'only the store team makes admins, in any conversation (a team member joins a chat so); buyers and sellers are refused by role'),
  'body.attachmentIds': owned('attachment', 'buyer'),
  'attachment/{attachmentId}': owned('attachment', 'buyer', 'seller'),
  'offer/{offerId}': owned('offer', 'buyer', 'seller'),
  'body.itemId': owned('chatItem', 'buyer'),
  'body.exchangeItemId': owned('chatItem', 'buyer'),
  'body.assetId': free("the seed's opaque asset reference of a message, stored and echoed as sent: the server reads nothing by it"),
  'POST /v1/seller/products body.variants.id': refused('variant', 'seller', "a new product's variants are new"),
  'POST /v1/seller/products body.certifications.id': refused('certification', 'seller', "a new product's certificates are new"),
  'body.memberId': shared('chatUser', PUBLIC_CHAT_ID),
  'body.opponentId': shared('chatUser', PUBLIC_CHAT_ID),
  'query.userIds': shared('chatUser', PUBLIC_CHAT_ID),
  'query.userId': shared('chatUser', PUBLIC_CHAT_ID),
  'POST /chat/message body.messageId': free('the client names its new message; the same id is one message only within one conversation and from one sender'),
  'POST /chat/offer body.messageId': free("the client names the offer's new message"),
  'body.deviceId': free("the client's own name for its device"),
  'body.taxId': free("a company's tax number"),
  // Public catalog
  'products/{idOrSlug}': shared('product', 'published products are public'),
  'body.variantId': shared('variant', 'anyone may ask to hear when a public variant is back'),
  'query.storeId': shared('store', 'store pages are public'),
  'header.storecategoryid': shared('category', 'categories are public'),
  'body.brandId': shared('brand', 'brands are public and any seller may name one'),
  'body.categoryId': shared('category', 'categories are public and any seller may file a product in one'),
  'GET /v1/seller/products query.categoryId': shared('category', 'categories are public: a seller filters his own products by any'),
  'body.categoryIds': shared('category', 'categories are public: a promotion may name any'),
  'body.productId': shared('product', 'published products are public: anyone may put one in a cart or make an offer on it'),
  'body.slots.storeId': shared('store', 'stores are public: the checkout names the stores of the cart'),
  // The store team
  'companies/{id}': shared('company', 'the store team reviews every company'),
  'sellers/{id}': shared('store', 'the store team reviews every seller'),
  'team/{id}': shared('teamMember', 'the owner manages every team member'),
  'categories/{id}': shared('category', TEAM_EDITS),
  'brands/{id}': shared('brand', TEAM_EDITS),
  'menu-items/{id}': shared('menuItem', TEAM_EDITS),
  'banners/{id}': shared('banner', TEAM_EDITS),
  'specialities/{id}': shared('speciality', TEAM_EDITS),
  // The blog and the contact inbox (modules/blog, modules/contact) belong to the store team as a whole.
  'posts/{id}': shared('blogPost', 'the blog is written by the store team together: any member may edit any post'),
  'contact/{id}': shared('contactMessage', 'the contact inbox is the team’s: any member who reads it may answer any message'),
  'stores/{id}': shared('store', TEAM_EDITS),
  'body.storeIds': shared('store', TEAM_EDITS),
  'POST /v1/seller/promotions body.storeIds': shared('store', "ignored for a seller: a seller's codes are for his own store"),
  'PATCH /v1/seller/promotions/{id} body.storeIds': shared('store', "ignored for a seller: a seller's codes are for his own store"),
  'body.specialityIds': shared('speciality', TEAM_EDITS),
  'body.parentId': shared('category', TEAM_EDITS),
  'GET /v1/admin/orders/{orderId} orders/{orderId}': shared('order', TEAM_SEES_ALL),
  'POST /v1/admin/store-orders/{storeOrderId}/refund store-orders/{storeOrderId}': shared('storeOrder', TEAM_SEES_ALL),
  'GET /v1/admin/promotions/{id} promotions/{id}': shared('promotion', 'the store team manages every promotion'),
  'PATCH /v1/admin/promotions/{id} promotions/{id}': shared('promotion', 'the store team manages every promotion'),
  'GET /v1/admin/promotions/{id}/report promotions/{id}': shared('promotion', 'the store team manages every promotion'),
  'POST /v1/admin/menu-items body.parentId': shared('menuItem', TEAM_EDITS),
  // Favourites, wishlists and reviews (modules/social)
  'wishlists/{id}': owned('wishlist', 'buyer'),
  'products/{productId}': shared('product', 'published products are public: anyone may keep one as a favourite or in a wishlist'),
  'stores/{storeId}': shared('store', 'store pages are public: anyone may keep one as a favourite'),
  'body.orderLineId': owned('orderLine', 'buyer'),
  'reviews/{id}': owned('review', 'buyer'),
  'photos/{photoId}': owned('reviewPhoto', 'buyer'),
  'POST /v1/seller/reviews/{id}/answer reviews/{id}': owned('review', 'seller'),
  'POST /v1/admin/reviews/{id}/hide reviews/{id}': shared('review', 'the store team moderates every review'),
  'POST /v1/admin/reviews/{id}/unhide reviews/{id}': shared('review', 'the store team moderates every review'),
  'PATCH /v1/admin/menu-items/{id} body.parentId': shared('menuItem', TEAM_EDITS),
  // Quotations (modules/quotations): a request and its quotation are the buyer's and the invited store's.
  'GET /v1/quotation-requests/{id} quotation-requests/{id}': owned('quotationRequest', 'buyer'),
  'POST /v1/quotation-requests/{id}/withdraw quotation-requests/{id}': owned('quotationRequest', 'buyer'),
  'GET /v1/seller/quotation-requests/{id} quotation-requests/{id}': owned('quotationRequest', 'seller'),
  'POST /v1/seller/quotation-requests/{id}/answer quotation-requests/{id}': owned('quotationRequest', 'seller'),
  'POST /v1/quotations/{id}/accept quotations/{id}': owned('quotation', 'buyer'),
  'POST /v1/quotations/{id}/decline quotations/{id}': owned('quotation', 'buyer'),
  'POST /v1/quotations/{id}/chat quotations/{id}': owned('quotation', 'buyer', 'seller'),
  'POST /v1/seller/quotations/{id}/decline quotations/{id}': owned('quotation', 'seller'),
  'POST /v1/seller/quotations/{id}/withdraw quotations/{id}': owned('quotation', 'seller'),
  'GET /v1/quotations/attachments/{id} attachments/{id}': owned('quotationAttachment', 'buyer', 'seller'),
  'GET /v1/quotations/attachments/{id}/link attachments/{id}': free(
    'a signed link: the signature binds the id and its expiry, so another id under this link’s signature is refused (404); quotations.test.ts holds altered links',
  ),
  'POST /v1/quotation-requests body.attachmentIds': owned('quotationAttachment', 'buyer'),
  'POST /v1/seller/quotation-requests/{id}/answer body.attachmentIds': owned('quotationAttachment', 'seller'),
  // Commissions (modules/commissions): both sides of one may read it; each takes only its own steps.
  'customisation/{productId}': shared('product', 'published products are public: anyone may read whether one allows customisation'),
  'commissions/{id}': owned('commission', 'buyer', 'seller'),
  'GET /v1/commissions/{id}/images/{imageId} commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/deposit commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/balance commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/payments/{paymentRef}/confirm commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/approve commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/changes commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/commissions/{id}/images commissions/{id}': owned('commission', 'buyer'),
  'POST /v1/seller/commissions/{id}/proposal commissions/{id}': owned('commission', 'seller'),
  'POST /v1/seller/commissions/{id}/refuse-changes commissions/{id}': owned('commission', 'seller'),
  'POST /v1/seller/commissions/{id}/step commissions/{id}': owned('commission', 'seller'),
  'POST /v1/seller/commissions/{id}/proofs commissions/{id}': owned('commission', 'seller'),
  'GET /v1/commissions/{id}/images/{imageId} images/{imageId}': owned('commissionImage', 'buyer', 'seller'),
  'GET /v1/admin/commissions/{id} commissions/{id}': shared('commission', 'the store team oversees every commission (read only)'),
};

/** The use of an id at `key` on a route, or undefined when the table does not say. */
export const idUseOf = (method: string, path: string, key: string): IdUse | undefined => ID_USES[`${method} ${path} ${key}`] ?? ID_USES[key];

/** An id of this kind: the acting role's own when it has one, else any in the world. */
export function idOfKind(world: World, kind: string, role: WorldRole): string | undefined {
  if (role !== 'anonymous') {
    const own = world.users[role].owns[kind];
    if (own) return own;
  }
  if (world.shared[kind]) return world.shared[kind];
  // The second users' first: a walk acting on someone else's store or member leaves the actors' own intact.
  for (const user of [...Object.values(world.others), ...Object.values(world.users)]) if (user?.owns[kind]) return user.owns[kind];
  return undefined;
}
