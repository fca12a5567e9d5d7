import { portalClient } from '../../portal-shell/clients';

export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export type OutboxStatus = 'queued' | 'sent' | 'failed' | 'outbox';

/** One message of GET /v1/admin/notifications. */
export interface OutboxMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  userId: string | null;
  language: string;
  template: string;
  subject: string;
  body: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The list's filters, kept in the address (?channel=email&recipient=…) so a reload or a link shows the same. */
export interface OutboxFilters {
  channel: OutboxChannel | '';
  recipient: string;
}

export const isOutboxChannel = (value: string | null): value is OutboxChannel => value !== null && (OUTBOX_CHANNELS as readonly string[]).includes(value);

export function outboxFilters(url: string): OutboxFilters {
  const params = new URL(url).searchParams;
  const channel = params.get('channel');
  return { channel: isOutboxChannel(channel) ? channel : '', recipient: params.get('recipient')?.trim() ?? '' };
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
): Promise<{ items: OutboxMessage[]; nextCursor: string | null }> {
  const query = outboxParams(filters);
  query.set('limit', '25');
  if (cursor) query.set('cursor', cursor);
  return (
    await portalClient('admin').get<{ data: { items: OutboxMessage[]; nextCursor: string | null } }>(`/v1/admin/notifications?${query.toString()}`, { signal })
  ).data;
}
