import { z } from 'zod';
import { LANGUAGES } from './locale.js';
import { ZPersonalFieldsSchema, passwordsMatch } from './accounts.js';
import { UPLOAD_RULES } from './uploads.js';

/** Text per language; English is required, the others fall back to it. */
export const zLocalizedText = (max: number) =>
  z
    .object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string().trim().max(max).optional()])) as Record<(typeof LANGUAGES)[number], z.ZodOptional<z.ZodString>>)
    .strict()
    .refine((v) => !!v.en && v.en.length > 0, { error: 'REQUIRED', path: ['en'] });

export const zStoreAlias = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/, { error: 'REQUIRED' });

export const ZStorePoliciesSchema = z
  .object({
    shipping: z.string().trim().max(2000).optional(),
    returns: z.string().trim().max(2000).optional(),
    payment: z.string().trim().max(2000).optional(),
    customOrders: z.string().trim().max(2000).optional(),
  })
  .strict();

export const ZSellerSignupRequestSchema = ZPersonalFieldsSchema.extend({
  storeName: z.string().trim().min(2).max(80),
  storeAliasName: zStoreAlias(),
  country: z.string().regex(/^[A-Z]{2}$/),
  city: z.string().trim().min(1).max(80),
})
  .strict()
  .refine(passwordsMatch, { error: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] });
export type TSellerSignupRequest = z.infer<typeof ZSellerSignupRequestSchema>;

/** Seed §3 'Store fields read', and what a seller edits in the portal. */
export const ZStoreSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  storeName: z.record(z.string(), z.string()),
  storeAliasName: z.string(),
  description: z.record(z.string(), z.string()),
  logoImages: z.object({ logoImageweb: z.string().nullable(), logoImageThumb: z.string().nullable(), logoImageMobile: z.string().nullable() }),
  country: z.string(),
  city: z.string(),
  address: z.string().nullable(),
  policies: ZStorePoliciesSchema,
  isomatricChatUserId: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  createdAt: z.number(),
});
export type TStore = z.infer<typeof ZStoreSchema>;

export const ZStoreUpdateSchema = z
  .object({
    storeName: zLocalizedText(80),
    storeAliasName: zStoreAlias(),
    description: zLocalizedText(4000),
    country: z.string().regex(/^[A-Z]{2}$/),
    city: z.string().trim().min(1).max(80),
    address: z.string().trim().max(300).nullable(),
    policies: ZStorePoliciesSchema,
  })
  .partial()
  .strict();
export type TStoreUpdate = z.infer<typeof ZStoreUpdateSchema>;

export const STORE_LOGO_MAX_BYTES = UPLOAD_RULES['store-logo'].maxBytes;
