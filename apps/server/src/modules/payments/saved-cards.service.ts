import type { Kysely } from 'kysely';
import type { CardBrand, TAddCardRequest, TSavedCard } from '@tessera/contracts';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { CardRejected, GatewayUnavailable, type CardToken, type PaymentGateway } from './gateways/gateway.js';

type CardRow = Database['saved_cards'];

/**
 * Saved cards (/v1/profile/cards): the provider's token, brand, last four digits and expiry; never
 * the number or CVC. A card is the buyer's own: another buyer's card answers 404.
 */
export class SavedCardsService {
  private readonly db: Kysely<Database>;
  private readonly gateway: PaymentGateway;
  private readonly now: () => number;

  constructor(options: { db: Kysely<Database>; gateway: PaymentGateway; now: () => number }) {
    this.db = options.db;
    this.gateway = options.gateway;
    this.now = options.now;
  }

  async list(options: { userId: string }): Promise<TSavedCard[]> {
    const rows = await this.db.selectFrom('saved_cards').selectAll().where('user_id', '=', options.userId).where('provider', '=', this.gateway.name).orderBy('created_at', 'desc').execute();
    return rows.map(toCard);
  }

  async add(options: { userId: string; input: TAddCardRequest }): Promise<TSavedCard> {
    let card: CardToken;
    try {
      card = 'details' in options.input ? await this.gateway.tokenize(options.input.details) : await this.gateway.describe(options.input.token);
      if (this.gateway.prepareForReuse) card = await this.gateway.prepareForReuse(card, options.userId);
    } catch (error) {
      if (error instanceof CardRejected) throw new AppError(error.code, 'card');
      if (error instanceof GatewayUnavailable) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE');
      throw error;
    }
    return this.keep({ userId: options.userId, card, holderName: 'details' in options.input ? (options.input.details.holderName ?? null) : null });
  }

  /** Keeps a card (the same token twice is one card). */
  async keep(options: { userId: string; card: CardToken; holderName?: string | null }): Promise<TSavedCard> {
    const existing = await this.db.selectFrom('saved_cards').selectAll().where('user_id', '=', options.userId).where('provider_token', '=', options.card.token).executeTakeFirst();
    if (existing) return toCard(existing);
    const row: CardRow = {
      id: newId(),
      user_id: options.userId,
      provider: this.gateway.name,
      provider_token: options.card.token,
      brand: options.card.brand,
      last4: options.card.last4,
      exp_month: options.card.expMonth,
      exp_year: options.card.expYear,
      holder_name: options.holderName ?? null,
      created_at: this.now(),
    };
    await this.db.insertInto('saved_cards').values(row).execute();
    return toCard(row);
  }

  async remove(options: { userId: string; id: string }): Promise<void> {
    const removed = await this.db.deleteFrom('saved_cards').where('id', '=', options.id).where('user_id', '=', options.userId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw NotFound();
  }

  /** The token of one of the buyer's cards, to pay with. */
  async tokenOf(options: { userId: string; id: string }): Promise<CardToken> {
    const row = await this.db.selectFrom('saved_cards').selectAll().where('id', '=', options.id).where('user_id', '=', options.userId).executeTakeFirst();
    if (!row) throw new AppError('VALIDATION', 'card.savedCardId');
    return { token: row.provider_token, brand: row.brand as CardBrand, last4: row.last4, expMonth: Number(row.exp_month), expYear: Number(row.exp_year) };
  }
}

function toCard(row: CardRow): TSavedCard {
  return { id: row.id, brand: row.brand as CardBrand, last4: row.last4, expMonth: Number(row.exp_month), expYear: Number(row.exp_year), holderName: row.holder_name, createdAt: Number(row.created_at) };
}
