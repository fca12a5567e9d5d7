import type { CartLineProblem, DeliveryMode, Language, StockState, TCart, TCartLine, TCartProduct, TCartSeller, TMoney } from '@tessera/contracts';
import { DEFAULT_CURRENCY_CODE } from '@tessera/contracts';
import { pickText, toImage, type ImageRow } from '../catalog/index.js';
import { type DeliverySettings, quoteDelivery } from '../delivery/index.js';
import { calculateCart, type CalculatorSeller, type Totals } from './cart-calculator.js';
import type { CartLineRow } from './cart.repository.js';

/** A line as it can be bought now: its price, its stock and what stops it, if anything. */
export interface EvaluatedLine {
  row: CartLineRow;
  /** In the cart's (the buyer's) currency, converted once per unit: what the buyer sees and pays. */
  unitPrice: number;
  mrp: number;
  /** The unit price as the store keeps it, in `baseCurrency` (delivery rules read it). */
  baseUnitPrice: number;
  baseCurrency: string;
  available: number;
  stockState: StockState;
  problem: CartLineProblem | null;
}

/** What the catalog says of a line now (price, stock, whether it can be bought as it is). */
export function evaluateLine(row: CartLineRow): EvaluatedLine {
  const exists = row.product_status === 'published' && row.store_status === 'approved' && (row.variant_id ? row.variant_exists !== null : !row.has_variants);
  const available = Math.max(0, (row.variant_id ? row.variant_stock : row.product_stock) ?? 0);
  const catalogPrice = (row.variant_id ? row.variant_price : null) ?? row.product_price ?? 0;
  const unitPrice = row.agreed_unit_price ?? catalogPrice;
  const mrp = Math.max(unitPrice, (row.variant_id ? row.variant_mrp : null) ?? row.product_mrp ?? 0, catalogPrice);
  const stockState: StockState = available > 0 ? 'in_stock' : row.restockable ? 'out_of_stock' : 'sold_out';
  let problem: CartLineProblem | null = null;
  if (!exists) problem = 'unavailable';
  else if (available === 0) problem = row.restockable ? 'out_of_stock' : 'sold_out';
  else if (row.quantity > available) problem = 'not_enough_stock';
  // An agreed line's quantity was agreed with the seller: the catalog's minimum does not apply.
  else if (row.agreed_unit_price === null && row.quantity < (row.moq ?? 1)) problem = 'below_moq';
  const baseCurrency = (row.agreed_unit_price !== null ? row.agreed_currency : null) ?? row.currency ?? DEFAULT_CURRENCY_CODE;
  return { row, unitPrice, mrp, baseUnitPrice: unitPrice, baseCurrency, available, stockState, problem };
}

/**
 * The currency a cart is shown and charged in, with the conversion from the store's currency at the
 * rates of one moment (currencies' RateTable). Null exchange: no conversion (the buyer's currency is
 * the store's).
 */
export interface CartCurrency {
  code: string;
  /** The currency prices and delivery fees are kept in (the default). */
  storeCurrency: string;
  /** Minor units of `from` in minor units of `code`, rounded half away from zero. */
  convert(amount: number, from: string): number;
  /** Minor units of `from` in the store's currency (the default), for the store's own rules. */
  toStore(amount: number, from: string): number;
  /** The rate an order records: store currency → charged currency. */
  exchange: CartExchange | null;
}

export interface CartExchange {
  from: string;
  to: string;
  /** Units of `to` per unit of `from`, an exact decimal string. */
  rate: string;
  /** When the store team last set the rate (UTC ms). */
  rateSetAt: number;
}

/** Unit prices (and MRP) in the cart's currency: one conversion per unit, so a line is unit × quantity of what is shown. */
function inCurrency(line: EvaluatedLine, currency: CartCurrency | undefined): EvaluatedLine {
  if (!currency || line.baseCurrency === currency.code) return line;
  return { ...line, unitPrice: currency.convert(line.baseUnitPrice, line.baseCurrency), mrp: currency.convert(line.mrp, line.baseCurrency) };
}

export const isStockProblem = (problem: CartLineProblem | null): boolean => problem === 'out_of_stock' || problem === 'sold_out' || problem === 'not_enough_stock';

export interface PricingInput {
  cartId: string | null;
  mode: DeliveryMode;
  rows: readonly CartLineRow[];
  images: ReadonlyMap<string, ImageRow>;
  settings: ReadonlyMap<string, DeliverySettings>;
  taxRates: ReadonlyMap<string, number>;
  location: { latitude: number; longitude: number };
  language: Language;
  /** The coupon's discount, already in the cart's currency. */
  coupon?: { products: number; delivery: number };
  /** The buyer's currency; without it the cart stays in the store's currency. */
  currency?: CartCurrency;
}

/** One seller's part of a priced cart, with the lines that will be bought. */
export interface PricedSeller {
  storeId: string;
  lines: EvaluatedLine[];
  settings: DeliverySettings;
  deliverable: boolean;
  distanceKm: number | null;
  taxRateBp: number;
  totals: ReturnType<typeof calculateCart>['sellers'][number];
}

export interface PricedCart {
  currency: string;
  /** The rate of the conversion from the store's currency, null when none was needed. */
  exchange: CartExchange | null;
  sellers: PricedSeller[];
  totals: Totals;
  lines: EvaluatedLine[];
  checkoutable: boolean;
  outOfstock: boolean;
}

/**
 * Prices a cart: groups its lines by seller (in the order they were first added), quotes each
 * seller's delivery to the location, and runs the calculator over the lines that can be bought.
 * Used alike by the cart's answers and by checkout, so the two never disagree.
 */
export function priceCart(input: PricingInput): PricedCart {
  const lines = input.rows.map((row) => inCurrency(evaluateLine(row), input.currency));
  const currency = input.currency?.code ?? lines.find((line) => line.row.currency)?.row.currency ?? DEFAULT_CURRENCY_CODE;
  // Delivery fees are kept in the store's currency (the default, as prices): converted once per seller.
  const fee = (amount: number) => (input.currency ? input.currency.convert(amount, input.currency.storeCurrency) : amount);
  const byStore = new Map<string, EvaluatedLine[]>();
  for (const line of lines) {
    const list = byStore.get(line.row.store_id) ?? [];
    list.push(line);
    byStore.set(line.row.store_id, list);
  }
  const partial = [...byStore].map(([storeId, storeLines]) => {
    const settings = input.settings.get(storeId);
    const buyable = storeLines.filter((line) => line.problem === null);
    // The free-delivery threshold is the store's, in its currency: compared with the goods in that currency.
    const goods = buyable.reduce((sum, line) => sum + (input.currency ? input.currency.toStore(line.baseUnitPrice, line.baseCurrency) : line.unitPrice) * line.row.quantity, 0);
    const quote = settings && input.mode === 'DELIVERY' ? quoteDelivery(settings, input.location, goods) : null;
    const charged = buyable.length > 0 && quote !== null;
    return {
      storeId,
      lines: storeLines,
      buyable,
      settings: settings as DeliverySettings,
      deliverable: settings !== undefined && (quote?.deliverable ?? true),
      distanceKm: quote?.distanceKm ?? null,
      taxRateBp: settings ? (input.taxRates.get(settings.country) ?? 0) : 0,
      deliveryFee: charged ? fee(quote.deliveryFee) : 0,
      driverFee: charged ? fee(quote.driverFee) : 0,
    };
  });
  const calculatorSellers: CalculatorSeller[] = partial.map((seller) => ({
    lines: seller.buyable.map((line) => ({ unitPrice: line.unitPrice, mrp: line.mrp, quantity: line.row.quantity })),
    deliveryFee: seller.deliveryFee,
    driverFee: seller.driverFee,
    taxRateBp: seller.taxRateBp,
  }));
  const result = calculateCart({ sellers: calculatorSellers, ...(input.coupon ? { coupon: input.coupon } : {}) });
  const sellers = partial.map((seller, index): PricedSeller => ({
    storeId: seller.storeId,
    lines: seller.lines,
    settings: seller.settings,
    deliverable: seller.deliverable,
    distanceKm: seller.distanceKm,
    taxRateBp: seller.taxRateBp,
    totals: result.sellers[index]!,
  }));
  return {
    currency,
    exchange: input.currency?.exchange ?? null,
    sellers,
    totals: result.totals,
    lines,
    outOfstock: lines.some((line) => isStockProblem(line.problem)),
    checkoutable: lines.length > 0 && lines.every((line) => line.problem === null) && sellers.every((seller) => seller.deliverable),
  };
}

const money = (amount: number, currency: string): TMoney => ({ amount, currency });

function totalsOf(totals: Totals, currency: string) {
  return {
    subtotalBeforeTax: money(totals.subtotalBeforeTax, currency),
    deliveryFees: money(totals.deliveryFees, currency),
    estimatedTax: money(totals.estimatedTax, currency),
    totalAfterTax: money(totals.totalAfterTax, currency),
    savings: money(totals.savings, currency),
    coupon: money(totals.coupon, currency),
  };
}

/** The cart as the client sees it (seed: sellers, each with products and their variants). */
export function toCartAnswer(input: PricingInput, priced: PricedCart, promo: TCart['promo'] = null): TCart {
  const { currency } = priced;
  const sellers = priced.sellers.map((seller): TCartSeller => {
    const first = seller.lines[0]!.row;
    const products = new Map<string, TCartProduct>();
    for (const line of seller.lines) {
      const { row } = line;
      let product = products.get(row.product_id);
      if (!product) {
        const title = pickText(row.title, input.language) || row.slug || row.product_id;
        const image = input.images.get(row.product_id);
        product = { productId: row.product_id, slug: row.slug ?? '', title, image: image ? toImage(image, input.language, title) : null, moq: row.moq ?? 1, variants: [] };
        products.set(row.product_id, product);
      }
      const cartLine: TCartLine = {
        lineId: row.id,
        variantId: row.variant_id,
        colour: row.colour,
        size: row.size,
        quantity: row.quantity,
        unitPrice: money(line.unitPrice, currency),
        mrp: money(line.mrp, currency),
        lineTotal: money(line.unitPrice * row.quantity, currency),
        availableStock: line.available,
        stockState: line.stockState,
        outOfstock: isStockProblem(line.problem),
        problem: line.problem,
        agreed: row.source_kind && row.source_id ? { kind: row.source_kind, id: row.source_id } : null,
      };
      product.variants.push(cartLine);
    }
    const settings = seller.settings;
    return {
      storeId: seller.storeId,
      storeName: pickText(first.store_name, input.language) || first.store_alias_name || '',
      storeAliasName: first.store_alias_name ?? '',
      products: [...products.values()],
      distanceKm: seller.distanceKm,
      deliverable: seller.deliverable,
      deliveryFee: money(seller.totals.deliveryFee, currency),
      driverFee: money(seller.totals.driverFee, currency),
      pickup: settings
        ? { address: settings.pickupAddress, latitude: settings.latitude, longitude: settings.longitude, hours: settings.pickupHours, timeZone: settings.timeZone }
        : { address: '', latitude: 0, longitude: 0, hours: [], timeZone: 'UTC' },
      taxRatePercent: seller.taxRateBp / 100,
      totals: totalsOf(seller.totals, currency),
    };
  });
  return {
    cartId: input.cartId,
    deliveryMode: input.mode,
    currency,
    exchangeRate: priced.exchange,
    itemCount: input.rows.reduce((sum, row) => sum + row.quantity, 0),
    sellers,
    totals: totalsOf(priced.totals, currency),
    outOfstock: priced.outOfstock,
    checkoutable: priced.checkoutable,
    location: { latitude: input.location.latitude, longitude: input.location.longitude },
    promo,
  };
}
