import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { QUOTATIONS_TRANSLATIONS } from './index';

describeNamespaceParity('quotations', QUOTATIONS_TRANSLATIONS);
