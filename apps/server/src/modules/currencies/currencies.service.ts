import { DEFAULT_CURRENCY_CODE, type TCurrencyRate } from '@tessera/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Executor } from '../wallet/index.js';
import { AppError } from '../../lib/errors.js';
import { convertMinor, crossRate, normalizeRate, parseRate, type CurrencyFacts } from './money-math.js';

/** One currency as the conversions need it. */
export interface CurrencyInfo extends CurrencyFacts {
  code: string;
  symbol: string;
  rate: string;
  enabled: boolean;
  updatedAt: number;
  updatedBy: string | null;
}

/** A conversion from one currency to another at the rates of one moment (the order records `rate`). */
export interface Quote {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, a decimal string. */
  rate: string;
  convert(amount: number): number;
}

/** The rates of one moment: conversions with no database read. */
export interface RateTable {
  /** Changes whenever a rate, symbol or currency changes (cache keys carry it). */
  version: string;
  defaultCurrency: string;
  get(code: string): CurrencyInfo | undefined;
  list(): CurrencyInfo[];
  quote(from: string, to: string): Quote;
}

export interface CurrenciesServiceOptions {
  db: Kysely<Database>;
  defaultCurrency?: string;
  /** How long a read of the rates is used before reading again (another instance may have changed them). Default 2 s. */
  refreshMs?: number;
  now?: () => number;
}

/**
 * Currencies and the rates the store team keeps (issue #11 §6). Prices stay in the store's
 * currency; answers are converted to the buyer's. The rates are read once and kept for a couple of
 * seconds, so a catalog answer converts without a query; a change made here is seen at once.
 *
 * For buy-core: `quote(from, to)` gives the rate the order records and its `convert`; one currency
 * per order (the buyer's), every amount converted through the same quote.
 */
export class CurrenciesService {
  private readonly db: Kysely<Database>;
  readonly defaultCurrency: string;
  private readonly refreshMs: number;
  private readonly now: () => number;
  private table: RateTable | undefined;
  private readAt = 0;
  private loading: Promise<RateTable> | undefined;

  constructor(options: CurrenciesServiceOptions) {
    this.db = options.db;
    this.defaultCurrency = options.defaultCurrency ?? DEFAULT_CURRENCY_CODE;
    this.refreshMs = options.refreshMs ?? 2000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The current rates (read again when older than refreshMs). Inside a transaction pass it: on
   * SQLite a read through another handle would wait for the transaction that waits for it.
   */
  async rates(executor?: Executor): Promise<RateTable> {
    if (this.table && this.now() - this.readAt < this.refreshMs) return this.table;
    return this.reload(executor);
  }

  /**
   * The rates without waiting, for the busy catalog reads: the last ones read (starting a fresh
   * read in the background when they are old), or undefined before the first read.
   */
  ratesNow(): RateTable | undefined {
    if (this.table && this.now() - this.readAt >= this.refreshMs) this.reload().catch(() => undefined);
    return this.table;
  }

  private reload(executor?: Executor): Promise<RateTable> {
    // A read inside a caller's transaction is its own (never shared with reads outside it).
    if (executor) return this.read(executor).then((table) => this.keep(table));
    this.loading ??= this.read(this.db)
      .then((table) => this.keep(table))
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  private keep(table: RateTable): RateTable {
    this.table = table;
    this.readAt = this.now();
    return table;
  }

  private async read(executor: Executor): Promise<RateTable> {
    const rows = await executor.selectFrom('currency_rates').selectAll().orderBy('code').execute();
    const byCode = new Map<string, CurrencyInfo>();
    for (const row of rows) {
      byCode.set(row.code, {
        code: row.code,
        symbol: row.symbol,
        rate: row.code === this.defaultCurrency ? '1' : row.rate,
        scaledRate: parseRate(row.code === this.defaultCurrency ? '1' : row.rate),
        minorDigits: Number(row.minor_digits),
        enabled: Number(row.enabled) === 1,
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by,
      });
    }
    const version = rows.map((r) => `${r.code}:${r.rate}:${r.minor_digits}`).join(',');
    const defaultCurrency = this.defaultCurrency;
    const quotes = new Map<string, Quote>();
    const get = (code: string) => byCode.get(code.toUpperCase());
    return {
      version,
      defaultCurrency,
      get,
      list: () => [...byCode.values()],
      quote(from, to) {
        const key = `${from}>${to}`;
        let quote = quotes.get(key);
        if (!quote) {
          const source = get(from);
          const target = get(to);
          if (!source) throw new AppError('CURRENCY_UNKNOWN', 'currency', from);
          if (!target) throw new AppError('CURRENCY_UNKNOWN', 'currency', to);
          quote = { from: source.code, to: target.code, rate: crossRate(source, target), convert: (amount: number) => convertMinor(amount, source, target) };
          quotes.set(key, quote);
        }
        return quote;
      },
    };
  }

  /** The conversion from one currency to another at today's rates. Throws CURRENCY_UNKNOWN. */
  async quote(from: string, to: string, executor?: Executor): Promise<Quote> {
    return (await this.rates(executor)).quote(from, to);
  }

  /** Units of `to` per unit of `from`, as a decimal string. */
  async rate(from: string, to: string): Promise<string> {
    return (await this.quote(from, to)).rate;
  }

  /** An amount in minor units of `from` in minor units of `to`, rounded half away from zero. */
  async convert(amount: number, from: string, to: string, executor?: Executor): Promise<number> {
    return (await this.quote(from, to, executor)).convert(amount);
  }

  /**
   * The currency a request asks for (`currencycode` header): an enabled one, or the default when the
   * header is missing or names a currency the store does not offer (as the seed client may send).
   */
  async resolve(code: string | undefined): Promise<CurrencyInfo> {
    const table = await this.rates();
    return pickCurrency(table, code);
  }

  async list(options: { includeDisabled?: boolean } = {}): Promise<TCurrencyRate[]> {
    const table = await this.reload();
    return table
      .list()
      .filter((c) => options.includeDisabled || c.enabled)
      .map((c) => toContract(c, table.defaultCurrency));
  }

  /** Adds a currency or changes its rate, symbol or whether buyers see it (the store team). */
  async upsert(options: { code: string; rate: string; symbol?: string | undefined; enabled?: boolean | undefined; actorId: string }): Promise<TCurrencyRate> {
    const code = options.code.toUpperCase();
    if (!isIsoCurrency(code)) throw new AppError('CURRENCY_UNKNOWN', 'code');
    if (code === this.defaultCurrency && normalizeRate(options.rate) !== '1') throw new AppError('CURRENCY_IS_DEFAULT', 'rate');
    if (code === this.defaultCurrency && options.enabled === false) throw new AppError('CURRENCY_IS_DEFAULT', 'enabled');
    const rate = normalizeRate(options.rate);
    const now = this.now();
    const existing = await this.db.selectFrom('currency_rates').select(['code']).where('code', '=', code).executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable('currency_rates')
        .set({ rate, updated_at: now, updated_by: options.actorId, ...(options.symbol ? { symbol: options.symbol } : {}), ...(options.enabled !== undefined ? { enabled: options.enabled ? 1 : 0 } : {}) })
        .where('code', '=', code)
        .execute();
    } else {
      await this.db
        .insertInto('currency_rates')
        .values({ code, rate, symbol: options.symbol ?? intlSymbol(code), minor_digits: intlMinorDigits(code), enabled: options.enabled === false ? 0 : 1, updated_at: now, updated_by: options.actorId })
        .execute();
    }
    const table = await this.reload();
    return toContract(table.get(code) as CurrencyInfo, table.defaultCurrency);
  }
}

/** The enabled currency of a code, else the default. */
export function pickCurrency(table: RateTable, code: string | undefined): CurrencyInfo {
  const wanted = code ? table.get(code.trim()) : undefined;
  if (wanted?.enabled) return wanted;
  return table.get(table.defaultCurrency) as CurrencyInfo;
}

function toContract(c: CurrencyInfo, defaultCurrency: string): TCurrencyRate {
  return { code: c.code, symbol: c.symbol, minorDigits: c.minorDigits, rate: c.rate, isDefault: c.code === defaultCurrency, enabled: c.enabled, updatedAt: c.updatedAt, updatedBy: c.updatedBy };
}

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const isIsoCurrency = (code: string) => ISO_CURRENCIES.has(code);

function intlSymbol(code: string): string {
  const part = new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency');
  return part?.value ?? code;
}

function intlMinorDigits(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}
