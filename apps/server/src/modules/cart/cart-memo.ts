import { ZCartResponseSchema } from '@tessera/contracts';
import { CachedAnswer } from '../catalog/index.js';
import type { CartFingerprintRow } from './cart.repository.js';
import type { CartsTable } from './cart.tables.js';
import type { CartView, PricedForOrder } from './cart.service.js';

/**
 * What a cart answer depends on that lives in the database, read in one indexed query on every
 * `GET /v1/cart` (cart.repository.ts `fingerprint`): the cart row (its mode), each line (id,
 * quantity), and per line the markers of what prices it — the product's `updated_at` and stock, the
 * variant's presence and stock, the store's `updated_at`, its delivery settings' `updated_at`, and
 * the tax rate of its country. Every catalog write that changes a price, a title, an image, a
 * variant or a status moves the product's `updated_at` (the seller's writes lock the product row by
 * updating it; checkout's stock take sets it too); a store's edits move the store's. Read from the
 * database, not heard from a message, so a cart written on one instance is never answered stale by
 * another.
 */
export interface CartFingerprint {
  cart: CartsTable;
  /** The markers joined into one string; equal strings, equal answers (with the same request key). */
  value: string;
}

export function fingerprintOf(rows: readonly CartFingerprintRow[]): CartFingerprint | null {
  const first = rows[0];
  if (!first) return null;
  const cart: CartsTable = {
    id: first.id,
    user_id: first.user_id,
    delivery_mode: first.delivery_mode,
    created_at: first.created_at,
    updated_at: first.updated_at,
  };
  let value = `${first.id}|${first.delivery_mode}|${first.updated_at}`;
  for (const row of rows) {
    if (row.line_id === null) continue;
    value += `|${row.line_id}:${row.quantity}:${row.line_at}:${row.product_at}:${row.product_stock}:${row.variant_id}:${row.variant_stock}:${row.store_at}:${row.delivery_at}:${row.tax_bp}:${row.tax_at}`;
  }
  return { cart, value };
}

/** One memo entry: the answer, and its bytes once a GET has sent it (serialised once). */
export interface MemoEntry {
  fingerprint: string;
  /**
   * The database's change token read before the fingerprint last matched (`Db.changeToken`, SQLite;
   * undefined on PostgreSQL), and what the answer depends on outside the database (rates, catalog
   * version): while both are unchanged the fingerprint needs no reading.
   */
  token: string | undefined;
  beside: string;
  view: CartView;
  /** The pricing the answer was made from (a read without a promo code): checkout plans from it. */
  priced?: PricedForOrder;
  body?: CachedAnswer;
  size: number;
}

/**
 * The priced-cart memo (issue #11 §7): the last answer per request key (the buyer, language,
 * currency, location), kept while its fingerprint (the database markers above, the rates' version,
 * the catalog version) is unchanged. Bounded: least recently used entries go first, by count and by
 * the size of the answers kept.
 */
export class CartMemo {
  private readonly entries = new Map<string, MemoEntry>();
  private bytes = 0;

  constructor(private readonly limits: { entries: number; bytes: number } = { entries: 2000, bytes: 16 * 1024 * 1024 }) {}

  /** The entry whose fingerprint (read after `token`) is this one; it is kept under `token` from now on. */
  get(key: string, fingerprint: string, token: string | undefined, beside: string): MemoEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.fingerprint !== fingerprint) {
      this.drop(key, entry);
      return undefined;
    }
    entry.token = token;
    entry.beside = beside;
    return this.touch(key, entry);
  }

  /**
   * The entry if no row of the database changed since its fingerprint was read (same change token)
   * and the rates and catalog version are the same: its fingerprint would read the same.
   */
  unchanged(key: string, token: string, beside: string): MemoEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.token !== token || entry.beside !== beside) return undefined;
    return this.touch(key, entry);
  }

  set(key: string, fingerprint: string, view: CartView, token: string | undefined, beside: string, priced?: PricedForOrder): MemoEntry {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    // A rough size (the answer's lines dominate it): the bound needs no serialising on a miss. The
    // pricing kept beside it (its rows and evaluated lines) is counted as about as large again.
    const answerSize =
      1024 + view.data.sellers.reduce((sum, seller) => sum + 1024 + seller.products.reduce((n, product) => n + 1024 + product.variants.length * 600, 0), 0);
    const size = priced ? 2 * answerSize : answerSize;
    const entry: MemoEntry = { fingerprint, token, beside, view, size, ...(priced ? { priced } : {}) };
    this.entries.set(key, entry);
    this.bytes += size;
    while (this.entries.size > this.limits.entries || this.bytes > this.limits.bytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, MemoEntry];
      this.drop(oldestKey, oldest);
    }
    return entry;
  }

  /** The entry's bytes, serialised as the route's response schema would (once per entry). */
  static body(entry: MemoEntry): CachedAnswer {
    entry.body ??= new CachedAnswer(JSON.stringify(ZCartResponseSchema.parse(entry.view)));
    return entry.body;
  }

  /** `unchanged` without moving or changing the entry (checkout, inside its transaction). */
  peekUnchanged(key: string, token: string, beside: string): MemoEntry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.token === token && entry.beside === beside ? entry : undefined;
  }

  /** The entry whose fingerprint is this one, without moving or changing it. */
  peek(key: string, fingerprint: string): MemoEntry | undefined {
    const entry = this.entries.get(key);
    return entry?.fingerprint === fingerprint ? entry : undefined;
  }

  /** Map order is the LRU order: a hit moves to the end. */
  private touch(key: string, entry: MemoEntry): MemoEntry {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: MemoEntry): void {
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
