import { z } from 'zod';
import { LANGUAGES } from './locale.js';
import { ZTokenSchema, USER_TYPES } from './auth.js';

// Letters of any script, with the spaces, dots, hyphens and apostrophes that names carry.
const NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export const zName = () => z.string({ error: 'ENTER_VALID_NAME' }).trim().min(1, { error: 'ENTER_VALID_NAME' }).max(80, { error: 'ENTER_VALID_NAME' }).regex(NAME, { error: 'ENTER_VALID_NAME' });
export const zEmail = () => z.string({ error: 'ENTER_VALID_EMAIL' }).trim().toLowerCase().max(254, { error: 'ENTER_VALID_EMAIL' }).pipe(z.email({ error: 'ENTER_VALID_EMAIL' }));
export const zCountryCode = () => z.string({ error: 'ENTER_VALID_PHONE' }).trim().regex(/^\+[1-9]\d{0,3}$/, { error: 'ENTER_VALID_PHONE' });
/** A national number: digits only once spaces, dashes and brackets are taken out. */
export const zPhone = () =>
  z
    .string({ error: 'ENTER_VALID_PHONE' })
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\d{6,14}$/, { error: 'ENTER_VALID_PHONE' }));
export const zPassword = () =>
  z
    .string({ error: 'PASSWORD_TOO_WEAK' })
    .min(8, { error: 'PASSWORD_TOO_WEAK' })
    .max(128, { error: 'PASSWORD_TOO_WEAK' })
    .regex(/\p{L}/u, { error: 'PASSWORD_TOO_WEAK' })
    .regex(/\d/, { error: 'PASSWORD_TOO_WEAK' });

export const passwordsMatch = <T extends { password: string; confirmPassword: string }>(value: T) => value.password === value.confirmPassword;

/** Seed §3 'Personal': who signs up, buyer or seller. */
export const ZPersonalFieldsSchema = z.object({
  firstName: zName(),
  lastName: zName(),
  email: zEmail(),
  countryCode: zCountryCode(),
  phone: zPhone(),
  password: zPassword(),
  confirmPassword: z.string(),
  language: z.enum(LANGUAGES).optional(),
});

export const BUYER_ROLES = ['retailer', 'distributor', 'institution'] as const;
export type BuyerRole = (typeof BUYER_ROLES)[number];
export const TEAM_ROLES = ['owner', 'moderator', 'support'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const APPROVAL_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Buyer signup (seed §3 'Personal'). */
export const ZSignupRequestSchema = ZPersonalFieldsSchema.strict()
  .refine(passwordsMatch, { error: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] });
export type TSignupRequest = z.infer<typeof ZSignupRequestSchema>;

/** Login by e-mail or by mobile number, with a password. */
export const ZLoginRequestSchema = z
  .object({
    email: zEmail().optional(),
    countryCode: zCountryCode().optional(),
    phone: zPhone().optional(),
    password: z.string({ error: 'REQUIRED' }).min(1, { error: 'REQUIRED' }).max(128),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.email === undefined && (value.countryCode === undefined || value.phone === undefined)) {
      // Name the field the user left out: the e-mail, or the half of the number that is missing.
      const path = value.countryCode !== undefined ? ['phone'] : value.phone !== undefined ? ['countryCode'] : ['email'];
      ctx.addIssue({ code: 'custom', path, message: path[0] === 'email' ? 'ENTER_VALID_EMAIL' : 'ENTER_VALID_PHONE' });
    }
  });
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZCompanySummarySchema = z.object({
  id: z.string(),
  role: z.enum(['retailer', 'distributor']),
  companyName: z.string(),
  registrationNumber: z.string(),
  registrationExpiry: z.string(),
  headOfficeNumber: z.string(),
  officeNumber: z.string().nullable(),
  headquartersAddress: z.string(),
  website: z.string().nullable(),
  countries: z.array(z.string()),
  cities: z.array(z.string()),
  contactName: z.string(),
  contactMobile: z.string(),
  contactEmail: z.string(),
  logoUrl: z.string(),
  documentUrl: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  createdAt: z.number(),
  reviewedAt: z.number().nullable(),
});
export type TCompanySummary = z.infer<typeof ZCompanySummarySchema>;

export const INSTITUTION_TYPES = ['school', 'university', 'hospital', 'hotel', 'government', 'non-profit', 'other'] as const;

export const ZInstitutionBuyerSchema = z
  .object({
    institutionName: zName().or(z.string().trim().min(2).max(120)),
    institutionType: z.enum(INSTITUTION_TYPES),
    taxId: z.string().trim().max(40).optional(),
    department: z.string().trim().max(120).optional(),
  })
  .strict();
export type TInstitutionBuyer = z.infer<typeof ZInstitutionBuyerSchema>;

/** What a user sees of their own account: seed §3 'Buyer fields read' and more. */
export const ZProfileSchema = z.object({
  id: z.string(),
  userType: z.enum(USER_TYPES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  countryCode: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  profilePic: z.string().nullable(),
  language: z.enum(LANGUAGES),
  currency: z.string().nullable(),
  buyerRole: z.enum(BUYER_ROLES).nullable(),
  teamRole: z.enum(TEAM_ROLES).nullable(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** 'profile not approved (contact customer care)' while a company waits or was rejected. */
  approvalMessage: z.string().nullable(),
  canCheckout: z.boolean(),
  company: ZCompanySummarySchema.nullable(),
  institution: ZInstitutionBuyerSchema.nullable(),
});
export type TProfile = z.infer<typeof ZProfileSchema>;

export const ZProfileResponseSchema = z.object({ message: z.string(), data: ZProfileSchema });

/** Login and signup answers: the seed reads `data.token.accessToken`. */
export const ZSessionResponseSchema = z.object({
  message: z.string(),
  data: z.object({ token: ZTokenSchema, sessionId: z.string(), user: ZProfileSchema }),
});
export type TSessionResponse = z.infer<typeof ZSessionResponseSchema>;

export const ZProfileUpdateSchema = z
  .object({
    firstName: zName(),
    lastName: zName(),
    email: zEmail(),
    countryCode: zCountryCode(),
    phone: zPhone(),
    /** An upload id from POST /v1/customer/profile/picture, or null to remove. */
    profilePic: z.string().max(64).nullable(),
    language: z.enum(LANGUAGES),
    currency: z.string().regex(/^[A-Z]{3}$/),
  })
  .partial()
  .strict();
export type TProfileUpdate = z.infer<typeof ZProfileUpdateSchema>;

export const ZSendCodeResponseSchema = z.object({
  message: z.string(),
  data: z.object({ resendAfterSeconds: z.number().int(), expiresInSeconds: z.number().int(), sentTo: z.string() }),
});
export const ZVerifyCodeRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, { error: 'REQUIRED' }) }).strict();
export const ZForgotPasswordRequestSchema = z.object({ email: zEmail() }).strict();
export const ZResetPasswordRequestSchema = z
  .object({ token: z.string().min(20).max(200), password: zPassword(), confirmPassword: z.string() })
  .strict()
  .refine(passwordsMatch, { error: 'PASSWORDS_DO_NOT_MATCH', path: ['confirmPassword'] });

/** Address (seed §3 labels). */
export const ZAddressInputSchema = z
  .object({
    name: zName(),
    mobile: zPhone(),
    countryCode: zCountryCode(),
    pincode: z.string().trim().min(3).max(12).regex(/^[A-Za-z0-9 -]+$/),
    locality: z.string().trim().min(1).max(120),
    city: z.string().trim().min(1).max(80),
    state: z.string().trim().min(1).max(80),
    landmark: z.string().trim().max(120).optional(),
    flatNumber: z.string().trim().min(1).max(40),
    addressLine1: z.string().trim().min(1).max(200),
    addressType: z.enum(['home', 'work']),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type TAddressInput = z.infer<typeof ZAddressInputSchema>;
export const ZAddressSchema = ZAddressInputSchema.extend({
  id: z.string(),
  landmark: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.number(),
});
export type TAddress = z.infer<typeof ZAddressSchema>;
