import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { CurrenciesService } from '../currencies/index.js';
import type { EventsService } from '../events/index.js';
import { type PaymentGateway, PaymentsService, StripeGateway, TestGateway } from '../payments/index.js';
import { PointsService } from '../points/index.js';
import { PromotionsService } from '../promotions/index.js';
import { TopUpsService, WalletService } from '../wallet/index.js';

/**
 * The money modules, wired once (`services.money`): currencies and rates, the wallet and its
 * top-ups, bonus points, promo codes, and card payments through the provider port.
 *
 * For buy-core: checkout calls `services.money.promotions.evaluate/recordUse`,
 * `.points.redeem`, `.wallet.debit`, `.payments.authorize/attachToOrder/voidPayment`,
 * `.currencies.quote`; cancellations `.payments.requestRefund` or `.wallet.credit(kind: 'refund')`
 * and `.points.reverse`; delivery `.points.earn`. Each service's comment says how.
 */
export interface MoneyServices {
  currencies: CurrenciesService;
  wallet: WalletService;
  topUps: TopUpsService;
  points: PointsService;
  promotions: PromotionsService;
  payments: PaymentsService;
}

/** The test gateway, or Stripe when STRIPE_SECRET_KEY is set. */
export function createGateway(config: Config, db: Db): PaymentGateway {
  const { stripeSecretKey, stripeWebhookSecret, stripeApiUrl } = config.money;
  if (!stripeSecretKey) return new TestGateway({ db: db.kysely });
  const api = stripeApiUrl ? new URL(stripeApiUrl) : undefined;
  return new StripeGateway({
    secretKey: stripeSecretKey,
    webhookSecret: stripeWebhookSecret,
    api: api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' } : undefined,
  });
}

export function createMoneyServices(options: { config: Config; db: Db; log: FastifyBaseLogger; events: EventsService; cursorKey: Uint8Array }): MoneyServices {
  const { config, db, log, events, cursorKey } = options;
  const kysely = db.kysely;
  const currencies = new CurrenciesService({ db: kysely, defaultCurrency: config.money.defaultCurrency });
  const wallet = new WalletService({ db: kysely, currencies, cursorKey });
  const points = new PointsService({ db: kysely, currencies, rules: { pointsPerUnit: config.money.pointsPerUnit, pointValue: config.money.pointValue } });
  const promotions = new PromotionsService({ db: kysely, currencies, cursorKey });
  const payments = new PaymentsService({ db: kysely, gateway: createGateway(config, db), events, log, reconcileAfterSeconds: config.money.reconcileAfterSeconds });
  const topUps = new TopUpsService({ db: kysely, payments, wallet });
  return { currencies, wallet, topUps, points, promotions, payments };
}
