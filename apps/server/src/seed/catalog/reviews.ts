import type { Insertable } from 'kysely';
import { newId } from '../../lib/ids.js';
import type { Database } from '../../db/schema.js';
import type { ProductRows } from './products.js';
import { prngFor, type Prng } from './prng.js';
import { LANGS, type Text } from './vocabulary.js';

/**
 * Reviews for the benchmark catalogs (issue #13 §6): each review is the buyer's own delivered
 * purchase (an order, its store order and the line, as checkout and delivery leave them), so the
 * rows keep every foreign key and the rules of modules/social (one review per delivered line). The
 * product's stored counts per star (product_review_stats) and its rating and review count are set
 * from the visible reviews written, exactly as the reviews module keeps them.
 */

const DAY = 86_400_000;
/** Salt of the reviews' generator: the products' own draws stay those of the catalog without reviews. */
const REVIEWS_SALT = 0x5eed_4e57;
/** Share of products with at least one review, and of best sellers with hundreds. */
const RATED_SHARE = 0.82;
const BEST_SELLER_SHARE = 0.001;
const BEST_SELLER_MEAN = 600;

type Lang = keyof Text;
type ReviewRow = Insertable<Database['reviews']>;

export interface ReviewBuyer {
  id: string;
  language: Lang;
}

export interface ReviewSeedContext {
  seed: number;
  now: number;
  /** Reviews per product on average (10: 1,000,000 reviews for 100,000 products). */
  perProduct: number;
  buyers: ReviewBuyer[];
  /** Who hid the hidden reviews (the demo store owner). */
  moderatorId: string | null;
  /** The seller user of each store, who answers its reviews. */
  sellerOf: Map<string, string>;
}

export interface ReviewRowsOfChunk {
  orders: Insertable<Database['orders']>[];
  storeOrders: Insertable<Database['store_orders']>[];
  lines: Insertable<Database['order_lines']>[];
  reviews: ReviewRow[];
  stats: Insertable<Database['product_review_stats']>[];
}

const FIRST_NAMES = [
  'Amira',
  'Lucía',
  'Nurul',
  'Sam',
  'Youssef',
  'Mei',
  'Tomás',
  'Aisha',
  'Jonas',
  'Farah',
  'Diego',
  'Siti',
  'Omar',
  'Elena',
  'Hana',
  'Marco',
  'Leila',
  'Rafael',
  'Zainab',
  'Kofi',
];
const LAST_NAMES = [
  'Haddad',
  'Ortega',
  'Aziz',
  'Okafor',
  'Benali',
  'Tan',
  'Rossi',
  'Rahman',
  'Silva',
  'Mansour',
  'Lim',
  'Garcia',
  'Nasser',
  'Weber',
  'Ismail',
  'Costa',
];

/** The buyers who write the reviews: one per `perBuyer` reviews, each with his language. */
export function buildReviewBuyers(options: {
  seed: number;
  now: number;
  count: number;
  passwordHash: string;
}): Array<Insertable<Database['users']> & { language: Lang }> {
  return Array.from({ length: options.count }, (_, i) => {
    const prng = prngFor(options.seed ^ REVIEWS_SALT, -1 - i);
    return {
      id: newId(),
      type: 'buyer',
      email: `buyer-${i + 1}@buyers.tessera.test`,
      first_name: prng.pick(FIRST_NAMES),
      last_name: prng.pick(LAST_NAMES),
      buyer_role: prng.chance(0.7) ? 'retailer' : 'distributor',
      team_role: null,
      language: prng.pick(LANGS),
      country_code: null,
      phone: null,
      password_hash: options.passwordHash,
      created_at: options.now - 800 * DAY + i * 1000,
      updated_at: options.now,
    };
  });
}

/** What buyers write, by language and by how they liked it (1–2, 3, 4–5 stars). */
const TEXTS: Record<Lang, [string[], string[], string[]]> = {
  en: [
    ['Arrived damaged and the colour is not what the photos show.', 'Disappointing finish for the price; returned half of the order.'],
    ['Fine, but the lead time was longer than stated.', 'Decent quality, a little uneven from piece to piece.'],
    [
      'Beautiful work, our customers love it. Will reorder.',
      'Exactly as described, well packed, sold out in a week.',
      'Lovely texture and the certificate checked out.',
    ],
  ],
  es: [
    ['Llegó dañado y el color no es el de las fotos.', 'Acabado decepcionante para el precio.'],
    ['Correcto, aunque tardó más de lo indicado.', 'Buena calidad, algo desigual entre piezas.'],
    ['Un trabajo precioso, a nuestros clientes les encanta.', 'Tal como se describe y muy bien embalado.', 'Textura preciosa y el certificado es válido.'],
  ],
  ar: [
    ['وصل تالفًا واللون ليس كما في الصور.', 'تشطيب مخيّب للآمال مقارنة بالسعر.'],
    ['جيد، لكن مدة التجهيز كانت أطول من المذكور.', 'جودة مقبولة مع اختلاف بسيط بين القطع.'],
    ['عمل جميل وزبائننا يحبونه، سنطلب مجددًا.', 'مطابق للوصف ومغلّف بعناية.', 'ملمس رائع والشهادة صحيحة.'],
  ],
  ms: [
    ['Tiba dalam keadaan rosak dan warnanya tidak seperti gambar.', 'Kemasan mengecewakan untuk harganya.'],
    ['Baik, tetapi masa penyediaan lebih lama daripada yang dinyatakan.', 'Kualiti sederhana, sedikit berbeza antara kepingan.'],
    [
      'Hasil kerja yang cantik, pelanggan kami menyukainya.',
      'Tepat seperti yang diterangkan dan dibungkus dengan baik.',
      'Tekstur yang cantik dan sijilnya sah.',
    ],
  ],
};
const ANSWERS: Record<Lang, string[]> = {
  en: ['Thank you for your order and your kind words!', 'Sorry about this: we have written to you to make it right.'],
  es: ['¡Gracias por su pedido y sus palabras!', 'Lo sentimos: le hemos escrito para solucionarlo.'],
  ar: ['شكرًا على طلبك وكلماتك الطيبة!', 'نعتذر عن ذلك، وقد راسلناك لتصحيح الأمر.'],
  ms: ['Terima kasih atas pesanan dan kata-kata anda!', 'Maaf tentang perkara ini: kami telah menghubungi anda untuk membetulkannya.'],
};
const HIDDEN_REASONS = ['Advertising', 'Personal data in the text', 'Not about the product'];

/** Weights of 1…5 stars: most products are liked, a few are not. */
function starWeights(prng: Prng): number[] {
  const quality = prng.next();
  if (quality < 0.06) return [30, 20, 20, 15, 15];
  if (quality < 0.3) return [6, 8, 20, 36, 30];
  return [2, 3, 8, 27, 60];
}

function drawStars(prng: Prng, weights: number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let x = prng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i] as number;
    if (x < 0) return i + 1;
  }
  return 5;
}

/** How many reviews product `index` has: none for some, a few for most, hundreds for best sellers. */
function reviewCountOf(prng: Prng, perProduct: number): number {
  if (perProduct <= 0 || !prng.chance(RATED_SHARE)) return 0;
  if (prng.chance(BEST_SELLER_SHARE)) return prng.int(BEST_SELLER_MEAN / 3, (BEST_SELLER_MEAN * 5) / 3);
  // count = 1 + u⁴·k has mean 1 + k/5 among rated products; k makes the catalog's mean `perProduct`.
  const rest = perProduct / RATED_SHARE - BEST_SELLER_SHARE * BEST_SELLER_MEAN;
  const k = Math.max(0, 5 * (rest - 1));
  return 1 + Math.floor(prng.next() ** 4 * k);
}

/**
 * The reviews of one chunk of products, with the delivered purchases they review; sets each
 * product's `rating`, `review_count` and `popularity` from the visible ones (mutates `built`).
 */
export function buildReviewsOfChunk(context: ReviewSeedContext, built: ProductRows[], firstIndex: number): ReviewRowsOfChunk {
  const out: ReviewRowsOfChunk = { orders: [], storeOrders: [], lines: [], reviews: [], stats: [] };
  if (context.buyers.length === 0) return out;
  built.forEach((rows, offset) => {
    const product = rows.product;
    const prng = prngFor(context.seed ^ REVIEWS_SALT, firstIndex + offset);
    const count = reviewCountOf(prng, context.perProduct);
    const weights = starWeights(prng);
    const visible: [number, number, number, number, number] = [0, 0, 0, 0, 0];
    const publishedAt = Number(product.published_at ?? context.now - 365 * DAY);
    const variant = rows.variants[0];
    // Distinct buyers for one product (most of the time): consecutive buyers from a random start.
    const firstBuyer = prng.int(0, context.buyers.length - 1);
    for (let n = 0; n < count; n++) {
      const buyer = context.buyers[(firstBuyer + n * 7919) % context.buyers.length] as ReviewBuyer;
      const rating = drawStars(prng, weights);
      const orderedAt = publishedAt + Math.floor(prng.next() * Math.max(DAY, context.now - publishedAt - 20 * DAY));
      const deliveredAt = orderedAt + prng.int(2, 12) * DAY;
      const reviewedAt = Math.min(context.now - 1000, deliveredAt + prng.int(0, 9 * DAY));
      const quantity = Math.max(Number(product.moq ?? 1), prng.int(1, 6) * Number(product.moq ?? 1));
      const unitPrice = Number(variant?.price ?? product.price);
      const total = unitPrice * quantity;
      const orderId = newId();
      const storeOrderId = newId();
      const lineId = newId();
      out.orders.push({
        id: orderId,
        buyer_id: buyer.id,
        checkout_run_id: newId(),
        delivery_mode: 'SELF_PICKUP',
        payment_type: 'COD',
        payment_status: 'not_required',
        payment_ref: null,
        currency: String(product.currency),
        subtotal: total,
        delivery_fees: 0,
        tax: 0,
        coupon: 0,
        savings: 0,
        total,
        base_currency: null,
        exchange_rate: null,
        rate_set_at: null,
        rate_read_at: null,
        wallet_amount: 0,
        wallet_refunded: 0,
        points_redeemed: 0,
        promo_code: null,
        delivery_note: null,
        address: null,
        latitude: null,
        longitude: null,
        language: buyer.language,
        created_at: orderedAt,
        updated_at: deliveredAt,
      });
      out.storeOrders.push({
        id: storeOrderId,
        order_id: orderId,
        store_id: String(product.store_id),
        status: 'picked_up',
        delivery_mode: 'SELF_PICKUP',
        slot_start: null,
        slot_end: null,
        currency: String(product.currency),
        subtotal: total,
        delivery_fee: 0,
        driver_fee: 0,
        tax: 0,
        discount: 0,
        total,
        refunded: 0,
        driver_id: null,
        driver_latitude: null,
        driver_longitude: null,
        driver_at: null,
        cancel_reason: null,
        cancel_comments: null,
        created_at: orderedAt,
        updated_at: deliveredAt,
      });
      out.lines.push({
        id: lineId,
        order_id: orderId,
        store_order_id: storeOrderId,
        product_id: String(product.id),
        variant_id: variant?.id ?? null,
        slug: String(product.slug),
        title: String(product.title),
        colour: variant?.colour ?? null,
        size: variant?.size ?? null,
        quantity,
        unit_price: unitPrice,
        mrp: Number(variant?.mrp ?? product.mrp),
        line_total: total,
        status: 'active',
        cancel_reason: null,
        cancel_comments: null,
        created_at: orderedAt,
        updated_at: deliveredAt,
      });
      // About one in fifty is hidden by the team; sellers answer more often when it went wrong.
      const hidden = prng.chance(0.02);
      const answered = prng.chance(rating <= 2 ? 0.5 : 0.12);
      const tier = rating <= 2 ? 0 : rating === 3 ? 1 : 2;
      out.reviews.push({
        id: newId(),
        product_id: String(product.id),
        store_id: String(product.store_id),
        order_line_id: lineId,
        buyer_id: buyer.id,
        rating,
        text: prng.pick(TEXTS[buyer.language][tier]),
        status: hidden ? 'hidden' : 'visible',
        hidden_reason: hidden ? prng.pick(HIDDEN_REASONS) : null,
        hidden_by: hidden ? context.moderatorId : null,
        hidden_at: hidden ? reviewedAt + DAY : null,
        answer_text: answered ? (ANSWERS[buyer.language][rating <= 2 ? 1 : 0] as string) : null,
        answered_by: answered ? (context.sellerOf.get(String(product.store_id)) ?? null) : null,
        answered_at: answered ? reviewedAt + prng.int(1, 72) * 3_600_000 : null,
        created_at: reviewedAt,
        updated_at: reviewedAt,
      });
      if (!hidden) visible[rating - 1] = (visible[rating - 1] ?? 0) + 1;
    }
    const shown = visible.reduce((sum, v) => sum + v, 0);
    const stars = visible.reduce((sum, v, i) => sum + v * (i + 1), 0);
    // As product-ratings.ts stores it: hundredths of a star, 0 when unrated.
    product.rating = shown ? Math.round((stars * 100) / shown) : 0;
    product.review_count = shown;
    product.popularity = shown * 10 + (Number(product.popularity ?? 0) % 2000);
    if (count > 0)
      out.stats.push({
        product_id: String(product.id),
        r1: visible[0],
        r2: visible[1],
        r3: visible[2],
        r4: visible[3],
        r5: visible[4],
        updated_at: context.now,
      });
  });
  return out;
}
