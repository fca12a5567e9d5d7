import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { BuyerRole, TeamRole, UserType } from '@tessera/contracts';
import { guestPayload } from './app.js';

/**
 * Accounts of every role for tests of the seller portal, the admin console and the permissions
 * matrix. Sellers sign up through the API (so they own a store); buyers and team members are made
 * with the accounts service, as an operator or the seed would, and get a session without a login.
 */

export const TEST_PASSWORD = 'Str0ng password';

/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}@tessera.test`;

/** A store alias no other test uses (lower case letters, digits and hyphens). */
export const uniqueAlias = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** A national mobile number no other test uses. */
export const uniquePhone = () => `6${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, '0')}`;

export interface Actor {
  userId: string;
  userType: UserType;
  email: string;
  password: string;
  /** A fresh access token of a new session. */
  token: string;
}

/** A new session (and access token) for an existing user, as a login would open. */
export async function sessionFor(app: FastifyInstance, user: { userId: string; userType: UserType }): Promise<string> {
  const session = await app.services.auth.openSession({ userId: user.userId, userType: user.userType, device: { test: true }, ipAddress: '127.0.0.1' });
  return session.tokens.accessToken;
}

export const sellerSignup = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Amara',
  lastName: 'Okafor',
  email: uniqueEmail('seller'),
  countryCode: '+60',
  phone: uniquePhone(),
  password: TEST_PASSWORD,
  confirmPassword: TEST_PASSWORD,
  storeName: 'Loom & Leaf',
  storeAliasName: uniqueAlias('loom'),
  country: 'MY',
  city: 'Kuching',
  ...overrides,
});

/** Signs a seller up through POST /v1/seller/signup; the store is pending. */
export async function signUpSeller(app: FastifyInstance, overrides: Record<string, unknown> = {}, request: Partial<InjectOptions> = {}) {
  const payload = sellerSignup(overrides);
  const response = await app.inject({ ...request, method: 'POST', url: '/v1/seller/signup', payload });
  if (response.statusCode !== 200) throw new Error(`seller signup failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { userId: data.user.id as string, userType: 'seller' as const, email: payload.email, password: TEST_PASSWORD, token: data.token.accessToken as string, alias: payload.storeAliasName };
}

/** A signed-up buyer (optionally a retailer, distributor or institution buyer) with a session. */
export async function createBuyer(app: FastifyInstance, buyerRole?: BuyerRole): Promise<Actor> {
  const email = uniqueEmail(buyerRole ?? 'buyer');
  const userId = await app.services.accounts.createAccount({
    type: 'buyer',
    email,
    firstName: 'Bea',
    lastName: 'Buyer',
    countryCode: '+34',
    phone: uniquePhone(),
    password: TEST_PASSWORD,
    ...(buyerRole ? { buyerRole } : {}),
  });
  return { userId, userType: 'buyer', email, password: TEST_PASSWORD, token: await sessionFor(app, { userId, userType: 'buyer' }) };
}

/** A store team member with a password and a session. */
export async function createTeamMember(app: FastifyInstance, teamRole: TeamRole): Promise<Actor> {
  const email = uniqueEmail(`team-${teamRole}`);
  const userId = await app.services.accounts.createAccount({ type: 'team', teamRole, email, firstName: 'Tomás', lastName: 'Team', password: TEST_PASSWORD });
  return { userId, userType: 'team', email, password: TEST_PASSWORD, token: await sessionFor(app, { userId, userType: 'team' }) };
}

/** A guest signed in through POST /v1/guest/signIn. */
export async function signInGuestWith(app: FastifyInstance, request: Partial<InjectOptions> = {}): Promise<{ userId: string; userType: 'guest'; token: string }> {
  const response = await app.inject({ ...request, method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() });
  if (response.statusCode !== 200) throw new Error(`guest sign-in failed: ${response.statusCode} ${response.body}`);
  const { data } = response.json();
  return { userId: data.userId, userType: 'guest', token: data.token.accessToken };
}

export interface FilePart {
  name: string;
  data: Buffer;
  filename: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it, for `app.inject`. */
export async function multipartBody(parts: Array<FilePart | { name: string; value: string }>): Promise<{ payload: Buffer; contentType: string }> {
  const body = new FormData();
  for (const part of parts) {
    if ('data' in part) body.append(part.name, new Blob([new Uint8Array(part.data)], { type: part.type ?? 'application/octet-stream' }), part.filename);
    else body.append(part.name, part.value);
  }
  const encoded = new Response(body);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') as string };
}
