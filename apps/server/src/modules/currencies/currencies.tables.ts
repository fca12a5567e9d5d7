/** Tables of modules/currencies (migration 028). */

export interface CurrencyRatesTable {
  code: string;
  symbol: string;
  minor_digits: number;
  /** Units of this currency per one unit of the default currency, as an exact decimal string. */
  rate: string;
  enabled: number;
  updated_at: number;
  updated_by: string | null;
}

export interface CurrenciesTables {
  currency_rates: CurrencyRatesTable;
}
