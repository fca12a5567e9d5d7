import { UPLOAD_MAX_PIXELS, UPLOAD_RULES, type UploadPurpose, type UploadRule } from '@tessera/contracts';
import { useTranslation } from '../lib/i18n/react';
import type { FileProblem } from '../lib/file-check';
import { formatNumber } from '../lib/format';
import { usePreferences } from '../lib/preferences';

/** A file's name isolated from the sentence around it, so that a Latin name keeps its order in Arabic. */
const isolate = (name: string) => `\u2068${name}\u2069`;

/**
 * The sentence that says why a chosen file was left out, in the page's language: which file, what
 * is wrong, and what the field takes. Used by every upload field (company logo and document,
 * product photos, certificate evidence) so that they all explain a refusal the same way.
 */
export function useFileProblemText(): (problem: FileProblem, name: string, purpose: UploadPurpose) => string {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (problem, name, purpose) => {
    const rule: UploadRule = UPLOAD_RULES[purpose];
    const kinds = rule.kinds.includes('pdf') ? t('upload.kindsImageOrPdf') : rule.gif ? t('upload.kindsImageOrGif') : t('upload.kindsImage');
    const size = formatNumber(rule.maxBytes / (1024 * 1024), language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    const megapixels = formatNumber(UPLOAD_MAX_PIXELS / 1_000_000, language);
    return t(`upload.${problem}`, { name: isolate(name), kinds, size, megapixels });
  };
}
