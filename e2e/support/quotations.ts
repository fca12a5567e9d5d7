/** Quotations' e2e helpers (e2e/quotations.test.ts, e2e/screenshots-quotations.ts): stores of the demo catalog that can answer one RFQ. */
import { api, DEMO_SELLER, loginApi } from '../portal-helpers.js';

export interface Offer {
  email: string;
  storeName: string;
  productId: string;
  variantId: string;
  categoryId: string;
}
interface SellerProduct {
  id: string;
  categoryId: string;
  moq: number;
  variants: { id: string; stock: number }[];
}
type StoreCard = { store: { storeAliasName: string; storeName: string } };

/** A seller's published products (the first page, as the answer form lists them), one by one, with their category and a variant with stock to spare. */
async function* sellerProducts(base: string, token: string, quantity: number): AsyncGenerator<SellerProduct & { variantId: string }> {
  const list = await api<{ data: { items: { id: string }[] } }>(base, 'GET', '/v1/seller/products?status=published&limit=60', { token });
  for (const item of list.body.data.items) {
    const detail = (await api<{ data: SellerProduct }>(base, 'GET', `/v1/seller/products/${item.id}`, { token })).body.data;
    const variant = detail.variants.find((v) => v.stock >= Math.max(quantity, detail.moq) + 2);
    if (variant) yield { ...detail, variantId: variant.id };
  }
}

/**
 * Two stores of the demo catalog that sell in one category: the demo artisan (seller@tessera.test)
 * and another maker (<alias>@makers.tessera.test, the demo password).
 */
export async function twoStoresOfOneCategory(base: string, quantity: number): Promise<[Offer, Offer]> {
  const categories = (await api<{ data: { categories: { id: string; slug: string }[] } }>(base, 'GET', '/v1/categories')).body.data.categories;
  for await (const mine of sellerProducts(base, await loginApi(base, 'seller', DEMO_SELLER), quantity)) {
    const slug = categories.find((c) => c.id === mine.categoryId)?.slug;
    if (!slug) continue;
    const listing = await api<{ data: { items: StoreCard[] } }>(base, 'GET', `/v1/products?category=${slug}&limit=60`);
    const aliases = [...new Set(listing.body.data.items.map((card) => card.store.storeAliasName))].filter((alias) => alias !== 'atelier-nurul');
    for (const alias of aliases) {
      const email = `${alias}@makers.tessera.test`;
      let theirs: (SellerProduct & { variantId: string }) | undefined;
      for await (const product of sellerProducts(base, await loginApi(base, 'seller', email), quantity)) {
        if (product.categoryId !== mine.categoryId) continue;
        theirs = product;
        break;
      }
      if (!theirs) continue;
      const name = (alias_: string) => listing.body.data.items.find((card) => card.store.storeAliasName === alias_)!.store.storeName;
      return [
        { email: DEMO_SELLER, storeName: name('atelier-nurul'), productId: mine.id, variantId: mine.variantId, categoryId: mine.categoryId },
        { email, storeName: name(alias), productId: theirs.id, variantId: theirs.variantId, categoryId: theirs.categoryId },
      ];
    }
  }
  throw new Error('the demo catalog has no category with products of the demo artisan and another maker');
}
