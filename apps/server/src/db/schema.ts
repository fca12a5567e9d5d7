import type { CatalogTables } from '../modules/catalog/index.js';
import type { EventsTables } from '../modules/events/index.js';
import type { AccountsTables } from '../modules/accounts/index.js';
import type { NotificationsTables } from '../modules/notifications/index.js';
import type { SellersTables } from '../modules/sellers/index.js';
import type { UploadsTables } from '../modules/uploads/index.js';
import type { CartTables } from '../modules/cart/index.js';
import type { CheckoutTables } from '../modules/checkout/index.js';
import type { DeliveryTables } from '../modules/delivery/index.js';
import type { OrdersTables } from '../modules/orders/index.js';
import type { ChatTables } from '../modules/chat/index.js';
import type { MoneyTables } from '../modules/money/index.js';
import type { BlogTables } from '../modules/blog/index.js';
import type { ContactTables } from '../modules/contact/index.js';
import type { SocialTables } from '../modules/social/index.js';
import type { QuotationsTables } from '../modules/quotations/index.js';
import type { CommissionsTables } from '../modules/commissions/index.js';

/** Row types of every table; a module owns its tables (DESIGN §5). Times are UTC milliseconds. */

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface UsersTable {
  id: string;
  /** guest | buyer | seller | team */
  type: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Registration role of a buyer: retailer | distributor | institution. */
  buyer_role: string | null;
  /** Role of a store team member: owner | moderator | support. */
  team_role: string | null;
  language: string;
  created_at: number;
  updated_at: number;
  // Added by 002_accounts.
  country_code: string | null;
  phone: string | null;
  /** scrypt hash with its parameters; null for guests. */
  password_hash: string | null;
  phone_verified_at: number | null;
  profile_pic_upload_id: string | null;
  currency: string | null;
  last_login_at: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  user_type: string;
  /** JSON of the device fields the client sent at sign-in. */
  device: string;
  ip_address: string;
  created_at: number;
  last_refreshed_at: number;
  /** The session ends when its newest refresh token expires. */
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  /** Set when the token was exchanged; a second use revokes the session. */
  used_at: number | null;
}

export interface FoundationTables {
  app_secrets: AppSecretsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

/**
 * Every table. Modules that own tables declare them in their own `<module>.tables.ts` and are
 * added here, so one Kysely type covers all queries.
 */
export interface Database extends FoundationTables, AccountsTables, SellersTables, NotificationsTables, UploadsTables, CatalogTables, EventsTables,
    DeliveryTables, CartTables, CheckoutTables, OrdersTables, ChatTables, MoneyTables, BlogTables, ContactTables, SocialTables, QuotationsTables,
    CommissionsTables {}
