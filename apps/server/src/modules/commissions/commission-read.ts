import type { Kysely } from 'kysely';
import type { CommissionActor, CommissionKind, CommissionStatus, Language, TCommission, TCommissionHistory, TCommissionSummary } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { pickText } from '../catalog/index.js';
import { allowedActions } from './commission-rules.js';
import type { CommissionsTable } from './commissions.tables.js';

const LIST_LIMIT = 200;

/** A person as the other side sees them: first name and last initial. */
const personName = (first: string | null, last: string | null): string => [first, last ? `${last.slice(0, 1)}.` : null].filter(Boolean).join(' ') || '—';

/** What the commission pages show: details with history and images, and the lists of each side. */
export class CommissionReads {
  constructor(private readonly db: Kysely<Database>) {}

  async detail(row: CommissionsTable, actor: CommissionActor | null, language: Language): Promise<TCommission> {
    const { db } = this;
    const [history, images, buyer, store, product] = await Promise.all([
      db.selectFrom('commission_history').selectAll().where('commission_id', '=', row.id).orderBy('id').execute(),
      db.selectFrom('commission_images').selectAll().where('commission_id', '=', row.id).orderBy('id').execute(),
      db.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', row.buyer_id).executeTakeFirst(),
      db.selectFrom('stores').select(['id', 'store_name']).where('id', '=', row.store_id).executeTakeFirstOrThrow(),
      row.product_id ? db.selectFrom('products').select(['id', 'title']).where('id', '=', row.product_id).executeTakeFirst() : undefined,
    ]);
    const buyerName = personName(buyer?.first_name ?? null, buyer?.last_name ?? null);
    const storeName = pickText(store.store_name, language);
    const money = (amount: number | string | null) => ({ amount: Number(amount ?? 0), currency: row.currency });
    const facts = { status: row.status, changeRounds: row.change_rounds, changesUsed: row.changes_used };
    return {
      id: row.id,
      kind: row.kind as CommissionKind,
      status: row.status as CommissionStatus,
      buyerName,
      store: { id: store.id, name: storeName },
      product: row.product_id ? { id: row.product_id, title: product ? pickText(product.title, language) : row.title } : null,
      choices: JSON.parse(row.choices) as TCommission['choices'],
      personalisation: row.personalisation,
      newProduct:
        row.kind === 'fullyCustom'
          ? { title: row.title, description: row.description ?? '', budget: row.budget === null ? null : money(row.budget), wantedBy: row.wanted_by }
          : null,
      quantity: Number(row.quantity),
      notes: row.notes,
      proposal:
        row.price === null
          ? null
          : {
              price: money(row.price),
              deposit: money(row.deposit),
              balance: money(Number(row.price) - Number(row.deposit ?? 0)),
              leadTimeDays: Number(row.lead_time_days),
              changeRounds: Number(row.change_rounds),
              refundSharePercent: Number(row.refund_share),
              note: row.proposal_note,
            },
      paid: { deposit: money(row.deposit_paid), balance: money(row.balance_paid), refunded: money(row.refunded) },
      changesUsed: Number(row.changes_used),
      images: images.map((image) => ({
        id: image.id,
        url: `/v1/commissions/${row.id}/images/${image.id}`,
        kind: image.kind as 'reference' | 'proof',
        round: image.round === null ? null : Number(image.round),
      })),
      history: history.map((entry): TCommissionHistory => ({
        action: entry.action as TCommissionHistory['action'],
        from: entry.from_status as CommissionStatus | null,
        to: entry.to_status as CommissionStatus,
        by: entry.actor_role as CommissionActor,
        byName: entry.actor_role === 'buyer' ? buyerName : storeName,
        note: entry.note,
        round: entry.round === null ? null : Number(entry.round),
        at: Number(entry.created_at),
      })),
      actions: actor ? allowedActions(facts, actor) : [],
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /** Newest activity first: the buyer's own, a seller's store's, or all of them (the team). */
  async list(options: { buyerId?: string; sellerId?: string; status?: CommissionStatus | undefined; language: Language }): Promise<TCommissionSummary[]> {
    let query = this.db
      .selectFrom('commissions as c')
      .innerJoin('stores as s', 's.id', 'c.store_id')
      .leftJoin('users as u', 'u.id', 'c.buyer_id')
      .leftJoin('products as p', 'p.id', 'c.product_id')
      .select([
        'c.id',
        'c.kind',
        'c.status',
        'c.title',
        'c.quantity',
        'c.price',
        'c.currency',
        'c.product_id',
        'c.created_at',
        'c.updated_at',
        's.id as store_id',
        's.store_name',
        'u.first_name',
        'u.last_name',
        'p.title as product_title',
      ])
      .orderBy('c.updated_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(LIST_LIMIT);
    if (options.buyerId) query = query.where('c.buyer_id', '=', options.buyerId);
    if (options.sellerId) query = query.where('s.seller_user_id', '=', options.sellerId);
    if (options.status) query = query.where('c.status', '=', options.status);
    const rows = await query.execute();
    return rows.map((row) => {
      const title = row.product_title ? pickText(row.product_title, options.language) : row.title;
      return {
        id: row.id,
        kind: row.kind as CommissionKind,
        status: row.status as CommissionStatus,
        title,
        buyerName: personName(row.first_name, row.last_name),
        store: { id: row.store_id, name: pickText(row.store_name, options.language) },
        product: row.product_id ? { id: row.product_id, title } : null,
        quantity: Number(row.quantity),
        price: row.price === null ? null : { amount: Number(row.price), currency: row.currency },
        createdAt: Number(row.created_at),
        updatedAt: Number(row.updated_at),
      };
    });
  }
}
