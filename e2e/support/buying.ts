import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForHydration } from './browser.js';

export interface ProductPick {
  slug: string;
  title: string;
  moq: number;
  store: { id: string; storeName: string; storeAliasName: string };
  /** The product page with a variant that has stock to spare chosen in the URL. */
  path: string;
}

interface Card extends Omit<ProductPick, 'path'> {
  stockState: string;
}
interface Variant {
  colour: string | null;
  size: string | null;
  stock: number;
}

/** In-stock demo products, each from another seller (or all from `store`), with stock to spare. */
export async function pickProducts(base: string, options: { count: number; store?: string }): Promise<ProductPick[]> {
  const query = new URLSearchParams({ inStock: 'true', ...(options.store ? { store: options.store } : {}) });
  const answer = await fetch(`${base}/v1/products?${query.toString()}`, { headers: { language: 'en' } });
  if (answer.status !== 200) throw new Error(`listing answered ${answer.status}`);
  const { data } = (await answer.json()) as { data: { items: Card[] } };
  const chosen: ProductPick[] = [];
  for (const card of data.items) {
    if (card.stockState !== 'in_stock' || (!options.store && chosen.some((c) => c.store.id === card.store.id))) continue;
    const detail = (await (await fetch(`${base}/v1/products/${card.slug}`, { headers: { language: 'en' } })).json()) as { data: { variants: Variant[] } };
    const variant = detail.data.variants.find((v) => v.stock >= card.moq + 2);
    if (!variant) continue;
    const search = new URLSearchParams();
    if (variant.colour) search.set('colour', variant.colour);
    if (variant.size) search.set('size', variant.size);
    chosen.push({ slug: card.slug, title: card.title, moq: card.moq, store: card.store, path: `/p/${card.slug}?${search.toString()}` });
    if (chosen.length === options.count) return chosen;
  }
  throw new Error(`the demo catalog has no ${options.count} such products`);
}

/** Opens the product page and presses 'Add to cart'. */
export async function addFromProductPage(page: Page, product: ProductPick): Promise<void> {
  await page.goto(product.path);
  await waitForHydration(page);
  await page.getByTestId('add-to-cart-button').click();
}

/** Types a test card (TEST_CARDS) into the checkout's card fields. */
export async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-expiry').fill('12/34');
  await page.getByTestId('card-cvc').fill('123');
}

/** After 'Place order': the placed order's id, or a failure that names the checkout's refusal. */
export async function placedOrderId(page: Page): Promise<string> {
  // The order page, or the checkout's refusal (named in the failure).
  const refused = page
    .getByTestId('checkout-error')
    .waitFor({ timeout: 20_000 })
    .then(async () => `checkout refused: ${await page.getByTestId('checkout-error').innerText()}`)
    .catch(() => null);
  const placed = page
    .waitForURL(/\/profile\/orders\/[^/?]+\?placed=1/, { timeout: 20_000 })
    .then(() => null)
    .catch(() => 'no order page');
  const problem = await Promise.race([refused.then((text) => text ?? placed), placed]);
  expect(problem).toBeNull();
  await page.getByTestId('order-placed').waitFor();
  return (await page.getByTestId('order-id').innerText()).trim();
}
