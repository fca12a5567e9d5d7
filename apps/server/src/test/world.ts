import type { FastifyInstance } from 'fastify';
import { pdfBytes } from './accounts.js';
import sharp from 'sharp';
import type { TeamRole, UserType } from '@tessera/contracts';
import { createSeller, insertCategory, productInput } from './seller-catalog.js';
import { createDriverAccount } from './buying.js';
import { createBuyer, createTeamMember, multipartBody, sessionFor, signInGuestWith, type Actor } from './roles.js';

/**
 * A small marketplace for the tests that walk every route (fuzz, access): two users of each kind,
 * each with one of everything a user of that kind owns, so that a test can act as one with the
 * other's ids. Everything is made through the API where the API makes it.
 */

export type WorldRole = 'anonymous' | 'guest' | 'buyer' | 'seller' | 'driver' | `team:${TeamRole}`;
export const WORLD_ROLES: readonly WorldRole[] = ['anonymous', 'guest', 'buyer', 'seller', 'driver', 'team:owner', 'team:moderator', 'team:support'];

export interface WorldUser {
  userId: string;
  userType: UserType;
  /** Owned resources by kind (see id-kinds.ts): ids of this user's own address, product, … */
  owns: Partial<Record<string, string>>;
}

export interface World {
  /** The first user of each role (the one a test acts as), and a second of the same role. */
  users: Record<Exclude<WorldRole, 'anonymous'>, WorldUser>;
  others: Partial<Record<Exclude<WorldRole, 'anonymous'>, WorldUser>>;
  /** Ids of things no user owns (categories, brands, …), by kind. */
  shared: Partial<Record<string, string>>;
  /** A fresh access token for a role (undefined: anonymous). Fresh, so that a route that ends a session does not end the walk's. */
  tokenOf(role: WorldRole): Promise<string | undefined>;
  /** The same for the second user of a role. */
  otherTokenOf(role: WorldRole): Promise<string | undefined>;
}

const PNG = () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#2e7d32' } }).png().toBuffer();
// A real one-page PDF: uploads check a PDF's structure, not only its first bytes.
const PDF = pdfBytes();

const ok = (what: string, response: { statusCode: number; body: string }) => {
  if (response.statusCode !== 200) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body).data;
};

async function buyerWithThings(app: FastifyInstance, n: number): Promise<WorldUser & { token: string }> {
  const buyer: Actor = await createBuyer(app);
  const headers = { authorization: buyer.token };
  const address = ok(
    'address',
    await app.inject({
      method: 'POST',
      url: '/v1/customer/addresses',
      headers,
      payload: { name: 'Amira Haddad', countryCode: '+971', mobile: '501234567', pincode: '00000', locality: 'Al Barsha', city: 'Dubai', state: 'Dubai', flatNumber: `Flat ${n}`, addressLine1: 'Street 12', addressType: 'home' },
    }),
  );
  const fields = {
    role: 'retailer',
    companyName: `World Trading ${n}`,
    registrationNumber: `WT-${Date.now().toString(36).toUpperCase()}${n}`,
    registrationExpiry: '2099-12-31',
    headOfficeNumber: '+971 4 123 4567',
    headquartersAddress: 'Office 12, Business Bay, Dubai',
    countries: JSON.stringify(['AE']),
    cities: JSON.stringify(['Dubai']),
    contactName: 'Amira Haddad',
    contactMobile: '+971 50 123 4567',
    contactEmail: `contact${n}@world.example`,
  };
  const body = await multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'logo', data: await PNG(), filename: 'logo.png', type: 'image/png' },
    { name: 'document', data: PDF, filename: 'registration.pdf', type: 'application/pdf' },
  ]);
  ok('company', await app.inject({ method: 'POST', url: '/v1/customer/company', headers: { ...headers, 'content-type': body.contentType }, payload: body.payload }));
  const company = await app.db.kysely.selectFrom('companies').select('id').where('user_id', '=', buyer.userId).executeTakeFirstOrThrow();
  const upload = await app.db.kysely.selectFrom('uploads').select('id').where('owner_user_id', '=', buyer.userId).where('purpose', '=', 'company-document').executeTakeFirstOrThrow();
  const wishlist = ok('wishlist', await app.inject({ method: 'POST', url: '/v1/wishlists', headers, payload: { name: `World list ${n}` } }));
  return { userId: buyer.userId, userType: 'buyer', token: buyer.token, owns: { address: address.id, company: company.id, upload: upload.id, wishlist: wishlist.id } };
}

async function sellerWithThings(app: FastifyInstance, categoryId: string, n: number): Promise<WorldUser & { token: string }> {
  const seller = await createSeller(app);
  const headers = { authorization: seller.token };
  const input = productInput(categoryId, {
    title: { en: `World throw ${n}` },
    variants: [
      { colour: 'red', size: 'S', stock: 5 },
      { colour: 'blue', size: 'M', stock: 5 },
    ],
  });
  const product = ok('product', await app.inject({ method: 'POST', url: '/v1/seller/products', headers, payload: input }));
  const image = await multipartBody([{ name: 'images', data: await PNG(), filename: 'throw.png', type: 'image/png' }]);
  const withImage = ok('image', await app.inject({ method: 'POST', url: `/v1/seller/products/${product.id}/images`, headers: { ...headers, 'content-type': image.contentType }, payload: image.payload }));
  ok('publish', await app.inject({ method: 'POST', url: `/v1/seller/products/${product.id}/publish`, headers }));
  return {
    userId: seller.userId,
    userType: 'seller',
    token: seller.token,
    owns: {
      store: seller.storeId,
      product: product.id,
      variant: product.variants[0].id,
      certification: product.certifications[0].id,
      productImage: withImage.images[0].id,
    },
  };
}

/** Builds the world on an app (a minute's fraction: a dozen users and their things). */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const categoryId = await insertCategory(app, 'World');
  // Only the second members are offered as ids: a walk must not demote or delete the member it acts as.
  const team = async (role: TeamRole, offered: boolean) => {
    const member = await createTeamMember(app, role);
    return { userId: member.userId, userType: 'team' as const, owns: offered ? { teamMember: member.userId } : {} };
  };
  const guest = await signInGuestWith(app);
  const otherGuest = await signInGuestWith(app);
  const [buyer, otherBuyer] = [await buyerWithThings(app, 1), await buyerWithThings(app, 2)];
  const [seller, otherSeller] = [await sellerWithThings(app, categoryId, 1), await sellerWithThings(app, categoryId, 2)];
  // Each seller's driver: a store's driver reads and moves only his own store's deliveries.
  const driverOf = async (storeId: string | undefined): Promise<WorldUser> => {
    const driver = await createDriverAccount(app, storeId);
    return { userId: driver.userId, userType: 'driver', owns: driver.driverId ? { driver: driver.driverId } : {} };
  };
  const [driver, otherDriver] = [await driverOf(seller.owns.store), await driverOf(otherSeller.owns.store)];
  seller.owns.driver = driver.owns.driver;
  otherSeller.owns.driver = otherDriver.owns.driver;
  const users = {
    guest: { userId: guest.userId, userType: 'guest' as const, owns: {} },
    buyer,
    seller,
    driver,
    'team:owner': await team('owner', false),
    'team:moderator': await team('moderator', false),
    'team:support': await team('support', false),
  };
  const others = {
    guest: { userId: otherGuest.userId, userType: 'guest' as const, owns: {} },
    buyer: otherBuyer,
    seller: otherSeller,
    driver: otherDriver,
    'team:owner': await team('owner', true),
    'team:moderator': await team('moderator', true),
    'team:support': await team('support', true),
  };
  const owner = await sessionFor(app, users['team:owner']);
  const admin = (method: 'POST', url: string, payload: object) => app.inject({ method, url, headers: { authorization: owner }, payload }).then((r) => ok(url, r));
  const brand = await admin('POST', '/v1/admin/brands', { name: 'World Brand', slug: 'world-brand', sort: 0 });
  const menuItem = await admin('POST', '/v1/admin/menu-items', { menu: 'mega', parentId: null, label: { en: 'World' }, linkType: 'url', linkValue: '/search', sort: 0 });
  const banner = await admin('POST', '/v1/admin/banners', { title: { en: 'World' }, subtitle: { en: 'Made by hand' }, href: '/makers', placement: 'hero', sort: 0, active: true, startsAt: null, endsAt: null });
  const speciality = await admin('POST', '/v1/admin/specialities', { name: { en: 'World weaving' }, description: { en: 'Weaving' }, slug: 'world-weaving', status: 1 });
  const shared = { category: categoryId, brand: brand.id, menuItem: menuItem.id, banner: banner.id, speciality: speciality.id };
  const tokenFor = async (user: WorldUser | undefined) => (user ? sessionFor(app, user) : undefined);
  return {
    users,
    others,
    shared,
    tokenOf: (role) => tokenFor(role === 'anonymous' ? undefined : users[role]),
    otherTokenOf: (role) => tokenFor(role === 'anonymous' ? undefined : others[role]),
  };
}
