// The cart targets (issue #11 §7): an authenticated cart read and a cart add, each with its own guest
// token, on products of the demo (or generated) catalog that need no choice and take one unit.
import { BenchError } from './measure.mjs';

async function getJson(server, route, headers) {
  const response = await fetch(server.url + route, { headers });
  const text = await response.text();
  if (!response.ok) throw new BenchError(`GET ${route} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const ADD_CARTS = 400;

/**
 * Finds ten in-stock products sold one by one (MOQ 1, stock ≥ 100) without variants to choose,
 * and fills the read target's cart with three of them. The add target spreads its requests over
 * 400 guests' carts and the ten products: a cart never asks more than the stock (which a cart add
 * refuses with 409) and keeps at most ten lines, as a real one.
 */
export async function prepareCarts({ server, headers, slugs, signIn }) {
  const products = [];
  for (const slug of slugs.slice(0, 400)) {
    const product = (await getJson(server, `/v1/products/${encodeURIComponent(slug)}`, headers)).data;
    if (
      product.moq === 1 &&
      (product.variants?.length ?? 0) <= 1 &&
      product.stockState === 'in_stock' &&
      (product.variants?.[0]?.stock ?? product.stock ?? 0) >= 100
    )
      products.push({ productId: product.id, variantId: product.variants?.[0]?.id ?? null });
    if (products.length >= 10) break;
  }
  if (products.length < 3) throw new BenchError(`Only ${products.length} products sold one by one were found for the cart targets.`);
  const readToken = await signIn();
  const addTokens = [];
  for (let i = 0; i < ADD_CARTS; i++) addTokens.push(await signIn());
  for (const product of products.slice(0, 3)) {
    const response = await fetch(server.url + '/v1/cart', {
      method: 'POST',
      headers: { ...headers, authorization: readToken, 'content-type': 'application/json' },
      body: JSON.stringify({ ...product, quantity: 1 }),
    });
    if (!response.ok) throw new BenchError(`Filling the cart answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return { products, readToken, addTokens };
}

export function cartTargets({ server, headers, carts }) {
  let adds = 0;
  return {
    cart: {
      name: 'cart',
      label: 'GET /v1/cart (auth read, 3 lines priced)',
      server,
      request: () => ({ method: 'GET', path: '/v1/cart?latitude=3.139&longitude=101.6869', headers: { ...headers, authorization: carts.readToken } }),
    },
    'cart-add': {
      name: 'cart-add',
      label: 'POST /v1/cart (add one unit to one of 400 carts, write)',
      server,
      dynamic: true,
      request: () => {
        const n = adds++;
        const product = carts.products[n % carts.products.length];
        const token = carts.addTokens[Math.floor(n / carts.products.length) % carts.addTokens.length];
        return {
          method: 'POST',
          path: '/v1/cart',
          headers: { ...headers, authorization: token, 'content-type': 'application/json' },
          body: JSON.stringify({ ...product, quantity: 1 }),
        };
      },
    },
  };
}
