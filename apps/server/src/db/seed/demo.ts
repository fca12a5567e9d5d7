import type { FastifyBaseLogger } from 'fastify';
import type { AccountsService, NewAccount } from '../../modules/accounts/accounts.service.js';

/** The demo accounts of every role, seeded into an empty database and listed at start. */
export const DEMO_ACCOUNTS: ReadonlyArray<NewAccount & { label: string }> = [
  { label: 'Buyer (retailer)', type: 'buyer', buyerRole: 'retailer', email: 'buyer@tessera.test', firstName: 'Amira', lastName: 'Haddad' },
  { label: 'Buyer (distributor)', type: 'buyer', buyerRole: 'distributor', email: 'distributor@tessera.test', firstName: 'Lucía', lastName: 'Ortega', language: 'es' },
  { label: 'Seller (artisan)', type: 'seller', email: 'seller@tessera.test', firstName: 'Nurul', lastName: 'Aziz', language: 'ms' },
  { label: 'Store team (owner)', type: 'team', teamRole: 'owner', email: 'admin@tessera.test', firstName: 'Sam', lastName: 'Okafor' },
];

/** Seeds the demo data; skips accounts that already exist, so running it twice changes nothing. */
export async function seedDemoData(options: { accounts: AccountsService; log: FastifyBaseLogger }): Promise<void> {
  let created = 0;
  for (const { label: _label, ...account } of DEMO_ACCOUNTS) {
    if (await options.accounts.findByEmail({ email: account.email })) continue;
    await options.accounts.createAccount(account);
    created += 1;
  }
  if (created) options.log.info({ accounts: created }, 'seeded demo data');
}
