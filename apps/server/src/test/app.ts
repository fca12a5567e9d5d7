import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { TGuestSignInRequest } from '@tessera/contracts';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/database.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** The embedded defaults, quiet, with no demo data unless a test asks for it. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', DEMO_DRIVER_SIMULATOR: 'false', DATA_DIR: '/nonexistent' }),
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
}

/**
 * An app on its own fresh database, closed and dropped after the file's tests. `db` shares an
 * existing database instead, to act as a second instance of the same deployment.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { web?: boolean; shareWith?: TestApp; logStream?: { write(line: string): unknown } } = {},
): Promise<TestApp> {
  const database = options.shareWith?.database ?? (await createTestDatabase());
  const db: Db = database.db;
  const app = await buildApp(testConfig(overrides), { db, web: options.web ?? false, ...(options.logStream ? { logStream: options.logStream } : {}) });
  await app.ready();
  afterAll(async () => {
    await app.close();
    if (!options.shareWith) await database.drop();
  });
  return { app, database };
}

export const guestPayload = (overrides: Partial<Record<keyof TGuestSignInRequest, unknown>> = {}) => ({
  deviceId: `web-${Date.now()}`,
  ipAddress: '203.0.113.7',
  appVersion: '203.0.113.7',
  deviceMake: 'Chrome',
  deviceModel: '131.0',
  deviceOsVersion: 'Linux x86_64',
  deviceType: 3,
  deviceTime: '2026-11-22 10:15:00 AM',
  ...overrides,
});

export async function signInGuest(app: FastifyInstance) {
  const response = await app.inject({ method: 'POST', url: '/v1/guest/signIn', payload: guestPayload() });
  if (response.statusCode !== 200) throw new Error(`guest sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json().data as {
    token: { accessToken: string; refreshToken: string; accessExpireAt: number };
    sessionId: string;
    userId: string;
    userType: string;
  };
}
