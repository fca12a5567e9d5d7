import { expect } from 'vitest';
import { api, loginApi, uniqueEmail, uniquePhone } from '../portal-helpers.js';
import type { BuyerSession } from './accounts.js';
import { pickProducts } from './buying.js';

/** Live tracking's browser tests and screenshots (e2e/tracking.test.ts, e2e/screenshots-tracking.ts). */
export const SELLER = 'seller@tessera.test';
export const DRIVER_PASSWORD = 'Driver-pass-42';
// Near the demo store in Kuala Terengganu (its delivery point is within ±0.15° of 5.33, 103.14).
export const BUYER_POINT = { latitude: 5.3102, longitude: 103.1101 };
export const FIRST = { latitude: 5.3201, longitude: 103.1302 };
export const SECOND = { latitude: 5.3152, longitude: 103.1203 };
// The water (background) colour of the world outline (features/tracking/map-view.ts).
export const WATER = [0xdc, 0xe9, 0xec];

/** A COD delivery order from the demo store, placed over the API, and the seller's driver sending it out. */
export async function orderOutForDelivery(base: string, buyer: BuyerSession) {
  const [product] = await pickProducts(base, { count: 1, store: 'atelier-nurul' });
  const detail = (await (await fetch(`${base}/v1/products/${product!.slug}`, { headers: { language: 'en' } })).json()) as {
    data: { id: string; variants: { id: string; stock: number }[] };
  };
  const variant = detail.data.variants.find((v) => v.stock >= product!.moq + 2);
  const token = buyer.token.accessToken;
  const added = await api(base, 'POST', '/v1/cart', { token, body: { productId: detail.data.id, variantId: variant?.id ?? null, quantity: product!.moq } });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const slots = await api<{ data: { slots: { start: number; remaining: number }[] } }>(base, 'GET', `/v1/delivery/slots?storeId=${product!.store.id}`, {
    token,
  });
  const slot = slots.body.data.slots.find((s) => s.remaining > 0)!;
  const placed = await api<{ data: { orderId: string; storeOrderIds: string[] } }>(base, 'POST', '/v1/checkout', {
    token,
    body: {
      idempotencyKey: `tracking-${Date.now()}`,
      paymentType: 'COD',
      ...BUYER_POINT,
      slots: [{ storeId: product!.store.id, start: slot.start }],
      address: {
        name: 'Amira Haddad',
        countryCode: '+60',
        mobile: '123456780',
        pincode: '20000',
        locality: 'Ladang',
        city: 'Kuala Terengganu',
        state: 'Terengganu',
        flatNumber: '3A',
        addressLine1: '12 Jalan Sultan Ismail',
        addressType: 'home',
      },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const { orderId, storeOrderIds } = placed.body.data;
  const storeOrderId = storeOrderIds[0]!;

  const seller = await loginApi(base, 'seller', SELLER);
  const email = uniqueEmail('driver');
  const driver = await api<{ data: { id: string } }>(base, 'POST', '/v1/seller/drivers', {
    token: seller,
    body: { name: 'Hafiz Rahman', email, countryCode: '+60', phone: uniquePhone(), password: DRIVER_PASSWORD },
  });
  expect(driver.status, JSON.stringify(driver.body)).toBe(200);
  for (const body of [{ status: 'accepted' }, { status: 'packed' }, { status: 'out_for_delivery', driverId: driver.body.data.id }]) {
    const moved = await api(base, 'POST', `/v1/seller/orders/${storeOrderId}/status`, { token: seller, body });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { orderId, storeOrderId, driverEmail: email, product: product!, seller };
}
