import SQLite from 'better-sqlite3';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TCart } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, headers, KL, linesOf, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember, signInGuestWith, type Actor } from '../../test/roles.js';

/**
 * The priced-cart memo (cart-memo.ts): a cart read twice with nothing changed is answered from the
 * memo, and every input of the answer changes it on the very next read — the buyer's own writes,
 * other buyers' checkouts, the seller's edits, delivery settings, tax rates, currency rates, the
 * location and the currency asked for.
 */

let t: TestApp;
let shop: Shop;
let team: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  team = await createTeamMember(t.app, 'owner');
});

/** Runs one write through a connection of its own (not the app's), as a script or a shell would. */
async function writeFromAnotherConnection(sql: string, params: unknown[]): Promise<void> {
  if (t.database.file) {
    const other = new SQLite(t.database.file);
    try {
      other.prepare(sql.replace(/\$\d+/g, '?')).run(...params);
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: t.database.url });
  await other.connect();
  try {
    await other.query(sql, params);
  } finally {
    await other.end();
  }
}

/** Reads the cart twice (the second read is the memo's) and checks both say the same. */
async function read(token: string, query = '', extra: Record<string, string> = {}): Promise<TCart> {
  const call = () => t.app.inject({ method: 'GET', url: `/v1/cart${query}`, headers: { ...headers(token), ...extra } });
  const first = await call();
  expect(first.statusCode, first.body).toBe(200);
  const second = await call();
  expect(second.statusCode).toBe(200);
  expect(second.json()).toEqual(first.json());
  return cartOf(second);
}

async function seller(method: 'PATCH' | 'POST', url: string, payload?: Record<string, unknown>) {
  const response = await t.app.inject({ method, url, headers: { authorization: shop.seller.token }, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBe(200);
}

async function buyerWith(options: { price?: number; stock?: number; quantity?: number } = {}) {
  const buyer = await createBuyer(t.app);
  const product = await createShopProduct(t.app, shop, { price: options.price ?? 1000, stock: options.stock ?? 10 });
  const cart = cartClient(t.app, buyer.token);
  expect((await cart.add({ productId: product.id, quantity: options.quantity ?? 1 })).statusCode).toBe(200);
  return { buyer, product, cart };
}

describe('cart memo: every input changes the next read', () => {
  it('shows the stock another buyer’s checkout took', async () => {
    const { buyer, product } = await buyerWith({ stock: 10 });
    expect(linesOf(await read(buyer.token))[0]!.availableStock).toBe(10);
    const other = await createBuyer(t.app);
    await cartClient(t.app, other.token).add({ productId: product.id, quantity: 3 });
    expect((await checkout(t.app, other.token)).statusCode).toBe(200);
    expect(linesOf(await read(buyer.token))[0]!.availableStock).toBe(7);
  });

  it('shows the seller’s stock and price edits, and a product taken off sale', async () => {
    const { buyer, product } = await buyerWith({ price: 1000, stock: 10 });
    expect(linesOf(await read(buyer.token))[0]).toMatchObject({ availableStock: 10, unitPrice: { amount: 1000 } });
    await seller('PATCH', `/v1/seller/products/${product.id}/stock`, { stock: 4 });
    expect(linesOf(await read(buyer.token))[0]!.availableStock).toBe(4);
    await seller('PATCH', `/v1/seller/products/${product.id}`, { price: 1500, mrp: 2000 });
    expect(linesOf(await read(buyer.token))[0]!.unitPrice.amount).toBe(1500);
    await seller('POST', `/v1/seller/products/${product.id}/unpublish`);
    expect(linesOf(await read(buyer.token))[0]!.problem).toBe('unavailable');
  });

  it('shows a new delivery fee and a new tax rate', async () => {
    const { buyer } = await buyerWith({ price: 1000 });
    const before = await read(buyer.token);
    expect(before.sellers[0]!.deliveryFee.amount).toBe(shop.settings.deliveryBaseFee);
    await t.app.db.kysely
      .updateTable('store_delivery_settings')
      .set({ delivery_base_fee: shop.settings.deliveryBaseFee + 100, updated_at: Date.now() + 1 })
      .where('store_id', '=', shop.storeId)
      .execute();
    expect((await read(buyer.token)).sellers[0]!.deliveryFee.amount).toBe(shop.settings.deliveryBaseFee + 100);
    const rate = (await t.app.db.kysely.selectFrom('tax_rates').select('rate_bp').where('country', '=', 'MY').executeTakeFirstOrThrow()).rate_bp;
    try {
      await t.app.db.kysely
        .updateTable('tax_rates')
        .set({ rate_bp: 1000, updated_at: Date.now() + 1 })
        .where('country', '=', 'MY')
        .execute();
      const taxed = await read(buyer.token);
      expect(taxed.sellers[0]!.taxRatePercent).toBe(10);
      expect(taxed.totals.estimatedTax.amount).toBe(100);
    } finally {
      await t.app.db.kysely
        .updateTable('tax_rates')
        .set({ rate_bp: rate, updated_at: Date.now() + 2 })
        .where('country', '=', 'MY')
        .execute();
      await t.app.db.kysely
        .updateTable('store_delivery_settings')
        .set({ delivery_base_fee: shop.settings.deliveryBaseFee, updated_at: Date.now() + 2 })
        .where('store_id', '=', shop.storeId)
        .execute();
    }
  });

  // On SQLite a memo hit skips the fingerprint query while the database's change token is the same
  // (Db.changeToken): a write by another connection to the file (a script, the sqlite3 shell) must
  // move it too, not only the writes made through this process. PostgreSQL reads the fingerprint on
  // every hit; the same write through a connection of its own must show there as well.
  it('shows a price written by another connection to the database', async () => {
    const { buyer, product } = await buyerWith({ price: 1000 });
    expect(linesOf(await read(buyer.token))[0]!.unitPrice.amount).toBe(1000);
    await writeFromAnotherConnection('update products set price = 1500, updated_at = $1 where id = $2', [Date.now() + 1, product.id]);
    expect(linesOf(await read(buyer.token))[0]!.unitPrice.amount).toBe(1500);
  });

  // Checkout plans from the memo's pricing while the cart's last answer still holds
  // (CartService.priceForCheckout): the order charges what that answer showed, and a price written
  // after it — through this process or by another connection — is the one charged instead.
  it('checks out at the answer’s price, and at a price written after the answer', async () => {
    const orderLine = async (orderId: string) =>
      t.app.db.kysely.selectFrom('order_lines').select(['unit_price', 'quantity']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const first = await buyerWith({ price: 1000, quantity: 2 });
    const shown = await read(first.buyer.token);
    const placed = await checkout(t.app, first.buyer.token);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.total).toEqual(shown.totals.totalAfterTax);
    expect(await orderLine(placed.json().data.orderId)).toEqual({ unit_price: 1000, quantity: 2 });

    const second = await buyerWith({ price: 1000, quantity: 2 });
    expect(linesOf(await read(second.buyer.token))[0]!.unitPrice.amount).toBe(1000);
    await writeFromAnotherConnection('update products set price = 1500, updated_at = $1 where id = $2', [Date.now() + 1, second.product.id]);
    const repriced = await checkout(t.app, second.buyer.token);
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await orderLine(repriced.json().data.orderId)).toEqual({ unit_price: 1500, quantity: 2 });
    expect(repriced.json().data.total.amount).toBeGreaterThan(shown.totals.totalAfterTax.amount);
  });

  it('follows the currency asked for and a new rate', async () => {
    const setRate = (rate: string) =>
      t.app.inject({ method: 'PUT', url: '/v1/admin/currencies/INR', headers: { authorization: team.token }, payload: { rate } });
    expect((await setRate('90')).statusCode).toBe(200);
    const { buyer } = await buyerWith({ price: 1000 });
    expect(linesOf(await read(buyer.token))[0]!.unitPrice).toEqual({ amount: 1000, currency: 'EUR' });
    expect(linesOf(await read(buyer.token, '', { currencycode: 'INR' }))[0]!.unitPrice).toEqual({ amount: 90_000, currency: 'INR' });
    expect((await setRate('100')).statusCode).toBe(200);
    expect(linesOf(await read(buyer.token, '', { currencycode: 'INR' }))[0]!.unitPrice).toEqual({ amount: 100_000, currency: 'INR' });
    expect(linesOf(await read(buyer.token))[0]!.unitPrice).toEqual({ amount: 1000, currency: 'EUR' });
  });

  it('prices at each location asked for', async () => {
    const { buyer } = await buyerWith();
    const here = await read(buyer.token);
    expect(here.sellers[0]!.distanceKm).toBe(0);
    const away = await read(buyer.token, `?latitude=${KL.latitude + 1}&longitude=${KL.longitude}`);
    expect(away.location).toEqual({ latitude: KL.latitude + 1, longitude: KL.longitude });
    expect(away.sellers[0]!.distanceKm).toBeGreaterThan(110);
    expect(away.sellers[0]!.deliveryFee.amount).toBeGreaterThan(here.sellers[0]!.deliveryFee.amount);
    expect(await read(buyer.token, `?latitude=${KL.latitude}&longitude=${KL.longitude}`)).toEqual(here);
  });

  it('shows the buyer’s own lines added, changed and removed, and the mode', async () => {
    const { buyer, cart } = await buyerWith({ quantity: 1 });
    const other = await createShopProduct(t.app, shop, { stock: 10 });
    const line = linesOf(await read(buyer.token))[0]!;
    await cart.add({ productId: other.id, quantity: 2 });
    expect(linesOf(await read(buyer.token)).map((l) => l.quantity)).toEqual([1, 2]);
    await cart.update(line.lineId, 3);
    expect(linesOf(await read(buyer.token)).map((l) => l.quantity)).toEqual([3, 2]);
    await cart.remove(line.lineId);
    expect(linesOf(await read(buyer.token)).map((l) => l.quantity)).toEqual([2]);
    expect((await cart.mode('SELF_PICKUP')).statusCode).toBe(200);
    expect((await read(buyer.token)).deliveryMode).toBe('SELF_PICKUP');
    await cart.clear();
    expect((await read(buyer.token)).itemCount).toBe(0);
  });

  it('is empty after the buyer’s own checkout', async () => {
    const { buyer } = await buyerWith({ quantity: 2 });
    expect((await read(buyer.token)).itemCount).toBe(2);
    expect((await checkout(t.app, buyer.token)).statusCode).toBe(200);
    const after = await read(buyer.token);
    expect(after.itemCount).toBe(0);
    expect(after.sellers).toEqual([]);
  });

  it('shows the guest’s lines merged at login', async () => {
    const { buyer, product } = await buyerWith({ quantity: 1, stock: 10 });
    expect(linesOf(await read(buyer.token))[0]!.quantity).toBe(1);
    const guest = await signInGuestWith(t.app);
    await cartClient(t.app, guest.token).add({ productId: product.id, quantity: 2 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/customer/login',
      headers: { authorization: guest.token },
      payload: { email: buyer.email, password: buyer.password },
    });
    expect(login.statusCode).toBe(200);
    expect(linesOf(await read(buyer.token))[0]!.quantity).toBe(3);
  });

  it('keeps each buyer’s answer to himself, and a cartId that is not his is not found', async () => {
    const first = await buyerWith({ quantity: 1 });
    const second = await buyerWith({ quantity: 2 });
    const mine = await read(first.buyer.token);
    expect((await read(second.buyer.token)).itemCount).toBe(2);
    expect((await read(first.buyer.token)).itemCount).toBe(1);
    const foreign = await t.app.inject({ method: 'GET', url: `/v1/cart?cartId=${mine.cartId}`, headers: headers(second.buyer.token) });
    expect(foreign.statusCode).toBe(404);
  });
});
