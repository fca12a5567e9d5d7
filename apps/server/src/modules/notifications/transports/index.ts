import type { NotificationChannel } from '../notifications.tables.js';
import { OutboxTransport } from './outbox.transport.js';
import { SmtpTransport } from './smtp.transport.js';
import type { Transport } from './transport.js';

export type { OutgoingMessage, Transport } from './transport.js';
export { OutboxTransport } from './outbox.transport.js';
export { DEFAULT_MAIL_FROM, SmtpTransport } from './smtp.transport.js';

/**
 * The transport of each channel, chosen by configuration:
 * - email: SMTP (nodemailer) when SMTP_URL is set, else the built-in outbox.
 * - sms, push: the built-in outbox only, for now. A real SMS gateway or VAPID web-push adapter
 *   implements the same Transport port and is passed in `overrides` (later: chosen by its own
 *   configuration variables here), with no change to the service or its callers.
 */
export function createTransports(options: {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  overrides?: Partial<Record<NotificationChannel, Transport>> | undefined;
}): Record<NotificationChannel, Transport> {
  return {
    email: options.overrides?.email ?? (options.smtpUrl ? new SmtpTransport({ url: options.smtpUrl, from: options.mailFrom }) : new OutboxTransport('email')),
    sms: options.overrides?.sms ?? new OutboxTransport('sms'),
    push: options.overrides?.push ?? new OutboxTransport('push'),
  };
}
