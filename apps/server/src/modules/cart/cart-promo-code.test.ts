import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, createShop, createShopProduct, type Shop } from '../../test/buying.js';
import { createBuyer, createTeamMember, type Actor } from '../../test/roles.js';

/** A promo code typed carelessly in the cart (issue #11 §2): spaces around it and small letters are the same code. */

let t: TestApp;
let shop: Shop;
let team: Actor;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shop = await createShop(t.app);
  team = await createTeamMember(t.app, 'owner');
});

describe('the cart’s promo code', () => {
  it('applies a code typed in small letters between spaces and names it in capitals, as the code is kept', async () => {
    const code = `T${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/promotions',
      headers: { authorization: team.token },
      payload: { code, title: { en: 'Test code' }, discountType: 'percentage', value: 10, currency: 'MYR' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, shop, { price: 1000, stock: 10 });
    const cart = cartClient(t.app, buyer.token);
    expect((await cart.add({ productId: product.id, quantity: 2 })).statusCode).toBe(200);

    const typed = encodeURIComponent(`  ${code.toLowerCase()} `);
    const applied = cartOf(await t.app.inject({ method: 'GET', url: `/v1/cart?promoCode=${typed}`, headers: { authorization: buyer.token } }));
    expect(applied.promo).toMatchObject({ code, applied: true, reason: null });
    expect(applied.totals.coupon.amount).toBe(200);

    // A refused one is named in capitals too, with the seed's data.
    const refused = cartOf(
      await t.app.inject({ method: 'GET', url: `/v1/cart?promoCode=${encodeURIComponent(' nosuchcode ')}`, headers: { authorization: buyer.token } }),
    );
    expect(refused.promo).toMatchObject({ code: 'NOSUCHCODE', applied: false, reason: 'PROMO_NOT_FOUND' });
    expect(refused.totals.coupon.amount).toBe(0);
  });
});
