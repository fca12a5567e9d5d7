import type { Language } from './locale.js';
import {
  CERTIFICATION_NAMES,
  FACET_LABELS,
  SORT_LABELS,
  NO_PRODUCTS_MESSAGE,
  type MAKER_TYPES,
  type PRODUCTION_METHODS,
  type CertificationScheme,
  type Colour,
  type FacetKey,
  type Material,
  type Size,
  type SortKey,
  type StockState,
} from './catalog-constants.js';

/**
 * Translated labels of the catalog's fixed vocabularies (issue #4), shared by the server (facet labels,
 * the empty-result message) and the web app (pickers, the provenance panel). English is the seed's
 * exact text where the seed has one; every other language is a real translation. Brand-like names
 * (GOTS, FSC, OEKO-TEX) stay as they are.
 */
type Labels<K extends string> = Record<Language, Record<K, string>>;

export const COLOUR_LABELS: Labels<Colour> = {
  en: {
    black: 'Black', white: 'White', natural: 'Natural', beige: 'Beige', brown: 'Brown', terracotta: 'Terracotta', red: 'Red', pink: 'Pink',
    orange: 'Orange', yellow: 'Yellow', green: 'Green', olive: 'Olive', teal: 'Teal', blue: 'Blue', indigo: 'Indigo', purple: 'Purple',
    grey: 'Grey', gold: 'Gold', silver: 'Silver', multicolour: 'Multicolour',
  },
  es: {
    black: 'Negro', white: 'Blanco', natural: 'Natural', beige: 'Beis', brown: 'Marrón', terracotta: 'Terracota', red: 'Rojo', pink: 'Rosa',
    orange: 'Naranja', yellow: 'Amarillo', green: 'Verde', olive: 'Oliva', teal: 'Verde azulado', blue: 'Azul', indigo: 'Índigo',
    purple: 'Morado', grey: 'Gris', gold: 'Dorado', silver: 'Plateado', multicolour: 'Multicolor',
  },
  ar: {
    black: 'أسود', white: 'أبيض', natural: 'طبيعي', beige: 'بيج', brown: 'بني', terracotta: 'تيراكوتا', red: 'أحمر', pink: 'وردي',
    orange: 'برتقالي', yellow: 'أصفر', green: 'أخضر', olive: 'زيتوني', teal: 'أزرق مخضر', blue: 'أزرق', indigo: 'نيلي', purple: 'بنفسجي',
    grey: 'رمادي', gold: 'ذهبي', silver: 'فضي', multicolour: 'متعدد الألوان',
  },
  ms: {
    black: 'Hitam', white: 'Putih', natural: 'Asli', beige: 'Kuning air', brown: 'Coklat', terracotta: 'Terakota', red: 'Merah',
    pink: 'Merah jambu', orange: 'Oren', yellow: 'Kuning', green: 'Hijau', olive: 'Hijau zaitun', teal: 'Hijau kebiruan', blue: 'Biru',
    indigo: 'Nila', purple: 'Ungu', grey: 'Kelabu', gold: 'Emas', silver: 'Perak', multicolour: 'Pelbagai warna',
  },
};

export const MATERIAL_LABELS: Labels<Material> = {
  en: {
    'organic-cotton': 'Organic cotton', cotton: 'Cotton', 'recycled-cotton': 'Recycled cotton', linen: 'Linen', hemp: 'Hemp', jute: 'Jute',
    wool: 'Wool', 'recycled-wool': 'Recycled wool', alpaca: 'Alpaca', silk: 'Silk', 'peace-silk': 'Peace silk', bamboo: 'Bamboo',
    rattan: 'Rattan', seagrass: 'Seagrass', pandan: 'Pandan', 'banana-fibre': 'Banana fibre', cork: 'Cork', 'reclaimed-wood': 'Reclaimed wood',
    'fsc-wood': 'FSC wood', teak: 'Teak', clay: 'Clay', stoneware: 'Stoneware', 'recycled-glass': 'Recycled glass', brass: 'Brass',
    'recycled-brass': 'Recycled brass', copper: 'Copper', 'recycled-silver': 'Recycled silver', leather: 'Leather',
    'vegetable-tanned-leather': 'Vegetable-tanned leather', 'natural-rubber': 'Natural rubber', 'recycled-polyester': 'Recycled polyester',
    beeswax: 'Beeswax', 'soy-wax': 'Soy wax', 'natural-dye': 'Natural dye', paper: 'Paper', 'recycled-paper': 'Recycled paper',
  },
  es: {
    'organic-cotton': 'Algodón orgánico', cotton: 'Algodón', 'recycled-cotton': 'Algodón reciclado', linen: 'Lino', hemp: 'Cáñamo',
    jute: 'Yute', wool: 'Lana', 'recycled-wool': 'Lana reciclada', alpaca: 'Alpaca', silk: 'Seda', 'peace-silk': 'Seda de la paz',
    bamboo: 'Bambú', rattan: 'Ratán', seagrass: 'Junco marino', pandan: 'Pandano', 'banana-fibre': 'Fibra de banano', cork: 'Corcho',
    'reclaimed-wood': 'Madera recuperada', 'fsc-wood': 'Madera FSC', teak: 'Teca', clay: 'Arcilla', stoneware: 'Gres',
    'recycled-glass': 'Vidrio reciclado', brass: 'Latón', 'recycled-brass': 'Latón reciclado', copper: 'Cobre',
    'recycled-silver': 'Plata reciclada', leather: 'Cuero', 'vegetable-tanned-leather': 'Cuero de curtido vegetal',
    'natural-rubber': 'Caucho natural', 'recycled-polyester': 'Poliéster reciclado', beeswax: 'Cera de abeja', 'soy-wax': 'Cera de soja',
    'natural-dye': 'Tinte natural', paper: 'Papel', 'recycled-paper': 'Papel reciclado',
  },
  ar: {
    'organic-cotton': 'قطن عضوي', cotton: 'قطن', 'recycled-cotton': 'قطن معاد تدويره', linen: 'كتان', hemp: 'قنب', jute: 'جوت', wool: 'صوف',
    'recycled-wool': 'صوف معاد تدويره', alpaca: 'ألبكة', silk: 'حرير', 'peace-silk': 'حرير السلام', bamboo: 'خيزران', rattan: 'روطان',
    seagrass: 'عشب البحر', pandan: 'باندان', 'banana-fibre': 'ألياف الموز', cork: 'فلين', 'reclaimed-wood': 'خشب مستصلح',
    'fsc-wood': 'خشب معتمد من FSC', teak: 'خشب الساج', clay: 'طين', stoneware: 'فخار حجري', 'recycled-glass': 'زجاج معاد تدويره',
    brass: 'نحاس أصفر', 'recycled-brass': 'نحاس أصفر معاد تدويره', copper: 'نحاس', 'recycled-silver': 'فضة معاد تدويرها', leather: 'جلد',
    'vegetable-tanned-leather': 'جلد مدبوغ نباتيًا', 'natural-rubber': 'مطاط طبيعي', 'recycled-polyester': 'بوليستر معاد تدويره',
    beeswax: 'شمع العسل', 'soy-wax': 'شمع الصويا', 'natural-dye': 'صبغة طبيعية', paper: 'ورق', 'recycled-paper': 'ورق معاد تدويره',
  },
  ms: {
    'organic-cotton': 'Kapas organik', cotton: 'Kapas', 'recycled-cotton': 'Kapas kitar semula', linen: 'Linen', hemp: 'Hem', jute: 'Jut',
    wool: 'Bulu biri-biri', 'recycled-wool': 'Bulu biri-biri kitar semula', alpaca: 'Alpaka', silk: 'Sutera', 'peace-silk': 'Sutera damai',
    bamboo: 'Buluh', rattan: 'Rotan', seagrass: 'Rumput laut', pandan: 'Mengkuang', 'banana-fibre': 'Serat pisang', cork: 'Gabus',
    'reclaimed-wood': 'Kayu guna semula', 'fsc-wood': 'Kayu FSC', teak: 'Jati', clay: 'Tanah liat', stoneware: 'Tembikar batu',
    'recycled-glass': 'Kaca kitar semula', brass: 'Loyang', 'recycled-brass': 'Loyang kitar semula', copper: 'Tembaga',
    'recycled-silver': 'Perak kitar semula', leather: 'Kulit', 'vegetable-tanned-leather': 'Kulit samak sayuran', 'natural-rubber': 'Getah asli',
    'recycled-polyester': 'Poliester kitar semula', beeswax: 'Lilin lebah', 'soy-wax': 'Lilin soya', 'natural-dye': 'Pewarna semula jadi',
    paper: 'Kertas', 'recycled-paper': 'Kertas kitar semula',
  },
};

type MakerType = (typeof MAKER_TYPES)[number];
export const MAKER_TYPE_LABELS: Labels<MakerType> = {
  en: { artisan: 'Artisan', cooperative: 'Cooperative', workshop: 'Workshop', 'social-enterprise': 'Social enterprise', 'small-factory': 'Small factory' },
  es: { artisan: 'Artesano', cooperative: 'Cooperativa', workshop: 'Taller', 'social-enterprise': 'Empresa social', 'small-factory': 'Pequeña fábrica' },
  ar: { artisan: 'حرفي', cooperative: 'تعاونية', workshop: 'ورشة', 'social-enterprise': 'مؤسسة اجتماعية', 'small-factory': 'مصنع صغير' },
  ms: { artisan: 'Artisan', cooperative: 'Koperasi', workshop: 'Bengkel', 'social-enterprise': 'Perusahaan sosial', 'small-factory': 'Kilang kecil' },
};

type ProductionMethod = (typeof PRODUCTION_METHODS)[number];
export const PRODUCTION_METHOD_LABELS: Labels<ProductionMethod> = {
  en: {
    handmade: 'Handmade', handloom: 'Handloom', 'hand-carved': 'Hand-carved', 'hand-thrown': 'Hand-thrown', 'hand-block-printed': 'Hand block printed',
    'hand-woven': 'Hand-woven', 'hand-knotted': 'Hand-knotted', 'small-batch': 'Small batch', upcycled: 'Upcycled', 'machine-assisted': 'Machine-assisted',
  },
  es: {
    handmade: 'Hecho a mano', handloom: 'Telar manual', 'hand-carved': 'Tallado a mano', 'hand-thrown': 'Torneado a mano',
    'hand-block-printed': 'Estampado a mano con bloques', 'hand-woven': 'Tejido a mano', 'hand-knotted': 'Anudado a mano',
    'small-batch': 'Pequeños lotes', upcycled: 'Suprarreciclado', 'machine-assisted': 'Asistido por máquina',
  },
  ar: {
    handmade: 'مصنوع يدويًا', handloom: 'منسوج على نول يدوي', 'hand-carved': 'منحوت يدويًا', 'hand-thrown': 'مشكّل يدويًا على الدولاب',
    'hand-block-printed': 'مطبوع يدويًا بالقوالب', 'hand-woven': 'منسوج يدويًا', 'hand-knotted': 'معقود يدويًا', 'small-batch': 'دفعات صغيرة',
    upcycled: 'معاد تدويره إبداعيًا', 'machine-assisted': 'بمساعدة الآلة',
  },
  ms: {
    handmade: 'Buatan tangan', handloom: 'Tenunan alat tenun tangan', 'hand-carved': 'Ukiran tangan', 'hand-thrown': 'Dibentuk dengan tangan',
    'hand-block-printed': 'Cetakan blok tangan', 'hand-woven': 'Tenunan tangan', 'hand-knotted': 'Simpulan tangan', 'small-batch': 'Kelompok kecil',
    upcycled: 'Kitar naik', 'machine-assisted': 'Dibantu mesin',
  },
};

export const STOCK_STATE_LABELS: Labels<StockState> = {
  en: { in_stock: 'In stock', out_of_stock: 'Out of stock', sold_out: 'Sold out' },
  es: { in_stock: 'En stock', out_of_stock: 'Agotado temporalmente', sold_out: 'Agotado' },
  ar: { in_stock: 'متوفر', out_of_stock: 'غير متوفر حاليًا', sold_out: 'نفدت الكمية' },
  ms: { in_stock: 'Ada stok', out_of_stock: 'Kehabisan stok', sold_out: 'Habis dijual' },
};

/** Sizes that are words (the letter codes and dimensions read the same in every language). */
type WordSize = Extract<Size, 'ONE SIZE' | 'SMALL' | 'MEDIUM' | 'LARGE'>;
export const SIZE_LABELS: Labels<WordSize> = {
  en: { 'ONE SIZE': 'One size', SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large' },
  es: { 'ONE SIZE': 'Talla única', SMALL: 'Pequeño', MEDIUM: 'Mediano', LARGE: 'Grande' },
  ar: { 'ONE SIZE': 'مقاس واحد', SMALL: 'صغير', MEDIUM: 'متوسط', LARGE: 'كبير' },
  ms: { 'ONE SIZE': 'Satu saiz', SMALL: 'Kecil', MEDIUM: 'Sederhana', LARGE: 'Besar' },
};

export const SORT_LABELS_I18N: Labels<SortKey> = {
  en: SORT_LABELS,
  es: { popularity: 'Popularidad', price_asc: 'Precio: de menor a mayor', price_desc: 'Precio: de mayor a menor', newest: 'Más recientes' },
  ar: { popularity: 'الأكثر شيوعًا', price_asc: 'السعر: من الأقل إلى الأعلى', price_desc: 'السعر: من الأعلى إلى الأقل', newest: 'الأحدث' },
  ms: { popularity: 'Populariti', price_asc: 'Harga: Rendah ke Tinggi', price_desc: 'Harga: Tinggi ke Rendah', newest: 'Terbaharu' },
};

export const FACET_LABELS_I18N: Labels<FacetKey> = {
  en: FACET_LABELS,
  es: {
    colour: 'COLOR', brand: 'MARCA', size: 'TALLA', rating: 'VALORACIONES DE CLIENTES', discount: 'DESCUENTO', price: 'PRECIO',
    category: 'CATEGORÍA', store: 'TIENDA', certification: 'CERTIFICACIÓN', material: 'MATERIAL', origin: 'ORIGEN', inStock: 'EN STOCK',
  },
  ar: {
    colour: 'اللون', brand: 'العلامة التجارية', size: 'المقاس', rating: 'تقييمات العملاء', discount: 'الخصم', price: 'السعر',
    category: 'الفئة', store: 'المتجر', certification: 'الشهادة', material: 'المادة', origin: 'المنشأ', inStock: 'متوفر',
  },
  ms: {
    colour: 'WARNA', brand: 'JENAMA', size: 'SAIZ', rating: 'PENILAIAN PELANGGAN', discount: 'DISKAUN', price: 'HARGA',
    category: 'KATEGORI', store: 'KEDAI', certification: 'PENSIJILAN', material: 'BAHAN', origin: 'ASAL', inStock: 'ADA STOK',
  },
};

export const CERTIFICATION_LABELS: Labels<CertificationScheme> = {
  en: CERTIFICATION_NAMES,
  es: {
    ...CERTIFICATION_NAMES, FAIR_TRADE: 'Comercio Justo', GRS: 'Estándar Global de Reciclaje', EU_ECOLABEL: 'Etiqueta Ecológica de la UE',
    RWS: 'Estándar de Lana Responsable', WFTO: 'Comercio Justo Garantizado WFTO', CRADLE_TO_CRADLE: 'De la Cuna a la Cuna',
  },
  ar: {
    ...CERTIFICATION_NAMES, FAIR_TRADE: 'التجارة العادلة', GRS: 'المعيار العالمي لإعادة التدوير', BCORP: 'شهادة B Corp',
    EU_ECOLABEL: 'العلامة البيئية للاتحاد الأوروبي', RWS: 'معيار الصوف المسؤول', WFTO: 'التجارة العادلة المضمونة من WFTO',
    CRADLE_TO_CRADLE: 'من المهد إلى المهد',
  },
  ms: {
    ...CERTIFICATION_NAMES, FAIR_TRADE: 'Perdagangan Adil', GRS: 'Piawaian Kitar Semula Global', EU_ECOLABEL: 'Eko-label EU',
    RWS: 'Piawaian Bulu Bertanggungjawab', WFTO: 'Perdagangan Adil Terjamin WFTO', CRADLE_TO_CRADLE: 'Buaian ke Buaian',
  },
};

/** The in-stock facet's single value and the rating / discount buckets ("4★ & up", "10% & more"). */
export type FilterPhrase = 'inStock' | 'ratingAndUp' | 'discountAndMore' | 'priceUnder' | 'priceOver' | 'priceBetween' | 'noProducts';
export const FILTER_PHRASES: Labels<FilterPhrase> = {
  en: {
    inStock: 'In stock only', ratingAndUp: '{{n}}★ & up', discountAndMore: '{{n}}% & more', priceUnder: 'Under {{max}}',
    priceOver: '{{min}} & above', priceBetween: '{{min}} – {{max}}', noProducts: NO_PRODUCTS_MESSAGE,
  },
  es: {
    inStock: 'Solo en stock', ratingAndUp: '{{n}}★ o más', discountAndMore: '{{n}}% o más', priceUnder: 'Menos de {{max}}',
    priceOver: '{{min}} o más', priceBetween: '{{min}} – {{max}}', noProducts: 'ningún producto coincide con tus filtros o tu búsqueda',
  },
  ar: {
    inStock: 'المتوفر فقط', ratingAndUp: '{{n}}★ فأكثر', discountAndMore: '{{n}}% فأكثر', priceUnder: 'أقل من {{max}}',
    priceOver: '{{min}} فأكثر', priceBetween: '{{min}} – {{max}}', noProducts: 'لا توجد منتجات تطابق عوامل التصفية أو البحث',
  },
  ms: {
    inStock: 'Ada stok sahaja', ratingAndUp: '{{n}}★ ke atas', discountAndMore: '{{n}}% ke atas', priceUnder: 'Bawah {{max}}',
    priceOver: '{{min}} ke atas', priceBetween: '{{min}} – {{max}}', noProducts: 'tiada produk yang sepadan dengan penapis atau carian anda',
  },
};

const TABLES = {
  colour: COLOUR_LABELS,
  size: SIZE_LABELS,
  material: MATERIAL_LABELS,
  makerType: MAKER_TYPE_LABELS,
  productionMethod: PRODUCTION_METHOD_LABELS,
  stockState: STOCK_STATE_LABELS,
  sort: SORT_LABELS_I18N,
  facet: FACET_LABELS_I18N,
  certification: CERTIFICATION_LABELS,
  phrase: FILTER_PHRASES,
} as const;
export type CatalogLabelKind = keyof typeof TABLES;
export type CatalogLabelKey<K extends CatalogLabelKind> = keyof (typeof TABLES)[K]['en'];

/**
 * The label of one value in the given language, falling back to English, then to the key itself
 * (so an unknown value never renders as an empty string). `{{name}}` placeholders take `values`.
 */
export function catalogLabel<K extends CatalogLabelKind>(
  kind: K,
  key: CatalogLabelKey<K> | (string & {}),
  language: Language | string = 'en',
  values?: Record<string, string | number>,
): string {
  const table = TABLES[kind] as Record<string, Record<string, string>>;
  const k = String(key);
  const text = table[language]?.[k] ?? table.en?.[k] ?? k;
  if (!values) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
