import { NOTIFICATION_CHANNELS, type NotificationChannel, type TNotification } from '@tessera/contracts';
import { portalClient } from '../../portal-shell/clients';

/** The list's filters, kept in the address (?channel=email&recipient=…) so a reload or a link shows the same. */
export interface OutboxFilters {
  channel: NotificationChannel | '';
  recipient: string;
}

export const isNotificationChannel = (value: string | null): value is NotificationChannel => value !== null && (NOTIFICATION_CHANNELS as readonly string[]).includes(value);

export function outboxFilters(url: string): OutboxFilters {
  const params = new URL(url).searchParams;
  const channel = params.get('channel');
  return { channel: isNotificationChannel(channel) ? channel : '', recipient: params.get('recipient')?.trim() ?? '' };
}

/** The filters as the page's address query (empty ones left out). */
export function outboxParams(filters: OutboxFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.recipient.trim()) params.set('recipient', filters.recipient.trim());
  return params;
}

/** One page of the outbox, newest first, through the team member's session. */
export async function listOutbox(
  filters: OutboxFilters,
  cursor?: string,
  signal?: AbortSignal,
): Promise<{ items: TNotification[]; nextCursor: string | null }> {
  const query = outboxParams(filters);
  query.set('limit', '25');
  if (cursor) query.set('cursor', cursor);
  return (
    await portalClient('admin').get<{ data: { items: TNotification[]; nextCursor: string | null } }>(`/v1/admin/notifications?${query.toString()}`, { signal })
  ).data;
}
