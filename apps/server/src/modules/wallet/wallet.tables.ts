/** Tables of modules/wallet (migration 026). */

export interface WalletAccountsTable {
  user_id: string;
  currency: string;
  /** Always the sum of the account's entries; never below zero (a CHECK and the guarded UPDATE). */
  balance: number;
  updated_at: number;
}

export interface WalletEntriesTable {
  id: string;
  user_id: string;
  currency: string;
  /** Signed: positive in, negative out. */
  amount: number;
  balance_after: number;
  /** WalletEntryKind of the contracts. */
  kind: string;
  /** SALES | SHOPPING | ENTRY | SENT (seed §4). */
  label: string;
  order_id: string | null;
  payment_id: string | null;
  idempotency_key: string | null;
  description: string | null;
  created_at: number;
}

export interface WalletTables {
  wallet_accounts: WalletAccountsTable;
  wallet_entries: WalletEntriesTable;
}
