import type { Kysely, Transaction } from 'kysely';
import type { OrderTypeLabel, TMoney, TWallet, TWalletTransaction, WalletEntryKind } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { createCursorCodec, type CursorCodec } from '../../lib/cursor.js';
import { AppError, Invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { CurrenciesService } from '../currencies/index.js';

/** A database handle or the caller's open transaction: a move joins the caller's transaction. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** What each kind of entry is called in the seed's order-type labels (§4). */
const DEFAULT_LABEL: Record<WalletEntryKind, OrderTypeLabel> = {
  topup: 'ENTRY',
  refund: 'ENTRY',
  order_payment: 'SHOPPING',
  sale: 'SALES',
  adjustment: 'ENTRY',
};

export interface WalletMove {
  userId: string;
  /** Minor units of `currency`, above zero. Converted to the wallet's currency when they differ. */
  amount: number;
  currency: string;
  orderId?: string | undefined;
  paymentId?: string | undefined;
  /** The same key twice writes one entry: the second call answers the first entry. */
  idempotencyKey?: string | undefined;
  description?: string | undefined;
  /** Default from the kind (ENTRY in, SHOPPING for an order, SALES for a sale). */
  label?: OrderTypeLabel | undefined;
}

export interface WalletEntry {
  id: string;
  userId: string;
  /** Signed, minor units of the wallet's currency. */
  amount: number;
  currency: string;
  balanceAfter: number;
  kind: WalletEntryKind;
  label: OrderTypeLabel;
  orderId: string | null;
  createdAt: number;
}

interface Position {
  id: string;
}

/**
 * The buyer's wallet (issue #11 §3): a balance row and a ledger. Every move is one guarded UPDATE
 * of the balance (a debit only `WHERE balance >= amount`) and one ledger entry, in the caller's
 * transaction, so the balance always equals the sum of the entries and never goes below zero, even
 * with debits racing on PostgreSQL. The wallet keeps the store's default currency; a move in
 * another currency is converted at the current rate.
 *
 * For buy-core's checkout: `debit(trx, { userId, amount, currency, orderId, idempotencyKey })` in the
 * order's transaction (throws WALLET_INSUFFICIENT: roll back); a refund to the wallet is
 * `credit(trx, { …, kind: 'refund' })` in the cancellation's transaction.
 */
export class WalletService {
  private readonly db: Kysely<Database>;
  private readonly currencies: CurrenciesService;
  private readonly cursors: CursorCodec<Position>;
  private readonly now: () => number;

  constructor(options: { db: Kysely<Database>; currencies: CurrenciesService; cursorKey: Uint8Array | string; now?: () => number }) {
    this.db = options.db;
    this.currencies = options.currencies;
    this.cursors = createCursorCodec<Position>({ key: options.cursorKey, purpose: 'wallet' });
    this.now = options.now ?? Date.now;
  }

  get currency(): string {
    return this.currencies.defaultCurrency;
  }

  /** Takes money out for an order (or another debit kind). Throws WALLET_INSUFFICIENT when the balance is short. */
  async debit(trx: Executor, move: WalletMove & { kind?: Extract<WalletEntryKind, 'order_payment' | 'adjustment'> }): Promise<WalletEntry> {
    return this.move(trx, move, move.kind ?? 'order_payment', -1);
  }

  /** Puts money in: a top-up, a refund, a seller's sale, a credit by the store team. */
  async credit(trx: Executor, move: WalletMove & { kind: Extract<WalletEntryKind, 'topup' | 'refund' | 'sale' | 'adjustment'> }): Promise<WalletEntry> {
    return this.move(trx, move, move.kind, 1);
  }

  /** The balance in the wallet's currency. */
  async balance(userId: string, executor: Executor = this.db): Promise<TMoney> {
    const row = await executor.selectFrom('wallet_accounts').select('balance').where('user_id', '=', userId).where('currency', '=', this.currency).executeTakeFirst();
    return { amount: Number(row?.balance ?? 0), currency: this.currency };
  }

  /** Seed §3 Wallet: balance, current credit and recent transactions (newest first, keyset pages). */
  async view(options: { userId: string; displayCurrency?: string | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<TWallet> {
    const limit = options.limit ?? 20;
    const after = options.cursor ? this.cursors.decode(options.cursor, (p) => typeof p?.id === 'string' && p.id.length <= 64) : undefined;
    let query = this.db
      .selectFrom('wallet_entries')
      .select(['id', 'amount', 'currency', 'balance_after', 'kind', 'label', 'order_id', 'created_at'])
      .where('user_id', '=', options.userId)
      .where('currency', '=', this.currency)
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (after) query = query.where('id', '<', after.id);
    const [rows, balance, display] = await Promise.all([query.execute(), this.balance(options.userId), this.currencies.resolve(options.displayCurrency)]);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const quote = await this.currencies.quote(this.currency, display.code);
    const transactions: TWalletTransaction[] = page.map((row) => ({
      id: row.id,
      amount: { amount: Number(row.amount), currency: row.currency },
      type: row.label as OrderTypeLabel,
      kind: row.kind as WalletEntryKind,
      orderId: row.order_id,
      balanceAfter: { amount: Number(row.balance_after), currency: row.currency },
      createdAt: Number(row.created_at),
    }));
    return {
      balance,
      currentCredit: { amount: Math.max(0, balance.amount), currency: balance.currency },
      balanceInRequestedCurrency: { amount: quote.convert(balance.amount), currency: quote.to },
      recentTransactions: transactions,
      nextCursor: rows.length > limit && last ? this.cursors.encode({ id: last.id }) : null,
    };
  }

  private async move(trx: Executor, move: WalletMove, kind: WalletEntryKind, sign: 1 | -1): Promise<WalletEntry> {
    if (!Number.isSafeInteger(move.amount) || move.amount <= 0) throw Invalid('amount', 'a whole number of minor units above zero');
    if (move.idempotencyKey) {
      const done = await trx.selectFrom('wallet_entries').selectAll().where('idempotency_key', '=', move.idempotencyKey).executeTakeFirst();
      if (done) return toEntry(done);
    }
    const amount = move.currency.toUpperCase() === this.currency ? move.amount : await this.currencies.convert(move.amount, move.currency.toUpperCase(), this.currency, trx);
    if (amount <= 0) throw Invalid('amount', 'too small to move');
    const now = this.now();
    let balanceAfter: number;
    if (sign < 0) {
      // Guarded: the balance only moves when it covers the debit (never read-then-write).
      const row = await trx
        .updateTable('wallet_accounts')
        .set((eb) => ({ balance: eb('balance', '-', amount), updated_at: now }))
        .where('user_id', '=', move.userId)
        .where('currency', '=', this.currency)
        .where('balance', '>=', amount)
        .returning('balance')
        .executeTakeFirst();
      if (!row) throw new AppError('WALLET_INSUFFICIENT', 'wallet');
      balanceAfter = Number(row.balance);
    } else {
      const row = await trx
        .insertInto('wallet_accounts')
        .values({ user_id: move.userId, currency: this.currency, balance: amount, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'currency']).doUpdateSet((eb) => ({ balance: eb('wallet_accounts.balance', '+', amount), updated_at: now })))
        .returning('balance')
        .executeTakeFirstOrThrow();
      balanceAfter = Number(row.balance);
    }
    const entry = {
      id: newId(),
      user_id: move.userId,
      currency: this.currency,
      amount: sign * amount,
      balance_after: balanceAfter,
      kind,
      label: move.label ?? (sign < 0 && kind === 'adjustment' ? 'SENT' : DEFAULT_LABEL[kind]),
      order_id: move.orderId ?? null,
      payment_id: move.paymentId ?? null,
      idempotency_key: move.idempotencyKey ?? null,
      description: move.description ?? null,
      created_at: now,
    };
    await trx.insertInto('wallet_entries').values(entry).execute();
    return toEntry(entry);
  }
}

function toEntry(row: Database['wallet_entries']): WalletEntry {
  return {
    id: row.id,
    userId: row.user_id,
    amount: Number(row.amount),
    currency: row.currency,
    balanceAfter: Number(row.balance_after),
    kind: row.kind as WalletEntryKind,
    label: row.label as OrderTypeLabel,
    orderId: row.order_id,
    createdAt: Number(row.created_at),
  };
}
