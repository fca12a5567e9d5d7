/**
 * Screenshots of live tracking (the buyer's order page with the map, and the driver page) in English
 * and Arabic, on a phone (390×844) and a laptop (1280×800), into $SHOTS_DIR (default screenshots/tracking).
 * Run after `npm run build`: npx tsx e2e/screenshots-tracking.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, waitForHydration } from './support/browser.js';
import { REPO_ROOT, startServer } from './support/server.js';
import { DRIVER_PASSWORD, FIRST, orderOutForDelivery } from './support/tracking.js';
import { api } from './portal-helpers.js';

const out = process.env.SHOTS_DIR ?? path.join(REPO_ROOT, 'screenshots', 'tracking');
mkdirSync(out, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  const base = server.url;
  const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
  const { orderId, storeOrderId, driverEmail } = await orderOutForDelivery(base, buyer);
  const login = await api<{ data: { token: { accessToken: string; refreshToken: string; accessExpireAt: number } } }>(base, 'POST', '/v1/driver/login', {
    body: { email: driverEmail, password: DRIVER_PASSWORD },
  });
  const driverToken = login.body.data.token;
  await api(base, 'POST', `/v1/driver/orders/${storeOrderId}/position`, { token: driverToken.accessToken, body: FIRST });

  for (const viewport of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    for (const language of ['en', 'ar']) {
      const phone = viewport.name === 'phone';
      const context = await browser.newContext({ baseURL: base, viewport, isMobile: phone, hasTouch: phone, geolocation: FIRST, permissions: ['geolocation'] });
      await context.addCookies([{ name: 'lang', value: language, url: base }, ...buyerCookies(base, buyer)]);
      const page = await context.newPage();
      page.on('console', (message) => message.type() === 'error' && console.log(`[${language}-${viewport.name}] console error: ${message.text()}`));
      await page.goto(`/profile/orders/${orderId}`);
      await waitForHydration(page);
      await page.locator('[data-testid="tracking-map"][data-map-state="ready"]').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1500);
      await page.getByTestId('tracking').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(out, `order-map-${language}-${viewport.name}.png`) });
      await page.screenshot({ path: path.join(out, `order-full-${language}-${viewport.name}.png`), fullPage: true });

      // The driver page, signed in (its cookies), sharing.
      await context.addCookies(
        Object.entries({
          driverToken: driverToken.accessToken,
          driverRefreshToken: driverToken.refreshToken,
          driverAccessExpireAt: String(driverToken.accessExpireAt),
        }).map(([name, value]) => ({ name, value, url: base })),
      );
      await page.goto('/driver');
      await waitForHydration(page);
      await page.getByTestId('driver-order').first().waitFor();
      await page.getByTestId('driver-start').first().click();
      await page.getByTestId('driver-last-sent').first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: path.join(out, `driver-${language}-${viewport.name}.png`), fullPage: true });
      await context.clearCookies({ name: 'driverToken' });
      await context.clearCookies({ name: 'driverRefreshToken' });
      await page.goto('/driver');
      await waitForHydration(page);
      await page.getByTestId('driver-login').waitFor();
      await page.screenshot({ path: path.join(out, `driver-login-${language}-${viewport.name}.png`) });
      await context.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
