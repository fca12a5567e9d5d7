import { describeNamespaceParity } from '../../../lib/i18n/namespace-parity';
import { COMMISSIONS_TRANSLATIONS } from './index';

// 'Material' is Spanish too, 'Deposit' Malay too.
describeNamespaceParity('commissions', COMMISSIONS_TRANSLATIONS, ['option.material', 'deposit', 'stage.deposit', 'seller.deposit']);
