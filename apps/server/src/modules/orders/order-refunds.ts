import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { walletAmountAt } from '../checkout/index.js';
import type { EventsService, OutboxEvent } from '../events/index.js';
import type { MoneyServices } from '../money/index.js';
import { ORDER_DELIVERED, type OrderDelivered } from './order-events.js';
import type { OrderRefunds } from './orders.service.js';

/**
 * Money back for a cancelled or refunded store order, and bonus points for a delivered one (issue
 * #11 §2, §4). Everything is written in the caller's transaction: the card's refund row and its
 * outbox event (the provider is called after commit, payments.service.ts), the wallet's ledger
 * entry, the points' entries.
 *
 * Where the money goes ('original'): back to the card, as far as the card paid and was not refunded
 * yet, then to the wallet, as far as the wallet paid; what is left is the share the points paid,
 * which comes back as points (all the order's redeemed points once every store order is refunded).
 * 'wallet' (the store team's choice): all of it to the wallet. Points a store order earned are
 * taken back when it is refunded.
 */
export function orderRefunds(options: { db: Kysely<Database>; money: MoneyServices; events: EventsService }): OrderRefunds {
  const { money } = options;

  options.events.on<OrderDelivered>(ORDER_DELIVERED, async (event: OutboxEvent<OrderDelivered>) => {
    await options.db.transaction().execute(async (trx) => {
      const storeOrder = await trx
        .selectFrom('store_orders')
        .select(['id', 'total', 'refunded', 'currency'])
        .where('id', '=', event.payload.storeOrderId)
        .executeTakeFirst();
      const order = await trx.selectFrom('orders').select(['buyer_id']).where('id', '=', event.payload.orderId).executeTakeFirst();
      if (!storeOrder || !order) return;
      await money.points.earn(trx, {
        userId: order.buyer_id,
        orderId: storeOrder.id,
        total: { amount: Number(storeOrder.total) - Number(storeOrder.refunded), currency: storeOrder.currency },
      });
    });
  });

  // A card payment of an order captured after the order was written (a later capture, or the
  // provider's webhook): the order's payment state says so in the transaction that records it.
  money.payments.onSettled('order', async (trx, payment) => {
    await trx.updateTable('orders').set({ payment_status: 'captured', updated_at: Date.now() }).where('payment_ref', '=', payment.id).where('payment_status', 'in', ['authorised', 'pending']).execute();
  });

  return {
    async refund(trx, refund) {
      const order = await trx
        .selectFrom('orders')
        .select(['wallet_amount', 'wallet_refunded', 'points_redeemed', 'currency', 'base_currency', 'exchange_rate'])
        .where('id', '=', refund.orderId)
        .executeTakeFirstOrThrow();
      let left = refund.amount;
      if (refund.to === 'original' && refund.paymentRef) {
        const payment = await trx
          .selectFrom('payments')
          .select(['captured_amount', 'refunded_amount', 'status'])
          .where('id', '=', refund.paymentRef)
          .executeTakeFirst();
        const onCard =
          payment && ['captured', 'partially_refunded'].includes(payment.status) ? Number(payment.captured_amount) - Number(payment.refunded_amount) : 0;
        const toCard = Math.min(left, onCard);
        if (toCard > 0) {
          await money.payments.requestRefund(trx, {
            paymentRef: refund.paymentRef,
            amount: toCard,
            key: `order-refund:${refund.storeOrderId}:${newId()}`,
            reason: 'order cancelled or refunded',
          });
          left -= toCard;
        }
      }
      if (left > 0) {
        // To the wallet: all of it when asked, else up to what the wallet paid and was not given back
        // yet — both in the order's currency (the wallet's own entries may be in another one).
        const owed = Math.max(0, Number(order.wallet_amount) - Number(order.wallet_refunded));
        const toWallet = refund.to === 'original' ? Math.min(left, owed) : left;
        if (toWallet > 0) {
          const credit = await walletCredit(trx, money, { order, orderId: refund.orderId, amount: toWallet, currency: refund.currency, last: refund.to === 'original' && toWallet === owed });
          await money.wallet.credit(trx, {
            userId: refund.buyerId,
            amount: credit.amount,
            currency: credit.currency,
            orderId: refund.orderId,
            kind: 'refund',
            idempotencyKey: `order-refund:${refund.storeOrderId}:${newId()}`,
            description: 'order refund',
          });
          await trx
            .updateTable('orders')
            .set((eb) => ({ wallet_refunded: eb('wallet_refunded', '+', toWallet) }))
            .where('id', '=', refund.orderId)
            .execute();
        }
      }
      // Points this store order earned go; the order's redeemed points come back once nothing of it stands.
      await money.points.reverse(trx, { userId: refund.buyerId, orderId: refund.storeOrderId });
      if (Number(order.points_redeemed) > 0) {
        // This store order counts too: a whole refund has moved it to cancelled or refunded already,
        // while one item's refund leaves it standing (its points stay spent until nothing stands).
        const standing = await trx
          .selectFrom('store_orders')
          .select('id')
          .where('order_id', '=', refund.orderId)
          .where('status', 'not in', ['cancelled', 'refunded'])
          .executeTakeFirst();
        if (!standing) await money.points.reverse(trx, { userId: refund.buyerId, orderId: refund.orderId });
      }
      await refreshPaymentStatus(trx, refund.orderId);
    },
  };
}

/**
 * The order's payment state after money went back, in the refund's transaction: 'refunded' once
 * every store order's total is back (to the card, the wallet or as points), 'partially_refunded'
 * while some is. The callers have raised the store orders' `refunded` before the refund runs.
 */
export async function refreshPaymentStatus(trx: Transaction<Database>, orderId: string): Promise<void> {
  const sums = await trx
    .selectFrom('store_orders')
    .select((eb) => [eb.fn.sum<number>('total').as('total'), eb.fn.sum<number>('refunded').as('refunded')])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  const refunded = Number(sums?.refunded ?? 0);
  if (refunded <= 0) return;
  const status = refunded >= Number(sums?.total ?? 0) ? 'refunded' : 'partially_refunded';
  await trx.updateTable('orders').set({ payment_status: status, updated_at: Date.now() }).where('id', '=', orderId).execute();
}

/**
 * A refund to the wallet in the wallet's currency, at the rate the order was charged at (never
 * today's: the buyer gets back what he paid). The last part of what the wallet paid gives back
 * exactly what the wallet's debit took less what came back already, so rounding never keeps a
 * cent. Orders in the wallet's currency, and older ones without a rate, are credited as they are.
 */
async function walletCredit(
  trx: Transaction<Database>,
  money: MoneyServices,
  options: { order: { currency: string; base_currency: string | null; exchange_rate: string | null }; orderId: string; amount: number; currency: string; last: boolean },
): Promise<{ amount: number; currency: string }> {
  const { order } = options;
  const walletCurrency = money.wallet.currency;
  const converted = await walletAmountAt(money, trx, {
    amount: options.amount,
    currency: options.currency,
    exchange: order.exchange_rate && order.base_currency ? { from: order.base_currency, to: order.currency, rate: order.exchange_rate } : null,
  });
  if (converted.currency !== walletCurrency || options.currency === walletCurrency || !options.last) return converted;
  const moves = await trx
    .selectFrom('wallet_entries')
    .select(['kind', (eb) => eb.fn.sum<number>('amount').as('sum')])
    .where('order_id', '=', options.orderId)
    .where('currency', '=', walletCurrency)
    .where('kind', 'in', ['order_payment', 'refund'])
    .groupBy('kind')
    .execute();
  const taken = -Number(moves.find((m) => m.kind === 'order_payment')?.sum ?? 0);
  const back = Number(moves.find((m) => m.kind === 'refund')?.sum ?? 0);
  const rest = taken - back;
  return rest > 0 ? { amount: rest, currency: walletCurrency } : converted;
}
