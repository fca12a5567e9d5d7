import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { NewAccount } from '../../modules/accounts/accounts.service.js';
import type { Kysely } from 'kysely';
import type { Services } from '../../services.js';
import type { Database } from '../schema.js';
import type { CatalogSeedResult } from './catalog/catalog-seed.js';
import { seedDemoCatalog, type DemoCatalogOptions } from './catalog/demo-catalog.js';

/** Every demo account signs in with this password (it is printed at start, with the accounts). */
export const DEMO_PASSWORD = 'Tessera-demo-2026';

/** The demo accounts of every role, seeded into an empty database and listed at start. */
export const DEMO_ACCOUNTS: ReadonlyArray<NewAccount & { label: string }> = [
  { label: 'Buyer (retailer)', type: 'buyer', buyerRole: 'retailer', email: 'buyer@tessera.test', firstName: 'Amira', lastName: 'Haddad', countryCode: '+971', phone: '501234567' },
  { label: 'Buyer (distributor)', type: 'buyer', email: 'distributor@tessera.test', firstName: 'Lucía', lastName: 'Ortega', language: 'es', countryCode: '+34', phone: '612345678' },
  { label: 'Seller (artisan)', type: 'seller', email: 'seller@tessera.test', firstName: 'Nurul', lastName: 'Aziz', language: 'ms', countryCode: '+60', phone: '123456789' },
  { label: 'Store team (owner)', type: 'team', teamRole: 'owner', email: 'admin@tessera.test', firstName: 'Sam', lastName: 'Okafor' },
];

const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

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
  catalog?: Pick<DemoCatalogOptions, 'products' | 'stores' | 'chunkSize' | 'onProgress'>;
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
        files: { logo: { data: logo, filename: 'logo.png' }, document: { data: MINIMAL_PDF, filename: 'registration.pdf' } },
      });
      const [company] = (await companies.list({ status: 'pending', limit: 1 })).items;
      if (company) await companies.review({ companyId: company.id, reviewerId: reviewerId || userId, decision: { decision: 'approve' } });
    }
  }
  if (created) options.log.info({ accounts: created }, 'seeded demo data');
  return seedDemoCatalog({ services: options.services, db: options.db, log: options.log, password: DEMO_PASSWORD, ...options.catalog });
}
