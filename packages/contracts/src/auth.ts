import { z } from 'zod';

/** Device type and platform are 3 for the web (seed §3, §9). */
export const WEB_DEVICE_TYPE = 3;
export const WEB_PLATFORM = 3;

/**
 * The answer to a refresh whose access token has not expired yet must contain 407 (seed §4). Kept
 * here, not beside the error codes: the web client's token queue (every page) needs this number, and
 * a browser chunk holding errors.ts would carry the error texts of four languages with it.
 */
export const TOKEN_NOT_EXPIRED_STATUS = 407;

/** 'driver': a store's delivery driver (issue #11 §5), made by the store's seller. */
export const USER_TYPES = ['guest', 'buyer', 'seller', 'team', 'driver'] as const;
export type UserType = (typeof USER_TYPES)[number];

const deviceText = (max: number) => z.string().trim().min(1).max(max);

/** The guest sign-in payload of seed §3. */
export const ZGuestSignInRequestSchema = z
  .object({
    deviceId: deviceText(128),
    ipAddress: deviceText(64),
    appVersion: deviceText(64),
    deviceMake: deviceText(64),
    deviceModel: deviceText(64),
    deviceOsVersion: deviceText(64),
    deviceType: z.literal(WEB_DEVICE_TYPE),
    deviceTime: deviceText(64),
  })
  .strict();
export type TGuestSignInRequest = z.infer<typeof ZGuestSignInRequestSchema>;

export const ZTokenSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** UTC milliseconds at which the access token stops being accepted (406 after that). */
  accessExpireAt: z.number().int(),
});
export type TToken = z.infer<typeof ZTokenSchema>;

export const ZGuestSignInResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    token: ZTokenSchema,
    sessionId: z.string(),
    userId: z.string(),
    userType: z.enum(USER_TYPES),
  }),
});
export type TGuestSignInResponse = z.infer<typeof ZGuestSignInResponseSchema>;

/** The refresh request of seed §3. */
export const ZGenerateTokenRequestSchema = z
  .object({
    refToken: z.string().min(1).max(512),
    accessToken: z.string().min(1).max(4096),
  })
  .strict();
export type TGenerateTokenRequest = z.infer<typeof ZGenerateTokenRequestSchema>;

/**
 * A successful refresh returns the new access token, its expiry and the rotated refresh token.
 * A refresh whose access token has not expired answers 200 with a message containing 407 and no data.
 */
export const ZGenerateTokenResponseSchema = z.object({
  message: z.string(),
  data: z
    .object({
      accessToken: z.string(),
      accessExpireAt: z.number().int(),
      refreshToken: z.string(),
    })
    .optional(),
});
export type TGenerateTokenResponse = z.infer<typeof ZGenerateTokenResponseSchema>;

/** The logout payload of seed §3: the refresh token plus what the device says about itself. */
export const ZLogoutRequestSchema = z.object({
  refToken: z.string().min(1).max(512),
  deviceMake: z.string().max(64).optional(),
  deviceModel: z.string().max(64).optional(),
  deviceOsVersion: z.string().max(64).optional(),
  deviceTime: z.string().max(64).optional(),
  ipAddress: z.string().max(64).optional(),
  deviceId: z.string().max(128).optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
});
export type TLogoutRequest = z.infer<typeof ZLogoutRequestSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });
