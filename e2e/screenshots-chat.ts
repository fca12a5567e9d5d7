/**
 * Screenshots of the message center (issue #12) in English and Arabic, on a phone (390×844) and a
 * laptop (1366×900), into screenshots/chat (gitignored): the buyer's list, the buyer's open thread
 * with an offer, and the seller portal's message center.
 * Run after `npm run build`: npx tsx e2e/screenshots-chat.ts (SHOTS=chat-thread takes only that one).
 */
import type { Page } from 'playwright-core';
import { CHAT_DEFAULT_APP_SECRET, CHAT_DEFAULT_LICENSE_KEY } from '@tessera/contracts';
import { DEMO_ADMIN, DEMO_SELLER, DEMO_PASSWORD, loginApi } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { camera, openHydrated, portalShot, snackbarGone, withScreenshots } from './support/screenshots.js';

type Json = Record<string, unknown>;

async function call<T = Json>(base: string, method: string, path: string, options: { token?: string; chatToken?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json', language: 'en', platform: '3' };
  if (options.token) headers.authorization = options.token;
  if (options.chatToken) Object.assign(headers, { licensekey: CHAT_DEFAULT_LICENSE_KEY, appsecret: CHAT_DEFAULT_APP_SECRET, usertoken: options.chatToken });
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

const chatSession = async (base: string, token: string) => (await call<{ data: { data: { userToken: string; userId: string } } }>(base, 'POST', '/v1/isometrics/token', { token, body: {} })).data.data;

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const base = server.url;
  const take = camera(browser, { folder: 'chat', onlyVariable: 'SHOTS', settle: snackbarGone });

  const sellerToken = await loginApi(base, 'seller', DEMO_SELLER);
  const products = (await call<{ data: { items: { id: string; slug: string; price: number; currency: string; variantCount: number }[] } }>(base, 'GET', '/v1/seller/products?status=published&limit=20', { token: sellerToken })).data.items;
  const product = products.find((p) => p.variantCount === 0) ?? products[0]!;
  const detail = (await call<{ data: { moq: number; variants?: { id: string }[]; seller: { isomatricChatUserId: string } } }>(base, 'GET', `/v1/products/${product.slug}`)).data;
  const seller = await chatSession(base, sellerToken);

  // Two buyers: one with a conversation that holds an offer, one with an unread question.
  const amira = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const amiraChat = await chatSession(base, amira.token.accessToken);
  const rana = await signUpBuyerByApi(base, newBuyer('Rana', 'Saleh'));
  const ranaChat = await chatSession(base, rana.token.accessToken);

  const conversation = async (buyerChat: { userToken: string; userId: string }, buyerName: string) =>
    (
      await call<{ conversationId: string }>(base, 'POST', '/chat/conversation', {
        chatToken: buyerChat.userToken,
        body: { metaData: { type: 'DIRECT CHAT', buyerName, sellerName: 'Atelier Nurul' }, members: [buyerChat.userId, detail.seller.isomatricChatUserId], searchableTags: ['Atelier Nurul', buyerName] },
      })
    ).conversationId;
  const say = (chatToken: string, conversationId: string, body: string) => call(base, 'POST', '/chat/message', { chatToken, body: { conversationId, body } });

  const withAmira = await conversation(amiraChat, 'Amira Haddad');
  await say(amiraChat.userToken, withAmira, 'Hello! Could you make 200 of these for our spring collection?');
  await say(seller.userToken, withAmira, 'Hello Amira, yes — we can weave them in four weeks. Would natural undyed cotton suit you?');
  await say(amiraChat.userToken, withAmira, 'Natural is perfect. What would the price be per unit at that quantity?');
  await say(amiraChat.userToken, withAmira, 'مرحبا، هل يمكن الشحن إلى دبي أيضًا؟');
  await call(base, 'POST', '/chat/offer', {
    chatToken: seller.userToken,
    body: { conversationId: withAmira, kind: 'sale', productId: product.id, ...(detail.variants?.[0] ? { variantId: detail.variants[0].id } : {}), quantity: Math.max(detail.moq, 2), price: Math.round(product.price * 0.85), currency: product.currency },
  });
  await say(seller.userToken, withAmira, 'Here is our offer — shipping to Dubai is included.');
  const withRana = await conversation(ranaChat, 'Rana Saleh');
  await say(ranaChat.userToken, withRana, 'Do you have certificates for the organic cotton?');

  // The store team joins Amira's conversation as admin and writes to her (a broadcast to the buyer).
  const adminToken = await loginApi(base, 'admin', DEMO_ADMIN);
  const team = (await call<{ data: { data: { userToken: string; userId: string } } }>(base, 'POST', '/v1/isometrics/adminTokenByTeamMember', { token: adminToken, body: {} })).data.data;
  await call(base, 'PUT', '/chat/conversation/admin', { chatToken: team.userToken, body: { conversationId: withAmira, memberId: team.userId } });
  await call(base, 'POST', '/chat/message', {
    chatToken: team.userToken,
    body: { conversationId: withAmira, body: 'Hello from the Tessera team: tell us if you need help with customs papers for Dubai.', metaData: { userType: 'BUYER', isBroadcastMessage: true, adminMessage: true }, showInConversation: true, isGroup: true },
  });

  const buyerShot = (name: string, path: string, ready: string) => ({
    name,
    cookies: buyerCookies(base, amira),
    async open(page: Page) {
      await openHydrated(page, path, ready);
      await page.locator('[data-testid="message-center"][data-live="connected"]').waitFor({ timeout: 15_000 });
    },
  });
  await take(base, buyerShot('chat-list', '/profile/message-center', '[data-testid="conversation-item"]'));
  await take(base, buyerShot('chat-thread', `/profile/message-center?c=${withAmira}`, '[data-testid="offer-card"]'));
  await take(
    base,
    portalShot({
      name: 'chat-seller',
      path: `/seller/messages?c=${withRana}`,
      login: { email: DEMO_SELLER, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('message-body').first().waitFor({ timeout: 15_000 });
      },
    }),
  );
  await take(
    base,
    portalShot({
      name: 'chat-admin',
      path: `/admin/messages?c=${withAmira}`,
      login: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
      ready: async (page) => {
        await page.getByTestId('offer-card').first().waitFor({ timeout: 15_000 });
      },
    }),
  );
});
