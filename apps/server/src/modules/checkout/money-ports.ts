import type { Kysely } from 'kysely';
import type { TCardSource, TCheckoutCard, TPaymentOutcome } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import type { MoneyServices } from '../money/index.js';
import { atRate } from '../currencies/index.js';
import type { Executor } from '../wallet/index.js';
import type { CheckoutMoney, CheckoutPayments, CheckoutPoints, CheckoutPromotions, CheckoutWallet, PaymentOutcome } from './checkout-ports.js';

/**
 * Checkout's money ports implemented by the money modules (services.money). Capture policy: a card
 * is captured at once when the order is placed (docs/payments.md): the order exists only with its
 * money taken, and a cancellation refunds it (card or wallet) through the events outbox.
 */
export function checkoutMoney(options: { db: Kysely<Database>; money: MoneyServices }): CheckoutMoney {
  return { payments: payments(options.money), wallet: wallet(options.money), points: points(options.money), promotions: promotions(options) };
}

/** The checkout's card body (number, expMonth, expYear, cvc, saveCard) in the payments module's terms. */
export function toCardSource(card: TCheckoutCard): TCardSource {
  if ('savedCardId' in card) return { savedCardId: card.savedCardId };
  if ('token' in card) return { token: card.token };
  return { details: { number: card.number, expMonth: card.expMonth, expYear: card.expYear, cvc: card.cvc }, ...(card.saveCard ? { save: true } : {}) };
}

/** The payment module's statuses as checkout sees them: paid, waiting for the buyer, or not paid. */
function toOutcome(outcome: TPaymentOutcome): PaymentOutcome {
  switch (outcome.status) {
    case 'captured':
    case 'authorised':
      return { status: outcome.status, paymentRef: outcome.paymentRef };
    case 'requires_action':
      return { status: 'requires_action', paymentRef: outcome.paymentRef, action: outcome.action };
    case 'pending':
      // Asked, answer unknown (lost, or the provider failed): the payments' reconciliation settles it.
      return { status: 'pending', paymentRef: outcome.paymentRef };
    default:
      return { status: 'declined', paymentRef: outcome.paymentRef, declineReason: outcome.declineReason ?? outcome.status };
  }
}

/** The payment's own key: the checkout run's id, prefixed so it never meets a top-up's client key. */
const paymentKey = (runId: string) => `checkout:${runId}`;

function payments(money: MoneyServices): CheckoutPayments {
  return {
    async authorize(options) {
      const outcome = await money.payments.authorize({
        userId: options.buyerId,
        purpose: 'order',
        orderRef: options.orderRef,
        amount: options.amount,
        currency: options.currency,
        card: toCardSource(options.card),
        idempotencyKey: paymentKey(options.idempotencyKey),
        capture: true,
      });
      return toOutcome(outcome);
    },
    async status({ paymentRef }) {
      return toOutcome((await money.payments.get(paymentRef)).outcome);
    },
    async cancel({ paymentRef }) {
      await money.payments.voidPayment({ paymentRef });
    },
    async lookup({ buyerId, idempotencyKey }) {
      const found = await money.payments.findByKey(buyerId, paymentKey(idempotencyKey));
      return found ? toOutcome(found.outcome) : null;
    },
  };
}

const walletKey = (orderId: string) => `order:${orderId}`;

function wallet(money: MoneyServices): CheckoutWallet {
  return {
    async debit(trx, options) {
      // The wallet keeps the store's currency: an order in another one is paid at the order's own
      // recorded rate, so what the ledger takes is what the order says it took (docs/payments.md).
      const inWallet = await walletAmountAt(money, trx, options);
      await money.wallet.debit(trx, {
        userId: options.userId,
        amount: inWallet.amount,
        currency: inWallet.currency,
        orderId: options.orderId,
        idempotencyKey: walletKey(options.orderId),
        description: 'order',
      });
    },
    async restore(trx, options) {
      // Exactly what the debit took, in the wallet's currency (no second conversion).
      const debit = await trx
        .selectFrom('wallet_entries')
        .select(['amount', 'currency'])
        .where('idempotency_key', '=', walletKey(options.orderId))
        .executeTakeFirst();
      if (!debit || Number(debit.amount) >= 0) return;
      await money.wallet.credit(trx, {
        userId: options.userId,
        amount: -Number(debit.amount),
        currency: debit.currency,
        orderId: options.orderId,
        kind: 'refund',
        idempotencyKey: `undo:${options.orderId}`,
        description: 'order not placed',
      });
    },
  };
}

/**
 * An order-currency amount in the wallet's currency at the order's recorded rate (store currency →
 * order currency). Without one (the order is in the wallet's currency, or an older run) the amount
 * is left as it is and the wallet converts what it must at the current rate.
 */
export async function walletAmountAt(
  money: MoneyServices,
  executor: Executor,
  options: { amount: number; currency: string; exchange: { from: string; to: string; rate: string } | null | undefined },
): Promise<{ amount: number; currency: string }> {
  const { exchange } = options;
  const walletCurrency = money.wallet.currency;
  if (options.currency === walletCurrency || !exchange || exchange.from !== walletCurrency || exchange.to !== options.currency) return { amount: options.amount, currency: options.currency };
  const rates = await money.currencies.rates(executor);
  const digits = (code: string) => rates.get(code)?.minorDigits ?? 2;
  return { amount: atRate(exchange.rate, digits(exchange.from), digits(exchange.to)).toA(options.amount), currency: walletCurrency };
}

function points(money: MoneyServices): CheckoutPoints {
  return {
    async redeem(trx, options) {
      const { discount } = await money.points.redeem(trx, {
        userId: options.userId,
        orderId: options.orderId,
        points: options.points,
        currency: options.currency,
      });
      return { value: discount.amount };
    },
    async restore(trx, options) {
      await money.points.reverse(trx, { userId: options.userId, orderId: options.orderId });
    },
  };
}

function promotions(options: { db: Kysely<Database>; money: MoneyServices }): CheckoutPromotions {
  const { money } = options;
  return {
    async evaluate({ code, userId, cart, mode, paymentMethods, trx }) {
      const executor = trx ?? options.db;
      const bought = cart.sellers.flatMap((seller) => seller.lines.filter((line) => line.problem === null).map((line) => ({ line, storeId: seller.storeId })));
      const productIds = [...new Set(bought.map(({ line }) => line.row.product_id))];
      const categories = productIds.length ? await executor.selectFrom('products').select(['id', 'category_id']).where('id', 'in', productIds).execute() : [];
      const categoryOf = new Map(categories.map((row) => [row.id, row.category_id]));
      // Read in the checkout's transaction (SQLite has one connection: a read beside it would wait forever).
      const placed = await executor
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('buyer_id', '=', userId)
        .executeTakeFirst();
      const deliveryFees: Record<string, number> = {};
      for (const seller of cart.sellers) deliveryFees[seller.storeId] = seller.totals.deliveryFee;
      const result = await money.promotions.evaluate({
        code,
        buyerId: userId,
        cart: {
          currency: cart.currency,
          lines: bought.map(({ line, storeId }) => ({
            productId: line.row.product_id,
            storeId,
            categoryId: categoryOf.get(line.row.product_id) ?? '',
            amount: line.unitPrice * line.row.quantity,
          })),
          deliveryFees,
        },
        paymentMethods,
        placedOrders: Number(placed?.n ?? 0),
        deliveryMode: mode,
        // Stores deliver within their own country: the buyer's region is the stores' country.
        region: cart.sellers[0]?.settings?.country ?? null,
        ...(trx ? { executor: trx } : {}),
      });
      if (!result.ok) return { ok: false, reason: result.reason };
      return { ok: true, promoId: result.promo.id, discount: { products: result.discount.products, delivery: result.discount.delivery } };
    },
    async recordUse(trx, { promoId, buyerId, orderId, discount, currency }) {
      await money.promotions.recordUse(trx, { promoId, buyerId, orderId, discount: { amount: discount, currency } });
    },
    async releaseUse(trx, { promoId, buyerId, orderId }) {
      await money.promotions.releaseUse(trx, { promoId, buyerId, orderId });
    },
  };
}
