import type { Kysely } from 'kysely';
import type { TPaymentOutcome, TWallet, TWalletTopUpRequest } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import type { PaymentsService } from '../payments/index.js';
import type { WalletService } from './wallet.service.js';

/**
 * Wallet top-ups by card (issue #11 §3). The card is charged through the payments port with the
 * client's idempotency key; the wallet is credited in the same transaction that records the
 * capture (payments' settled handler), keyed by the payment, so a retried request, a second-step
 * confirmation and a provider's webhook all credit it exactly once.
 */
export class TopUpsService {
  constructor(
    private readonly deps: { db: Kysely<Database>; payments: PaymentsService; wallet: WalletService },
  ) {
    deps.payments.onSettled('wallet_topup', async (trx, payment) => {
      await deps.wallet.credit(trx, {
        userId: payment.userId,
        amount: payment.amount,
        currency: payment.currency,
        kind: 'topup',
        paymentId: payment.id,
        idempotencyKey: `topup:${payment.id}`,
      });
    });
  }

  async topUp(options: { userId: string; input: TWalletTopUpRequest; idempotencyKey: string; displayCurrency?: string | undefined }): Promise<{ payment: TPaymentOutcome; wallet: TWallet | null }> {
    const payment = await this.deps.payments.authorize({
      userId: options.userId,
      purpose: 'wallet_topup',
      orderRef: null,
      amount: options.input.amount,
      currency: this.deps.wallet.currency,
      card: options.input.card,
      idempotencyKey: `topup:${options.idempotencyKey}`,
    });
    return { payment, wallet: await this.walletIfPaid(options.userId, payment, options.displayCurrency) };
  }

  async confirm(options: { userId: string; paymentRef: string; result?: 'complete' | 'fail' | undefined; displayCurrency?: string | undefined }) {
    const payment = await this.deps.payments.confirmAction(options);
    return { payment, wallet: await this.walletIfPaid(options.userId, payment, options.displayCurrency) };
  }

  private async walletIfPaid(userId: string, payment: TPaymentOutcome, displayCurrency: string | undefined): Promise<TWallet | null> {
    return payment.status === 'captured' ? this.deps.wallet.view({ userId, displayCurrency }) : null;
  }
}
