/**
 * Tables owned by the events module (DESIGN §5): other modules write events through
 * EventsService.enqueue and never read these rows directly. Times are UTC milliseconds.
 */

/**
 * - pending: committed, not yet delivered (or waiting for its next attempt)
 * - done: its handler succeeded
 * - dead: its handler failed MAX_ATTEMPTS times; kept with last_error for an operator
 */
export const EVENT_STATUSES = ['pending', 'done', 'dead'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export interface EventOutboxTable {
  /** UUIDv7: creation order is id order, which is delivery order. */
  id: string;
  /** What happened, e.g. 'order.status-changed'; names the handler. */
  kind: string;
  /** Events of one key are delivered one after another, in id order (e.g. one order, one conversation). */
  key: string | null;
  /** JSON. */
  payload: string;
  status: EventStatus;
  attempts: number;
  /** Not delivered before this time (retries back off). */
  available_at: number;
  /** A dispatcher holds the event until then; after it (a crash), another may take it. */
  claimed_until: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

export interface EventsTables {
  event_outbox: EventOutboxTable;
}
