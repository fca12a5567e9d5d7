import type { NotificationChannel } from '../notifications.tables.js';

/** One rendered message on its way out. */
export interface OutgoingMessage {
  /** The outbox row's id (also sent as the e-mail's X-Notification-Id, to trace a message). */
  id: string;
  channel: NotificationChannel;
  /** E-mail address, phone number or user id, as the channel needs. */
  to: string;
  language: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The port every delivery provider implements (DESIGN §1: providers are ports). `send` resolves when
 * the provider accepted the message and rejects when it did not; the service records either.
 */
export interface Transport {
  readonly channel: NotificationChannel;
  /** Shown in logs: 'outbox', 'smtp', … */
  readonly name: string;
  /**
   * 'outbox': nothing leaves the server, the outbox row is the delivery (status 'outbox');
   * 'external': a real provider delivers it (status 'sent').
   */
  readonly kind: 'outbox' | 'external';
  send(message: OutgoingMessage): Promise<void>;
}
