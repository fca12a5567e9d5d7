import { errorMessage, PAYMENT_TYPES } from '@tessera/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { CartRepository, cartRoutes, CartService } from '../cart/index.js';
import { checkoutMoney, type CheckoutMoney, checkoutRoutes, CheckoutService } from '../checkout/index.js';
import { DeliveryService } from '../delivery/index.js';
import { DemoDriverSimulator, OrderTopicAccess } from '../tracking/index.js';
import { AdminOrderSearch, driversRoutes, DriversService, OrderEvents, OrderInvoices, orderRefunds, OrdersRepository, ordersRoutes, OrdersService } from '../orders/index.js';

/**
 * The buying modules (issue #11): delivery rules, cart, checkout, orders and tracking, wired once per
 * app after the shared services and the catalog.
 */
export interface BuyingServices {
  delivery: DeliveryService;
  cart: CartService;
  checkout: CheckoutService;
  orders: OrdersService;
  /** The console's order list with search and filters. */
  adminOrders: AdminOrderSearch;
  /** Invoice PDFs. */
  invoices: OrderInvoices;
  drivers: DriversService;
  orderEvents: OrderEvents;
  /** Who may follow Order/{orderId} on the broker. */
  tracking: OrderTopicAccess;
  /** The money modules checkout calls (buy-money wires payments, wallet, points, promotions). */
  money: CheckoutMoney;
  /** Drives the demo driver along a route (started by buyingRoutes when configured). */
  demoDriver: DemoDriverSimulator;
}

export function createBuyingServices(options: { config: Config; db: Db; log: FastifyBaseLogger; shared: Omit<Services, 'buying' | 'cart' | 'chat' | 'blog' | 'contact' | 'social' | 'quotations' | 'commissions'> }): BuyingServices {
  const { config, db, shared } = options;
  const kysely = db.kysely;
  const delivery = new DeliveryService({ db: kysely, defaultLocation: config.defaultLocation });
  // The catalog's version is part of the priced-cart memo's fingerprint (cart-memo.ts).
  const cart = new CartService({ repository: new CartRepository(kysely), delivery, currencies: shared.money.currencies, catalogVersion: () => shared.catalog.version.current(), ...(db.changeToken ? { changeToken: db.changeToken } : {}) });
  shared.accounts.onGuestMerge((merge) => cart.mergeGuest(merge));
  const ordersRepository = new OrdersRepository(kysely);
  const orderEvents = new OrderEvents({
    events: shared.events,
    realtime: shared.realtime,
    notifications: shared.notifications,
    repository: ordersRepository,
    publicUrl: config.publicUrl,
    // A sale that changed a stock state moves the catalog's version (see OrderEvents.stockChanged).
    onStockChanged: () => shared.catalog.version.bump(),
  });
  orderEvents.register();
  const money: CheckoutMoney = checkoutMoney({ db: kysely, money: shared.money });
  // The cart answers whether the buyer's promo code applies and what it saves (GET /v1/cart with
  // promoCode), by the same rules as the checkout; the payment type is not chosen yet, so a code kept
  // for one payment type is checked again when the order is placed.
  const promotions = money.promotions;
  if (promotions) {
    cart.useCoupons({
      async evaluate({ code, userId, cart: priced, mode, language }) {
        const outcome = await promotions.evaluate({ code, userId, cart: priced, mode, paymentMethods: [...PAYMENT_TYPES] });
        if (outcome.ok) return { ok: true, discount: outcome.discount };
        const message = errorMessage(outcome.reason, language);
        return { ok: false, reason: outcome.reason, message, data: { reason: outcome.reason, promo_code: code, message } };
      },
    });
  }
  const checkout = new CheckoutService({ db: kysely, cart, delivery, money, events: orderEvents, accounts: shared.accounts, addresses: shared.addresses, orders: ordersRepository, outbox: shared.events });
  // A 3-D Secure step finished through /v1/payments/:ref/confirm (or Stripe's webhook) completes its order.
  shared.money.payments.onActionSettled(async (payment) => {
    if (payment.purpose === 'order') await checkout.paymentSettled(payment.id);
  });
  // First-order-only codes count the buyer's placed orders.
  shared.money.promotions.usePlacedOrdersCounter(async (buyerId) => Number((await kysely.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('buyer_id', '=', buyerId).executeTakeFirst())?.n ?? 0));
  const orders = new OrdersService({
    db: kysely,
    repository: ordersRepository,
    events: orderEvents,
    delivery,
    stockNotifications: shared.catalog.stockNotifications,
    cart,
    notifications: shared.notifications,
    cursorKey: shared.signingKey,
  });
  // Cancellations and refunds give the money back (card or wallet) and the points; delivery earns points.
  orders.refunds = orderRefunds({ db: kysely, money: shared.money, events: shared.events });
  const drivers = new DriversService({ db: kysely, accounts: shared.accounts, repository: ordersRepository, events: orderEvents, orders });
  const demoDriver = new DemoDriverSimulator({
    db: kysely,
    drivers,
    log: options.log,
    tripMs: config.demoDriver.tripSeconds * 1000,
    stepMs: config.demoDriver.stepSeconds * 1000,
    deliverOnArrival: config.demoDriver.deliverOnArrival,
  });
  const adminOrders = new AdminOrderSearch({ db: kysely, cursorKey: shared.signingKey });
  const invoices = new OrderInvoices({ orders, fontPath: config.invoiceFont });
  return { delivery, cart, checkout, orders, adminOrders, invoices, drivers, orderEvents, money, tracking: new OrderTopicAccess(kysely), demoDriver };
}

/** Every buying route plugin, registered by app.ts after the access-control hook. */
export function buyingRoutes(services: Services, options: { simulateDemoDriver: boolean }): FastifyPluginAsync {
  const { buying } = services;
  return async (app) => {
    await app.register(cartRoutes({ cart: buying.cart, delivery: buying.delivery }));
    await app.register(checkoutRoutes({ checkout: buying.checkout }));
    await app.register(ordersRoutes({ orders: buying.orders, adminOrders: buying.adminOrders, invoices: buying.invoices }));
    await app.register(driversRoutes({ drivers: buying.drivers, orders: buying.orders, auth: services.auth, accounts: services.accounts, credentials: services.credentials }));
    // Runs a crash left half-way are finished or undone (checkout.service.ts: recoverRuns).
    const recover = () => buying.checkout.recoverRuns().catch((error: unknown) => app.log.warn({ err: error }, 'checkout recovery failed'));
    const timer = setInterval(recover, 10_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    if (options.simulateDemoDriver) {
      buying.demoDriver.start();
      app.addHook('onClose', () => buying.demoDriver.stop());
    }
  };
}
