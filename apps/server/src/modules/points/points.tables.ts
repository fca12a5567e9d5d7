/** Tables of modules/points (migration 026). */

export interface PointsAccountsTable {
  user_id: string;
  balance: number;
  updated_at: number;
}

export interface PointsEntriesTable {
  id: string;
  user_id: string;
  points: number;
  balance_after: number;
  /** earned | redeemed | reversed | restored | adjustment */
  kind: string;
  order_id: string | null;
  idempotency_key: string | null;
  created_at: number;
}

export interface PointsTables {
  points_accounts: PointsAccountsTable;
  points_entries: PointsEntriesTable;
}
