import path from 'node:path';

/** The whole server configuration, read once from the environment at start. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** Unset: a SQLite file in dataDir. `postgres://…`: PostgreSQL. */
  databaseUrl: string | undefined;
  /** Unset: broker fan-out and rate limits in process. */
  redisUrl: string | undefined;
  /** Unset: no password gate. */
  sitePassword: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** undefined: seed demo data when the database is empty. */
  seedDemo: boolean | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Unset: a key generated on first start and kept in the database. */
  jwtSecret: string | undefined;
  /** Sign-in, refresh and unlock attempts allowed per client address per minute. */
  signInRateLimitPerMinute: number;
  /** smtp:// or smtps:// URL for e-mail; unset: e-mail stays in the outbox the admin console shows. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** S3-compatible storage for uploads; unset: files under DATA_DIR/uploads. */
  s3:
    | { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean }
    | undefined;
  /** Trust X-Forwarded-* from a load balancer in front (for the client address and protocol). */
  trustProxy: boolean;
  /** development: Vite dev server with live reload; production: the built web app. */
  mode: 'production' | 'development';
  /** Cookies get `Secure` outside local development (DESIGN §4). */
  secureCookies: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string): boolean | undefined {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = text(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

const S3_VARIABLES = ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** S3_* → S3-compatible storage for uploads, or undefined (files under DATA_DIR/uploads). */
function s3Storage(env: Env): Config['s3'] {
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === undefined) {
    // Half an S3 configuration would silently keep each instance's uploads on its own disk.
    const stray = S3_VARIABLES.find((name) => text(env, name) !== undefined);
    if (stray) throw new ConfigError('S3_BUCKET', `must be set when ${stray} is`);
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', `must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`);
  }
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if (accessKeyId !== undefined && secretAccessKey === undefined) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'must be set with S3_ACCESS_KEY_ID');
  if (accessKeyId === undefined && secretAccessKey !== undefined) throw new ConfigError('S3_ACCESS_KEY_ID', 'must be set with S3_SECRET_ACCESS_KEY');
  return {
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    endpoint: url(env, 'S3_ENDPOINT', ['http:', 'https:']),
    accessKeyId,
    secretAccessKey,
    forcePathStyle: boolean(env, 'S3_FORCE_PATH_STYLE') ?? false,
  };
}

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = text(env, 'HOST') ?? '0.0.0.0';
  const mode = text(env, 'NODE_ENV') === 'development' ? 'development' : 'production';
  const publicUrl = (url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const jwtSecret = text(env, 'JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  const publicHost = new URL(publicUrl).hostname;
  const local = ['localhost', '127.0.0.1', '::1', '[::1]'].includes(publicHost);
  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    sitePassword: env.SITE_PASSWORD ? env.SITE_PASSWORD : undefined,
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86_400),
    refreshTokenTtlDays: integer(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365),
    seedDemo: boolean(env, 'SEED_DEMO'),
    logLevel: logLevel as Config['logLevel'],
    jwtSecret,
    signInRateLimitPerMinute: integer(env, 'SIGNIN_RATE_LIMIT', 30, 1, 1_000_000_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Tessera <no-reply@tessera.test>',
    s3: s3Storage(env),
    trustProxy: boolean(env, 'TRUST_PROXY') ?? false,
    mode,
    secureCookies: !(mode === 'development' || local) || publicUrl.startsWith('https:'),
  };
}
