/**
 * Exact currency arithmetic on integers. Rates are decimal strings (units of a currency per unit of
 * the default currency); they are read as integers scaled by 10^8, so no binary fraction ever
 * rounds a price. One rounding, half away from zero, at the end of a conversion.
 */

const RATE_SCALE_DIGITS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_SCALE_DIGITS);

/** '90.5' → 9050000000n (the rate × 10^8). Throws on anything but a plain positive decimal. */
export function parseRate(rate: string): bigint {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(rate.trim());
  if (!match) throw new Error(`not a rate: ${rate}`);
  const whole = BigInt(match[1] as string);
  const fraction = BigInt((match[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0'));
  const scaled = whole * RATE_SCALE + fraction;
  if (scaled <= 0n) throw new Error(`a rate must be above zero: ${rate}`);
  return scaled;
}

/** numerator / denominator rounded half away from zero (denominator > 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

export interface CurrencyFacts {
  /** The rate × 10^8 against the default currency. */
  scaledRate: bigint;
  minorDigits: number;
}

/** An amount in minor units of `from` as minor units of `to`. */
export function convertMinor(amount: number, from: CurrencyFacts, to: CurrencyFacts): number {
  if (from === to || amount === 0) return amount;
  const numerator = BigInt(amount) * to.scaledRate * 10n ** BigInt(to.minorDigits);
  const denominator = from.scaledRate * 10n ** BigInt(from.minorDigits);
  return Number(divideRounded(numerator, denominator));
}

/** How many units of `to` one unit of `from` buys, as a decimal string with 8 decimals at most. */
export function crossRate(from: CurrencyFacts, to: CurrencyFacts): string {
  const scaled = divideRounded(to.scaledRate * RATE_SCALE, from.scaledRate);
  const whole = scaled / RATE_SCALE;
  const fraction = (scaled % RATE_SCALE).toString().padStart(RATE_SCALE_DIGITS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** A rate as entered ('090.50') in its canonical form ('90.5'). */
export function normalizeRate(rate: string): string {
  const one: CurrencyFacts = { scaledRate: RATE_SCALE, minorDigits: 0 };
  return crossRate(one, { scaledRate: parseRate(rate), minorDigits: 0 });
}

/**
 * An amount at a recorded rate (units of B per unit of A, as an order keeps it): `toB` takes minor
 * units of A to B, `toA` minor units of B back to A; each rounded once, half away from zero. The
 * same results as the rate table's conversion of that moment (the rate is the table's, exactly).
 */
export function atRate(rate: string, digitsA: number, digitsB: number) {
  const scaled = parseRate(rate);
  const a = 10n ** BigInt(digitsA);
  const b = 10n ** BigInt(digitsB);
  return {
    toB: (amount: number) => Number(divideRounded(BigInt(amount) * scaled * b, RATE_SCALE * a)),
    toA: (amount: number) => Number(divideRounded(BigInt(amount) * RATE_SCALE * a, scaled * b)),
  };
}
