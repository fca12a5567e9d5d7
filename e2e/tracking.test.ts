import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyerCookies, newBuyer, signUpBuyerByApi } from './support/accounts.js';
import { launchBrowser, openPage, skipBrowserTests, unexpectedProblems, waitForHydration } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';
import { BUYER_POINT, DRIVER_PASSWORD, FIRST, orderOutForDelivery, SECOND, WATER } from './support/tracking.js';

async function driverMarker(page: Page): Promise<{ latitude: number; longitude: number } | null> {
  const marker = page.getByTestId('map-marker-driver');
  if ((await marker.count()) === 0) return null;
  const [lat, lng] = await Promise.all([marker.getAttribute('data-lat'), marker.getAttribute('data-lng')]);
  return { latitude: Number(lat), longitude: Number(lng) };
}

describe.skipIf(skipBrowserTests)('live tracking: the map on the buyer’s order and the driver page', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws land without a tile server, and moves the driver marker live as the driver page shares his position', async () => {
    const base = server.url;
    const buyer = await signUpBuyerByApi(base, newBuyer('Amira', 'Haddad'));
    const { orderId, storeOrderId, driverEmail } = await orderOutForDelivery(base, buyer);

    // The buyer's order page: a map with the store and the destination, drawn from the world outline.
    const buyerPage = await openPage(browser, base, { viewport: { width: 1280, height: 800 } });
    await buyerPage.context.addCookies(buyerCookies(base, buyer));
    await buyerPage.page.goto(`/profile/orders/${orderId}`);
    await waitForHydration(buyerPage.page);
    const map = buyerPage.page.getByTestId('tracking-map');
    await map.and(buyerPage.page.locator('[data-map-state="ready"]')).waitFor({ timeout: 30_000 });
    expect(await map.getAttribute('data-basemap')).toBe('outline');
    expect(await buyerPage.page.getByTestId('map-marker-store').count()).toBe(1);
    expect(Number(await buyerPage.page.getByTestId('map-marker-destination').getAttribute('data-lat'))).toBeCloseTo(BUYER_POINT.latitude, 4);
    expect(await driverMarker(buyerPage.page)).toBeNull();
    expect(await buyerPage.page.getByTestId('tracking-eta').innerText()).toContain('On its way');

    // Not a blank box: the outline's land and borders and the route are layers of the map, and the
    // canvas holds more than its background (the water).
    expect((await map.getAttribute('data-layers'))?.split(' ')).toEqual(expect.arrayContaining(['water', 'land', 'borders', 'route']));
    const { data, info } = await sharp(await buyerPage.page.locator('[data-testid="tracking-map"] canvas').screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    let drawn = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (Math.abs(data[i]! - WATER[0]!) + Math.abs(data[i + 1]! - WATER[1]!) + Math.abs(data[i + 2]! - WATER[2]!) > 12) drawn += 1;
    }
    expect(drawn / (info.width * info.height)).toBeGreaterThan(0.01);

    // The driver, on his phone, signs in and starts delivering: his browser shares its position.
    const driverPage = await openPage(browser, base, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      geolocation: FIRST,
      permissions: ['geolocation'],
    });
    await driverPage.page.goto('/driver');
    await waitForHydration(driverPage.page);
    await driverPage.page.locator('[data-testid="driver-login"] input[name="email"]').fill(driverEmail);
    await driverPage.page.locator('[data-testid="driver-login"] input[name="password"]').fill(DRIVER_PASSWORD);
    await driverPage.page.getByTestId('driver-login-submit').click();
    const card = driverPage.page.locator(`[data-testid="driver-order"][data-store-order-id="${storeOrderId}"]`);
    await card.waitFor();
    expect(await card.innerText()).toContain('12 Jalan Sultan Ismail');
    await card.getByTestId('driver-start').click();
    await card.getByTestId('driver-last-sent').waitFor({ timeout: 15_000 });

    // The buyer's marker appears where the driver is, without a reload, with an estimated arrival.
    await expect.poll(() => driverMarker(buyerPage.page), { timeout: 15_000 }).toEqual(FIRST);
    expect(await buyerPage.page.getByTestId('tracking-eta').innerText()).toMatch(/Estimated arrival .+ \(about \d+ min\)/);

    // He drives on: the marker follows.
    await driverPage.context.setGeolocation(SECOND);
    await expect.poll(() => driverMarker(buyerPage.page), { timeout: 20_000 }).toEqual(SECOND);

    // Delivered from the driver page: the buyer sees it live, and the driver's list is empty.
    await card.getByTestId('driver-delivered').click();
    await driverPage.page.getByTestId('driver-none').waitFor();
    await expect.poll(() => buyerPage.page.getByTestId('store-order-status').innerText(), { timeout: 15_000 }).toBe('Delivered');
    expect(await buyerPage.page.getByTestId('tracking-eta').innerText()).toBe('Delivered');

    expect(unexpectedProblems(buyerPage.problems)).toEqual([]);
    expect(unexpectedProblems(driverPage.problems)).toEqual([]);
    await buyerPage.context.close();
    await driverPage.context.close();
  });

  it('keeps the driver page to drivers: a wrong password is refused with the server’s message, and nothing is shown', async () => {
    const { page, problems, context } = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
    await page.goto('/driver');
    await waitForHydration(page);
    await page.locator('[data-testid="driver-login"] input[name="email"]').fill('driver@tessera.test');
    await page.locator('[data-testid="driver-login"] input[name="password"]').fill('not-the-password');
    await page.getByTestId('driver-login-submit').click();
    await page.getByTestId('snackbar').waitFor();
    expect(await page.getByTestId('driver-deliveries').count()).toBe(0);
    expect(unexpectedProblems(problems, [/401|400|status of 4\d\d/])).toEqual([]);
    await context.close();
  });
});
