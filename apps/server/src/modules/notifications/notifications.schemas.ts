import { z } from 'zod';
import { NOTIFICATION_CHANNELS, ZNotificationSchema, type TNotification } from '@tessera/contracts';
import { TEMPLATE_NAMES, type TemplateName } from './notifications.templates.js';

/** GET /v1/admin/notifications: one page of the outbox, newest first. */
export const ZListNotificationsRequestSchema = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,200}$/, 'must be the nextCursor of a previous page')
    .optional()
    .describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe('Items per page, 1 to 100'),
  channel: z.enum(NOTIFICATION_CHANNELS).optional(),
  recipient: z.string().trim().min(1).max(320).optional().describe('Exact e-mail address, phone number or user id'),
});
export type TListNotificationsRequest = z.infer<typeof ZListNotificationsRequestSchema>;

export { ZNotificationSchema, type TNotification };

export const ZListNotificationsResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    items: z.array(ZNotificationSchema),
    nextCursor: z.string().nullable(),
  }),
});
export type TListNotificationsResponse = z.infer<typeof ZListNotificationsResponseSchema>;

/** GET /v1/dev/mailbox (DEV_MAILBOX=true only): one recipient's messages, whole. */
export const ZDevMailboxRequestSchema = z.object({
  recipient: z.string().trim().min(1).max(320).describe('Exact e-mail address or phone number'),
  template: z.enum(TEMPLATE_NAMES as [TemplateName, ...TemplateName[]]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZDevMailboxResponseSchema = z.object({
  message: z.string(),
  data: z.object({ items: z.array(ZNotificationSchema) }),
});

/** The error body of every failure (see http/error-handler.ts). */
export const ZErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
