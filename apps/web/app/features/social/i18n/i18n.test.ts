import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { SOCIAL_TRANSLATIONS } from './index';

// 'Blog'-like loan words: none; 'Produk'/'Products: {{count}}' differ in every language.
describeNamespaceParity('social', SOCIAL_TRANSLATIONS);
