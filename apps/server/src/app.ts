import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { COMPRESS_MIN_BYTES, registerWholeBodyCompression } from './http/compression.js';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { isbot } from 'isbot';
import type { Config } from './config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { seedDemoData } from './seed/demo.js';
import { registerAccessControl } from './http/access.js';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler.js';
import { registerHealth } from './http/health.js';
import { requestLanguage } from './http/language.js';
import { lazyRequestLogger } from './http/request-logger.js';
import { registerMetrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { limitConnectionsPerAddress, slowClientTimeouts } from './http/connection-limits.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerSecurityHeaders, usePageNonce } from './http/security.js';
import { registerSiteGate, registerSiteUnlock } from './http/site-gate.js';
import { registerTextGuard } from './http/text-guard.js';
import { newRequestId } from './lib/ids.js';
import { accountsRoutes } from './modules/accounts/index.js';
import { appConfigRoutes } from './modules/app-config/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { buyingRoutes } from './modules/buying/index.js';
import { socialRoutes } from './modules/social/index.js';
import { authRoutes } from './modules/auth/index.js';
import { moneyRoutes } from './modules/money/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { sellersRoutes } from './modules/sellers/index.js';
import { adminRoutes } from './modules/team/index.js';
import { uploadsRoutes } from './modules/uploads/index.js';
import { startBroker, type Broker } from './realtime/broker.js';
import { ChatMqtt, chatRoutes, isometricsRoutes } from './modules/chat/index.js';
import { blogRoutes } from './modules/blog/index.js';
import { contactRoutes } from './modules/contact/index.js';
import { registerQuotations } from './modules/quotations/index.js';
import { commissionsRoutes } from './modules/commissions/index.js';

/** How often old login failure counts are pruned. */
const LOGIN_PRUNE_INTERVAL_MS = 60 * 60_000;
import { createServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    services: Services;
    broker: Broker;
  }
}

export interface BuildOptions {
  /** A database to use instead of opening the configured one (tests pass their own). */
  db?: Db;
  /** Serve the web app's pages; tests of the API alone leave it off. Default true. */
  web?: boolean;
  /** Where log lines go instead of standard output (tests read them to prove no secret is logged). */
  logStream?: { write(line: string): unknown };
}

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
// Phones and small tablets: the server's guess of the seed's mobile flag (width ≤ 600) before the
// browser can measure.
const MOBILE_AGENT = /Mobi|Android.+Mobile|iPhone|iPod|Windows Phone|Opera Mini|IEMobile/i;

const SECRET_PARAMS = /([?&](?:token|refToken|code|password)=)[^&#]*/gi;
/** A URL fit for the log: secret-looking query values replaced. */
// The page shell's path carries the client's token (/v1/fetch/common/data/{token}/{isMobile}).
export const redactQuery = (url: string): string => url.replace(SECRET_PARAMS, '$1[redacted]').replace(/^(\/v1\/fetch\/common\/data\/)[^/?#]*/, '$1[redacted]');

/** Builds the whole server — API, realtime broker and pages — without listening (tests inject). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Credentials never reach the log.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.usertoken', 'res.headers["set-cookie"]'],
      serializers: {
        // Reset and invitation links carry their secret in the query string: never log it.
        req: (request: { method: string; url: string; ip?: string }) => ({ method: request.method, url: redactQuery(request.url), remoteAddress: request.ip }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    childLoggerFactory: lazyRequestLogger,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : newRequestId();
    },
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // The router's default (100 characters) answers 404 to the seed client's page-data path, which
    // carries a whole access token (about 272 characters): /v1/fetch/common/data/{token}/{isMobile}.
    routerOptions: { maxParamLength: 1024 },
    frameworkErrors: answerFrameworkError,
    forceCloseConnections: 'idle',
    ...slowClientTimeouts(config.requestTimeoutSeconds),
  });
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Synchronous: an async hook costs every request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });

  const db =
    options.db ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(config.dataDir, 'tessera.db'),
      onConnectionError: (error) => app.log.warn({ err: error }, 'a pooled database connection failed; the pool replaces it'),
    });
  app.decorate('db', db);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  app.addHook('onClose', async () => {
    await redis?.quit();
    if (!options.db) await db.close();
  });

  await migrateToLatest(db.kysely);
  const services = await createServices(config, db, app.log);
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    await services.catalog.recentSearches.settle().catch((error: unknown) => app.log.warn({ err: error }, 'recent searches not recorded'));
    await services.catalog.version.close();
    await services.catalog.reviewsVersion.close();
    await services.sessionRevocations?.close();
    await services.fileStore.close();
    await services.chat.close();
  });
  // Old login failure counts are pruned at start and every hour (docs/security.md, "Password guessing").
  const pruneLogins = () => services.credentials.pruneLoginRecords().catch((error: unknown) => app.log.warn({ err: error }, 'login records not pruned'));
  await pruneLogins();
  const loginPruner = setInterval(pruneLogins, LOGIN_PRUNE_INTERVAL_MS);
  loginPruner.unref();
  app.addHook('onClose', async () => clearInterval(loginPruner));
  if (config.seedDemo ?? !(await services.accounts.hasRegisteredAccounts())) {
    await seedDemoData({ services, db: db.kysely, log: app.log });
  }

  registerErrorHandling(app);
  registerTextGuard(app);
  await app.register(cookie);
  const security = {
    development: config.mode === 'development',
    secure: config.secureCookies,
    publicUrl: config.publicUrl,
    mapTileOrigin: config.map.tileUrl ? new URL(config.map.tileUrl).origin : undefined,
  };
  await registerSecurityHeaders(app, security);
  // Whole answers (JSON) are compressed at once by our hook; @fastify/compress keeps the streams (pages, files).
  registerWholeBodyCompression(app);
  await app.register(compress, { threshold: COMPRESS_MIN_BYTES });
  registerMetrics(app, { token: config.metricsToken });
  await registerRateLimits(app, { signInPerMinute: config.signInRateLimitPerMinute, guestSignInPerMinute: config.guestSignInRateLimitPerMinute, redis });
  await registerSiteGate(app, { password: config.sitePassword, secure: config.secureCookies, key: services.signingKey });
  await registerOpenApi(app, config.publicUrl);
  registerHealth(app, db.ping);

  registerAccessControl(app, services.auth, (userId) => services.team.roleOf(userId));
  registerSiteUnlock(app, { password: config.sitePassword, secure: config.secureCookies, key: services.signingKey });
  await app.register(authRoutes(services.auth));
  await app.register(appConfigRoutes(services.appConfig));
  await app.register(accountsRoutes(services));
  await app.register(sellersRoutes(services));
  await app.register(adminRoutes(services));
  await app.register(notificationsRoutes(services.notifications, { devMailbox: config.devMailbox }));
  await app.register(uploadsRoutes(services.uploads, services.auth));
  await app.register(catalogRoutes(services));
  // The demo driver moves by himself wherever the demo data is (SEED_DEMO not false), unless told not to.
  await app.register(buyingRoutes(services, { simulateDemoDriver: config.demoDriver.simulate ?? config.seedDemo !== false }));
  await app.register(chatRoutes(services.chat));
  await app.register(isometricsRoutes(services.chat));
  await app.register(moneyRoutes(services));
  await app.register(blogRoutes({ blog: services.blog, publicUrl: config.publicUrl }));
  await app.register(contactRoutes({ contact: services.contact }));
  await app.register(socialRoutes(services));
  await registerQuotations(app, services);
  await app.register(commissionsRoutes({ commissions: services.commissions }));

  if (options.web ?? true) {
    // Loaded only when pages are served, so an API-only app never loads the renderer.
    const { registerWeb } = await import('./web/register-web.js');
    await registerWeb(app, {
      dev: config.mode === 'development',
      webRoot: WEB_ROOT,
      getContext: (request, reply) => {
        const agent = request.headers['user-agent'] ?? '';
        return {
          config: services.appConfig,
          language: requestLanguage(request),
          isMobile: MOBILE_AGENT.test(agent) && !isbot(agent),
          siteLocked: request.siteLocked,
          publicUrl: config.publicUrl,
          nonce: usePageNonce(reply, security),
          api: async (url, headers) => {
            const answer = await app.inject({ method: 'GET', url, headers });
            return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined };
          },
        };
      },
    });
  }

  const broker = await startBroker({
    server: app.server,
    auth: services.auth,
    redisUrl: config.redisUrl,
    log: app.log,
    chat: new ChatMqtt(services.chat, app.log),
    tcpPort: config.mqttTcpPort,
    sessionExpirySeconds: config.mqttSessionExpirySeconds,
    tcpHost: config.host,
    mayFollowOrder: (identity, orderId) => services.buying.tracking.mayFollow(identity, orderId),
  });
  app.decorate('broker', broker);
  services.realtime.attach(broker.aedes);
  // Every module has registered its event handlers by now, and the broker they publish to runs.
  services.events.start();
  // Registered last so that it runs first on close: stop the dispatcher and realtime before the
  // database goes (events not delivered yet stay in the outbox for the next start).
  app.addHook('preClose', async () => {
    await services.events.stop();
    services.realtime.detach();
    await broker.close();
  });
  return app;
}
