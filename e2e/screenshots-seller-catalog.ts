/**
 * Screenshots of the seller portal's catalog pages (product list, new and edit forms) in English
 * and Arabic, on a phone (390×844) and a laptop (1366×900), into /work/main/screenshots/seller-catalog
 * (gitignored). Run after `npm run build`: npx tsx e2e/screenshots-seller-catalog.ts (SHOTS=seller-product-edit
 * takes only that one).
 */
import { api, DEMO_PASSWORD, DEMO_SELLER, loginApi, pngImage, unique, uniqueEmail, uniquePhone } from './portal-helpers.js';
import { camera, imagesLoaded, portalShot, snackbarGone, withScreenshots, type PortalShot } from './support/screenshots.js';

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const take = camera(browser, { folder: 'seller-catalog', onlyVariable: 'SHOTS', settle: snackbarGone });
  const shoot = (shot: PortalShot) => take(server.url, portalShot(shot));

  const token = await loginApi(server.url, 'seller', DEMO_SELLER);
  const categories = await api<{ data: { categories: Array<{ id: string; parentId: string | null }> } }>(server.url, 'GET', '/v1/categories');
  const list = categories.body.data.categories;
  const category = list.find((c) => c.parentId) ?? list[0];
  if (!category) throw new Error('No category to file the product under');

  // A product with everything the form edits: texts in two languages, variants, a size chart,
  // materials, a valid and an expired certificate, and two photos.
  const created = await api<{ data: { id: string } }>(server.url, 'POST', '/v1/seller/products', {
    token,
    body: {
      title: { en: 'Kelantan hand-drawn batik sarong', ar: 'سارونغ باتيك مرسوم يدويًا من كلنتن' },
      description: {
        en: 'Drawn by hand with a canting on organic cotton and dyed with indigo and mengkudu root.',
        ar: 'مرسوم يدويًا بأداة التشانتينغ على قطن عضوي ومصبوغ بالنيلة وجذور المنغكودو.',
      },
      highlights: { en: ['Hand-drawn with a canting', 'Plant dyes only'], ar: ['مرسوم يدويًا', 'أصباغ نباتية فقط'] },
      specs: [
        { label: 'Length', value: '200 cm', translations: { ar: { label: 'الطول', value: '200 سم' } } },
        { label: 'Care', value: 'Hand wash cold' },
      ],
      sizeChart: { columns: ['Size', 'Length', 'Width'], rows: [['M', '180 cm', '105 cm'], ['L', '200 cm', '115 cm']] },
      manufacturer: 'Atelier Nurul',
      categoryId: category.id,
      brandId: null,
      currency: 'EUR',
      price: 4850,
      mrp: 6000,
      moq: 5,
      stock: 0,
      restockable: true,
      variants: [
        { colour: 'indigo', size: 'M', sku: 'KB-IND-M', stock: 14 },
        { colour: 'indigo', size: 'L', sku: 'KB-IND-L', stock: 0 },
        { colour: 'terracotta', size: 'M', sku: 'KB-TER-M', price: 5200, stock: 6 },
      ],
      materials: [
        { material: 'organic-cotton', share: 90 },
        { material: 'natural-dye', share: 10 },
      ],
      certifications: [
        { scheme: 'GOTS', issuer: 'Control Union', number: 'CU-829301', expiresOn: '2028-03-31' },
        { scheme: 'FAIR_TRADE', issuer: 'WFTO Asia', number: 'FT-22-118', expiresOn: '2024-06-30' },
      ],
      originCountry: 'MY',
      originRegion: 'Kelantan',
      makerName: 'Nurul Aziz',
      makerType: 'artisan',
      productionMethod: 'hand-block-printed',
      leadTimeDays: 14,
      tags: ['batik', 'sarong', 'gift'],
    },
  });
  if (created.status !== 200) throw new Error(`Create failed: ${JSON.stringify(created.body)}`);
  const id = created.body.data.id;
  const photos = new FormData();
  photos.append('images', new Blob([new Uint8Array(await pngImage(1200, '#33366e'))], { type: 'image/png' }), 'front.png');
  photos.append('images', new Blob([new Uint8Array(await pngImage(1200, '#c2603b'))], { type: 'image/png' }), 'detail.png');
  await api(server.url, 'POST', `/v1/seller/products/${id}/images`, { token, form: photos });
  await api(server.url, 'POST', `/v1/seller/products/${id}/publish`, { token });

  // A store waiting for approval, to show why it cannot publish.
  const pending = { email: uniqueEmail('seller'), password: 'Seller-pass-2026' };
  await api(server.url, 'POST', '/v1/seller/signup', {
    body: {
      firstName: 'Hana',
      lastName: 'Yusof',
      email: pending.email,
      countryCode: '+60',
      phone: uniquePhone(),
      password: pending.password,
      confirmPassword: pending.password,
      storeName: 'Batik Studio Hana',
      storeAliasName: unique('batik-hana'),
      country: 'MY',
      city: 'Kuala Lumpur',
    },
  });

  const seller = { email: DEMO_SELLER, password: DEMO_PASSWORD };
  await shoot({
    name: 'seller-products',
    path: '/seller/products',
    login: seller,
    ready: async (page) => {
      await page.getByTestId('seller-product-row').first().waitFor();
      await imagesLoaded(page, '[data-testid="seller-product-row"]:first-child img');
    },
  });
  await shoot({
    name: 'seller-product-edit',
    path: `/seller/products/${id}`,
    login: seller,
    ready: async (page) => {
      await page.getByTestId('product-form').waitFor();
      await imagesLoaded(page, '[data-testid="product-image"]');
    },
  });
  await shoot({
    name: 'seller-product-new-pending',
    path: '/seller/products/new',
    login: pending,
    ready: async (page) => {
      await page.getByTestId('publish-blocked').waitFor();
    },
  });
});
