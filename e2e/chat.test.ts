import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_DEFAULT_APP_SECRET, CHAT_DEFAULT_LICENSE_KEY } from '@tessera/contracts';
import { DEMO_ADMIN, DEMO_SELLER, loginApi, loginInPortal } from './portal-helpers.js';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration, type TrackedPage } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * Issue #12 §6, end to end with two Chromium pages at once: a buyer starts a chat from a product,
 * the seller answers from the seller portal, the buyer sees typing, the reply and the read tick
 * without reloading; the seller sends an offer, the buyer accepts and the cart holds the line at
 * the offered price; the buyer goes away, the seller writes twice, the buyer comes back and sees
 * both, once each. In English and in Arabic.
 */

const TEXTS = {
  en: { typing: 'typing…', accepted: 'Accepted', dir: 'ltr', title: 'Messages' },
  ar: { typing: 'يكتب…', accepted: 'مقبول', dir: 'rtl', title: 'الرسائل' },
} as const;

// A refused presence subscription (someone we do not share a conversation with yet) is logged, not shown.
const ALLOWED = [/\[realtime\]/, /Failed to load resource: the server responded with a status of 40[14]/];

/** A published product of the demo seller, with the quantity an offer on it can be for (its MOQ, at least 2). */
async function sellerProduct(base: string): Promise<{ id: string; slug: string; price: number; currency: string; title: string; quantity: number }> {
  const token = await loginApi(base, 'seller', DEMO_SELLER);
  const answer = await fetch(`${base}/v1/seller/products?status=published&limit=50`, { headers: { authorization: token, language: 'en', platform: '3' } });
  const items = ((await answer.json()) as { data: { items: { id: string; slug: string; price: number; currency: string; title: Record<string, string>; variantCount: number; stock: number }[] } }).data.items;
  const product = items.find((item) => item.variantCount === 0 && item.stock > 50) ?? items[0];
  if (!product) throw new Error('the demo seller has no published product');
  const detail = (await (await fetch(`${base}/v1/products/${product.slug}`, { headers: { language: 'en' } })).json()) as { data: { moq: number } };
  return { id: product.id, slug: product.slug, price: product.price, currency: product.currency, title: product.title.en ?? '', quantity: Math.max(detail.data.moq, 2) };
}

/** How long a live change may take to show (the first page load of a run also builds caches). */
const WAIT = { timeout: 15_000 };

async function messageBodies(page: Page): Promise<string[]> {
  return page.getByTestId('message-body').allInnerTexts();
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('composer-input');
  await input.fill(text);
  await input.press('Enter');
}

function lastMine(page: Page) {
  return page.locator('[data-testid="message"][data-mine="true"]').last();
}

describe.skipIf(skipBrowserTests)('buyer and seller chat live, with an offer, in two browsers', () => {
  let server: TestServer;
  let browser: Browser;
  const opened: TrackedPage[] = [];

  beforeAll(async () => {
    server = await startServer({ SEED_DEMO: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const tracked of opened) await tracked.context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
  });

  it.each(['en', 'ar'] as const)('in %s: chat, typing, read tick, offer into the cart, and messages kept while away', async (language) => {
    const base = server.url;
    const text = TEXTS[language];
    const product = await sellerProduct(base);
    const buyer = await signUpBuyerByApi(base, newBuyer(language === 'ar' ? 'ليلى' : 'Amira', language === 'ar' ? 'حداد' : 'Haddad'), language);

    // The buyer, signed in, on the product page.
    const buyerTab = await openPage(browser, base);
    opened.push(buyerTab);
    await buyerTab.context.addCookies([...buyerCookies(base, buyer), { name: 'lang', value: language, url: base }]);
    const buyerPage = buyerTab.page;
    await buyerPage.goto(`/p/${product.slug}`);
    await waitForHydration(buyerPage);
    expect(await buyerPage.evaluate(() => document.documentElement.dir)).toBe(text.dir);
    await buyerPage.getByTestId('chat-with-seller').click();
    await buyerPage.waitForURL(/\/profile\/message-center\?c=/);
    const conversationId = new URL(buyerPage.url()).searchParams.get('c');
    expect(conversationId).toBeTruthy();
    await buyerPage.getByTestId('thread').waitFor();
    expect(await buyerPage.locator('h1').innerText()).toBe(text.title);
    // The chat session is kept under the seed's keys.
    expect(await buyerPage.evaluate(() => [localStorage.getItem('isometrikUserId'), Boolean(localStorage.getItem('isometrikToken'))])).toEqual([buyer.user.id, true]);

    const hello = language === 'ar' ? 'مرحبًا، هل يتوفر هذا بكمية ٢٠٠ قطعة؟' : 'Hello, is this available in 200 units?';
    await send(buyerPage, hello);
    await expect.poll(() => messageBodies(buyerPage), WAIT).toContain(hello);
    // Stored: one tick (status 0), or further already.
    await expect.poll(() => lastMine(buyerPage).getByTestId('message-status').getAttribute('data-status'), WAIT).toMatch(/^[012]$/);

    // The seller, in the seller portal in another browser context.
    const sellerTab = await openPage(browser, base);
    opened.push(sellerTab);
    await sellerTab.context.addCookies([{ name: 'lang', value: language, url: base }]);
    const sellerPage = sellerTab.page;
    await loginInPortal(sellerPage, '/seller/messages', DEMO_SELLER);
    const item = sellerPage.locator(`[data-testid="conversation-item"][data-conversation-id="${conversationId}"]`);
    await item.waitFor();
    expect(await item.getByTestId('unread-badge').count()).toBe(1);
    await item.click();
    await expect.poll(() => messageBodies(sellerPage), WAIT).toContain(hello);

    // The seller opened it: the buyer's message shows read (status 2), live.
    await expect.poll(() => lastMine(buyerPage).getByTestId('message-status').getAttribute('data-status'), WAIT).toBe('2');

    // The seller types: the buyer sees it; then the reply arrives.
    await sellerPage.getByTestId('composer-input').pressSequentially(language === 'ar' ? 'نعم' : 'Yes, ', { delay: 30 });
    await buyerPage.getByTestId('typing-indicator').waitFor({ timeout: 10_000 });
    expect(await buyerPage.getByTestId('typing-indicator').innerText()).toBe(text.typing);
    const reply = language === 'ar' ? 'نعم، يمكننا تجهيزها خلال أسبوعين.' : 'Yes, we can make them within two weeks.';
    await sellerPage.getByTestId('composer-input').fill(reply);
    await sellerPage.getByTestId('composer-input').press('Enter');
    await expect.poll(() => messageBodies(buyerPage), WAIT).toContain(reply);
    // The buyer has the thread open: the seller's reply turns read on the seller's side.
    await expect.poll(() => lastMine(sellerPage).getByTestId('message-status').getAttribute('data-status'), WAIT).toBe('2');

    // The seller offers a lower price; the buyer accepts it.
    const offerPrice = Math.max(100, Math.round(product.price * 0.8));
    await sellerPage.getByTestId('make-offer').click();
    const dialog = sellerPage.getByTestId('offer-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('offer-product-search').fill(product.title.split(' ')[0] ?? '');
    await dialog.locator(`[data-testid="offer-product"][data-product-id="${product.id}"]`).click();
    await dialog.getByTestId('offer-quantity').fill(String(product.quantity));
    await dialog.getByTestId('offer-price-input').fill((offerPrice / 100).toFixed(2));
    await dialog.getByTestId('offer-submit').click();
    await dialog.waitFor({ state: 'detached' });

    const offerCard = buyerPage.getByTestId('offer-card').last();
    await offerCard.waitFor({ timeout: 15_000 });
    await offerCard.getByTestId('offer-accept').click();
    await expect.poll(() => buyerPage.getByTestId('offer-card').last().getAttribute('data-state'), WAIT).toBe('accepted');
    expect(await buyerPage.getByTestId('offer-card').last().getByTestId('offer-state').innerText()).toBe(text.accepted);
    await buyerPage.getByTestId('offer-cart-link').last().waitFor();
    // The seller sees the acceptance live too.
    await expect.poll(() => sellerPage.getByTestId('offer-card').last().getAttribute('data-state'), WAIT).toBe('accepted');
    // The cart holds the product at the offered price, for this buyer.
    const cart = await fetch(`${base}/v1/cart`, { headers: { authorization: buyer.token.accessToken, language, platform: '3', currencycode: product.currency } });
    const cartBody = (await cart.json()) as { data: { sellers: { products: { slug: string; variants: { quantity: number; unitPrice: { amount: number }; agreed: unknown }[] }[] }[] } };
    const line = cartBody.data.sellers.flatMap((s) => s.products).find((p) => p.slug === product.slug)?.variants.find((v) => v.agreed);
    expect(line?.quantity).toBe(product.quantity);
    expect(line?.unitPrice.amount).toBe(offerPrice);

    // The buyer goes away (the page is closed); the seller writes twice; the buyer comes back.
    await buyerPage.close();
    const away = [language === 'ar' ? 'الرسالة الأولى أثناء غيابك' : 'First message while you were away', language === 'ar' ? 'والثانية' : 'And the second one'];
    for (const body of away) await send(sellerPage, body);
    await expect.poll(() => messageBodies(sellerPage), WAIT).toEqual(expect.arrayContaining(away));
    const back = await buyerTab.context.newPage();
    await back.goto(`/profile/message-center?c=${conversationId}`);
    await waitForHydration(back);
    await expect.poll(() => messageBodies(back), WAIT).toEqual(expect.arrayContaining(away));
    // Once each, even after the live connection has caught up with what waited for it.
    await back.locator('[data-testid="message-center"][data-live="connected"]').waitFor({ timeout: 15_000 });
    const bodies = await messageBodies(back);
    for (const body of [hello, reply, ...away]) expect(bodies.filter((b) => b === body)).toHaveLength(1);

    expect(unexpectedProblems(buyerTab.problems, ALLOWED)).toEqual([]);
    expect(unexpectedProblems(sellerTab.problems, ALLOWED)).toEqual([]);
  });

  it('the store team joins a conversation as admin from a link and writes to the buyer as a broadcast', async () => {
    const base = server.url;
    const product = await sellerProduct(base);
    const buyer = await signUpBuyerByApi(base, newBuyer('Sofia', 'Marin'));
    const chatHeaders = (userToken: string) => ({ 'content-type': 'application/json', licensekey: CHAT_DEFAULT_LICENSE_KEY, appsecret: CHAT_DEFAULT_APP_SECRET, usertoken: userToken, language: 'en' });
    const session = ((await (await fetch(`${base}/v1/isometrics/token`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: buyer.token.accessToken }, body: '{}' })).json()) as { data: { data: { userToken: string; userId: string } } }).data.data;
    const detail = (await (await fetch(`${base}/v1/products/${product.slug}`, { headers: { language: 'en' } })).json()) as { data: { seller: { isomatricChatUserId: string } } };
    const created = (await (await fetch(`${base}/chat/conversation`, { method: 'POST', headers: chatHeaders(session.userToken), body: JSON.stringify({ members: [session.userId, detail.data.seller.isomatricChatUserId], metaData: { buyerName: 'Sofia Marin', sellerName: 'Atelier Nurul' } }) })).json()) as { conversationId: string };

    const adminTab = await openPage(browser, base);
    opened.push(adminTab);
    await loginInPortal(adminTab.page, `/admin/messages?c=${created.conversationId}`, DEMO_ADMIN);
    // Not a member yet: the console offers to join as admin.
    await adminTab.page.getByTestId('join-admin').click();
    await adminTab.page.getByTestId('thread').waitFor({ timeout: 15_000 });
    expect(await adminTab.page.getByTestId('thread-title').innerText()).toBe('Sofia Marin · Atelier Nurul');
    const note = 'Hello from the Tessera team: we can help with customs papers.';
    await send(adminTab.page, note);
    await expect.poll(() => lastMine(adminTab.page).getByTestId('message-status').getAttribute('data-status'), WAIT).toMatch(/^[012]$/);

    // The buyer gets it as the store team's broadcast (seed shape: userType BUYER).
    const history = (await (await fetch(`${base}/chat/messages?conversationId=${created.conversationId}`, { headers: chatHeaders(session.userToken) })).json()) as { messages: { body: string; metaData: Record<string, unknown> }[] };
    const received = history.messages.find((m) => m.body === note);
    expect(received?.metaData).toMatchObject({ isBroadcastMessage: true, userType: 'BUYER', adminMessage: true });
    expect(unexpectedProblems(adminTab.problems, ALLOWED)).toEqual([]);
  });
});
