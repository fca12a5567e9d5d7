import type { CertificationScheme, Colour, Material, Size } from '@tessera/contracts';

/**
 * The demo catalog's vocabulary in the four languages. Titles are built from parts (adjective +
 * material + noun), so each language has its own word order and, in Spanish and Arabic, the
 * adjective agrees with the noun's gender.
 */
export type Lang = 'en' | 'es' | 'ar' | 'ms';
export const LANGS: readonly Lang[] = ['en', 'es', 'ar', 'ms'];
export type Text = Record<Lang, string>;
type Gender = 'm' | 'f';

export interface Noun {
  en: string;
  es: [string, Gender];
  ar: [string, Gender];
  ms: string;
}
export interface Adjective {
  en: string;
  /** Masculine, feminine. */
  es: [string, string];
  ar: [string, string];
  ms: string;
}

const n = (en: string, es: string, esG: Gender, ar: string, arG: Gender, ms: string): Noun => ({ en, es: [es, esG], ar: [ar, arG], ms });
const a = (en: string, esM: string, esF: string, arM: string, arF: string, ms: string): Adjective => ({ en, es: [esM, esF], ar: [arM, arF], ms });
const t = (en: string, es: string, ar: string, ms: string): Text => ({ en, es, ar, ms });

export const ADJECTIVES = {
  handwoven: a('Hand-woven', 'tejido a mano', 'tejida a mano', 'منسوج يدويًا', 'منسوجة يدويًا', 'Tenunan Tangan'),
  handmade: a('Handmade', 'hecho a mano', 'hecha a mano', 'مصنوع يدويًا', 'مصنوعة يدويًا', 'Buatan Tangan'),
  natural: a('Natural', 'natural', 'natural', 'طبيعي', 'طبيعية', 'Asli'),
  rustic: a('Rustic', 'rústico', 'rústica', 'ريفي', 'ريفية', 'Desa'),
  minimalist: a('Minimalist', 'minimalista', 'minimalista', 'بسيط', 'بسيطة', 'Minimalis'),
  striped: a('Striped', 'a rayas', 'a rayas', 'مخطط', 'مخططة', 'Berjalur'),
  embroidered: a('Embroidered', 'bordado', 'bordada', 'مطرز', 'مطرزة', 'Bersulam'),
  blockPrinted: a('Block-printed', 'estampado a mano', 'estampada a mano', 'مطبوع بالقوالب', 'مطبوعة بالقوالب', 'Cetakan Blok'),
  handCarved: a('Hand-carved', 'tallado a mano', 'tallada a mano', 'منحوت يدويًا', 'منحوتة يدويًا', 'Ukiran Tangan'),
  glazed: a('Glazed', 'esmaltado', 'esmaltada', 'مزجج', 'مزججة', 'Berkaca'),
  woven: a('Woven', 'trenzado', 'trenzada', 'مضفور', 'مضفورة', 'Anyaman'),
  hammered: a('Hammered', 'martillado', 'martillada', 'مطروق', 'مطروقة', 'Tempaan'),
  classic: a('Classic', 'clásico', 'clásica', 'كلاسيكي', 'كلاسيكية', 'Klasik'),
  scented: a('Scented', 'perfumado', 'perfumada', 'معطر', 'معطرة', 'Wangi'),
} satisfies Record<string, Adjective>;
type AdjectiveKey = keyof typeof ADJECTIVES;

export const MATERIAL_NAMES: Record<Material, Text> = {
  'organic-cotton': t('organic cotton', 'algodón orgánico', 'القطن العضوي', 'kapas organik'),
  cotton: t('cotton', 'algodón', 'القطن', 'kapas'),
  'recycled-cotton': t('recycled cotton', 'algodón reciclado', 'القطن المعاد تدويره', 'kapas kitar semula'),
  linen: t('linen', 'lino', 'الكتان', 'linen'),
  hemp: t('hemp', 'cáñamo', 'القنب', 'hem'),
  jute: t('jute', 'yute', 'الجوت', 'jut'),
  wool: t('wool', 'lana', 'الصوف', 'bulu biri-biri'),
  'recycled-wool': t('recycled wool', 'lana reciclada', 'الصوف المعاد تدويره', 'bulu biri-biri kitar semula'),
  alpaca: t('alpaca', 'alpaca', 'صوف الألبكة', 'bulu alpaka'),
  silk: t('silk', 'seda', 'الحرير', 'sutera'),
  'peace-silk': t('peace silk', 'seda ahimsa', 'حرير السلام', 'sutera ahimsa'),
  bamboo: t('bamboo', 'bambú', 'الخيزران', 'buluh'),
  rattan: t('rattan', 'ratán', 'الروطان', 'rotan'),
  seagrass: t('seagrass', 'junco marino', 'عشب البحر', 'rumput laut'),
  pandan: t('pandan', 'pandano', 'أوراق الباندان', 'mengkuang'),
  'banana-fibre': t('banana fibre', 'fibra de banano', 'ألياف الموز', 'serat pisang'),
  cork: t('cork', 'corcho', 'الفلين', 'gabus'),
  'reclaimed-wood': t('reclaimed wood', 'madera recuperada', 'الخشب المستصلح', 'kayu guna semula'),
  'fsc-wood': t('FSC wood', 'madera FSC', 'خشب معتمد من FSC', 'kayu FSC'),
  teak: t('teak', 'teca', 'خشب الساج', 'jati'),
  clay: t('clay', 'arcilla', 'الطين', 'tanah liat'),
  stoneware: t('stoneware', 'gres', 'الخزف الحجري', 'tembikar batu'),
  'recycled-glass': t('recycled glass', 'vidrio reciclado', 'الزجاج المعاد تدويره', 'kaca kitar semula'),
  brass: t('brass', 'latón', 'النحاس الأصفر', 'loyang'),
  'recycled-brass': t('recycled brass', 'latón reciclado', 'النحاس الأصفر المعاد تدويره', 'loyang kitar semula'),
  copper: t('copper', 'cobre', 'النحاس', 'tembaga'),
  'recycled-silver': t('recycled silver', 'plata reciclada', 'الفضة المعاد تدويرها', 'perak kitar semula'),
  leather: t('leather', 'cuero', 'الجلد', 'kulit'),
  'vegetable-tanned-leather': t('vegetable-tanned leather', 'cuero de curtido vegetal', 'الجلد المدبوغ نباتيًا', 'kulit samak sayuran'),
  'natural-rubber': t('natural rubber', 'caucho natural', 'المطاط الطبيعي', 'getah asli'),
  'recycled-polyester': t('recycled polyester', 'poliéster reciclado', 'البوليستر المعاد تدويره', 'poliester kitar semula'),
  beeswax: t('beeswax', 'cera de abeja', 'شمع العسل', 'lilin lebah'),
  'soy-wax': t('soy wax', 'cera de soja', 'شمع الصويا', 'lilin soya'),
  'natural-dye': t('natural dye', 'tinte natural', 'الصبغة الطبيعية', 'pewarna asli'),
  paper: t('paper', 'papel', 'الورق', 'kertas'),
  'recycled-paper': t('recycled paper', 'papel reciclado', 'الورق المعاد تدويره', 'kertas kitar semula'),
};

export interface SubcategoryDef {
  slug: string;
  name: Text;
  nouns: Noun[];
  /** Sizes a product of this subcategory comes in (one is picked per product, or several). */
  sizes: readonly Size[];
}
export interface CategoryDef {
  slug: string;
  name: Text;
  adjectives: AdjectiveKey[];
  /** Main materials; a product's title names its main one. Secondary ones blend in. */
  materials: Material[];
  secondary: Material[];
  colours: Colour[];
  certifications: CertificationScheme[];
  /** Price range in euro cents of the base variant. */
  price: [number, number];
  sizeChart: 'apparel' | 'rug' | null;
  subcategories: SubcategoryDef[];
}

const ONE: readonly Size[] = ['ONE SIZE'];
const SML: readonly Size[] = ['SMALL', 'MEDIUM', 'LARGE'];

export const CATEGORIES: CategoryDef[] = [
  {
    slug: 'textiles',
    name: t('Textiles', 'Textiles', 'المنسوجات', 'Tekstil'),
    adjectives: ['handwoven', 'blockPrinted', 'embroidered', 'striped', 'natural'],
    materials: ['organic-cotton', 'linen', 'cotton', 'hemp', 'silk'],
    secondary: ['recycled-cotton', 'natural-dye', 'linen', 'bamboo'],
    colours: ['natural', 'indigo', 'terracotta', 'olive', 'white', 'blue', 'multicolour'],
    certifications: ['GOTS', 'OEKO_TEX', 'FAIR_TRADE', 'GRS', 'WFTO'],
    price: [1800, 9500],
    sizeChart: null,
    subcategories: [
      { slug: 'throws-blankets', name: t('Throws & blankets', 'Mantas y cobijas', 'بطانيات وأغطية', 'Selimut & balutan'), sizes: ['140x200'], nouns: [n('Throw', 'Manta', 'f', 'بطانية', 'f', 'Selimut'), n('Blanket', 'Cobija', 'f', 'لحاف', 'm', 'Gebar')] },
      { slug: 'cushions', name: t('Cushions', 'Cojines', 'وسائد', 'Kusyen'), sizes: ['50x70'], nouns: [n('Cushion Cover', 'Funda de cojín', 'f', 'غطاء وسادة', 'm', 'Sarung Kusyen')] },
      { slug: 'table-linen', name: t('Table linen', 'Mantelería', 'مفارش المائدة', 'Linen meja'), sizes: ONE, nouns: [n('Tablecloth', 'Mantel', 'm', 'مفرش طاولة', 'm', 'Alas Meja'), n('Napkin Set', 'Juego de servilletas', 'm', 'طقم مناديل', 'm', 'Set Napkin'), n('Table Runner', 'Camino de mesa', 'm', 'مفرش طاولة طويل', 'm', 'Pelapik Meja')] },
    ],
  },
  {
    slug: 'home-decor',
    name: t('Home decor', 'Decoración', 'ديكور المنزل', 'Hiasan rumah'),
    adjectives: ['handmade', 'handCarved', 'minimalist', 'rustic', 'glazed'],
    materials: ['clay', 'recycled-glass', 'reclaimed-wood', 'brass', 'seagrass'],
    secondary: ['natural-dye', 'beeswax', 'cotton'],
    colours: ['natural', 'terracotta', 'teal', 'gold', 'white', 'green'],
    certifications: ['FAIR_TRADE', 'FSC', 'WFTO'],
    price: [1500, 12000],
    sizeChart: null,
    subcategories: [
      { slug: 'wall-art', name: t('Wall art', 'Arte de pared', 'فن الجدران', 'Seni dinding'), sizes: SML, nouns: [n('Wall Hanging', 'Tapiz', 'm', 'معلقة جدارية', 'f', 'Hiasan Dinding'), n('Mirror', 'Espejo', 'm', 'مرآة', 'f', 'Cermin')] },
      { slug: 'vases', name: t('Vases & vessels', 'Jarrones', 'مزهريات', 'Pasu'), sizes: SML, nouns: [n('Vase', 'Jarrón', 'm', 'مزهرية', 'f', 'Pasu Bunga')] },
      { slug: 'decorative-objects', name: t('Decorative objects', 'Objetos decorativos', 'تحف ديكور', 'Objek hiasan'), sizes: ONE, nouns: [n('Sculpture', 'Escultura', 'f', 'منحوتة', 'f', 'Arca'), n('Tray', 'Bandeja', 'f', 'صينية', 'f', 'Dulang')] },
    ],
  },
  {
    slug: 'furniture',
    name: t('Furniture', 'Muebles', 'أثاث', 'Perabot'),
    adjectives: ['handCarved', 'rustic', 'minimalist', 'woven', 'classic'],
    materials: ['teak', 'reclaimed-wood', 'fsc-wood', 'rattan', 'bamboo'],
    secondary: ['seagrass', 'cotton', 'brass', 'vegetable-tanned-leather'],
    colours: ['natural', 'brown', 'black', 'olive', 'beige'],
    certifications: ['FSC', 'FAIR_TRADE', 'CRADLE_TO_CRADLE', 'BCORP'],
    price: [6000, 65000],
    sizeChart: null,
    subcategories: [
      { slug: 'seating', name: t('Seating', 'Asientos', 'مقاعد', 'Tempat duduk'), sizes: ONE, nouns: [n('Stool', 'Taburete', 'm', 'كرسي صغير', 'm', 'Bangku'), n('Chair', 'Silla', 'f', 'كرسي', 'm', 'Kerusi')] },
      { slug: 'tables', name: t('Tables', 'Mesas', 'طاولات', 'Meja'), sizes: SML, nouns: [n('Side Table', 'Mesa auxiliar', 'f', 'طاولة جانبية', 'f', 'Meja Sisi'), n('Coffee Table', 'Mesa de centro', 'f', 'طاولة قهوة', 'f', 'Meja Kopi')] },
      { slug: 'shelving', name: t('Shelving', 'Estanterías', 'رفوف', 'Rak'), sizes: SML, nouns: [n('Shelf', 'Estante', 'm', 'رف', 'm', 'Rak'), n('Bench', 'Banco', 'm', 'مقعد', 'm', 'Bangku Panjang')] },
    ],
  },
  {
    slug: 'tableware-ceramics',
    name: t('Tableware & ceramics', 'Vajilla y cerámica', 'أدوات المائدة والخزف', 'Pinggan mangkuk & seramik'),
    adjectives: ['glazed', 'handmade', 'minimalist', 'rustic', 'classic'],
    materials: ['stoneware', 'clay', 'recycled-glass', 'copper', 'bamboo'],
    secondary: ['natural-dye', 'teak'],
    colours: ['white', 'blue', 'terracotta', 'green', 'grey', 'beige', 'black'],
    certifications: ['FAIR_TRADE', 'WFTO', 'EU_ECOLABEL'],
    price: [900, 6500],
    sizeChart: null,
    subcategories: [
      { slug: 'dinnerware', name: t('Dinnerware', 'Vajilla', 'أطباق', 'Pinggan mangkuk'), sizes: SML, nouns: [n('Plate', 'Plato', 'm', 'طبق', 'm', 'Pinggan'), n('Bowl', 'Cuenco', 'm', 'وعاء', 'm', 'Mangkuk')] },
      { slug: 'drinkware', name: t('Drinkware', 'Vasos y tazas', 'أكواب', 'Cawan & gelas'), sizes: ONE, nouns: [n('Mug', 'Taza', 'f', 'كوب', 'm', 'Mug'), n('Tumbler', 'Vaso', 'm', 'كأس', 'f', 'Gelas')] },
      { slug: 'serveware', name: t('Serveware', 'Piezas de servir', 'أواني التقديم', 'Peralatan hidangan'), sizes: ONE, nouns: [n('Serving Platter', 'Fuente', 'f', 'طبق تقديم', 'm', 'Pinggan Hidang'), n('Teapot', 'Tetera', 'f', 'إبريق شاي', 'm', 'Teko')] },
    ],
  },
  {
    slug: 'baskets-storage',
    name: t('Baskets & storage', 'Cestas y almacenaje', 'سلال وتخزين', 'Bakul & simpanan'),
    adjectives: ['woven', 'handmade', 'natural', 'striped', 'rustic'],
    materials: ['seagrass', 'rattan', 'jute', 'pandan', 'banana-fibre'],
    secondary: ['natural-dye', 'cotton', 'vegetable-tanned-leather'],
    colours: ['natural', 'brown', 'black', 'multicolour', 'yellow'],
    certifications: ['FAIR_TRADE', 'WFTO', 'FSC'],
    price: [1200, 7500],
    sizeChart: null,
    subcategories: [
      { slug: 'baskets', name: t('Baskets', 'Cestas', 'سلال', 'Bakul'), sizes: SML, nouns: [n('Basket', 'Cesta', 'f', 'سلة', 'f', 'Bakul'), n('Market Basket', 'Capazo', 'm', 'سلة تسوق', 'f', 'Bakul Pasar')] },
      { slug: 'storage-boxes', name: t('Storage boxes', 'Cajas', 'صناديق تخزين', 'Kotak simpanan'), sizes: SML, nouns: [n('Storage Box', 'Caja', 'f', 'صندوق', 'm', 'Kotak Simpanan')] },
    ],
  },
  {
    slug: 'rugs-carpets',
    name: t('Rugs & carpets', 'Alfombras', 'سجاد', 'Permaidani'),
    adjectives: ['handwoven', 'striped', 'natural', 'classic', 'rustic'],
    materials: ['wool', 'jute', 'recycled-cotton', 'hemp', 'recycled-wool'],
    secondary: ['natural-dye', 'cotton', 'recycled-polyester'],
    colours: ['natural', 'red', 'indigo', 'beige', 'grey', 'multicolour', 'terracotta'],
    certifications: ['RWS', 'GOTS', 'FAIR_TRADE', 'GRS', 'OEKO_TEX'],
    price: [4500, 48000],
    sizeChart: 'rug',
    subcategories: [
      { slug: 'rugs', name: t('Area rugs', 'Alfombras de salón', 'سجاد الغرف', 'Permaidani ruang'), sizes: ['140x200', '160x230', '200x300'], nouns: [n('Rug', 'Alfombra', 'f', 'سجادة', 'f', 'Permaidani'), n('Kilim', 'Kilim', 'm', 'كليم', 'm', 'Kilim')] },
      { slug: 'runners', name: t('Runners', 'Alfombras de pasillo', 'سجاد الممرات', 'Permaidani laluan'), sizes: ['70x140', '90x190'], nouns: [n('Runner', 'Alfombra de pasillo', 'f', 'سجادة ممر', 'f', 'Permaidani Laluan')] },
      { slug: 'mats', name: t('Mats', 'Esteras', 'حُصر', 'Tikar'), sizes: ['50x70', '70x140'], nouns: [n('Mat', 'Estera', 'f', 'حصيرة', 'f', 'Tikar')] },
    ],
  },
  {
    slug: 'lighting',
    name: t('Lighting', 'Iluminación', 'إضاءة', 'Lampu'),
    adjectives: ['woven', 'hammered', 'handmade', 'minimalist', 'classic'],
    materials: ['rattan', 'brass', 'recycled-glass', 'bamboo', 'paper'],
    secondary: ['copper', 'cotton', 'seagrass'],
    colours: ['natural', 'gold', 'black', 'white', 'brown'],
    certifications: ['FSC', 'FAIR_TRADE', 'EU_ECOLABEL'],
    price: [3500, 22000],
    sizeChart: null,
    subcategories: [
      { slug: 'pendant-lights', name: t('Pendant lights', 'Lámparas colgantes', 'مصابيح معلقة', 'Lampu gantung'), sizes: SML, nouns: [n('Pendant Lamp', 'Lámpara colgante', 'f', 'مصباح معلق', 'm', 'Lampu Gantung')] },
      { slug: 'table-lamps', name: t('Table lamps', 'Lámparas de mesa', 'مصابيح طاولة', 'Lampu meja'), sizes: ONE, nouns: [n('Table Lamp', 'Lámpara de mesa', 'f', 'مصباح طاولة', 'm', 'Lampu Meja'), n('Lantern', 'Farol', 'm', 'فانوس', 'm', 'Tanglung')] },
    ],
  },
  {
    slug: 'jewellery',
    name: t('Jewellery', 'Joyería', 'مجوهرات', 'Barang kemas'),
    adjectives: ['hammered', 'handmade', 'minimalist', 'classic', 'handCarved'],
    materials: ['recycled-silver', 'recycled-brass', 'brass', 'copper', 'reclaimed-wood'],
    secondary: ['silk', 'recycled-glass', 'leather'],
    colours: ['silver', 'gold', 'multicolour', 'black', 'teal'],
    certifications: ['FAIR_TRADE', 'WFTO', 'BCORP'],
    price: [1500, 14000],
    sizeChart: null,
    subcategories: [
      { slug: 'necklaces', name: t('Necklaces', 'Collares', 'قلادات', 'Rantai leher'), sizes: ONE, nouns: [n('Necklace', 'Collar', 'm', 'قلادة', 'f', 'Rantai Leher')] },
      { slug: 'earrings', name: t('Earrings', 'Pendientes', 'أقراط', 'Subang'), sizes: ONE, nouns: [n('Pair of Earrings', 'Par de pendientes', 'm', 'زوج أقراط', 'm', 'Sepasang Subang')] },
      { slug: 'bracelets', name: t('Bracelets', 'Pulseras', 'أساور', 'Gelang'), sizes: ['S', 'M', 'L'], nouns: [n('Bracelet', 'Pulsera', 'f', 'سوار', 'm', 'Gelang'), n('Cuff', 'Brazalete', 'm', 'سوار عريض', 'm', 'Gelang Lebar')] },
    ],
  },
  {
    slug: 'bags-accessories',
    name: t('Bags & accessories', 'Bolsos y accesorios', 'حقائب وإكسسوارات', 'Beg & aksesori'),
    adjectives: ['handwoven', 'embroidered', 'handmade', 'classic', 'striped'],
    materials: ['vegetable-tanned-leather', 'jute', 'organic-cotton', 'silk', 'cork'],
    secondary: ['recycled-polyester', 'natural-rubber', 'brass', 'cotton'],
    colours: ['brown', 'black', 'natural', 'indigo', 'red', 'olive'],
    certifications: ['GOTS', 'FAIR_TRADE', 'OEKO_TEX', 'GRS', 'WFTO'],
    price: [1800, 16000],
    sizeChart: null,
    subcategories: [
      { slug: 'bags', name: t('Bags', 'Bolsos', 'حقائب', 'Beg'), sizes: ONE, nouns: [n('Tote Bag', 'Bolso tote', 'm', 'حقيبة يد', 'f', 'Beg Tote'), n('Backpack', 'Mochila', 'f', 'حقيبة ظهر', 'f', 'Beg Galas'), n('Clutch', 'Cartera de mano', 'f', 'حقيبة سهرة', 'f', 'Beg Tangan')] },
      { slug: 'scarves', name: t('Scarves', 'Pañuelos', 'أوشحة', 'Selendang'), sizes: ONE, nouns: [n('Scarf', 'Pañuelo', 'm', 'وشاح', 'm', 'Selendang')] },
      { slug: 'wallets', name: t('Wallets', 'Carteras', 'محافظ', 'Dompet'), sizes: ONE, nouns: [n('Wallet', 'Billetera', 'f', 'محفظة', 'f', 'Dompet')] },
    ],
  },
  {
    slug: 'apparel',
    name: t('Apparel', 'Ropa', 'ملابس', 'Pakaian'),
    adjectives: ['blockPrinted', 'embroidered', 'handwoven', 'minimalist', 'striped'],
    materials: ['organic-cotton', 'linen', 'silk', 'hemp', 'alpaca'],
    secondary: ['recycled-cotton', 'peace-silk', 'natural-dye', 'bamboo', 'recycled-polyester'],
    colours: ['white', 'indigo', 'black', 'pink', 'olive', 'terracotta', 'blue', 'beige'],
    certifications: ['GOTS', 'OEKO_TEX', 'FAIR_TRADE', 'GRS', 'BCORP'],
    price: [2500, 18000],
    sizeChart: 'apparel',
    subcategories: [
      { slug: 'tops', name: t('Tops', 'Blusas y camisas', 'قمصان وبلوزات', 'Baju'), sizes: ['XS', 'S', 'M', 'L', 'XL'], nouns: [n('Shirt', 'Camisa', 'f', 'قميص', 'm', 'Kemeja'), n('Tunic', 'Túnica', 'f', 'تونيك', 'm', 'Tunik')] },
      { slug: 'dresses', name: t('Dresses', 'Vestidos', 'فساتين', 'Gaun'), sizes: ['XS', 'S', 'M', 'L'], nouns: [n('Dress', 'Vestido', 'm', 'فستان', 'm', 'Gaun')] },
      { slug: 'outerwear', name: t('Outerwear', 'Abrigos', 'ملابس خارجية', 'Pakaian luar'), sizes: ['S', 'M', 'L', 'XL', 'XXL'], nouns: [n('Jacket', 'Chaqueta', 'f', 'سترة', 'f', 'Jaket'), n('Kimono', 'Kimono', 'm', 'كيمونو', 'm', 'Kimono')] },
    ],
  },
  {
    slug: 'stationery-paper',
    name: t('Stationery & paper', 'Papelería', 'قرطاسية وورق', 'Alat tulis & kertas'),
    adjectives: ['handmade', 'blockPrinted', 'natural', 'minimalist', 'classic'],
    materials: ['recycled-paper', 'paper', 'cotton', 'banana-fibre', 'hemp'],
    secondary: ['natural-dye', 'vegetable-tanned-leather', 'jute'],
    colours: ['natural', 'white', 'blue', 'green', 'pink', 'multicolour'],
    certifications: ['FSC', 'EU_ECOLABEL', 'FAIR_TRADE'],
    price: [500, 3500],
    sizeChart: null,
    subcategories: [
      { slug: 'notebooks', name: t('Notebooks', 'Cuadernos', 'دفاتر', 'Buku nota'), sizes: ['SMALL', 'LARGE'], nouns: [n('Notebook', 'Cuaderno', 'm', 'دفتر', 'm', 'Buku Nota'), n('Journal', 'Diario', 'm', 'مذكرة', 'f', 'Jurnal')] },
      { slug: 'cards-wrapping', name: t('Cards & wrapping', 'Tarjetas y envoltorios', 'بطاقات وتغليف', 'Kad & pembalut'), sizes: ONE, nouns: [n('Greeting Card Set', 'Juego de tarjetas', 'm', 'مجموعة بطاقات', 'f', 'Set Kad Ucapan'), n('Gift Wrap', 'Papel de regalo', 'm', 'ورق تغليف', 'm', 'Kertas Pembalut Hadiah')] },
    ],
  },
  {
    slug: 'candles-wellbeing',
    name: t('Candles & wellbeing', 'Velas y bienestar', 'شموع وعافية', 'Lilin & kesejahteraan'),
    adjectives: ['scented', 'handmade', 'natural', 'minimalist', 'classic'],
    materials: ['soy-wax', 'beeswax', 'organic-cotton', 'clay', 'linen'],
    secondary: ['recycled-glass', 'cotton', 'natural-dye'],
    colours: ['white', 'natural', 'yellow', 'green', 'pink', 'purple'],
    certifications: ['FAIR_TRADE', 'EU_ECOLABEL', 'GOTS', 'BCORP'],
    price: [700, 4500],
    sizeChart: null,
    subcategories: [
      { slug: 'candles', name: t('Candles', 'Velas', 'شموع', 'Lilin'), sizes: SML, nouns: [n('Candle', 'Vela', 'f', 'شمعة', 'f', 'Lilin')] },
      { slug: 'bath-body', name: t('Bath & body', 'Baño y cuerpo', 'الحمّام والعناية', 'Mandian & badan'), sizes: ONE, nouns: [n('Soap', 'Jabón', 'm', 'صابون', 'm', 'Sabun'), n('Bath Towel', 'Toalla de baño', 'f', 'منشفة حمام', 'f', 'Tuala Mandi')] },
    ],
  },
];

/** Design names: the part of a title that makes two otherwise alike products different. */
export const DESIGN_NAMES: ReadonlyArray<{ latin: string; ar: string }> = [
  { latin: 'Kenanga', ar: 'كنانغا' }, { latin: 'Melati', ar: 'ملاتي' }, { latin: 'Atlas', ar: 'أطلس' }, { latin: 'Andes', ar: 'أنديز' },
  { latin: 'Sahara', ar: 'صحراء' }, { latin: 'Lotus', ar: 'لوتس' }, { latin: 'Monsoon', ar: 'مونسون' }, { latin: 'Safi', ar: 'آسفي' },
  { latin: 'Kente', ar: 'كينتي' }, { latin: 'Oaxaca', ar: 'واهاكا' }, { latin: 'Lisboa', ar: 'لشبونة' }, { latin: 'Anatolia', ar: 'الأناضول' },
  { latin: 'Mekong', ar: 'ميكونغ' }, { latin: 'Jamdani', ar: 'جامداني' }, { latin: 'Batik', ar: 'باتيك' }, { latin: 'Sumba', ar: 'سومبا' },
  { latin: 'Rif', ar: 'الريف' }, { latin: 'Cusco', ar: 'كوسكو' }, { latin: 'Savanna', ar: 'سافانا' }, { latin: 'Nile', ar: 'النيل' },
  { latin: 'Zellige', ar: 'زليج' }, { latin: 'Pandan', ar: 'باندان' }, { latin: 'Terra', ar: 'تيرا' }, { latin: 'Indigo', ar: 'نيلي' },
];

export const SPECIALITIES: ReadonlyArray<{ slug: string; name: Text; description: Text; categories: string[] }> = [
  { slug: 'weaving', name: t('Weaving', 'Tejido', 'النسيج', 'Tenunan'), description: t('Cloth, rugs and bands woven on hand and foot looms.', 'Telas, alfombras y cintas tejidas en telares manuales y de pedal.', 'أقمشة وسجاد وأشرطة تُنسج على أنوال يدوية وأنوال بالقدم.', 'Kain, permaidani dan jalur yang ditenun pada kek tangan dan kaki.'), categories: ['textiles', 'rugs-carpets', 'apparel', 'bags-accessories'] },
  { slug: 'pottery', name: t('Pottery', 'Alfarería', 'الفخار', 'Tembikar'), description: t('Clay thrown on the wheel or built by hand, glazed and kiln-fired.', 'Barro torneado o modelado a mano, esmaltado y cocido en horno.', 'طين يُشكَّل على الدولاب أو باليد، ثم يُزجَّج ويُحرق في الفرن.', 'Tanah liat dibentuk di roda atau dengan tangan, disadur dan dibakar dalam tanur.'), categories: ['tableware-ceramics', 'home-decor'] },
  { slug: 'woodcarving', name: t('Woodcarving', 'Talla en madera', 'النحت على الخشب', 'Ukiran kayu'), description: t('Furniture and objects carved from reclaimed and certified wood.', 'Muebles y objetos tallados en madera recuperada y certificada.', 'أثاث وتحف منحوتة من خشب مستصلح ومعتمد.', 'Perabot dan objek diukir daripada kayu guna semula dan kayu bertauliah.'), categories: ['furniture', 'home-decor'] },
  { slug: 'block-printing', name: t('Block printing', 'Estampado con bloques', 'الطباعة بالقوالب', 'Cetakan blok'), description: t('Patterns printed by hand with carved wooden blocks and batik wax.', 'Motivos estampados a mano con bloques de madera tallada y cera de batik.', 'نقوش تُطبع يدويًا بقوالب خشبية منحوتة وشمع الباتيك.', 'Corak dicetak dengan tangan menggunakan blok kayu berukir dan lilin batik.'), categories: ['textiles', 'apparel', 'stationery-paper'] },
  { slug: 'basketry', name: t('Basketry', 'Cestería', 'صناعة السلال', 'Anyaman bakul'), description: t('Baskets, mats and shades woven from grasses, rattan and palm.', 'Cestas, esteras y pantallas tejidas con fibras, ratán y palma.', 'سلال وحصر وأغطية مصابيح تُضفر من الأعشاب والروطان والنخيل.', 'Bakul, tikar dan terendak dianyam daripada rumput, rotan dan palma.'), categories: ['baskets-storage', 'lighting', 'rugs-carpets'] },
  { slug: 'embroidery', name: t('Embroidery', 'Bordado', 'التطريز', 'Sulaman'), description: t('Hand stitching, mirror work and appliqué passed down in families.', 'Puntadas a mano, espejillos y aplicaciones transmitidos en familia.', 'غرز يدوية وتطريز بالمرايا وزخارف مضافة تتوارثها العائلات.', 'Jahitan tangan, sulaman cermin dan aplikasi yang diwarisi turun-temurun.'), categories: ['textiles', 'apparel', 'bags-accessories'] },
  { slug: 'metalwork', name: t('Metalwork', 'Metalistería', 'الأشغال المعدنية', 'Kerja logam'), description: t('Brass and copper hammered, cast and engraved by hand.', 'Latón y cobre martillados, fundidos y grabados a mano.', 'نحاس أصفر ونحاس يُطرق ويُصب ويُنقش يدويًا.', 'Loyang dan tembaga ditempa, dituang dan diukir dengan tangan.'), categories: ['lighting', 'home-decor', 'tableware-ceramics'] },
  { slug: 'leatherwork', name: t('Leatherwork', 'Marroquinería', 'الأشغال الجلدية', 'Kerja kulit'), description: t('Vegetable-tanned leather cut and stitched by hand.', 'Cuero de curtido vegetal cortado y cosido a mano.', 'جلد مدبوغ نباتيًا يُقص ويُخاط يدويًا.', 'Kulit samak sayuran dipotong dan dijahit dengan tangan.'), categories: ['bags-accessories', 'furniture'] },
  { slug: 'natural-dyeing', name: t('Natural dyeing', 'Teñido natural', 'الصباغة الطبيعية', 'Pewarnaan asli'), description: t('Colours from indigo, madder, turmeric and bark instead of synthetic dyes.', 'Colores de índigo, rubia, cúrcuma y corteza en lugar de tintes sintéticos.', 'ألوان من النيلة والفوة والكركم ولحاء الشجر بدل الأصباغ الصناعية.', 'Warna daripada nila, mengkudu, kunyit dan kulit kayu, bukan pewarna sintetik.'), categories: ['textiles', 'apparel'] },
  { slug: 'beadwork', name: t('Beadwork', 'Abalorios', 'الخرز', 'Manik-manik'), description: t('Jewellery and trims threaded from glass and recycled beads.', 'Joyas y adornos ensartados con cuentas de vidrio y recicladas.', 'مجوهرات وزينة تُنظم من خرز زجاجي ومعاد تدويره.', 'Barang kemas dan hiasan dironce daripada manik kaca dan kitar semula.'), categories: ['jewellery', 'bags-accessories'] },
  { slug: 'silversmithing', name: t('Silversmithing', 'Platería', 'صياغة الفضة', 'Tukang perak'), description: t('Recycled silver forged, soldered and polished at the bench.', 'Plata reciclada forjada, soldada y pulida en el banco de trabajo.', 'فضة معاد تدويرها تُطرق وتُلحم وتُصقل على طاولة الصائغ.', 'Perak kitar semula ditempa, dipateri dan digilap di meja kerja.'), categories: ['jewellery'] },
  { slug: 'candle-making', name: t('Candle making', 'Velas artesanales', 'صناعة الشموع', 'Pembuatan lilin'), description: t('Soy and beeswax candles poured in small batches with natural scents.', 'Velas de soja y cera de abeja vertidas en pequeños lotes con aromas naturales.', 'شموع من الصويا وشمع العسل تُصب بكميات صغيرة بروائح طبيعية.', 'Lilin soya dan lilin lebah dituang dalam kelompok kecil dengan wangian asli.'), categories: ['candles-wellbeing'] },
  { slug: 'papermaking', name: t('Papermaking', 'Papel artesanal', 'صناعة الورق اليدوي', 'Pembuatan kertas'), description: t('Paper pulled by hand from cotton rag and plant fibres.', 'Papel hecho a mano con trapo de algodón y fibras vegetales.', 'ورق يُصنع يدويًا من بقايا القطن والألياف النباتية.', 'Kertas dibuat dengan tangan daripada perca kapas dan serat tumbuhan.'), categories: ['stationery-paper'] },
  { slug: 'glassblowing', name: t('Glassblowing', 'Vidrio soplado', 'نفخ الزجاج', 'Tiupan kaca'), description: t('Recycled glass blown and shaped at the furnace.', 'Vidrio reciclado soplado y moldeado junto al horno.', 'زجاج معاد تدويره يُنفخ ويُشكَّل عند الفرن.', 'Kaca kitar semula ditiup dan dibentuk di relau.'), categories: ['home-decor', 'lighting', 'tableware-ceramics'] },
];

export const BRANDS: readonly string[] = [
  'Terra Loom', 'Kampung Craft', 'Sahara & Co', 'Andes Living', 'Indigo Roots', 'Casa Barro', 'Rattan Republic', 'Jute & Co',
  'Lumen Hand', 'Silver Thread', 'Paper Monsoon', 'Slow Candle', 'Nomad Weave', 'Earthen Table', 'Hearth & Hand',
];

export const MAKER_TYPE_NAMES: Record<string, Text> = {
  artisan: t('artisan', 'artesano', 'حرفي', 'artisan'),
  cooperative: t('cooperative', 'cooperativa', 'تعاونية', 'koperasi'),
  workshop: t('workshop', 'taller', 'ورشة', 'bengkel'),
  'social-enterprise': t('social enterprise', 'empresa social', 'مؤسسة اجتماعية', 'perusahaan sosial'),
  'small-factory': t('small factory', 'pequeña fábrica', 'مصنع صغير', 'kilang kecil'),
};

/** One sentence per production method, for descriptions. */
export const METHOD_SENTENCES: Record<string, Text> = {
  handmade: t('Every piece is made by hand, so no two are exactly alike.', 'Cada pieza se hace a mano, así que no hay dos iguales.', 'كل قطعة مصنوعة يدويًا، فلا تتشابه قطعتان تمامًا.', 'Setiap helai dibuat dengan tangan, jadi tiada dua yang sama.'),
  handloom: t('Woven on a traditional handloom, one piece at a time.', 'Tejido en un telar manual tradicional, pieza a pieza.', 'يُنسج على نول يدوي تقليدي، قطعة بعد قطعة.', 'Ditenun pada kek tangan tradisional, sehelai demi sehelai.'),
  'hand-carved': t('Carved by hand from a single piece with traditional tools.', 'Tallado a mano en una sola pieza con herramientas tradicionales.', 'منحوت يدويًا من قطعة واحدة بأدوات تقليدية.', 'Diukir dengan tangan daripada sebatang kayu menggunakan alat tradisional.'),
  'hand-thrown': t('Thrown on the wheel and glazed by hand before firing.', 'Torneado y esmaltado a mano antes de la cocción.', 'يُشكَّل على الدولاب ويُزجَّج يدويًا قبل الحرق.', 'Dibentuk di roda dan disadur dengan tangan sebelum dibakar.'),
  'hand-block-printed': t('Printed by hand with carved wooden blocks, layer by layer.', 'Estampado a mano con bloques de madera tallada, capa a capa.', 'مطبوع يدويًا بقوالب خشبية منحوتة، طبقة بعد طبقة.', 'Dicetak dengan tangan menggunakan blok kayu berukir, lapis demi lapis.'),
  'hand-woven': t('Hand-woven by skilled makers using techniques passed down for generations.', 'Tejido a mano por artesanos expertos con técnicas heredadas durante generaciones.', 'منسوج يدويًا على أيدي حرفيين مهرة بتقنيات متوارثة عبر الأجيال.', 'Ditenun dengan tangan oleh tukang mahir menggunakan teknik warisan turun-temurun.'),
  'hand-knotted': t('Hand-knotted, knot by knot, over several weeks.', 'Anudado a mano, nudo a nudo, durante varias semanas.', 'معقود يدويًا، عقدة بعد عقدة، على مدى عدة أسابيع.', 'Disimpul dengan tangan, simpulan demi simpulan, selama beberapa minggu.'),
  'small-batch': t('Made in small batches to avoid waste and overstock.', 'Hecho en pequeños lotes para evitar desperdicio y excedentes.', 'يُصنع بكميات صغيرة لتجنب الهدر وفائض المخزون.', 'Dibuat dalam kelompok kecil untuk mengelakkan pembaziran dan lebihan stok.'),
  upcycled: t('Made from upcycled materials that would otherwise be thrown away.', 'Hecho con materiales reutilizados que, de otro modo, se desecharían.', 'مصنوع من مواد معاد استخدامها كانت ستُرمى لولا ذلك.', 'Dibuat daripada bahan kitar naik yang sepatutnya dibuang.'),
  'machine-assisted': t('Cut with simple machines and finished by hand.', 'Cortado con máquinas sencillas y terminado a mano.', 'يُقص بآلات بسيطة ويُشطَّب يدويًا.', 'Dipotong dengan mesin ringkas dan disiapkan dengan tangan.'),
};

/** Production methods that fit each category (the first is the most common). */
export const CATEGORY_METHODS: Record<string, string[]> = {
  textiles: ['handloom', 'hand-block-printed', 'hand-woven', 'small-batch'],
  'home-decor': ['handmade', 'hand-carved', 'upcycled', 'small-batch'],
  furniture: ['hand-carved', 'handmade', 'upcycled', 'machine-assisted'],
  'tableware-ceramics': ['hand-thrown', 'handmade', 'small-batch'],
  'baskets-storage': ['hand-woven', 'handmade'],
  'rugs-carpets': ['hand-knotted', 'handloom', 'hand-woven'],
  lighting: ['hand-woven', 'handmade', 'small-batch'],
  jewellery: ['handmade', 'small-batch', 'upcycled'],
  'bags-accessories': ['handmade', 'hand-woven', 'machine-assisted'],
  apparel: ['hand-block-printed', 'handloom', 'small-batch', 'machine-assisted'],
  'stationery-paper': ['handmade', 'hand-block-printed', 'small-batch'],
  'candles-wellbeing': ['small-batch', 'handmade'],
};

export const CERTIFICATE_ISSUERS: Record<CertificationScheme, { issuers: string[]; prefix: string }> = {
  GOTS: { issuers: ['Control Union Certifications', 'ECOCERT Greenlife', 'CU India'], prefix: 'GOTS-CU' },
  FAIR_TRADE: { issuers: ['FLOCERT'], prefix: 'FLO' },
  FSC: { issuers: ['Preferred by Nature', 'SCS Global Services', 'Soil Association'], prefix: 'FSC-C' },
  OEKO_TEX: { issuers: ['Hohenstein Institute', 'TESTEX'], prefix: 'OT' },
  GRS: { issuers: ['Control Union Certifications', 'Intertek'], prefix: 'GRS-CU' },
  BCORP: { issuers: ['B Lab'], prefix: 'BC' },
  EU_ECOLABEL: { issuers: ['EU Ecolabel Competent Body'], prefix: 'EU-EL' },
  RWS: { issuers: ['Textile Exchange', 'Control Union Certifications'], prefix: 'RWS' },
  WFTO: { issuers: ['World Fair Trade Organization'], prefix: 'WFTO' },
  CRADLE_TO_CRADLE: { issuers: ['Cradle to Cradle Products Innovation Institute'], prefix: 'C2C' },
};
