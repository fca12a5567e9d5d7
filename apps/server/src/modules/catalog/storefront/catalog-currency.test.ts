import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { createShop, createShopProduct, type Shop } from '../../../test/buying.js';
import { createTeamMember } from '../../../test/roles.js';

// Issue #11 §6: prices are kept in the store's currency and shown in the buyer's, converted by the
// rates the store team keeps (the migration's INR: 90.5 per euro).
let t: TestApp;
let shop: Shop;
let product: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t.app);
  product = await createShopProduct(t.app, shop, { price: 1000, mrp: 1250, stock: 5 });
});

const get = (url: string, currencycode?: string) =>
  t.app.inject({ method: 'GET', url, headers: currencycode ? { currencycode, language: 'en' } : { language: 'en' } });
type Money = { amount: number; currency: string };
type Listing = {
  items: Array<{ id: string; price: Money; mrp: Money }>;
  facets: Array<{ key: string; values: Array<{ value: string; label: string; count: number; selected: boolean }> }>;
};

describe('catalog answers in the buyer’s currency', () => {
  it('shows the product page in euros by default, in rupees for INR, and in euros for a currency the store does not offer', async () => {
    const euros = (await get(`/v1/products/${product.slug}`)).json().data as { price: Money; mrp: Money; variants: Array<{ price: Money }> };
    expect(euros.price).toEqual({ amount: 1000, currency: 'EUR' });
    const rupees = (await get(`/v1/products/${product.slug}`, 'INR')).json().data as typeof euros;
    expect(rupees.price).toEqual({ amount: 90_500, currency: 'INR' });
    expect(rupees.mrp).toEqual({ amount: 113_125, currency: 'INR' });
    for (const variant of rupees.variants) expect(variant.price.currency).toBe('INR');
    expect((await get(`/v1/products/${product.slug}`, 'XYZ')).json().data.price).toEqual({ amount: 1000, currency: 'EUR' });
  });

  it('lists in rupees, with the price facet and the price filter in rupees too', async () => {
    const listing = (await get(`/v1/products?store=${shop.alias}`, 'INR')).json().data as Listing;
    expect(listing.items.find((item) => item.id === product.id)?.price).toEqual({ amount: 90_500, currency: 'INR' });
    const buckets = listing.facets.find((facet) => facet.key === 'price')!.values;
    expect(buckets.length).toBeGreaterThan(0);
    for (const bucket of buckets) expect(bucket.label).toMatch(/₹/);
    // A bucket picked in rupees filters the same products as in euros.
    const bucket = buckets.find((b) => b.count > 0)!;
    const picked = (await get(`/v1/products?store=${shop.alias}&price=${bucket.value}`, 'INR')).json().data as Listing;
    expect(picked.items.map((item) => item.id)).toContain(product.id);
    expect(
      picked.facets
        .find((facet) => facet.key === 'price')!
        .values.filter((b) => b.selected)
        .map((b) => b.value),
    ).toEqual([bucket.value]);
    // A typed range in rupees: ₹900–₹910 holds €10.00 (₹905); ₹0–₹800 does not.
    expect(((await get(`/v1/products?store=${shop.alias}&price=90000-91000`, 'INR')).json().data as Listing).items.map((i) => i.id)).toContain(product.id);
    expect(((await get(`/v1/products?store=${shop.alias}&price=0-80000`, 'INR')).json().data as Listing).items.map((i) => i.id)).not.toContain(product.id);
    // In euros the same numbers mean euros.
    expect(((await get(`/v1/products?store=${shop.alias}&price=900-1100`)).json().data as Listing).items.map((i) => i.id)).toContain(product.id);
  });

  it('shows a rate the store team changes at once, without serving an answer cached at the old rate', async () => {
    expect((await get(`/v1/products/${product.slug}`, 'INR')).json().data.price.amount).toBe(90_500);
    const owner = await createTeamMember(t.app, 'owner');
    const changed = await t.app.inject({ method: 'PUT', url: '/v1/admin/currencies/INR', headers: { authorization: owner.token }, payload: { rate: '100' } });
    expect(changed.statusCode).toBe(200);
    expect((await get(`/v1/products/${product.slug}`, 'INR')).json().data.price).toEqual({ amount: 100_000, currency: 'INR' });
    expect((await get(`/v1/products/${product.slug}`)).json().data.price).toEqual({ amount: 1000, currency: 'EUR' });
  });
});
