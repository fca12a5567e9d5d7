import { z } from 'zod';

/** The ways a message leaves the marketplace. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * - queued: inserted, the transport has not answered yet
 * - sent: a real transport (SMTP) accepted the message
 * - failed: the transport refused or could not be reached (last_error says why)
 * - outbox: no real transport is configured for the channel; the row itself is the delivery, read
 *   in the admin console (GET /v1/admin/notifications)
 */
export const NOTIFICATION_STATUSES = ['queued', 'sent', 'failed', 'outbox'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** One message of the outbox as GET /v1/admin/notifications (and the dev mailbox) answer it. */
export const ZNotificationSchema = z.object({
  id: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  userId: z.string().nullable(),
  language: z.string(),
  template: z.string(),
  subject: z.string(),
  body: z.string().describe('Plain text'),
  html: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES).describe("'outbox': kept for the console only, no real transport is configured"),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number().int().describe('UTC milliseconds'),
  sentAt: z.number().int().nullable().describe('UTC milliseconds'),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;
