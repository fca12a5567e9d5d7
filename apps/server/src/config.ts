import path from 'node:path';
import { CHAT_DEFAULT_APP_SECRET, CHAT_DEFAULT_LICENSE_KEY } from '@tessera/contracts';

/** The whole server configuration, read once from the environment at start. */
export interface Config {
  /** A TrueType font with Latin and Arabic for invoice PDFs; unset: DejaVu Sans when installed (docs/orders.md). */
  invoiceFont?: string | undefined;
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
  /** Set: GET /metrics needs `Authorization: Bearer <token>`; unset: /metrics is open (keep it off the public network). */
  metricsToken: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** How long a session row read for one request serves the next (ms; 0 reads it every time): the longest a revocation made by another instance takes to be seen. */
  sessionRecheckMs: number;
  /** undefined: seed demo data when the database is empty. */
  seedDemo: boolean | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Unset: a key generated on first start and kept in the database. */
  jwtSecret: string | undefined;
  /** Password sign-ins and site-gate unlock attempts allowed per client address per minute. */
  signInRateLimitPerMinute: number;
  /**
   * Guest sign-ins and token refreshes allowed per client address per minute: high, because a whole
   * office (or every visitor behind a proxy without TRUST_PROXY) shares one address.
   */
  guestSignInRateLimitPerMinute: number;
  /** A request whose headers and body have not all arrived after this long is cut off (slow clients). */
  requestTimeoutSeconds: number;
  /** Open connections allowed from one client address (0: no limit; default 0 behind TRUST_PROXY). */
  maxConnectionsPerAddress: number;
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
  /** The seed's 'default map coordinates': a cart priced without the buyer's location uses them. */
  defaultLocation: { latitude: number; longitude: number };
  /** The chat application's credentials (headers licenseKey and appSecret); embedded defaults when unset. */
  chatLicenseKey: string;
  chatAppSecret: string;
  /** MQTT over plain TCP for native clients; unset: off (WebSocket at /mqtt only). */
  mqttTcpPort: number | undefined;
  /** How long the broker keeps the persistent session (QoS 1 queue) of a client that went away. */
  mqttSessionExpirySeconds: number;
  /** VAPID keys for chat web push; unset: pushes stay in the notifications outbox. */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  chatMessagesPerMinute: number;
  chatConversationsPerHour: number;
  /**
   * DEV_MAILBOX=true: GET /v1/dev/mailbox shows anyone the messages of any recipient, codes and
   * links included, like a development mail catcher. Refused unless PUBLIC_URL is a local address.
   */
  devMailbox: boolean;
  /**
   * Fault injection (CHAT_DELIVERY_PAUSED=1): chat messages are stored but their delivery fails and
   * waits in the outbox. The kill test uses it to crash a server between commit and delivery.
   */
  chatDeliveryPaused: boolean;
  /**
   * Fault injection (NOTIFICATION_DELIVERY_PAUSED=1): messages queued with a change (approval
   * e-mails, back-in-stock messages) are stored but their delivery fails and waits in the events
   * outbox. The notifications' kill test uses it to crash a server between commit and delivery.
   */
  notificationDeliveryPaused: boolean;
  /**
   * Fault injection (STORE_CHANGES_PAUSED=1): a store's change is committed with its STORE_CHANGED
   * event, but the catalog's handling of it (the reindex) fails and waits in the events outbox. The
   * sellers' kill test uses it to crash a server between a store rename and its reindex.
   */
  storeChangesPaused: boolean;
  /** Payments, wallet, points and currencies (docs/payments.md). */
  money: MoneyConfig;
  /**
   * The tracking map's base layer: a raster tile template (`https://…/{z}/{x}/{y}.png`) or a MapLibre
   * style URL (MAP_TILE_URL); unset: land and borders from the world outline the web app ships.
   */
  map: { tileUrl: string | undefined; attribution: string | undefined };
  /**
   * The demo driver simulator (docs/orders.md): a store order sent out with the demo driver is
   * driven from the store to the buyer. Default: on when the demo data is seeded (never in tests,
   * which set SEED_DEMO themselves, unless they ask for it).
   */
  demoDriver: { simulate: boolean | undefined; tripSeconds: number; stepSeconds: number; deliverOnArrival: boolean };
}

export interface MoneyConfig {
  /** Unset: the built-in test gateway. Set: Stripe (PaymentIntents). */
  stripeSecretKey: string | undefined;
  /** Stripe's webhook signing secret; unset: webhooks are refused. */
  stripeWebhookSecret: string | undefined;
  /** Another Stripe API address (a local stand-in for tests), e.g. http://127.0.0.1:12111. */
  stripeApiUrl: string | undefined;
  /**
   * A card payment still 'pending' this long (its provider's answer was lost) is looked up at the
   * provider and settled (PaymentsService.reconcile). Longer than a provider call can last with its
   * retries (3 × 20 s), and than Stripe's search takes to see a new PaymentIntent (about a minute).
   */
  reconcileAfterSeconds: number;
  /** Bonus points per whole unit of the default currency of a delivered order. */
  pointsPerUnit: number;
  /** Minor units of the default currency a bonus point takes off at checkout. */
  pointValue: number;
  /** The store's default currency: prices and wallets are kept in it. */
  defaultCurrency: string;
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

function decimal(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw) || value < min || value > max) throw new ConfigError(name, `must be a number between ${min} and ${max}, got "${raw}"`);
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

/** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (+ VAPID_SUBJECT) → web push keys, both or neither. */
function vapidKeys(env: Env, publicUrl: string): Config['vapid'] {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  if (publicKey === undefined && privateKey === undefined) return undefined;
  if (publicKey === undefined) throw new ConfigError('VAPID_PUBLIC_KEY', 'must be set with VAPID_PRIVATE_KEY');
  if (privateKey === undefined) throw new ConfigError('VAPID_PRIVATE_KEY', 'must be set with VAPID_PUBLIC_KEY');
  return { publicKey, privateKey, subject: text(env, 'VAPID_SUBJECT') ?? publicUrl };
}

/** A shared secret for a machine client (a Prometheus scraper): long enough not to be guessed. */
function secretToken(env: Env, name: string): string | undefined {
  const value = text(env, name);
  if (value !== undefined && value.length < 16) throw new ConfigError(name, 'must be at least 16 characters long');
  return value;
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
  const devMailbox = boolean(env, 'DEV_MAILBOX') ?? false;
  // Everyone who reaches it reads everyone's reset links: never on a server others can reach.
  if (devMailbox && !local) throw new ConfigError('DEV_MAILBOX', `may only be set on a local server (PUBLIC_URL on localhost or 127.0.0.1), got ${publicUrl}`);
  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(cwd, text(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    sitePassword: env.SITE_PASSWORD ? env.SITE_PASSWORD : undefined,
    metricsToken: secretToken(env, 'METRICS_TOKEN'),
    accessTokenTtlSeconds: integer(env, 'ACCESS_TOKEN_TTL_SECONDS', 900, 1, 86_400),
    refreshTokenTtlDays: integer(env, 'REFRESH_TOKEN_TTL_DAYS', 30, 1, 365),
    sessionRecheckMs: integer(env, 'SESSION_RECHECK_MS', 1000, 0, 1000),
    seedDemo: boolean(env, 'SEED_DEMO'),
    logLevel: logLevel as Config['logLevel'],
    jwtSecret,
    signInRateLimitPerMinute: integer(env, 'SIGNIN_RATE_LIMIT', 30, 1, 1_000_000_000),
    guestSignInRateLimitPerMinute: integer(env, 'GUEST_SIGNIN_RATE_LIMIT', 600, 1, 1_000_000_000),
    requestTimeoutSeconds: integer(env, 'REQUEST_TIMEOUT_SECONDS', 120, 1, 3600),
    // Behind a load balancer every connection comes from its few addresses: it must do the limiting.
    maxConnectionsPerAddress: integer(env, 'MAX_CONNECTIONS_PER_ADDRESS', boolean(env, 'TRUST_PROXY') ? 0 : 100, 0, 1_000_000),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Tessera <no-reply@tessera.test>',
    s3: s3Storage(env),
    trustProxy: boolean(env, 'TRUST_PROXY') ?? false,
    mode,
    secureCookies: !(mode === 'development' || local) || publicUrl.startsWith('https:'),
    // Kuala Lumpur, near the demo store.
    defaultLocation: { latitude: decimal(env, 'DEFAULT_LATITUDE', 3.139, -90, 90), longitude: decimal(env, 'DEFAULT_LONGITUDE', 101.6869, -180, 180) },
    chatLicenseKey: text(env, 'CHAT_LICENSE_KEY') ?? CHAT_DEFAULT_LICENSE_KEY,
    chatAppSecret: text(env, 'CHAT_APP_SECRET') ?? CHAT_DEFAULT_APP_SECRET,
    mqttTcpPort: text(env, 'MQTT_TCP_PORT') === undefined ? undefined : integer(env, 'MQTT_TCP_PORT', 1883, 0, 65535),
    mqttSessionExpirySeconds: integer(env, 'MQTT_SESSION_EXPIRY_SECONDS', 86_400, 1, 30 * 86_400),
    vapid: vapidKeys(env, publicUrl),
    chatMessagesPerMinute: integer(env, 'CHAT_MESSAGES_PER_MINUTE', 60, 1, 1_000_000_000),
    chatConversationsPerHour: integer(env, 'CHAT_CONVERSATIONS_PER_HOUR', 30, 1, 1_000_000_000),
    devMailbox,
    chatDeliveryPaused: boolean(env, 'CHAT_DELIVERY_PAUSED') ?? false,
    notificationDeliveryPaused: boolean(env, 'NOTIFICATION_DELIVERY_PAUSED') ?? false,
    storeChangesPaused: boolean(env, 'STORE_CHANGES_PAUSED') ?? false,
    money: moneyConfig(env),
    map: { tileUrl: url(env, 'MAP_TILE_URL', ['http:', 'https:']), attribution: text(env, 'MAP_TILE_ATTRIBUTION') },
    demoDriver: {
      simulate: boolean(env, 'DEMO_DRIVER_SIMULATOR'),
      tripSeconds: integer(env, 'DEMO_DRIVER_TRIP_SECONDS', 180, 5, 86_400),
      stepSeconds: integer(env, 'DEMO_DRIVER_STEP_SECONDS', 2, 1, 600),
      deliverOnArrival: boolean(env, 'DEMO_DRIVER_DELIVERS') ?? true,
    },
    invoiceFont: text(env, 'INVOICE_FONT'),
  };
}

function moneyConfig(env: Env): MoneyConfig {
  const stripeSecretKey = text(env, 'STRIPE_SECRET_KEY');
  if (stripeSecretKey !== undefined && !/^(sk|rk)_(test|live)_\w+$/.test(stripeSecretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)');
  }
  const stripeWebhookSecret = text(env, 'STRIPE_WEBHOOK_SECRET');
  if (stripeWebhookSecret !== undefined && stripeSecretKey === undefined) throw new ConfigError('STRIPE_SECRET_KEY', 'must be set when STRIPE_WEBHOOK_SECRET is');
  const defaultCurrency = (text(env, 'DEFAULT_CURRENCY') ?? 'EUR').toUpperCase();
  if (!Intl.supportedValuesOf('currency').includes(defaultCurrency)) throw new ConfigError('DEFAULT_CURRENCY', `must be an ISO 4217 currency code, got "${defaultCurrency}"`);
  return {
    stripeSecretKey,
    stripeWebhookSecret,
    stripeApiUrl: url(env, 'STRIPE_API_URL', ['http:', 'https:']),
    reconcileAfterSeconds: integer(env, 'PAYMENT_RECONCILE_AFTER_SECONDS', 300, 90, 86_400),
    pointsPerUnit: integer(env, 'BONUS_POINTS_PER_UNIT', 1, 0, 1_000_000),
    pointValue: integer(env, 'BONUS_POINT_VALUE', 1, 1, 1_000_000),
    defaultCurrency,
  };
}
