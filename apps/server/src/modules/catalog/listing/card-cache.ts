import type { Kysely } from 'kysely';
import type { Language, TProductCard } from '@tessera/contracts';
import type { Database } from '../../../db/schema.js';
import { loadTimedCards, type TimedCard } from '../model/index.js';

/**
 * Product cards by id and language, for the current catalog version. Listings that no cached answer
 * covers (a new filter combination, a new price range) mostly show the same popular or cheapest
 * products; their cards then cost a map lookup instead of three queries. A card is dropped when
 * the catalog version moves (any committed catalog write) and when one of its certificates expires.
 */
export class CardCache {
  private readonly entries = new Map<string, TimedCard>();
  private seenVersion: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly version: () => number,
    private readonly maxEntries = 20_000,
  ) {
    this.seenVersion = version();
  }

  /** The cards of these ids in the order given; ids of products not published are left out. */
  async cards(ids: readonly string[], language: Language, now = Date.now()): Promise<TProductCard[]> {
    const version = this.version();
    if (version !== this.seenVersion) {
      this.entries.clear();
      this.seenVersion = version;
    }
    const found = new Map<string, TProductCard>();
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.entries.get(`${language}:${id}`);
      if (hit && hit.validUntil > now) found.set(id, hit.card);
      else missing.push(id);
    }
    if (missing.length) {
      const loaded = await loadTimedCards(this.db, missing, language, now);
      // A card read while a write committed may predate it: use it for this answer, keep it not.
      const keep = this.version() === version;
      for (const timed of loaded) {
        found.set(timed.card.id, timed.card);
        if (keep) this.remember(`${language}:${timed.card.id}`, timed);
      }
    }
    const cards: TProductCard[] = [];
    for (const id of ids) {
      const card = found.get(id);
      if (card) cards.push(card);
    }
    return cards;
  }

  private remember(key: string, timed: TimedCard): void {
    this.entries.delete(key);
    this.entries.set(key, timed);
    // Insertion order: the first key is the one loaded longest ago.
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
