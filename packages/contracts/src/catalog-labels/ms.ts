import { CERTIFICATION_NAMES, type CertificationScheme, type Colour, type FacetKey, type Material, type SortKey, type StockState } from '../catalog-constants.js';
import type { FilterPhrase, MakerType, ProductionMethod, WordSize } from './kinds.js';

// The catalog's labels in Malay (see ../catalog-labels.ts): a module per language, so that a web page loads its own only.

export const colour: Record<Colour, string> = {
  black: 'Hitam', white: 'Putih', natural: 'Asli', beige: 'Kuning air', brown: 'Coklat', terracotta: 'Terakota', red: 'Merah',
  pink: 'Merah jambu', orange: 'Oren', yellow: 'Kuning', green: 'Hijau', olive: 'Hijau zaitun', teal: 'Hijau kebiruan', blue: 'Biru',
  indigo: 'Nila', purple: 'Ungu', grey: 'Kelabu', gold: 'Emas', silver: 'Perak', multicolour: 'Pelbagai warna',
};

export const material: Record<Material, string> = {
  'organic-cotton': 'Kapas organik', cotton: 'Kapas', 'recycled-cotton': 'Kapas kitar semula', linen: 'Linen', hemp: 'Hem', jute: 'Jut',
  wool: 'Bulu biri-biri', 'recycled-wool': 'Bulu biri-biri kitar semula', alpaca: 'Alpaka', silk: 'Sutera', 'peace-silk': 'Sutera damai',
  bamboo: 'Buluh', rattan: 'Rotan', seagrass: 'Rumput laut', pandan: 'Mengkuang', 'banana-fibre': 'Serat pisang', cork: 'Gabus',
  'reclaimed-wood': 'Kayu guna semula', 'fsc-wood': 'Kayu FSC', teak: 'Jati', clay: 'Tanah liat', stoneware: 'Tembikar batu',
  'recycled-glass': 'Kaca kitar semula', brass: 'Loyang', 'recycled-brass': 'Loyang kitar semula', copper: 'Tembaga',
  'recycled-silver': 'Perak kitar semula', leather: 'Kulit', 'vegetable-tanned-leather': 'Kulit samak sayuran', 'natural-rubber': 'Getah asli',
  'recycled-polyester': 'Poliester kitar semula', beeswax: 'Lilin lebah', 'soy-wax': 'Lilin soya', 'natural-dye': 'Pewarna semula jadi',
  paper: 'Kertas', 'recycled-paper': 'Kertas kitar semula',
};

export const makerType: Record<MakerType, string> = { artisan: 'Artisan', cooperative: 'Koperasi', workshop: 'Bengkel', 'social-enterprise': 'Perusahaan sosial', 'small-factory': 'Kilang kecil' };

export const productionMethod: Record<ProductionMethod, string> = {
  handmade: 'Buatan tangan', handloom: 'Tenunan alat tenun tangan', 'hand-carved': 'Ukiran tangan', 'hand-thrown': 'Dibentuk dengan tangan',
  'hand-block-printed': 'Cetakan blok tangan', 'hand-woven': 'Tenunan tangan', 'hand-knotted': 'Simpulan tangan', 'small-batch': 'Kelompok kecil',
  upcycled: 'Kitar naik', 'machine-assisted': 'Dibantu mesin',
};

export const stockState: Record<StockState, string> = { in_stock: 'Ada stok', out_of_stock: 'Kehabisan stok', sold_out: 'Habis dijual' };

export const size: Record<WordSize, string> = { 'ONE SIZE': 'Satu saiz', SMALL: 'Kecil', MEDIUM: 'Sederhana', LARGE: 'Besar' };

export const sort: Record<SortKey, string> = { popularity: 'Populariti', price_asc: 'Harga: Rendah ke Tinggi', price_desc: 'Harga: Tinggi ke Rendah', newest: 'Terbaharu' };

export const facet: Record<FacetKey, string> = {
  colour: 'WARNA', brand: 'JENAMA', size: 'SAIZ', rating: 'PENILAIAN PELANGGAN', discount: 'DISKAUN', price: 'HARGA',
  category: 'KATEGORI', store: 'KEDAI', certification: 'PENSIJILAN', material: 'BAHAN', origin: 'ASAL', inStock: 'ADA STOK',
};

export const certification: Record<CertificationScheme, string> = {
  ...CERTIFICATION_NAMES, FAIR_TRADE: 'Perdagangan Adil', GRS: 'Piawaian Kitar Semula Global', EU_ECOLABEL: 'Eko-label EU',
  RWS: 'Piawaian Bulu Bertanggungjawab', WFTO: 'Perdagangan Adil Terjamin WFTO', CRADLE_TO_CRADLE: 'Buaian ke Buaian',
};

export const phrase: Record<FilterPhrase, string> = {
  inStock: 'Ada stok sahaja', ratingAndUp: '{{n}}★ ke atas', discountAndMore: '{{n}}% ke atas', priceUnder: 'Bawah {{max}}',
  priceOver: '{{min}} ke atas', priceBetween: '{{min}} – {{max}}', noProducts: 'tiada produk yang sepadan dengan penapis atau carian anda',
};
