import { describeNamespaceParity } from '../../../../lib/i18n/namespace-parity';
import { ADMIN_CATALOG_TRANSLATIONS } from './index';

describeNamespaceParity('adminCatalog', ADMIN_CATALOG_TRANSLATIONS, [
  // Only placeholders.
  'common.languageField',
  'banners.window',
  // Loan words the languages use as they are: "slug" (es, ms), "banners" (es), "status", "logo" and "label" (ms).
  'common.slug',
  'nav.banners',
  'banners.title',
  'banners.list',
  'common.status',
  'specialities.status',
  'image.logo',
  'menus.label',
]);
