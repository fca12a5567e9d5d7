import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { CATALOG_TRANSLATIONS } from './index';

describeNamespaceParity('catalog', CATALOG_TRANSLATIONS);
