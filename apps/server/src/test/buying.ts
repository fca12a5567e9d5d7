import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TCart } from '@tessera/contracts';
import { DEFAULT_DELIVERY_RULES } from '../modules/delivery/delivery-defaults.js';
import type { DeliverySettings } from '../modules/delivery/delivery-rules.js';
import { toRow } from '../modules/delivery/delivery.service.js';
import { createApprovedStore, createCategory, createProduct, type TestProductOptions } from './catalog.js';

/**
 * Fixtures of the buying tests: approved stores with known delivery settings (a point, UTC hours
 * open all week, fees), products with their variant ids, and small HTTP helpers for the cart.
 */

/** Kuala Lumpur, the configured default location of the tests. */
export const KL = { latitude: 3.139, longitude: 101.6869 };

export interface Shop {
  storeId: string;
  alias: string;
  categoryId: string;
  seller: { userId: string; token: string; email: string; password: string };
  settings: DeliverySettings;
}

const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: '00:00', closes: '24:00' }));

export async function createShop(app: FastifyInstance, overrides: Partial<DeliverySettings> = {}): Promise<Shop> {
  const store = await createApprovedStore(app);
  const category = await createCategory(app);
  const rules = DEFAULT_DELIVERY_RULES;
  const settings: DeliverySettings = {
    storeId: store.storeId,
    country: 'MY',
    latitude: KL.latitude,
    longitude: KL.longitude,
    timeZone: 'UTC',
    pickupAddress: 'Jalan Test 1, Kuala Lumpur',
    openingHours: ALL_WEEK,
    pickupHours: ALL_WEEK,
    slotMinutes: 60,
    slotCapacity: 5,
    leadMinutes: 60,
    deliveryRadiusKm: 500,
    deliveryBaseFee: rules.deliveryBaseFee,
    deliveryFeePerKm: rules.deliveryFeePerKm,
    deliveryFeeMax: rules.deliveryFeeMax,
    freeDeliveryAbove: null,
    driverBaseFee: rules.driverBaseFee,
    driverFeePerKm: rules.driverFeePerKm,
    driverFeeMax: rules.driverFeeMax,
    ...overrides,
  };
  await app.db.kysely.insertInto('store_delivery_settings').values(toRow(settings, Date.now())).execute();
  await app.db.kysely.insertInto('tax_rates').values({ country: 'MY', rate_bp: 800, updated_at: Date.now() }).onConflict((oc) => oc.column('country').doNothing()).execute();
  return { storeId: store.storeId, alias: store.alias, categoryId: category.id, seller: { userId: store.userId, token: store.token, email: store.email, password: store.password }, settings };
}

export async function createShopProduct(app: FastifyInstance, shop: Shop, options: Omit<TestProductOptions, 'storeId' | 'categoryId'> = {}) {
  const product = await createProduct(app, { storeId: shop.storeId, categoryId: shop.categoryId, ...options });
  const variants = await app.db.kysely.selectFrom('product_variants').select('id').where('product_id', '=', product.id).orderBy('sort').execute();
  return { ...product, variantIds: variants.map((v) => v.id) };
}

export const headers = (token: string, language?: string) => ({ authorization: token, ...(language ? { language } : {}) });

export function cartClient(app: FastifyInstance, token: string, language?: string) {
  const h = headers(token, language);
  return {
    get: (query = '') => app.inject({ method: 'GET', url: `/v1/cart${query}`, headers: h }),
    add: (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/v1/cart', headers: h, payload }),
    update: (lineId: string, quantity: number) => app.inject({ method: 'PATCH', url: `/v1/cart/lines/${lineId}`, headers: h, payload: { quantity } }),
    remove: (lineId: string) => app.inject({ method: 'DELETE', url: `/v1/cart/lines/${lineId}`, headers: h }),
    clear: () => app.inject({ method: 'DELETE', url: '/v1/cart', headers: h }),
    mode: (deliveryMode: string) => app.inject({ method: 'PUT', url: '/v1/cart/delivery-mode', headers: h, payload: { deliveryMode } }),
    inventory: () => app.inject({ method: 'GET', url: '/v1/cart/inventory', headers: h }),
  };
}

export const cartOf = (response: LightMyRequestResponse): TCart => (response.json() as { data: TCart }).data;
export const linesOf = (cart: TCart) => cart.sellers.flatMap((seller) => seller.products.flatMap((product) => product.variants.map((line) => ({ ...line, productId: product.productId, storeId: seller.storeId }))));

export const SAMPLE_ADDRESS = {
  name: 'Amira Haddad',
  mobile: '501234567',
  countryCode: '+60',
  pincode: '50450',
  locality: 'Bukit Bintang',
  city: 'Kuala Lumpur',
  state: 'Wilayah Persekutuan',
  flatNumber: '12-3',
  addressLine1: 'Jalan Sultan Ismail 88',
  addressType: 'home',
};

let keys = 0;
export const idempotencyKey = () => `test-key-${Date.now().toString(36)}-${(keys++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** POST /v1/checkout with COD to the sample address unless overridden. */
/**
 * Fills a buyer's cart with two new products of the shop, 2 × 10.00 and 1 × 20.00 (the order the
 * payment and refund tests place), and returns them with the cart's total after tax.
 */
export async function fillTwoProductCart(app: FastifyInstance, shop: Shop, token: string) {
  const cart = cartClient(app, token);
  const a = await createShopProduct(app, shop, { price: 1000, stock: 10 });
  const b = await createShopProduct(app, shop, { price: 2000, stock: 10 });
  expect((await cart.add({ productId: a.id, quantity: 2 })).statusCode).toBe(200);
  expect((await cart.add({ productId: b.id, quantity: 1 })).statusCode).toBe(200);
  return { a, b, total: cartOf(await cart.get()).totals.totalAfterTax.amount };
}

export function checkout(app: FastifyInstance, token: string, body: Record<string, unknown> = {}, language?: string) {
  return app.inject({ method: 'POST', url: '/v1/checkout', headers: headers(token, language), payload: { idempotencyKey: idempotencyKey(), paymentType: 'COD', address: SAMPLE_ADDRESS, ...body } });
}

export async function stockOf(app: FastifyInstance, productId: string): Promise<number> {
  return (await app.db.kysely.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow()).stock;
}

/** A driver account (user type 'driver') with a session; `storeId` makes it one of that store's drivers. */
export async function createDriverAccount(app: FastifyInstance, storeId?: string): Promise<{ userId: string; userType: 'driver'; token: string; driverId: string | null; email: string }> {
  const email = `driver-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const userId = await app.services.accounts.createAccount({ type: 'driver', email, firstName: 'Dan', lastName: 'Driver' });
  let driverId: string | null = null;
  if (storeId) {
    driverId = `drv-${userId}`;
    await app.db.kysely.insertInto('drivers').values({ id: driverId, store_id: storeId, user_id: userId, name: 'Dan Driver', phone: '+60 12 000 0000', active: 1, created_at: Date.now() }).execute();
  }
  const session = await app.services.auth.openSession({ userId, userType: 'driver', device: { test: true }, ipAddress: '127.0.0.1' });
  return { userId, userType: 'driver', token: session.tokens.accessToken, driverId, email };
}
