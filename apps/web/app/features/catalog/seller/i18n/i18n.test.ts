import { describeNamespaceParity } from '../../../../lib/i18n/namespace-parity';
import { SELLER_CATALOG_TRANSLATIONS } from './index';

// "Stock" and "Material" are the words these languages use too.
describeNamespaceParity('sellerCatalog', SELLER_CATALOG_TRANSLATIONS, ['list.stock', 'form.stock', 'form.variantStock', 'form.material']);
