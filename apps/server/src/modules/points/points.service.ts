import type { Kysely } from 'kysely';
import type { PointsEntryKind, TMoney, TPoints } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, Invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { CurrenciesService } from '../currencies/index.js';
import type { Executor } from '../wallet/index.js';

/** The configured rule (BONUS_POINTS_PER_UNIT, BONUS_POINT_VALUE). */
export interface PointsRules {
  /** Points earned per whole unit of the default currency of a delivered order's total. */
  pointsPerUnit: number;
  /** Minor units of the default currency one point takes off at checkout. */
  pointValue: number;
}

export interface PointsMove {
  id: string;
  points: number;
  balanceAfter: number;
  kind: PointsEntryKind;
}

/**
 * Bonus points (issue #11 §2): earned per delivered order by the configured rule, redeemed at
 * checkout, reversed when an order is refunded; a ledger whose balance is the sum of its entries,
 * moved by guarded updates in the caller's transaction. Every move is idempotent per order: an
 * order's delivery driven twice earns once.
 *
 * For buy-core: `redeem(trx, { userId, orderId, points })` in the order's transaction answers what
 * the points take off (in the order's currency); `earn(trx, { userId, orderId, total })` when a store
 * order is delivered (once per store order: pass its id as orderId); `reverse(trx, { userId, orderId })`
 * on a refund takes back what that order earned and gives back what it redeemed.
 */
export class PointsService {
  private readonly db: Kysely<Database>;
  private readonly currencies: CurrenciesService;
  readonly rules: PointsRules;
  private readonly now: () => number;

  constructor(options: { db: Kysely<Database>; currencies: CurrenciesService; rules: PointsRules; now?: () => number }) {
    this.db = options.db;
    this.currencies = options.currencies;
    this.rules = options.rules;
    this.now = options.now ?? Date.now;
  }

  async balance(userId: string, executor: Executor = this.db): Promise<number> {
    const row = await executor.selectFrom('points_accounts').select('balance').where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.balance ?? 0);
  }

  /** Points a delivered order of this total earns by the rule. */
  async pointsFor(total: TMoney, executor?: Executor): Promise<number> {
    const rates = await this.currencies.rates(executor);
    const inDefault = rates.quote(total.currency, this.currencies.defaultCurrency).convert(total.amount);
    const info = rates.get(this.currencies.defaultCurrency);
    const unit = 10 ** (info?.minorDigits ?? 2);
    return Math.max(0, Math.floor((inDefault / unit) * this.rules.pointsPerUnit));
  }

  /** What points take off, in a currency. */
  async worth(points: number, currency: string, executor?: Executor): Promise<TMoney> {
    const inDefault = points * this.rules.pointValue;
    return { amount: await this.currencies.convert(inDefault, this.currencies.defaultCurrency, currency, executor), currency };
  }

  /** Points for a delivered (store) order; once per orderId. Answers null when the rule gives none. */
  async earn(trx: Executor, options: { userId: string; orderId: string; total: TMoney }): Promise<PointsMove | null> {
    const points = await this.pointsFor(options.total, trx);
    if (points <= 0) return null;
    return this.move(trx, { userId: options.userId, orderId: options.orderId, points, kind: 'earned', key: `earned:${options.orderId}` });
  }

  /**
   * Spends points on an order; answers what they take off in the order's currency. Throws
   * POINTS_INSUFFICIENT (roll the order back) when the balance is short.
   */
  async redeem(trx: Executor, options: { userId: string; orderId: string; points: number; currency: string }): Promise<{ move: PointsMove; discount: TMoney }> {
    if (!Number.isSafeInteger(options.points) || options.points <= 0) throw Invalid('points', 'a whole number above zero');
    const move = await this.move(trx, { userId: options.userId, orderId: options.orderId, points: -options.points, kind: 'redeemed', key: `redeemed:${options.orderId}` });
    return { move, discount: await this.worth(options.points, options.currency, trx) };
  }

  /**
   * On a refund: takes back what the order earned (as far as the balance allows: points already
   * spent are not clawed below zero) and gives back what it redeemed. Once per orderId.
   */
  async reverse(trx: Executor, options: { userId: string; orderId: string }): Promise<PointsMove[]> {
    const entries = await trx.selectFrom('points_entries').select(['kind', 'points']).where('order_id', '=', options.orderId).where('user_id', '=', options.userId).execute();
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((total, e) => total + Number(e.points), 0);
    const moves: PointsMove[] = [];
    const earned = sum('earned') + sum('reversed');
    if (earned > 0) {
      const available = await this.balance(options.userId, trx);
      const take = Math.min(earned, available);
      if (take > 0) moves.push(await this.move(trx, { userId: options.userId, orderId: options.orderId, points: -take, kind: 'reversed', key: `reversed:${options.orderId}` }));
    }
    const redeemed = -(sum('redeemed') + sum('restored'));
    if (redeemed > 0) moves.push(await this.move(trx, { userId: options.userId, orderId: options.orderId, points: redeemed, kind: 'restored', key: `restored:${options.orderId}` }));
    return moves;
  }

  /** The profile's bonus points: balance (seed `bonusPoint`), what they are worth, the rule and recent entries. */
  async view(options: { userId: string; displayCurrency?: string | undefined }): Promise<TPoints> {
    const [bonusPoint, rows, display] = await Promise.all([
      this.balance(options.userId),
      this.db.selectFrom('points_entries').selectAll().where('user_id', '=', options.userId).orderBy('id', 'desc').limit(50).execute(),
      this.currencies.resolve(options.displayCurrency),
    ]);
    return {
      bonusPoint,
      worth: await this.worth(bonusPoint, display.code),
      rules: { pointsPerUnit: this.rules.pointsPerUnit, pointValue: await this.worth(1, display.code) },
      entries: rows.map((row) => ({
        id: row.id,
        points: Number(row.points),
        kind: row.kind as PointsEntryKind,
        orderId: row.order_id,
        balanceAfter: Number(row.balance_after),
        createdAt: Number(row.created_at),
      })),
    };
  }

  private async move(trx: Executor, options: { userId: string; orderId: string | null; points: number; kind: PointsEntryKind; key: string }): Promise<PointsMove> {
    const done = await trx.selectFrom('points_entries').select(['id', 'points', 'balance_after', 'kind']).where('idempotency_key', '=', options.key).executeTakeFirst();
    if (done) return { id: done.id, points: Number(done.points), balanceAfter: Number(done.balance_after), kind: done.kind as PointsEntryKind };
    const now = this.now();
    const { points } = options;
    let balanceAfter: number;
    if (points < 0) {
      const row = await trx
        .updateTable('points_accounts')
        .set((eb) => ({ balance: eb('balance', '-', -points), updated_at: now }))
        .where('user_id', '=', options.userId)
        .where('balance', '>=', -points)
        .returning('balance')
        .executeTakeFirst();
      if (!row) throw new AppError('POINTS_INSUFFICIENT', 'points');
      balanceAfter = Number(row.balance);
    } else {
      const row = await trx
        .insertInto('points_accounts')
        .values({ user_id: options.userId, balance: points, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ balance: eb('points_accounts.balance', '+', points), updated_at: now })))
        .returning('balance')
        .executeTakeFirstOrThrow();
      balanceAfter = Number(row.balance);
    }
    const id = newId();
    await trx
      .insertInto('points_entries')
      .values({ id, user_id: options.userId, points, balance_after: balanceAfter, kind: options.kind, order_id: options.orderId, idempotency_key: options.key, created_at: now })
      .execute();
    return { id, points, balanceAfter, kind: options.kind };
  }
}
