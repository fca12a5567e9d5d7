import type { CurrenciesTables } from '../currencies/index.js';
import type { PaymentsTables } from '../payments/index.js';
import type { PointsTables } from '../points/index.js';
import type { PromotionsTables } from '../promotions/index.js';
import type { WalletTables } from '../wallet/index.js';

/** The tables of the money modules (payments, wallet, points, promotions, currencies), for db/schema.ts. */
export interface MoneyTables extends PaymentsTables, WalletTables, PointsTables, PromotionsTables, CurrenciesTables {}
