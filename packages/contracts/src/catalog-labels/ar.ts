import { CERTIFICATION_NAMES, type CertificationScheme, type Colour, type FacetKey, type Material, type SortKey, type StockState } from '../catalog-constants.js';
import type { FilterPhrase, MakerType, ProductionMethod, WordSize } from './kinds.js';

// The catalog's labels in Arabic (see ../catalog-labels.ts): a module per language, so that a web page loads its own only.

export const colour: Record<Colour, string> = {
  black: 'أسود', white: 'أبيض', natural: 'طبيعي', beige: 'بيج', brown: 'بني', terracotta: 'تيراكوتا', red: 'أحمر', pink: 'وردي',
  orange: 'برتقالي', yellow: 'أصفر', green: 'أخضر', olive: 'زيتوني', teal: 'أزرق مخضر', blue: 'أزرق', indigo: 'نيلي', purple: 'بنفسجي',
  grey: 'رمادي', gold: 'ذهبي', silver: 'فضي', multicolour: 'متعدد الألوان',
};

export const material: Record<Material, string> = {
  'organic-cotton': 'قطن عضوي', cotton: 'قطن', 'recycled-cotton': 'قطن معاد تدويره', linen: 'كتان', hemp: 'قنب', jute: 'جوت', wool: 'صوف',
  'recycled-wool': 'صوف معاد تدويره', alpaca: 'ألبكة', silk: 'حرير', 'peace-silk': 'حرير السلام', bamboo: 'خيزران', rattan: 'روطان',
  seagrass: 'عشب البحر', pandan: 'باندان', 'banana-fibre': 'ألياف الموز', cork: 'فلين', 'reclaimed-wood': 'خشب مستصلح',
  'fsc-wood': 'خشب معتمد من FSC', teak: 'خشب الساج', clay: 'طين', stoneware: 'فخار حجري', 'recycled-glass': 'زجاج معاد تدويره',
  brass: 'نحاس أصفر', 'recycled-brass': 'نحاس أصفر معاد تدويره', copper: 'نحاس', 'recycled-silver': 'فضة معاد تدويرها', leather: 'جلد',
  'vegetable-tanned-leather': 'جلد مدبوغ نباتيًا', 'natural-rubber': 'مطاط طبيعي', 'recycled-polyester': 'بوليستر معاد تدويره',
  beeswax: 'شمع العسل', 'soy-wax': 'شمع الصويا', 'natural-dye': 'صبغة طبيعية', paper: 'ورق', 'recycled-paper': 'ورق معاد تدويره',
};

export const makerType: Record<MakerType, string> = { artisan: 'حرفي', cooperative: 'تعاونية', workshop: 'ورشة', 'social-enterprise': 'مؤسسة اجتماعية', 'small-factory': 'مصنع صغير' };

export const productionMethod: Record<ProductionMethod, string> = {
  handmade: 'مصنوع يدويًا', handloom: 'منسوج على نول يدوي', 'hand-carved': 'منحوت يدويًا', 'hand-thrown': 'مشكّل يدويًا على الدولاب',
  'hand-block-printed': 'مطبوع يدويًا بالقوالب', 'hand-woven': 'منسوج يدويًا', 'hand-knotted': 'معقود يدويًا', 'small-batch': 'دفعات صغيرة',
  upcycled: 'معاد تدويره إبداعيًا', 'machine-assisted': 'بمساعدة الآلة',
};

export const stockState: Record<StockState, string> = { in_stock: 'متوفر', out_of_stock: 'غير متوفر حاليًا', sold_out: 'نفدت الكمية' };

export const size: Record<WordSize, string> = { 'ONE SIZE': 'مقاس واحد', SMALL: 'صغير', MEDIUM: 'متوسط', LARGE: 'كبير' };

export const sort: Record<SortKey, string> = { popularity: 'الأكثر شيوعًا', price_asc: 'السعر: من الأقل إلى الأعلى', price_desc: 'السعر: من الأعلى إلى الأقل', newest: 'الأحدث' };

export const facet: Record<FacetKey, string> = {
  colour: 'اللون', brand: 'العلامة التجارية', size: 'المقاس', rating: 'تقييمات العملاء', discount: 'الخصم', price: 'السعر',
  category: 'الفئة', store: 'المتجر', certification: 'الشهادة', material: 'المادة', origin: 'المنشأ', inStock: 'متوفر',
};

export const certification: Record<CertificationScheme, string> = {
  ...CERTIFICATION_NAMES, FAIR_TRADE: 'التجارة العادلة', GRS: 'المعيار العالمي لإعادة التدوير', BCORP: 'شهادة B Corp',
  EU_ECOLABEL: 'العلامة البيئية للاتحاد الأوروبي', RWS: 'معيار الصوف المسؤول', WFTO: 'التجارة العادلة المضمونة من WFTO',
  CRADLE_TO_CRADLE: 'من المهد إلى المهد',
};

export const phrase: Record<FilterPhrase, string> = {
  inStock: 'المتوفر فقط', ratingAndUp: '{{n}}★ فأكثر', discountAndMore: '{{n}}% فأكثر', priceUnder: 'أقل من {{max}}',
  priceOver: '{{min}} فأكثر', priceBetween: '{{min}} – {{max}}', noProducts: 'لا توجد منتجات تطابق عوامل التصفية أو البحث',
};
