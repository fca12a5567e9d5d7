import type { TProductDetail } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { usePreferences } from '../../../lib/preferences';
import { LeafIcon, ShieldCheckIconInline } from './inline-icons';
import { countryName, formatDate } from '../format';
import { useCatalogLabels } from '../labels';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-moss-100 py-3 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-moss-800">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

/** Materials with their shares, certificates (expired ones marked), origin, maker, method, lead time. */
export function ProvenancePanel({ provenance }: { provenance: TProductDetail['provenance'] }) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const labels = useCatalogLabels();
  const materials = [...provenance.materials].sort((a, b) => b.share - a.share);
  return (
    <section aria-labelledby="provenance-title" data-testid="provenance" className="rounded-3xl border border-moss-100 bg-moss-50/60 p-5 sm:p-6">
      <h2 id="provenance-title" className="flex items-center gap-2 text-2xl font-semibold">
        <LeafIcon className="text-moss-600" />
        {t('provenance.title')}
      </h2>
      <dl className="mt-4">
        <Row label={t('provenance.materials')}>
          <ul className="space-y-2" data-testid="provenance-materials">
            {materials.map((m) => (
              <li key={m.material}>
                <div className="flex justify-between gap-3">
                  <span>{labels.material(m.material)}</span>
                  <span className="tabular-nums text-ink-muted">{new Intl.NumberFormat(language, { style: 'percent' }).format(m.share / 100)}</span>
                </div>
                <div className="mt-1 h-2 overflow-hidden rounded-full bg-white" aria-hidden="true">
                  <div className="h-full rounded-full bg-moss-500" style={{ width: `${m.share}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Row>
        <Row label={t('provenance.certificates')}>
          {provenance.certifications.length === 0 ? (
            <p className="text-ink-muted">{t('provenance.noCertificates')}</p>
          ) : (
            <ul className="space-y-3" data-testid="provenance-certificates">
              {provenance.certifications.map((c) => (
                <li
                  key={c.id}
                  data-testid="certificate"
                  data-expired={c.expired ? 'true' : 'false'}
                  className={`rounded-2xl border bg-white p-3 ${c.expired ? 'border-clay-100' : 'border-moss-100'}`}
                >
                  <div className="flex flex-wrap items-center gap-2">
                    <ShieldCheckIconInline className={c.expired ? 'text-clay-600' : 'text-moss-600'} />
                    <span className={`font-semibold ${c.expired ? 'text-ink-muted line-through' : 'text-moss-900'}`}>{labels.certification(c.scheme)}</span>
                    {c.expired ? (
                      <span className="rounded-full bg-clay-50 px-2 py-0.5 text-xs font-bold uppercase text-clay-700" data-testid="certificate-expired">
                        {t('provenance.expired')}
                      </span>
                    ) : null}
                  </div>
                  <p className="mt-1 text-xs text-ink-muted">
                    {t('provenance.issuer', { issuer: c.issuer })} · {t('provenance.number', { number: c.number })}
                  </p>
                  <p className="text-xs text-ink-muted">
                    {c.expired
                      ? t('provenance.expiredOn', { date: formatDate(c.expiresAt, language) })
                      : t('provenance.validUntil', { date: formatDate(c.expiresAt, language) })}
                  </p>
                  {c.evidenceUrl ? (
                    <a href={c.evidenceUrl} target="_blank" rel="noopener" className="mt-1 inline-block text-xs font-semibold text-moss-700 underline">
                      {t('provenance.evidence')}
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label={t('provenance.origin')}>
          <span data-testid="provenance-origin">
            {countryName(provenance.originCountry, language)}
            {provenance.originRegion ? `${language === 'ar' ? '، ' : ', '}${provenance.originRegion}` : ''}
          </span>
        </Row>
        <Row label={t('provenance.maker')}>
          <bdi>{provenance.makerName}</bdi> <span className="text-ink-muted">· {labels.makerType(provenance.makerType)}</span>
        </Row>
        <Row label={t('provenance.method')}>{labels.productionMethod(provenance.productionMethod)}</Row>
        <Row label={t('provenance.leadTime')}>{t('provenance.leadTimeDays', { count: provenance.leadTimeDays })}</Row>
      </dl>
    </section>
  );
}
