import { beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '@tessera/contracts';
import { createTestApp, type TestApp } from '../../test/app.js';
import { cartClient, cartOf, createShop, createShopProduct, KL, linesOf, type Shop } from '../../test/buying.js';
import { createBuyer, signInGuestWith } from '../../test/roles.js';

let t: TestApp;
let shopA: Shop;
let shopB: Shop;

beforeAll(async () => {
  t = await createTestApp({ signInRateLimitPerMinute: 10_000 });
  shopA = await createShop(t.app);
  // 1° of latitude north of Kuala Lumpur: about 111 km.
  shopB = await createShop(t.app, { latitude: KL.latitude + 1, freeDeliveryAbove: 10_000 });
});

describe('cart: add, change, remove', () => {
  it('adds for a guest with the seed message, grouped by seller, priced once on the server', async () => {
    const guest = await signInGuestWith(t.app);
    const cart = cartClient(t.app, guest.token);
    const basket = await createShopProduct(t.app, shopA, { price: 1000, mrp: 1200, stock: 20, moq: 2 });
    const rug = await createShopProduct(t.app, shopB, { price: 4000, stock: 5 });

    const added = await cart.add({ productId: basket.id, quantity: 2 });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('Product Added Sucessfully');
    await cart.add({ productId: rug.id, quantity: 1 });
    const again = await cart.add({ productId: basket.id, quantity: 1 });
    const data = cartOf(again);

    expect(data.sellers.map((s) => s.storeId)).toEqual([shopA.storeId, shopB.storeId]);
    expect(data.itemCount).toBe(4);
    const [a, b] = data.sellers;
    expect(a!.products[0]!.variants[0]).toMatchObject({ quantity: 3, unitPrice: { amount: 1000, currency: 'EUR' }, lineTotal: { amount: 3000 }, outOfstock: false, problem: null });
    // Store A is at the default location: base fees only; B is ~111 km away.
    expect(a!.distanceKm).toBe(0);
    expect(a!.deliveryFee.amount).toBe(300);
    expect(a!.driverFee.amount).toBe(200);
    expect(b!.distanceKm).toBeGreaterThan(110);
    expect(b!.distanceKm).toBeLessThan(112);
    expect(b!.deliveryFee.amount).toBe(300 + 2 * 112);
    expect(b!.driverFee.amount).toBe(200 + 112);
    // 8 % Malaysian tax on goods; savings against the MRP.
    expect(data.totals.subtotalBeforeTax.amount).toBe(7000);
    expect(data.totals.estimatedTax.amount).toBe(560);
    expect(data.totals.deliveryFees.amount).toBe(a!.deliveryFee.amount + a!.driverFee.amount + b!.deliveryFee.amount + b!.driverFee.amount);
    expect(data.totals.totalAfterTax.amount).toBe(7000 + data.totals.deliveryFees.amount + 560);
    expect(data.totals.savings.amount).toBe(600);
    expect(data.checkoutable).toBe(true);
  });

  it('prices delivery at the location given, and free above the store threshold', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const rug = await createShopProduct(t.app, shopB, { price: 6000, stock: 5 });
    await cart.add({ productId: rug.id, quantity: 2 });
    const near = cartOf(await cart.get(`?latitude=${KL.latitude + 1}&longitude=${KL.longitude}`));
    expect(near.sellers[0]!.distanceKm).toBe(0);
    expect(near.sellers[0]!.deliveryFee.amount).toBe(0); // 12 000 ≥ the store's free-delivery 10 000
    expect(near.sellers[0]!.driverFee.amount).toBe(200);
    expect(near.location).toEqual({ latitude: KL.latitude + 1, longitude: KL.longitude });
  });

  it('changes a quantity and removes a line with the seed messages; an empty cart says so', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const product = await createShopProduct(t.app, shopA, { stock: 10 });
    const line = linesOf(cartOf(await cart.add({ productId: product.id, quantity: 1 })))[0]!;
    const changed = await cart.update(line.lineId, 4);
    expect(changed.json().message).toBe(CART_MESSAGES.added);
    expect(linesOf(cartOf(changed))[0]!.quantity).toBe(4);
    const removed = await cart.remove(line.lineId);
    expect(removed.json().message).toBe('Product Removed Sucessfully');
    const empty = await cart.get();
    expect(empty.json().message).toBe('cart is empty');
    expect(cartOf(empty)).toMatchObject({ itemCount: 0, sellers: [], checkoutable: false, totals: { totalAfterTax: { amount: 0 } } });
    expect((await cart.remove(line.lineId)).statusCode).toBe(404);
  });

  it('keeps the variant and requires one when the product has variants', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const shirt = await createShopProduct(t.app, shopA, { variants: [{ colour: 'red', size: 'M', price: 1500, stock: 3 }, { colour: 'blue', size: 'L', price: 1700, stock: 0 }] });
    const missing = await cart.add({ productId: shirt.id, quantity: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION', field: 'variantId' });
    const foreign = await cart.add({ productId: shirt.id, variantId: 'not-a-variant', quantity: 1 });
    expect(foreign.json().field).toBe('variantId');
    const ok = cartOf(await cart.add({ productId: shirt.id, variantId: shirt.variantIds[0], quantity: 2 }));
    expect(linesOf(ok)[0]).toMatchObject({ variantId: shirt.variantIds[0], colour: 'red', size: 'M', unitPrice: { amount: 1500 }, availableStock: 3 });
    const soldOut = await cart.add({ productId: shirt.id, variantId: shirt.variantIds[1], quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ code: 'ITEM_OUT_OF_STOCK', message: 'item currently out of stock', field: 'quantity' });
  });
});

describe('cart: refusals leave the cart as it was', () => {
  it('refuses a quantity below the MOQ, above the stock, or of a product not sold, translated', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token, 'es');
    const product = await createShopProduct(t.app, shopA, { stock: 5, moq: 3 });
    const below = await cart.add({ productId: product.id, quantity: 2 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toEqual({ code: 'BELOW_MOQ', message: 'La cantidad es inferior al pedido mínimo.', field: 'quantity' });
    await cart.add({ productId: product.id, quantity: 3 });
    const above = await cart.add({ productId: product.id, quantity: 3 });
    expect(above.statusCode).toBe(409);
    expect(above.json().code).toBe('NOT_ENOUGH_STOCK');
    const line = linesOf(cartOf(await cart.get()))[0]!;
    expect(line.quantity).toBe(3);
    expect((await cart.update(line.lineId, 6)).json().code).toBe('NOT_ENOUGH_STOCK');
    expect((await cart.update(line.lineId, 1)).json().code).toBe('BELOW_MOQ');
    expect(linesOf(cartOf(await cart.get()))[0]!.quantity).toBe(3);

    const draft = await createShopProduct(t.app, shopA, { status: 'draft' });
    const notSold = await cart.add({ productId: draft.id, quantity: 1 });
    expect(notSold.statusCode).toBe(404);
    expect(notSold.json()).toMatchObject({ code: 'PRODUCT_UNAVAILABLE', field: 'productId' });
    const outOfStock = await createShopProduct(t.app, shopA, { stock: 0 });
    const arabic = await cartClient(t.app, buyer.token, 'ar').add({ productId: outOfStock.id, quantity: 1 });
    expect(arabic.json()).toMatchObject({ code: 'ITEM_OUT_OF_STOCK', message: 'المنتج غير متوفر حاليًا' });
    expect(cartOf(await cart.get()).itemCount).toBe(3);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    for (const [payload, field] of [
      [{ quantity: 1 }, 'productId'],
      [{ productId: 'x', quantity: 0 }, 'quantity'],
      [{ productId: 'x', quantity: 1.5 }, 'quantity'],
      [{ productId: 'x', quantity: 1, cartStatus: 1 }, undefined],
      [{ productId: 'x', quantity: 1, deliveryMode: 'DRONE' }, 'deliveryMode'],
    ] as const) {
      const response = await cart.add(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      if (field) expect(response.json().field).toBe(field);
    }
    expect((await cart.get('?latitude=91&longitude=0')).json().field).toBe('query.latitude');
  });

  it('is for guests and buyers only', async () => {
    const shop = await createShop(t.app);
    expect((await cartClient(t.app, shop.seller.token).get()).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/cart' })).statusCode).toBe(401);
  });
});

describe('cart: self pickup holds one seller', () => {
  it('answers a distinct conflict for another seller, and replaces the cart when asked', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const a = await createShopProduct(t.app, shopA);
    const b = await createShopProduct(t.app, shopB);
    const first = cartOf(await cart.add({ productId: a.id, quantity: 1, deliveryMode: 'SELF_PICKUP' }));
    expect(first.deliveryMode).toBe('SELF_PICKUP');
    expect(first.sellers[0]!.deliveryFee.amount).toBe(0);
    expect(first.sellers[0]!.pickup.address).toBe('Jalan Test 1, Kuala Lumpur');
    const conflict = await cart.add({ productId: b.id, quantity: 1 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe('CART_OTHER_SELLER');
    expect(cartOf(await cart.get()).sellers.map((s) => s.storeId)).toEqual([shopA.storeId]);
    const replaced = cartOf(await cart.add({ productId: b.id, quantity: 1, replaceCart: true }));
    expect(replaced.sellers.map((s) => s.storeId)).toEqual([shopB.storeId]);
    expect(replaced.itemCount).toBe(1);
  });

  it('switches modes: a delivery cart of two sellers cannot become self pickup', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    await cart.add({ productId: (await createShopProduct(t.app, shopA)).id, quantity: 1 });
    await cart.add({ productId: (await createShopProduct(t.app, shopB)).id, quantity: 1 });
    const refused = await cart.mode('SELF_PICKUP');
    expect(refused.json().code).toBe('CART_OTHER_SELLER');
    expect(cartOf(await cart.get()).deliveryMode).toBe('DELIVERY');
  });
});

describe('cart: stock changes after adding', () => {
  it('flags a line whose stock ran out or fell short, and the inventory check says what', async () => {
    const buyer = await createBuyer(t.app);
    const cart = cartClient(t.app, buyer.token);
    const scarce = await createShopProduct(t.app, shopA, { stock: 5 });
    const gone = await createShopProduct(t.app, shopA, { stock: 5, restockable: false });
    await cart.add({ productId: scarce.id, quantity: 4 });
    await cart.add({ productId: gone.id, quantity: 1 });
    expect((await cart.inventory()).json().data.checkoutable).toBe(true);
    await t.app.db.kysely.updateTable('products').set({ stock: 2 }).where('id', '=', scarce.id).execute();
    await t.app.db.kysely.updateTable('products').set({ stock: 0 }).where('id', '=', gone.id).execute();

    const data = cartOf(await cart.get());
    expect(data.outOfstock).toBe(true);
    expect(data.checkoutable).toBe(false);
    const byProduct = new Map(linesOf(data).map((line) => [line.productId, line]));
    expect(byProduct.get(scarce.id)).toMatchObject({ outOfstock: true, problem: 'not_enough_stock', availableStock: 2 });
    expect(byProduct.get(gone.id)).toMatchObject({ outOfstock: true, problem: 'sold_out', stockState: 'sold_out' });
    // Lines that cannot be bought are not in the totals.
    expect(data.totals.subtotalBeforeTax.amount).toBe(0);

    const inventory = (await cart.inventory()).json();
    expect(inventory.message).toBe('item currently out of stock');
    expect(inventory.data.checkoutable).toBe(false);
    expect(inventory.data.lines.map((l: { problem: string }) => l.problem).sort()).toEqual(['not_enough_stock', 'sold_out']);
  });
});

describe('cart: a guest cart follows the guest into an account', () => {
  it('merges at login: quantities added, capped at the stock; lines of new products moved', async () => {
    const buyer = await createBuyer(t.app);
    const shared = await createShopProduct(t.app, shopA, { stock: 6 });
    const only = await createShopProduct(t.app, shopB, { stock: 6 });
    await cartClient(t.app, buyer.token).add({ productId: shared.id, quantity: 4 });

    const guest = await signInGuestWith(t.app);
    const guestCart = cartClient(t.app, guest.token);
    await guestCart.add({ productId: shared.id, quantity: 5 });
    await guestCart.add({ productId: only.id, quantity: 2 });
    const login = await t.app.inject({ method: 'POST', url: '/v1/customer/login', headers: { authorization: guest.token }, payload: { email: buyer.email, password: buyer.password } });
    expect(login.statusCode).toBe(200);
    const token = login.json().data.token.accessToken as string;

    const merged = cartOf(await cartClient(t.app, token).get());
    const byProduct = new Map(linesOf(merged).map((line) => [line.productId, line.quantity]));
    expect(byProduct.get(shared.id)).toBe(6);
    expect(byProduct.get(only.id)).toBe(2);
    expect(await t.app.db.kysely.selectFrom('carts').select('id').where('user_id', '=', guest.userId).executeTakeFirst()).toBeUndefined();
  });
});

describe('cart: agreed lines (chat offers)', () => {
  it('keeps the agreed price for that buyer; the buyer may remove it but not change it', async () => {
    const buyer = await createBuyer(t.app);
    const product = await createShopProduct(t.app, shopA, { price: 5000, stock: 50, moq: 10 });
    const source = { kind: 'offer' as const, id: 'offer-1' };
    const { lineId } = await t.app.services.cart.addAgreedLine({ buyerId: buyer.userId, productId: product.id, variantId: null, quantity: 3, unitPrice: 4200, currency: 'EUR', source });
    const again = await t.app.services.cart.addAgreedLine({ buyerId: buyer.userId, productId: product.id, variantId: null, quantity: 3, unitPrice: 4200, currency: 'EUR', source });
    expect(again.lineId).toBe(lineId);

    const cart = cartClient(t.app, buyer.token);
    const line = linesOf(cartOf(await cart.get()))[0]!;
    expect(line).toMatchObject({ lineId, quantity: 3, unitPrice: { amount: 4200 }, mrp: { amount: 5000 }, agreed: source, problem: null });
    const change = await cart.update(lineId, 5);
    expect(change.statusCode).toBe(409);
    expect(change.json().code).toBe('CART_LINE_AGREED');
    // Another buyer sees the catalog price.
    const other = await createBuyer(t.app);
    const theirs = linesOf(cartOf(await cartClient(t.app, other.token).add({ productId: product.id, quantity: 10 })))[0]!;
    expect(theirs.unitPrice.amount).toBe(5000);
    expect((await cart.remove(lineId)).json().message).toBe('Product Removed Sucessfully');
  });
});
