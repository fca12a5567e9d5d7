import type { Migration } from 'kysely';
import { foundation } from './001_foundation.js';
import { accounts } from './002_accounts.js';
import { notifications } from './003_notifications.js';
import { uploads } from './004_uploads.js';
import { catalog } from './005_catalog.js';
import { search } from './006_search.js';
import { listing } from './007_listing.js';
import { security } from './008_security.js';
import { uploadSubjects } from './009_upload_subjects.js';
import { makersBannerLink } from './011_makers_banner_link.js';
import { events } from './012_events.js';
import { buying } from './020_buying.js';
import { chat } from './030_chat.js';
import { chatOfferFailures } from './031_chat_offer_failures.js';
import { dropUserLockColumns } from './032_drop_user_lock_columns.js';
import { payments } from './025_payments.js';
import { walletPoints } from './026_wallet_points.js';
import { promotions } from './027_promotions.js';
import { currencies } from './028_currencies.js';
import { orderExchangeRates } from './033_order_exchange_rates.js';
import { blog } from './047_blog.js';
import { contact } from './048_contact.js';
import { favourites } from './045_favourites.js';
import { reviews } from './046_reviews.js';
import { quotations } from './050_quotations.js';
import { commissions } from './055_commissions.js';
import { paymentsReconcile } from './056_payments_reconcile.js';

/** Forward-only migrations, applied in name order on SQLite and PostgreSQL alike. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_accounts': accounts,
  '003_notifications': notifications,
  '004_uploads': uploads,
  '005_catalog': catalog,
  '006_search': search,
  '007_listing': listing,
  '008_security': security,
  '009_upload_subjects': uploadSubjects,
  '011_makers_banner_link': makersBannerLink,
  '012_events': events,
  '020_buying': buying,
  '030_chat': chat,
  '031_chat_offer_failures': chatOfferFailures,
  '032_drop_user_lock_columns': dropUserLockColumns,
  '025_payments': payments,
  '026_wallet_points': walletPoints,
  '027_promotions': promotions,
  '028_currencies': currencies,
  '033_order_exchange_rates': orderExchangeRates,
  '047_blog': blog,
  '048_contact': contact,
  '045_favourites': favourites,
  '046_reviews': reviews,
  '050_quotations': quotations,
  '055_commissions': commissions,
  '056_payments_reconcile': paymentsReconcile,
};
