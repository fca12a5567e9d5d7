import type { FastifyBaseLogger } from 'fastify';
import type { TAppConfig } from '@tessera/contracts';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { AccountsService, AddressesService, CompaniesService, CredentialsService, type Notifier } from './modules/accounts/index.js';
import { createMoneyServices, type MoneyServices } from './modules/money/index.js';
import { createCatalogServices, reindexStoreOnChange, type CatalogServices } from './modules/catalog/index.js';
import { buildAppConfig } from './modules/app-config/index.js';
import { AccessTokens, AuthService, createInProcessRevocationFeed, createRedisRevocationFeed, loadSigningKey, type RevocationFeed, SessionsRepository, SIGNING_KEY_IN_DATABASE_WARNING } from './modules/auth/index.js';
import { EventsService } from './modules/events/index.js';
import { type ChatModule, createChatModule } from './modules/chat/index.js';
import { NotificationsService, type TransactionalNotifier } from './modules/notifications/index.js';
import { SellersService, STORE_CHANGED, type StoreChanged } from './modules/sellers/index.js';
import { TeamService } from './modules/team/index.js';
import { createFileStore, type FileStore, UploadsService } from './modules/uploads/index.js';
import { RealtimePublisher } from './realtime/publisher.js';
import { type BuyingServices, createBuyingServices } from './modules/buying/index.js';
import type { CartService } from './modules/cart/index.js';
import { BlogService } from './modules/blog/index.js';
import { ContactService } from './modules/contact/index.js';
import { createSocialServices, type SocialServices } from './modules/social/index.js';
import { createQuotationServices, type QuotationServices } from './modules/quotations/index.js';
import { CommissionsService } from './modules/commissions/index.js';

/** Every domain service, wired once per app; routes receive the ones they need. */
export interface Services {
  accounts: AccountsService;
  addresses: AddressesService;
  auth: AuthService;
  companies: CompaniesService;
  credentials: CredentialsService;
  notifications: NotificationsService;
  sellers: SellersService;
  team: TeamService;
  tokens: AccessTokens;
  /** Session revocations heard by every instance (none on PostgreSQL without Redis); closed with the app. */
  sessionRevocations: RevocationFeed | undefined;
  uploads: UploadsService;
  fileStore: FileStore;
  appConfig: TAppConfig;
  signingKey: Uint8Array;
  catalog: CatalogServices;
  /** The events outbox: side effects of committed changes (DESIGN §5). Started by the app once the broker runs. */
  events: EventsService;
  /** MQTT publishing from server code (event handlers); attached to the broker when it starts. */
  realtime: RealtimePublisher;
  /** Cart, checkout, orders, delivery and tracking (modules/buying/buying.module.ts). */
  buying: BuyingServices;
  /** The buyer's cart; chat-core adds agreed offers with `cart.addAgreedLine`. */
  cart: CartService;
  /** The chat service (modules/chat): conversations, messages, offers and their MQTT side. */
  chat: ChatModule;
  /** Payments, wallet, bonus points, promo codes and currencies (modules/money/money.module.ts). */
  money: MoneyServices;
  /** The blog (modules/blog): posts in four languages, written by the team. */
  blog: BlogService;
  /** The contact form and the team's inbox (modules/contact). */
  contact: ContactService;
  /** Favourites, wishlists and reviews (modules/social/social.module.ts). */
  social: SocialServices;
  /** Quotations and requests for quotation (modules/quotations). */
  quotations: QuotationServices;
  /** Customised and fully custom products (modules/commissions). */
  commissions: CommissionsService;
}

export async function createServices(config: Config, db: Db, log: FastifyBaseLogger): Promise<Services> {
  const kysely = db.kysely;
  const signingKey = await loadSigningKey(kysely, config.jwtSecret);
  if (!config.jwtSecret && config.mode === 'production') log.warn(SIGNING_KEY_IN_DATABASE_WARNING);
  const tokens = new AccessTokens(signingKey, config.accessTokenTtlSeconds);
  const events = new EventsService({ db: kysely, dialect: db.dialect, log });
  const realtime = new RealtimePublisher();
  const accounts = new AccountsService(kysely);
  // SQLite: one process owns the file, every instance on it shares this handle. PostgreSQL: only Redis
  // reaches the other instances; without it each keeps a session row a second (RecentSessions).
  const sessionRevocations = config.redisUrl
    ? await createRedisRevocationFeed({ redisUrl: config.redisUrl, log })
    : db.dialect === 'sqlite'
      ? createInProcessRevocationFeed(db)
      : undefined;
  const auth = new AuthService({
    sessions: new SessionsRepository(kysely),
    accounts,
    tokens,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    sessionRecheckMs: config.sessionRecheckMs,
    ...(sessionRevocations ? { revocations: sessionRevocations } : {}),
    onPublishError: (error) => log.error({ err: error }, 'a session revocation could not be told to the other instances; they see it within a minute'),
  });
  const notifications = new NotificationsService({ db: kysely, smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, log, cursorKey: signingKey, events, deliveryPaused: config.notificationDeliveryPaused });
  const notifier = notifications as unknown as Notifier;
  const fileStore = await createFileStore({ dataDir: config.dataDir, s3: config.s3 });
  const uploads = new UploadsService({ db: kysely, store: fileStore });
  const credentials = new CredentialsService({ db: kysely, notifier, sessions: auth, codeKey: signingKey, publicUrl: config.publicUrl });
  const mailer = notifications as unknown as TransactionalNotifier;
  const companies = new CompaniesService({ repository: accounts.repository, uploads, mailer, cursorKey: signingKey });
  const sellers = new SellersService({ db: kysely, accounts, uploads, mailer, events, cursorKey: signingKey });
  const team = new TeamService({ db: kysely, accounts, credentials, auth });
  const appConfig = buildAppConfig({ publicUrl: config.publicUrl, sitePassword: !!config.sitePassword, map: config.map, chat: { licenseKey: config.chatLicenseKey, appSecret: config.chatAppSecret } });
  const money = createMoneyServices({ config, db, log, events, cursorKey: signingKey });
  const shared = {
    accounts,
    addresses: new AddressesService(accounts.repository),
    auth,
    companies,
    credentials,
    notifications,
    sellers,
    team,
    tokens,
    sessionRevocations,
    uploads,
    fileStore,
    appConfig,
    signingKey,
    events,
    realtime,
    money,
  };
  const catalog = await createCatalogServices({ config, db, log, shared });
  // A store's public face changed (written with the change by the sellers module): the catalog
  // reindexes its products and bumps its version. Idempotent, as the outbox's at-least-once needs.
  const reindexStore = reindexStoreOnChange({ db: kysely, search: catalog.search, version: catalog.version });
  events.on<StoreChanged>(STORE_CHANGED, async ({ payload }) => {
    if (config.storeChangesPaused) throw new Error('store change handling paused (STORE_CHANGES_PAUSED)');
    await reindexStore(payload.storeId);
  });
  const buying = createBuyingServices({ config, db, log, shared: { ...shared, catalog } });
  const chat = createChatModule({ config, db: kysely, events, realtime, uploads, notifications, signingKey, log });
  // An accepted sale offer becomes the buyer's cart line at the agreed price.
  chat.offers.useCart(buying.cart);
  const teamDirectory = () => team.list();
  const blog = new BlogService({ db: kysely, uploads, team: teamDirectory });
  const contact = new ContactService({ db: kysely, notifications, team: teamDirectory, publicUrl: config.publicUrl, addressKey: signingKey });
  const social = createSocialServices({ db, shared: { ...shared, catalog } });
  const commissions = new CommissionsService({
    db: kysely,
    uploads,
    payments: money.payments,
    wallet: money.wallet,
    events,
    notifications,
    publicUrl: config.publicUrl,
  });
  const quotations = createQuotationServices({ db: kysely, shared: { ...shared, buying }, publicUrl: config.publicUrl, signingKey });
  return { ...shared, catalog, buying, cart: buying.cart, chat, blog, contact, social, quotations, commissions };
}
