import type { TCommission } from '@tessera/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { usePreferences } from '../../lib/preferences';
import { useAction } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { CancelDialog } from './CancelDialog';
import { buyerRefund, CommissionImages, HistorySection, ProposalDetails, RequestSummary, StatusBadge, Stepper } from './CommissionBits';
import { PayPanel } from './PayPanel';

/** The buyer's steps, each an intent of the route's action (`cancel` and `changes` with the buyer's note). */
export type BuyerStep = 'approve' | 'changes' | 'cancel' | 'decline';

/**
 * /profile/commissions/:id — one commission for its buyer (read by the route's loader): every step,
 * the proposal and its rule, the proofs by round, and the buyer's steps open now (read from the
 * server's `actions`): accept and pay the deposit, approve a proof or ask changes, pay the balance,
 * cancel. A step goes to the route's action and the loader brings the commission as it now stands;
 * a payment (its card's second step in a dialog) is the PayPanel's, after which the loader reads again.
 */
export function CommissionPage({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  const revalidator = useRevalidator();
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const changesForm = useRef<HTMLFormElement>(null);
  const stepping = useAction({
    done: (_data, intent) => {
      setNotice(intent === 'cancel' ? t('cancelled') : t('done'));
      if (intent === 'changes') changesForm.current?.reset();
    },
    failed: (refusal) => setProblem(refusal.message),
  });
  const busy = stepping.pending;
  function step(intent: BuyerStep, note?: string) {
    setProblem(null);
    setNotice(null);
    return stepping.submit(intent, note ?? null);
  }
  async function paid() {
    await revalidator.revalidate();
    setNotice(t('paidDone'));
  }

  const can = (action: TCommission['actions'][number]) => commission.actions.includes(action);
  const title = commission.newProduct?.title ?? commission.product?.title ?? t(`kind.${commission.kind}`);
  const paidSoFar = commission.paid.deposit.amount + commission.paid.balance.amount;
  const refund = buyerRefund(commission);
  const currency = commission.proposal?.price.currency ?? commission.paid.deposit.currency;

  function askChanges(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void step('changes', String(new FormData(event.currentTarget).get('note') ?? '').trim());
  }

  return (
    <AccountLayout
      title={<bdi>{title}</bdi>}
      lead={
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge status={commission.status} />
          <bdi>{commission.store.name}</bdi>
        </span>
      }
      testId="commission-page"
    >
      <Stepper commission={commission} />
      {notice ? (
        <p role="status" className="mt-4 rounded-xl bg-moss-50 p-3 text-moss-800" data-testid="commission-notice">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="mt-4 rounded-xl bg-clay-50 p-3 text-clay-800" data-testid="commission-problem">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <section className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" aria-labelledby="proposal-title">
            <ProposalDetails commission={commission} titleId="proposal-title" titleClassName="text-moss-900" />
          </section>
          {can('accept') && commission.proposal ? (
            <PayPanel commission={commission} stage="deposit" amount={commission.proposal.deposit} onPaid={() => void paid()} />
          ) : null}
          {can('pay_balance') && commission.proposal ? (
            <PayPanel
              commission={commission}
              stage="balance"
              amount={{ ...commission.proposal.price, amount: Math.max(0, commission.proposal.price.amount - commission.paid.deposit.amount) }}
              onPaid={() => void paid()}
            />
          ) : null}
          {can('approve') || can('request_changes') ? (
            <section className="space-y-3 rounded-2xl border border-moss-300 bg-white p-4 sm:p-5" data-testid="proof-answer">
              {can('approve') ? (
                <Button disabled={busy} onClick={() => void step('approve')} data-testid="approve-proof">
                  {t('approve')}
                </Button>
              ) : null}
              {can('request_changes') ? (
                <form ref={changesForm} onSubmit={askChanges} className="grid gap-3" noValidate>
                  <TextAreaField label={t('changesNote')} name="note" rows={3} required maxLength={2000} data-testid="changes-note" />
                  <div>
                    <Button type="submit" variant="secondary" disabled={busy} data-testid="ask-changes">
                      {t('sendChanges')}
                    </Button>
                  </div>
                </form>
              ) : null}
            </section>
          ) : null}
          <CommissionImages commission={commission} image={(url, alt) => <img src={url} alt={alt} loading="lazy" className="h-full w-full object-cover" />} />
          <section className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" aria-labelledby="request-title">
            <h2 id="request-title" className="mb-3 text-lg font-semibold text-moss-900">
              {t('yourChoices')}
            </h2>
            <RequestSummary commission={commission} />
          </section>
          <div className="flex flex-wrap gap-3">
            {can('decline') ? (
              <Button variant="secondary" disabled={busy} onClick={() => void step('decline')}>
                {t('declineProposal')}
              </Button>
            ) : null}
            {can('cancel') ? (
              <CancelDialog
                busy={busy}
                refund={
                  paidSoFar === 0
                    ? t('cancelNothingPaid')
                    : `${commission.proposal && commission.proposal.refundSharePercent > 0 ? t('refundRule', { percent: commission.proposal.refundSharePercent }) : t('refundNone')} ${t('cancelRefund', { amount: money({ amount: refund, currency }, language) })}`
                }
                onConfirm={(note) => step('cancel', note)}
              />
            ) : null}
          </div>
        </div>
        <HistorySection commission={commission} titleClassName="text-moss-900" />
      </div>
    </AccountLayout>
  );
}
