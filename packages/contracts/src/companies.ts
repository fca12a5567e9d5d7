import { z } from 'zod';
import { zEmail, zName, ZCompanySummarySchema } from './accounts.js';
import { UPLOAD_RULES } from './uploads.js';

const COMPANY_NAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M} .,'’&()/+-]*$/u;
const jsonList = (messageKey: 'AT_LEAST_ONE_CITY' | 'AT_LEAST_ONE_COUNTRY', item: z.ZodString) =>
  z
    .string({ error: messageKey })
    .transform((value, ctx) => {
      try {
        const parsed: unknown = JSON.parse(value);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        ctx.addIssue({ code: 'custom', message: messageKey });
        return z.NEVER;
      }
    })
    .pipe(z.array(item, { error: messageKey }).min(1, { error: messageKey }).max(100, { error: messageKey }));

/** An international phone number as typed: +, digits, spaces, dashes and brackets. */
const zIntlPhone = () =>
  z
    .string({ error: 'ENTER_VALID_PHONE' })
    .trim()
    .regex(/^\+?[\d\s()-]{6,24}$/, { error: 'ENTER_VALID_PHONE' })
    .refine((v) => v.replace(/\D/g, '').length >= 6, { error: 'ENTER_VALID_PHONE' });

/**
 * Retailer or distributor registration (seed §3 'Company registration'): the text fields of the
 * multipart form. The files come beside them as `logo` (an image) and `document` (the commercial
 * registration: an image or a PDF). Lists arrive as JSON arrays in one field each.
 */
export const ZCompanyRegistrationFieldsSchema = z
  .object({
    role: z.enum(['retailer', 'distributor']),
    companyName: z.string({ error: 'ENTER_VALID_NAME' }).trim().min(2, { error: 'ENTER_VALID_NAME' }).max(120, { error: 'ENTER_VALID_NAME' }).regex(COMPANY_NAME, { error: 'ENTER_VALID_NAME' }),
    registrationNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9/-]{3,39}$/, { error: 'REQUIRED' }),
    registrationExpiry: z
      .string({ error: 'ENTER_VALID_DATE' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ENTER_VALID_DATE' })
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'ENTER_VALID_DATE' }),
    headOfficeNumber: zIntlPhone(),
    officeNumber: zIntlPhone().optional(),
    headquartersAddress: z.string({ error: 'REQUIRED' }).trim().min(5, { error: 'REQUIRED' }).max(300),
    website: z
      .string()
      .trim()
      .max(200)
      .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
      .pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'ENTER_VALID_URL' })]))
      .optional(),
    countries: jsonList('AT_LEAST_ONE_COUNTRY', z.string().regex(/^[A-Z]{2}$/)),
    cities: jsonList('AT_LEAST_ONE_CITY', z.string().trim().min(1).max(80)),
    contactName: zName(),
    contactMobile: zIntlPhone(),
    contactEmail: zEmail(),
  })
  .strict();
export type TCompanyRegistrationFields = z.infer<typeof ZCompanyRegistrationFieldsSchema>;

export const COMPANY_LOGO_MAX_BYTES = UPLOAD_RULES['company-logo'].maxBytes;
export const COMPANY_DOCUMENT_MAX_BYTES = UPLOAD_RULES['company-document'].maxBytes;

export const ZReviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }).strict(),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }).strict(),
]);
export type TReviewDecision = z.infer<typeof ZReviewDecisionSchema>;

export const ZCompanyApplicationSchema = ZCompanySummarySchema.extend({
  applicant: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
});
export type TCompanyApplication = z.infer<typeof ZCompanyApplicationSchema>;

export const ZReviewQueueQuerySchema = z
  .object({
    status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
