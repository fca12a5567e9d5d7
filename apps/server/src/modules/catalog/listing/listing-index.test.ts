import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.js';
import { createApprovedStore, createCategory, createProduct } from '../../../test/catalog.js';
import { createListingIndexSource } from './listing-index.js';

describe('the listing index while it reloads', () => {
  it('a large catalog keeps answering from the previous index until the reload is done, and says it is not settled', async () => {
    const { app } = await createTestApp();
    const store = await createApprovedStore(app);
    const category = await createCategory(app);
    await createProduct(app, { storeId: store.storeId, categoryId: category.id });
    // A threshold of one product stands in for a catalog large enough to reload for seconds.
    const source = createListingIndexSource(app.db.kysely, app.services.catalog.version, { staleServeMinSize: 1 });
    // Nothing built yet, nothing stale: answers that do not list (suggestions, a product) may be kept.
    expect(source.settled()).toBe(true);
    expect((await source()).size).toBe(1);
    expect(source.settled()).toBe(true);

    await createProduct(app, { storeId: store.storeId, categoryId: category.id });
    const during = await source();
    expect(during.size).toBe(1);
    expect(source.settled()).toBe(false);

    await expect.poll(async () => (await source()).size).toBe(2);
    expect(source.settled()).toBe(true);
  });

  it('a small catalog waits for the fresh index, so a change is listed at once', async () => {
    const { app } = await createTestApp();
    const store = await createApprovedStore(app);
    const category = await createCategory(app);
    await createProduct(app, { storeId: store.storeId, categoryId: category.id });
    const source = createListingIndexSource(app.db.kysely, app.services.catalog.version);
    expect((await source()).size).toBe(1);
    await createProduct(app, { storeId: store.storeId, categoryId: category.id });
    expect((await source()).size).toBe(2);
    expect(source.settled()).toBe(true);
  });
});
