/**
 * Tables owned by the notifications module (DESIGN §5): other modules send through
 * NotificationsService and never read these rows directly. Times are UTC milliseconds.
 */

// The channels and statuses are the API's too: they live in the contracts, with the answer's schema.
export { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from '@tessera/contracts';
import type { NotificationChannel, NotificationStatus } from '@tessera/contracts';
export type { NotificationChannel, NotificationStatus };

export interface NotificationOutboxTable {
  /** UUIDv7 (newId()): creation order is id order. */
  id: string;
  channel: NotificationChannel;
  /** E-mail address, phone number (E.164) or, for push, the user id. */
  recipient: string;
  /** The user the message is about, when known. */
  user_id: string | null;
  /** The language the message was rendered in: en | es | ar | ms. */
  language: string;
  /** Template name, e.g. 'password-reset'. */
  template: string;
  subject: string;
  /** Plain-text body. */
  body: string;
  /** HTML body (e-mail only). */
  html: string | null;
  status: NotificationStatus;
  attempts: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  /**
   * The message as its recipient gets it (subject, text, html), encrypted (SealedBox), when it holds
   * a code or a link that grants access; `body` and `html` then show them hidden. Kept to deliver or
   * retry the message, set to null once it is sent or `sealed_until` passes.
   */
  sealed: string | null;
  /** UTC milliseconds after which `sealed` is dropped: when the code or link stops working. */
  sealed_until: number | null;
}

export interface NotificationsTables {
  notification_outbox: NotificationOutboxTable;
}
