import { describe, expect, it } from 'vitest';
import type { TCart } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, checkout, createShop, createShopProduct, headers, linesOf } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';

// Scale mode (issue #11 §7): each instance keeps its own priced-cart memo, and the fingerprint that
// decides whether a memo'd answer still holds is read from the shared database on every cart read,
// so a write made through one instance is seen by the next read on the other at once — no message
// between the instances has to arrive first.
const redisServer = process.env.TEST_REDIS_URL;

describe.runIf(redisServer)('cart memo across two instances', async () => {
  const url = new URL(redisServer ?? 'redis://127.0.0.1:6379');
  url.pathname = process.env.TEST_DIALECT === 'postgres' ? '/13' : '/12';
  const redisUrl = url.toString();
  const first = await createTestApp({ redisUrl, signInRateLimitPerMinute: 10_000 });
  const second = await createTestApp({ redisUrl, signInRateLimitPerMinute: 10_000 }, { shareWith: first });
  const shop = await createShop(first.app);

  /** Reads the cart on `instance` twice: the second read is that instance's memo. */
  const read = async (instance: TestApp, token: string): Promise<TCart> => {
    const call = () => instance.app.inject({ method: 'GET', url: '/v1/cart', headers: headers(token) });
    const once = await call();
    expect(once.statusCode, once.body).toBe(200);
    const twice = await call();
    expect(twice.json()).toEqual(once.json());
    return cartOf(twice);
  };

  it('shows on the second instance the lines written through the first, at once', async () => {
    const buyer = await createBuyer(first.app);
    const product = await createShopProduct(first.app, shop, { stock: 10 });
    const cart = cartClient(first.app, buyer.token);
    await cart.add({ productId: product.id, quantity: 1 });
    expect(linesOf(await read(second, buyer.token))[0]!.quantity).toBe(1);
    await cart.add({ productId: product.id, quantity: 2 });
    expect(linesOf(await read(second, buyer.token))[0]!.quantity).toBe(3);
    await cart.clear();
    expect((await read(second, buyer.token)).itemCount).toBe(0);
  });

  it('shows on the second instance a seller’s edit and another buyer’s checkout made through the first, at once', async () => {
    const buyer = await createBuyer(first.app);
    const product = await createShopProduct(first.app, shop, { price: 1000, mrp: 1000, stock: 10 });
    await cartClient(second.app, buyer.token).add({ productId: product.id, quantity: 1 });
    expect(linesOf(await read(second, buyer.token))[0]).toMatchObject({ availableStock: 10, unitPrice: { amount: 1000 } });
    const edit = await first.app.inject({
      method: 'PATCH',
      url: `/v1/seller/products/${product.id}`,
      headers: { authorization: shop.seller.token },
      payload: { price: 1200, mrp: 1200 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(linesOf(await read(second, buyer.token))[0]!.unitPrice.amount).toBe(1200);
    const other = await createBuyer(first.app);
    await cartClient(first.app, other.token).add({ productId: product.id, quantity: 4 });
    expect((await checkout(first.app, other.token)).statusCode).toBe(200);
    expect(linesOf(await read(second, buyer.token))[0]!.availableStock).toBe(6);
  });
});
