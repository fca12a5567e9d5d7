import type { Kysely, Migration } from 'kysely';

/**
 * An accepted sale offer whose cart line the cart refused for good (the product withdrawn, a
 * variant gone): the offer becomes 'failed' with the cart's error code, instead of its outbox
 * event retrying and holding back the conversation's later events.
 */
export const chatOfferFailures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('chat_offers').addColumn('failure_code', 'text').execute();
  },
};
