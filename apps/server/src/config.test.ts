import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const config = loadConfig({}, '/srv/tessera');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/tessera/data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      sitePassword: undefined,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      sessionRecheckMs: 1000,
      seedDemo: undefined,
      logLevel: 'info',
      mode: 'production',
      secureCookies: false,
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://market.example/',
      DATA_DIR: '/var/lib/tessera',
      DATABASE_URL: 'postgres://db/tessera',
      REDIS_URL: 'redis://cache:6379',
      SITE_PASSWORD: 'preview',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_DAYS: '7',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://market.example',
      dataDir: '/var/lib/tessera',
      databaseUrl: 'postgres://db/tessera',
      redisUrl: 'redis://cache:6379',
      sitePassword: 'preview',
      accessTokenTtlSeconds: 60,
      refreshTokenTtlDays: 7,
      sessionRecheckMs: 1000,
      seedDemo: false,
      logLevel: 'warn',
      secureCookies: true,
    });
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a whole number/],
    ['PORT', '70000', /PORT: must be between 0 and 65535/],
    ['DATABASE_URL', 'mysql://db/x', /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//],
    ['DATABASE_URL', 'not a url', /DATABASE_URL: is not a valid URL/],
    ['REDIS_URL', 'http://cache', /REDIS_URL: must start with redis:\/\//],
    ['PUBLIC_URL', 'ftp://x', /PUBLIC_URL: must start with http:\/\//],
    ['ACCESS_TOKEN_TTL_SECONDS', '0', /ACCESS_TOKEN_TTL_SECONDS: must be between 1 and 86400/],
    ['REFRESH_TOKEN_TTL_DAYS', '-3', /REFRESH_TOKEN_TTL_DAYS: must be a whole number/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: must be true or false/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL: must be one of/],
    ['JWT_SECRET', 'short', /JWT_SECRET: must be at least 32 characters/],
    ['SMTP_URL', 'http://mail', /SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
    ['S3_BUCKET', 'Not_A_Bucket', /S3_BUCKET: must be a bucket name/],
  ])('stops on a bad %s (%s) with an error naming it', (name, value, message) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(name);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('S3 settings', () => {
  it('needs S3_BUCKET when any other S3 variable is set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('S3_BUCKET: must be set when S3_ENDPOINT is');
  });

  it('needs both halves of a key pair', () => {
    expect(() => loadConfig({ S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'a' })).toThrow('S3_SECRET_ACCESS_KEY: must be set with S3_ACCESS_KEY_ID');
  });

  it('reads a MinIO-style configuration', () => {
    const config = loadConfig({ S3_BUCKET: 'uploads', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.s3).toEqual({ bucket: 'uploads', region: 'us-east-1', endpoint: 'http://minio:9000', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true });
  });
});
