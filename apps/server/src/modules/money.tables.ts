import type { CurrenciesTables } from './currencies/currencies.tables.js';
import type { PaymentsTables } from './payments/payments.tables.js';
import type { PointsTables } from './points/points.tables.js';
import type { PromotionsTables } from './promotions/promotions.tables.js';
import type { WalletTables } from './wallet/wallet.tables.js';

/** The tables of the money modules (payments, wallet, points, promotions, currencies), for db/schema.ts. */
export interface MoneyTables extends PaymentsTables, WalletTables, PointsTables, PromotionsTables, CurrenciesTables {}
