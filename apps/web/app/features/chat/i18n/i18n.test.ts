import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { CHAT_TRANSLATIONS } from './index';

// 'Total' is the same word in English and Spanish.
describeNamespaceParity('chat', CHAT_TRANSLATIONS, ['offer.total']);
