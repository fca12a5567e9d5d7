import { PDFDocument, StandardFonts } from 'pdf-lib';
import { seedDemoBlog } from './blog.js';
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { NewAccount } from '../modules/accounts/index.js';
import type { Kysely } from 'kysely';
import type { Services } from '../services.js';
import type { Database } from '../db/schema.js';
import type { CatalogSeedResult } from './catalog/catalog-seed.js';
import { seedDemoCatalog, type DemoCatalogOptions } from './catalog/demo-catalog.js';
import { DEMO_DRIVER } from '../modules/tracking/index.js';

/** Every demo account signs in with this password (it is printed at start, with the accounts). */
export const DEMO_PASSWORD = 'Tessera-demo-2026';

/** The demo accounts of every role, seeded into an empty database and listed at start. */
export const DEMO_ACCOUNTS: ReadonlyArray<NewAccount & { label: string }> = [
  { label: 'Buyer (retailer)', type: 'buyer', buyerRole: 'retailer', email: 'buyer@tessera.test', firstName: 'Amira', lastName: 'Haddad', countryCode: '+971', phone: '501234567' },
  { label: 'Buyer (distributor)', type: 'buyer', email: 'distributor@tessera.test', firstName: 'Lucía', lastName: 'Ortega', language: 'es', countryCode: '+34', phone: '612345678' },
  { label: 'Seller (artisan)', type: 'seller', email: 'seller@tessera.test', firstName: 'Nurul', lastName: 'Aziz', language: 'ms', countryCode: '+60', phone: '123456789' },
  { label: 'Store team (owner)', type: 'team', teamRole: 'owner', email: 'admin@tessera.test', firstName: 'Sam', lastName: 'Okafor' },
];

/** The demo promo codes (README "Paying in the demo"): 10 % off the products once per buyer, and free delivery. */
async function seedDemoPromotions(services: Services): Promise<void> {
  const admin = await services.accounts.findByEmail({ email: 'admin@tessera.test' });
  if (!admin) return;
  const editor = { kind: 'team', userId: admin.id } as const;
  const codes = [
    { code: 'WELCOME10', title: { en: '10% off your order', es: '10 % de descuento en tu pedido', ar: 'خصم 10% على طلبك', ms: 'Diskaun 10% untuk pesanan anda' }, discountType: 'percentage', appliesTo: 'products', value: 10, perBuyerLimit: 1, deliveryModes: [] },
    { code: 'FREESHIP', title: { en: 'Free delivery', es: 'Envío gratis', ar: 'توصيل مجاني', ms: 'Penghantaran percuma' }, discountType: 'percentage', appliesTo: 'delivery', value: 100, perBuyerLimit: null, deliveryModes: ['DELIVERY'] },
  ] as const;
  for (const { deliveryModes, ...input } of codes) {
    const taken = (await services.money.promotions.list({ editor, q: input.code, limit: 5 })).promotions.some((promo) => promo.code === input.code);
    if (!taken) await services.money.promotions.create({ editor, input: { ...input, deliveryModes: [...deliveryModes] } });
  }
}

/**
 * The demo store's driver (issue #11 §5): the seller sends orders out with him, and the demo
 * simulator (modules/tracking/demo-driver.ts) drives them to the buyer. Listed with the accounts.
 */
async function seedDemoDriver(services: Services, db: Kysely<Database>): Promise<void> {
  if (await services.accounts.findByEmail({ email: DEMO_DRIVER.email })) return;
  const store = await db.selectFrom('stores').select('id').where('store_alias_name', '=', 'atelier-nurul').executeTakeFirst();
  if (!store) return;
  await services.buying.drivers.create({
    storeId: store.id,
    input: { name: DEMO_DRIVER.name, email: DEMO_DRIVER.email, countryCode: DEMO_DRIVER.countryCode, phone: DEMO_DRIVER.phone, password: DEMO_PASSWORD },
  });
}

/** A one-page registration certificate: uploads take only a PDF that parses and has a page. */
async function registrationPdf(companyName: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([420, 297]);
  page.drawText('Commercial registration (demo)', { x: 30, y: 240, size: 18, font });
  page.drawText(companyName, { x: 30, y: 200, size: 14, font });
  return Buffer.from(await document.save());
}

/**
 * Seeds the demo data: the accounts above, the seller's approved store and the distributor's
 * approved company (with a generated logo and registration document). Accounts that already
 * exist are skipped, so running it twice changes nothing.
 */
export async function seedDemoData(options: {
  services: Services;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** The catalog's size and progress (the benchmark generator seeds 100,000 products and more). */
  catalog?: Pick<DemoCatalogOptions, 'products' | 'stores' | 'chunkSize' | 'reviewsPerProduct' | 'onProgress'>;
}): Promise<CatalogSeedResult | null> {
  const { accounts, sellers, companies } = options.services;
  let created = 0;
  // The store team first: its owner is the reviewer who approves the demo store and company.
  const ordered = [...DEMO_ACCOUNTS].sort((a, b) => Number(b.type === 'team') - Number(a.type === 'team'));
  let reviewerId = '';
  for (const { label: _label, ...account } of ordered) {
    const existing = await accounts.findByEmail({ email: account.email });
    if (account.type === 'team' && existing) reviewerId = existing.id;
    if (existing) continue;
    created += 1;
    if (account.type === 'seller') {
      const sellerId = await sellers.signUp({
        input: {
          ...account,
          countryCode: account.countryCode ?? '+60',
          phone: account.phone ?? '123456789',
          password: DEMO_PASSWORD,
          confirmPassword: DEMO_PASSWORD,
          storeName: 'Atelier Nurul',
          storeAliasName: 'atelier-nurul',
          country: 'MY',
          city: 'Kuala Terengganu',
        },
        language: account.language ?? 'en',
      });
      await sellers.updateOwnStore({
        sellerId,
        changes: {
          storeName: { en: 'Atelier Nurul', ms: 'Atelier Nurul', ar: 'أتيليه نور', es: 'Atelier Nurul' },
          description: {
            en: 'Hand-woven songket and batik from a family cooperative on the east coast of Malaysia.',
            ms: 'Songket tenunan tangan dan batik daripada koperasi keluarga di pantai timur Malaysia.',
          },
        },
      });
      const store = await sellers.getOwnStore({ sellerId });
      await sellers.review({ storeId: store.id, reviewerId: reviewerId || sellerId, decision: { decision: 'approve' } });
      continue;
    }
    const userId = await accounts.createAccount({ ...account, password: DEMO_PASSWORD });
    if (account.type === 'team') reviewerId = userId;
    if (account.email === 'distributor@tessera.test') {
      const logo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#2f6b4f' } }).png().toBuffer();
      await companies.register({
        userId,
        fields: {
          role: 'distributor',
          companyName: 'Ortega Distribución Sostenible',
          registrationNumber: 'B-12345678',
          registrationExpiry: '2030-12-31',
          headOfficeNumber: '+34 911 234 567',
          headquartersAddress: 'Calle de Alcalá 42, 28014 Madrid',
          website: 'https://ortega.example',
          countries: ['ES', 'PT'],
          cities: ['Madrid', 'Lisboa'],
          contactName: 'Lucía Ortega',
          contactMobile: '+34 612 345 678',
          contactEmail: 'distributor@tessera.test',
        },
        files: { logo: { data: logo, filename: 'logo.png' }, document: { data: await registrationPdf('Ortega Distribución Sostenible'), filename: 'registration.pdf' } },
      });
      const [company] = (await companies.list({ status: 'pending', limit: 1 })).items;
      if (company) await companies.review({ companyId: company.id, reviewerId: reviewerId || userId, decision: { decision: 'approve' } });
    }
  }
  if (created) options.log.info({ accounts: created }, 'seeded demo data');
  const catalog = await seedDemoCatalog({ services: options.services, db: options.db, log: options.log, password: DEMO_PASSWORD, ...options.catalog });
  // Every store's delivery point, hours and fees, and the demo tax rates (issue #11).
  await options.services.buying.delivery.seedDemo();
  await seedDemoDriver(options.services, options.db);
  await seedDemoPromotions(options.services);
  await seedDemoBlog(options.services, options.db);
  return catalog;
}
