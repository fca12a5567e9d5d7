import { CERTIFICATION_NAMES, type CertificationScheme, type Colour, type FacetKey, type Material, type SortKey, type StockState } from '../catalog-constants.js';
import type { FilterPhrase, MakerType, ProductionMethod, WordSize } from './kinds.js';

// The catalog's labels in Spanish (see ../catalog-labels.ts): a module per language, so that a web page loads its own only.

export const colour: Record<Colour, string> = {
  black: 'Negro', white: 'Blanco', natural: 'Natural', beige: 'Beis', brown: 'Marrón', terracotta: 'Terracota', red: 'Rojo', pink: 'Rosa',
  orange: 'Naranja', yellow: 'Amarillo', green: 'Verde', olive: 'Oliva', teal: 'Verde azulado', blue: 'Azul', indigo: 'Índigo',
  purple: 'Morado', grey: 'Gris', gold: 'Dorado', silver: 'Plateado', multicolour: 'Multicolor',
};

export const material: Record<Material, string> = {
  'organic-cotton': 'Algodón orgánico', cotton: 'Algodón', 'recycled-cotton': 'Algodón reciclado', linen: 'Lino', hemp: 'Cáñamo',
  jute: 'Yute', wool: 'Lana', 'recycled-wool': 'Lana reciclada', alpaca: 'Alpaca', silk: 'Seda', 'peace-silk': 'Seda de la paz',
  bamboo: 'Bambú', rattan: 'Ratán', seagrass: 'Junco marino', pandan: 'Pandano', 'banana-fibre': 'Fibra de banano', cork: 'Corcho',
  'reclaimed-wood': 'Madera recuperada', 'fsc-wood': 'Madera FSC', teak: 'Teca', clay: 'Arcilla', stoneware: 'Gres',
  'recycled-glass': 'Vidrio reciclado', brass: 'Latón', 'recycled-brass': 'Latón reciclado', copper: 'Cobre',
  'recycled-silver': 'Plata reciclada', leather: 'Cuero', 'vegetable-tanned-leather': 'Cuero de curtido vegetal',
  'natural-rubber': 'Caucho natural', 'recycled-polyester': 'Poliéster reciclado', beeswax: 'Cera de abeja', 'soy-wax': 'Cera de soja',
  'natural-dye': 'Tinte natural', paper: 'Papel', 'recycled-paper': 'Papel reciclado',
};

export const makerType: Record<MakerType, string> = { artisan: 'Artesano', cooperative: 'Cooperativa', workshop: 'Taller', 'social-enterprise': 'Empresa social', 'small-factory': 'Pequeña fábrica' };

export const productionMethod: Record<ProductionMethod, string> = {
  handmade: 'Hecho a mano', handloom: 'Telar manual', 'hand-carved': 'Tallado a mano', 'hand-thrown': 'Torneado a mano',
  'hand-block-printed': 'Estampado a mano con bloques', 'hand-woven': 'Tejido a mano', 'hand-knotted': 'Anudado a mano',
  'small-batch': 'Pequeños lotes', upcycled: 'Suprarreciclado', 'machine-assisted': 'Asistido por máquina',
};

export const stockState: Record<StockState, string> = { in_stock: 'En stock', out_of_stock: 'Agotado temporalmente', sold_out: 'Agotado' };

export const size: Record<WordSize, string> = { 'ONE SIZE': 'Talla única', SMALL: 'Pequeño', MEDIUM: 'Mediano', LARGE: 'Grande' };

export const sort: Record<SortKey, string> = { popularity: 'Popularidad', price_asc: 'Precio: de menor a mayor', price_desc: 'Precio: de mayor a menor', newest: 'Más recientes' };

export const facet: Record<FacetKey, string> = {
  colour: 'COLOR', brand: 'MARCA', size: 'TALLA', rating: 'VALORACIONES DE CLIENTES', discount: 'DESCUENTO', price: 'PRECIO',
  category: 'CATEGORÍA', store: 'TIENDA', certification: 'CERTIFICACIÓN', material: 'MATERIAL', origin: 'ORIGEN', inStock: 'EN STOCK',
};

export const certification: Record<CertificationScheme, string> = {
  ...CERTIFICATION_NAMES, FAIR_TRADE: 'Comercio Justo', GRS: 'Estándar Global de Reciclaje', EU_ECOLABEL: 'Etiqueta Ecológica de la UE',
  RWS: 'Estándar de Lana Responsable', WFTO: 'Comercio Justo Garantizado WFTO', CRADLE_TO_CRADLE: 'De la Cuna a la Cuna',
};

export const phrase: Record<FilterPhrase, string> = {
  inStock: 'Solo en stock', ratingAndUp: '{{n}}★ o más', discountAndMore: '{{n}}% o más', priceUnder: 'Menos de {{max}}',
  priceOver: '{{min}} o más', priceBetween: '{{min}} – {{max}}', noProducts: 'ningún producto coincide con tus filtros o tu búsqueda',
};
