import { z } from 'zod';
import { zEmail } from './accounts.js';
import { zText } from './text.js';

/**
 * The contact form (issue #13 §5): stored, confirmed to the sender in their language, and shown to
 * the store team in the console's inbox. `website` is a honeypot: people never see it, so a filled
 * one marks the message as spam (accepted with the same answer, never delivered).
 */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, messageMin: 10, message: 5000, reply: 5000 } as const;
/** Messages one e-mail address, and one network address, may send in an hour. */
export const CONTACT_RATE = { perEmailPerHour: 3, perAddressPerHour: 10 } as const;
export const CONTACT_STATUSES = ['new', 'handled', 'spam'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const ZContactRequestSchema = z
  .object({
    name: zText().trim().min(1, { error: 'REQUIRED' }).max(CONTACT_LIMITS.name),
    email: zEmail(),
    subject: zText().trim().min(1, { error: 'REQUIRED' }).max(CONTACT_LIMITS.subject),
    message: zText().trim().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.message),
    /** The honeypot: empty from people. */
    website: z.string().max(500).optional(),
  })
  .strict();
export type TContactRequest = z.input<typeof ZContactRequestSchema>;

export const ZContactReplySchema = z.object({ body: zText().trim().min(1, { error: 'REQUIRED' }).max(CONTACT_LIMITS.reply) }).strict();
export const ZContactHandledSchema = z.object({ handled: z.boolean() }).strict();
export const ZContactListQuerySchema = z.object({ status: z.enum(CONTACT_STATUSES).default('new') });

export const ZContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  language: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.number(),
  handledAt: z.number().nullable(),
  replies: z.array(z.object({ id: z.string(), body: z.string(), authorName: z.string(), createdAt: z.number() })),
});
export type TContactMessage = z.infer<typeof ZContactMessageSchema>;
