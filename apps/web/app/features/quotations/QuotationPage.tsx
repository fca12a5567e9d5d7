import type { TQuotation, TQuotationRequestDetail } from '@tessera/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { formatDateLabel, formatMoney } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { useAction } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { AccountLayout } from '../profile/AccountLayout';
import { AttachmentLinks } from './Attachments';
import { StateBadge } from './QuotationBits';

/**
 * /profile/quotations/:id — one request (read by the route's loader) and its answers side by side: a
 * table on a desktop, one card per store on a phone. The buyer's steps go to the route's action:
 * accepting one puts it in the cart at the quoted price and opens the cart, the chat opens the
 * conversation with that store, a decline or a withdrawal shows the request as it now stands.
 */
export function QuotationPage({ request }: { request: TQuotationRequestDetail }) {
  const { t } = useTranslation('quotations');
  const { language } = usePreferences();
  const [problem, setProblem] = useState<string | null>(null);
  const acting = useAction({ failed: (refusal) => setProblem(refusal.message) });
  const busy = acting.pending;
  function act(intent: 'accept' | 'decline' | 'chat' | 'withdraw', id: string) {
    setProblem(null);
    void acting.submit(intent, id);
  }

  const money = (value: number | null, currency: string) => (value === null ? '—' : formatMoney(value, currency, language));
  // An RFQ invites many stores: the comparison shows the ones that answered, the others are counted.
  const answered = request.quotations.filter((q) => q.unitPrice !== null);
  const waiting = request.quotations.length - answered.length;
  const open = request.status === 'open';
  const actions = (q: TQuotation) =>
    q.state === 'answered' && open ? (
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => act('accept', q.id)} data-testid="accept-quotation">
          {t('accept')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={() => act('decline', q.id)}>
          {t('decline')}
        </Button>
      </div>
    ) : null;
  const chat = (q: TQuotation) => (
    <button type="button" className="text-sm font-semibold text-moss-800 underline" onClick={() => act('chat', q.id)}>
      {t('chat')}
    </button>
  );
  // The rows of the comparison: one label and one cell per quotation.
  const rows: Array<[string, (q: TQuotation) => ReactNode]> = [
    [t('unitPrice'), (q) => money(q.unitPrice, q.currency)],
    [t('priceForQuantity'), (q) => <strong>{money(q.priceForQuantity, q.currency)}</strong>],
    [t('total'), (q) => money(q.total, q.currency)],
    [t('deliveryFee'), (q) => (q.deliveryFee === null ? t('noDelivery') : money(q.deliveryFee, q.currency))],
    [t('leadTime'), (q) => (q.leadTimeDays === null ? '—' : t('days', { count: q.leadTimeDays }))],
    [t('validUntil'), (q) => (q.validUntil === null ? '—' : formatDateLabel(q.validUntil, language))],
    [t('rating'), (q) => (q.store.rating ? `${q.store.rating.toFixed(1)} ★` : '—')],
    [
      t('provenance'),
      (q) => (q.product ? <bdi>{[q.product.makerName, q.product.originRegion, q.product.originCountry].filter(Boolean).join(', ')}</bdi> : '—'),
    ],
    [t('certificatesShort'), (q) => q.product?.certificates.join(', ') || '—'],
    [t('tiers'), (q) => q.tiers.map((tier) => t('tier', { count: tier.minQuantity, price: money(tier.unitPrice, q.currency) })).join(' · ') || '—'],
    [t('terms'), (q) => <span dir="auto">{q.terms || '—'}</span>],
    [t('files'), (q) => <AttachmentLinks attachments={q.attachments} />],
  ];

  return (
    <AccountLayout
      title={request.product?.title ?? t(`kind.${request.kind}`)}
      lead={`${t(`status.${request.status}`)} · ${t('quantity')}: ${request.quantity}`}
      testId="quotation-page"
    >
      <p className="mb-4 whitespace-pre-line rounded-2xl bg-sand-50 p-4" dir="auto">
        {request.description}
      </p>
      {request.attachments.length > 0 ? (
        <div className="mb-4 text-sm">
          <h2 className="mb-1 font-semibold text-moss-900">{t('requestFiles')}</h2>
          <AttachmentLinks attachments={request.attachments} />
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="mb-4 rounded-xl bg-clay-50 p-3 text-clay-800">
          {problem}
        </p>
      ) : null}
      <h2 className="mb-3 text-lg font-semibold text-moss-900">{t('compare')}</h2>
      {waiting > 0 ? (
        <p className="mb-3 text-sm text-ink-muted" data-testid="quotations-waiting">
          {t('waitingCount', { count: waiting })}
        </p>
      ) : null}
      {/* Phone: one card per store. */}
      <ul className="grid gap-3 md:hidden" data-testid="compare-cards">
        {answered.map((q) => (
          <li key={q.id} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid="compare-card">
            <div className="mb-2 flex items-center justify-between gap-2">
              <bdi className="font-semibold">{q.store.name}</bdi>
              <StateBadge state={q.state} />
            </div>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {rows.map(([label, cell]) => (
                <div key={label} className="contents">
                  <dt className="text-ink-muted">{label}</dt>
                  <dd className="min-w-0 break-words">{cell(q)}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              {actions(q)}
              {chat(q)}
            </div>
          </li>
        ))}
      </ul>
      {/* Desktop: the stores side by side. */}
      {/* A table wider than the screen scrolls: reachable and named for a keyboard (axe: scrollable-region-focusable). */}
      <div className="hidden overflow-x-auto md:block" tabIndex={0} role="region" aria-label={t('compare')}>
        <table className="w-full border-collapse text-start text-sm" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col" className="p-2 text-start">
                {t('store')}
              </th>
              {answered.map((q) => (
                <th key={q.id} scope="col" className="p-2 text-start align-top">
                  <bdi className="block font-semibold">{q.store.name}</bdi>
                  <StateBadge state={q.state} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answered.length === 0 ? (
              <tr>
                <td colSpan={answered.length + 1} className="p-2 text-ink-muted">
                  {t('waiting')}
                </td>
              </tr>
            ) : (
              rows.map(([label, cell]) => (
                <tr key={label} className="border-t border-sand-200">
                  <th scope="row" className="p-2 text-start font-normal text-ink-muted">
                    {label}
                  </th>
                  {answered.map((q) => (
                    <td key={q.id} className="p-2 align-top">
                      {cell(q)}
                    </td>
                  ))}
                </tr>
              ))
            )}
            <tr className="border-t border-sand-200">
              <td />
              {answered.map((q) => (
                <td key={q.id} className="space-y-2 p-2 align-top">
                  {actions(q)}
                  {chat(q)}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      {open ? (
        <Button variant="secondary" className="mt-6" disabled={busy} onClick={() => act('withdraw', request.id)}>
          {t('withdraw')}
        </Button>
      ) : null}
    </AccountLayout>
  );
}
