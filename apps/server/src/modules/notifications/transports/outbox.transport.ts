import type { NotificationChannel } from '../notifications.tables.js';
import type { Transport } from './transport.js';

/**
 * The built-in transport of the embedded mode: it does nothing and succeeds, because the outbox row
 * the service already wrote is the delivery. The admin console reads it (GET /v1/admin/notifications)
 * and the server log names it, so no mail server, SMS gateway or push service is needed.
 */
export class OutboxTransport implements Transport {
  readonly name = 'outbox';
  readonly kind = 'outbox' as const;

  constructor(readonly channel: NotificationChannel) {}

  async send(): Promise<void> {}
}
