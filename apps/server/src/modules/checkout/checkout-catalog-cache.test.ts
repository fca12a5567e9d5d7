import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, checkout, createShop, createShopProduct, type Shop } from '../../test/buying.js';
import { createBuyer } from '../../test/roles.js';

// Issue #11 §3: cached catalog answers show a product's new stock state soon after the sale that
// changed it, without throwing the whole read cache away on every sale.
let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
});

const productPage = async (slug: string) => {
  const answer = await t.app.inject({ method: 'GET', url: `/v1/products/${slug}` });
  expect(answer.statusCode).toBe(200);
  return answer.json().data as { stockState: string };
};

async function buy(productId: string, quantity: number) {
  const buyer = await createBuyer(t.app);
  expect((await cartClient(t.app, buyer.token).add({ productId, quantity })).statusCode).toBe(200);
  expect((await checkout(t.app, buyer.token)).statusCode).toBe(200);
  await t.app.services.events.settle();
}

describe('the catalog read cache after a sale', () => {
  it('is kept by a sale that leaves the product in stock, and shows the new state once the last unit is sold', async () => {
    const product = await createShopProduct(t.app, shop, { price: 1500, stock: 3, restockable: true });
    expect((await productPage(product.slug)).stockState).toBe('in_stock');
    const version = t.app.services.catalog.version.current();

    await buy(product.id, 2);
    // Still in stock: no cached answer of the catalog had to go.
    expect(t.app.services.catalog.version.current()).toBe(version);
    expect((await productPage(product.slug)).stockState).toBe('in_stock');

    await buy(product.id, 1);
    expect(t.app.services.catalog.version.current()).toBeGreaterThan(version);
    expect((await productPage(product.slug)).stockState).toBe('out_of_stock');
  });

  it('shows a product that is not restocked as sold out after its last sale', async () => {
    const product = await createShopProduct(t.app, shop, { price: 900, stock: 1, restockable: false });
    expect((await productPage(product.slug)).stockState).toBe('in_stock');
    await buy(product.id, 1);
    expect((await productPage(product.slug)).stockState).toBe('sold_out');
  });
});
