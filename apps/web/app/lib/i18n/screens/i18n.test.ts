import { describeNamespaceParity } from '../namespace-parity';
import { SCREENS_TRANSLATIONS } from './index';

describeNamespaceParity('screens', SCREENS_TRANSLATIONS);
