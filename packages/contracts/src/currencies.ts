import { z } from 'zod';

/**
 * Currencies and rates (issue #11 §6). Prices are kept in the store's currency; the buyer sees the
 * currency of the `currencycode` header, converted at the rate the store team keeps. A rate is how
 * many units of the currency one unit of the default currency (EUR) buys, as a decimal string.
 */

export const zCurrencyCode = () => z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR');
/** Up to 12 digits before the point and 8 after, greater than zero. */
export const zRate = () => z.string().trim().regex(/^(?!0+(\.0+)?$)\d{1,12}(\.\d{1,8})?$/, 'a positive decimal such as 90.25');

export const ZCurrencyRateSchema = z.object({
  code: z.string(),
  symbol: z.string(),
  minorDigits: z.number().int(),
  /** Units of this currency per one unit of the default currency. */
  rate: z.string(),
  isDefault: z.boolean(),
  /** Shown to buyers in the currency switch. */
  enabled: z.boolean(),
  updatedAt: z.number(),
  updatedBy: z.string().nullable(),
});
export type TCurrencyRate = z.infer<typeof ZCurrencyRateSchema>;

/**
 * The conversion an answer's amounts were made at: `rate` units of `to` (the buyer's currency) per
 * unit of `from` (the store's), set by the store team at `rateSetAt`; an order also keeps when its
 * checkout read it (`readAt`). Null when the buyer's currency is the store's.
 */
export const ZExchangeRateSchema = z.object({ from: z.string(), to: z.string(), rate: z.string(), rateSetAt: z.number().int(), readAt: z.number().int().optional() });
export type TExchangeRate = z.infer<typeof ZExchangeRateSchema>;

export const ZCurrenciesResponseSchema = z.object({ message: z.string(), data: z.object({ defaultCurrency: z.string(), currencies: z.array(ZCurrencyRateSchema) }) });
export type TCurrenciesResponse = z.infer<typeof ZCurrenciesResponseSchema>;

/** PUT /v1/admin/currencies/:code: add a currency or change its rate, symbol or whether buyers see it. */
export const ZCurrencyUpsertRequestSchema = z
  .object({
    rate: zRate(),
    /** Default: the symbol Intl knows for the code. */
    symbol: z.string().trim().min(1).max(8).optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type TCurrencyUpsertRequest = z.infer<typeof ZCurrencyUpsertRequestSchema>;
export const ZCurrencyResponseSchema = z.object({ message: z.string(), data: ZCurrencyRateSchema });
