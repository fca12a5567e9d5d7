import { CERTIFICATION_SCHEMES, type CertificationScheme, catalogLabel, uploadAccept } from '@tessera/contracts';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { checkUploadFile } from '../../../lib/file-check';
import { formatNumber } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { useFileProblemText } from '../../../ui/file-problems';
import { FileIcon } from '../../../ui/more-icons';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Badge } from '../../../ui/bits';
import { uploadEvidence } from './api';
import { isExpired, rowKey, type CertificateRow } from './draft';
import { AddButton, MiniInput, MiniSelect, RemoveButton, SectionCard, type SectionProps } from './RowEditors';

/** The scan of a saved certificate: attach or replace it, and open it (fetched with the seller's token). */
function Evidence({ productId, row, onUploaded }: { productId: string; row: CertificateRow & { id: string }; onUploaded(url: string | null): void }) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const problemText = useFileProblemText();

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // The same first check as every upload field; the server still decodes or parses the file.
    const problem = await checkUploadFile(file, 'certificate-evidence');
    if (problem) {
      snackbar(problemText(problem, file.name, 'certificate-evidence'), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      const product = await uploadEvidence(session.client(), productId, row.id, file);
      onUploaded(product.certifications.find((c) => c.id === row.id)?.evidenceUrl ?? null);
      snackbar(t('form.evidenceSaved'));
    } catch (failure) {
      snackbar(errorText(failure, tp), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function open() {
    if (!row.evidenceUrl) return;
    // A new tab opened now keeps the click's permission; the file arrives a moment later.
    const tab = window.open('', '_blank');
    try {
      const blob = await session.client().get<Blob>(row.evidenceUrl, { responseType: 'blob' });
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (failure) {
      tab?.close();
      snackbar(errorText(failure, tp), { variant: 'error' });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <input ref={input} id={id} type="file" accept={uploadAccept('certificate-evidence')} className="sr-only" onChange={upload} disabled={busy} data-testid="evidence-input" />
      <Button variant="secondary" className="h-10 px-4 py-0 text-sm" disabled={busy} onClick={() => input.current?.click()}>
        <FileIcon width={16} height={16} />
        {busy ? t('form.uploading') : row.evidenceUrl ? t('form.replaceEvidence') : t('form.uploadEvidence')}
      </Button>
      {row.evidenceUrl ? (
        <Button variant="ghost" className="h-10 px-3 py-0 text-sm" onClick={open}>
          {t('form.viewEvidence')}
        </Button>
      ) : null}
      <p className="w-full text-xs text-ink-muted">{t('form.evidenceHint')}</p>
    </div>
  );
}

export function CertificatesEditor({ draft, update, errors, productId }: SectionProps & { productId: string | null }) {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const n = (i: number) => formatNumber(i + 1, language);
  const setRow = (index: number, change: Partial<CertificateRow>, field: string) =>
    update((d) => ({ ...d, certifications: d.certifications.map((row, i) => (i === index ? { ...row, ...change } : row)) }), `certifications.${index}.${field}`);

  return (
    <SectionCard title={t('form.certificates')} lead={t('form.certificatesLead')} testId="certificates-editor">
      {draft.certifications.length > 0 ? (
        <ol className="space-y-3">
          {draft.certifications.map((row, index) => {
            const expired = isExpired(row.expiresOn);
            return (
              <li key={row.key} className="rounded-xl border border-sand-200 bg-sand-50/60 p-3" aria-label={t('form.certificateNumber', { number: n(index) })}>
                <div className="flex items-center justify-between gap-2">
                  <p className="flex items-center gap-2 text-sm font-semibold">
                    {t('form.certificateNumber', { number: n(index) })}
                    {expired ? (
                      <Badge tone="rejected" testId="certificate-expired">
                        {t('form.expired')}
                      </Badge>
                    ) : null}
                  </p>
                  <RemoveButton
                    label={t('form.removeCertificate', { number: n(index) })}
                    onClick={() => update((d) => ({ ...d, certifications: d.certifications.filter((_, i) => i !== index) }), 'certifications')}
                  />
                </div>
                <div className="mt-1 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  <MiniSelect
                    label={t('form.scheme')}
                    value={row.scheme}
                    error={errors[`certifications.${index}.scheme`]}
                    onChange={(e) => setRow(index, { scheme: e.target.value as CertificationScheme | '' }, 'scheme')}
                  >
                    <option value="">—</option>
                    {CERTIFICATION_SCHEMES.map((scheme) => (
                      <option key={scheme} value={scheme}>
                        {catalogLabel('certification', scheme, language)}
                      </option>
                    ))}
                  </MiniSelect>
                  <MiniInput
                    label={t('form.issuer')}
                    dir="auto"
                    maxLength={120}
                    value={row.issuer}
                    error={errors[`certifications.${index}.issuer`]}
                    onChange={(e) => setRow(index, { issuer: e.target.value }, 'issuer')}
                  />
                  <MiniInput
                    label={t('form.number')}
                    dir="ltr"
                    maxLength={80}
                    value={row.number}
                    error={errors[`certifications.${index}.number`]}
                    onChange={(e) => setRow(index, { number: e.target.value }, 'number')}
                  />
                  <MiniInput
                    label={t('form.expiresOn')}
                    type="date"
                    value={row.expiresOn}
                    error={errors[`certifications.${index}.expiresOn`]}
                    onChange={(e) => setRow(index, { expiresOn: e.target.value }, 'expiresOn')}
                  />
                </div>
                <div className="mt-3">
                  <p className="mb-1 text-xs font-semibold text-ink-muted">{t('form.evidence')}</p>
                  {productId && row.id ? (
                    <Evidence productId={productId} row={{ ...row, id: row.id }} onUploaded={(url) => setRow(index, { evidenceUrl: url }, 'evidence')} />
                  ) : (
                    <p className="text-sm text-ink-muted">{t('form.evidenceAfterSave')}</p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {draft.certifications.length < 10 ? (
        <AddButton
          onClick={() =>
            update(
              (d) => ({ ...d, certifications: [...d.certifications, { key: rowKey(), scheme: '', issuer: '', number: '', expiresOn: '', evidenceUrl: null }] }),
              'certifications',
            )
          }
        >
          {t('form.addCertificate')}
        </AddButton>
      ) : null}
    </SectionCard>
  );
}
