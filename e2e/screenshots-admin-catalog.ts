/**
 * Screenshots of the admin console's catalog pages (categories, brands, menus, banners,
 * specialities) in English and Arabic, on a phone (390×844) and a laptop (1366×900), into
 * /work/main/screenshots/admin-catalog (gitignored).
 * Run after building the web app and the server: npx tsx e2e/screenshots-admin-catalog.ts
 * (SHOTS=catalog-menus,catalog-banners takes only those).
 */
import sharp from 'sharp';
import { api, DEMO_ADMIN, DEMO_PASSWORD, loginApi, unique } from './portal-helpers.js';
import { camera, portalShot, snackbarGone, withScreenshots, type PortalShot } from './support/screenshots.js';

const picture = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function upload(baseUrl: string, token: string, url: string, field: string, data: Buffer) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: 'image/png' }), 'picture.png');
  const answer = await api(baseUrl, 'POST', url, { token, form });
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

type Created = { data: { id: string } };

await withScreenshots(async ({ browser, startServer }) => {
  const server = await startServer({ SEED_DEMO: 'true' });
  const take = camera(browser, { folder: 'admin-catalog', onlyVariable: 'SHOTS', settle: snackbarGone });
  // Every page as the demo team's owner.
  const shoot = (shot: Omit<PortalShot, 'login'>) => take(server.url, portalShot({ ...shot, login: { email: DEMO_ADMIN, password: DEMO_PASSWORD } }));

  const token = await loginApi(server.url, 'admin', DEMO_ADMIN);
  const post = async (url: string, body: unknown) => {
    const answer = await api<Created>(server.url, 'POST', url, { token, body });
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data.id;
  };
  const tag = unique('s').slice(2);
  const category = (en: string, ar: string, parentId: string | null, sort: number) =>
    post('/v1/admin/categories', { name: { en, ar, es: `${en} ES`, ms: `${en} MS` }, slug: `${en.toLowerCase().replace(/[^a-z]+/g, '-')}-${tag}`, parentId, sort });
  const textiles = await category('Textiles', 'المنسوجات', null, 10);
  await category('Cushion covers', 'أغطية الوسائد', textiles, 10);
  await category('Throws and blankets', 'البطانيات والأغطية', textiles, 20);
  const homeware = await category('Homeware', 'أدوات المنزل', null, 20);
  const baskets = await category('Baskets', 'السلال', homeware, 10);
  await category('Ceramics', 'الخزف', homeware, 20);
  await post('/v1/admin/categories', { name: { en: 'Jewellery' }, slug: `jewellery-${tag}`, parentId: null, sort: 30 });
  await upload(server.url, token, `/v1/admin/categories/${textiles}/image`, 'image', await picture(800, 600, '#c2603b'));
  await upload(server.url, token, `/v1/admin/categories/${homeware}/image`, 'image', await picture(800, 600, '#6b7240'));

  const brand = await post('/v1/admin/brands', { name: 'Anyam Collective', slug: `anyam-${tag}`, sort: 10 });
  await post('/v1/admin/brands', { name: 'Loom & Leaf', slug: `loom-leaf-${tag}`, sort: 20 });
  await upload(server.url, token, `/v1/admin/brands/${brand}/logo`, 'logo', await picture(400, 400, '#2f5fa7'));

  const column = await post('/v1/admin/menu-items', { menu: 'mega', parentId: null, label: { en: 'Home & living', ar: 'المنزل والمعيشة' }, linkType: 'category', linkValue: homeware, sort: 10 });
  const group = await post('/v1/admin/menu-items', { menu: 'mega', parentId: column, label: { en: 'Woven baskets', ar: 'سلال منسوجة' }, linkType: 'category', linkValue: baskets, sort: 10 });
  await post('/v1/admin/menu-items', { menu: 'mega', parentId: group, label: { en: 'Seagrass', ar: 'عشب البحر' }, linkType: 'search', linkValue: 'seagrass basket', sort: 10 });
  await post('/v1/admin/menu-items', { menu: 'mega', parentId: column, label: { en: 'All homeware', ar: 'كل أدوات المنزل' }, linkType: 'url', linkValue: '/search?q=homeware', sort: 20 });
  await post('/v1/admin/menu-items', { menu: 'mega', parentId: null, label: { en: 'Textiles', ar: 'المنسوجات' }, linkType: 'category', linkValue: textiles, sort: 20 });
  await post('/v1/admin/menu-items', { menu: 'brand', parentId: null, label: { en: 'Anyam Collective' }, linkType: 'brand', linkValue: brand, sort: 10 });

  const now = Date.now();
  const hero = await post('/v1/admin/banners', {
    title: { en: 'Handwoven in Sarawak', ar: 'منسوج يدويًا في ساراواك' },
    subtitle: { en: 'Pua kumbu from longhouse weavers', ar: 'بوا كومبو من نساجي البيوت الطويلة' },
    href: '/search?q=pua',
    placement: 'hero',
    sort: 10,
    active: true,
    startsAt: null,
    endsAt: null,
  });
  await upload(server.url, token, `/v1/admin/banners/${hero}/image`, 'image', await picture(1920, 640, '#7a5230'));
  await post('/v1/admin/banners', {
    title: { en: 'Winter wool week', ar: 'أسبوع الصوف الشتوي' },
    subtitle: { en: 'Responsible Wool Standard throws' },
    href: '/search?q=wool',
    placement: 'hero',
    sort: 20,
    active: true,
    startsAt: now + 7 * 86_400_000,
    endsAt: now + 14 * 86_400_000,
  });
  await post('/v1/admin/banners', {
    title: { en: 'Free samples for verified buyers', ar: 'عينات مجانية للمشترين الموثقين' },
    subtitle: { en: 'Ask any maker in the chat' },
    href: '/about',
    placement: 'strip',
    sort: 10,
    active: false,
    startsAt: null,
    endsAt: null,
  });

  await post('/v1/admin/specialities', {
    name: { en: 'Backstrap weaving', ar: 'النسيج بالنول الظهري', es: 'Telar de cintura', ms: 'Tenunan tali pinggang' },
    description: { en: 'Cloth woven on a loom tensioned by the weaver’s body.', ar: 'قماش يُنسج على نول يشدّه جسم النساج.' },
    slug: `backstrap-${tag}`,
    status: 1,
  });
  await post('/v1/admin/specialities', {
    name: { en: 'Natural dyeing' },
    description: { en: 'Indigo, mengkudu and other plant dyes.' },
    slug: `natural-dyeing-${tag}`,
    status: 0,
  });

  await shoot({ name: 'catalog-categories', path: '/admin/catalog', ready: (page) => page.getByTestId('category-row').first().waitFor() });
  await shoot({
    name: 'catalog-category-editor',
    path: '/admin/catalog',
    ready: async (page) => {
      await page.getByTestId('category-row').first().waitFor();
      await page.getByTestId('new-category').click();
      const editor = page.getByTestId('category-editor');
      await editor.locator('input[name="name.en"]').fill('Rugs & mats');
      await editor.locator('input[name="name.ar"]').fill('السجاد والحصائر');
      await editor.locator('input[name="slug"]').fill('Rugs!');
      await page.getByTestId('catalog-save').click();
      await editor.locator('[data-testid="error-slug"]').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  await shoot({ name: 'catalog-brands', path: '/admin/catalog/brands', ready: (page) => page.getByTestId('brand-row').first().waitFor() });
  await shoot({ name: 'catalog-menus', path: '/admin/catalog/menus', ready: (page) => page.getByTestId('menu-row').first().waitFor() });
  await shoot({
    name: 'catalog-menu-editor',
    path: '/admin/catalog/menus',
    ready: async (page) => {
      await page.getByTestId('menu-row').first().waitFor();
      await page.getByTestId('menu-row').first().getByTestId('row-edit').click();
      await page.getByTestId('menu-editor').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  await shoot({ name: 'catalog-banners', path: '/admin/catalog/banners', ready: (page) => page.getByTestId('banner-row').first().waitFor() });
  await shoot({
    name: 'catalog-banner-editor',
    path: '/admin/catalog/banners',
    ready: async (page) => {
      await page.getByTestId('banner-row').first().waitFor();
      await page.getByTestId('banner-row').first().getByTestId('row-edit').click();
      await page.getByTestId('banner-editor').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
  await shoot({ name: 'catalog-specialities', path: '/admin/catalog/specialities', ready: (page) => page.getByTestId('speciality-row').first().waitFor() });
  await shoot({
    name: 'catalog-speciality-editor',
    path: '/admin/catalog/specialities',
    ready: async (page) => {
      await page.getByTestId('speciality-row').first().waitFor();
      await page.getByTestId('new-speciality').click();
      await page.getByTestId('speciality-editor').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  });
});
