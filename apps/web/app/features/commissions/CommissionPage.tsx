import type { TCommission } from '@tessera/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { money } from '../catalog/format';
import { AccountLayout } from '../profile/AccountLayout';
import { commissionsApi } from './api';
import { CancelDialog } from './CancelDialog';
import { buyerRefund, CommissionImages, HistorySection, ProposalTerms, RequestSummary, RoundsLeft, StatusBadge, Stepper } from './CommissionBits';
import { PayPanel } from './PayPanel';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; commission: TCommission };

/**
 * /profile/commissions/:id — one commission for its buyer: every step, the proposal and its rule,
 * the proofs by round, and the buyer's steps open now (read from the server's `actions`): accept and
 * pay the deposit, approve a proof or ask changes, pay the balance, cancel.
 */
export function CommissionPage({ id }: { id: string }) {
  const { t } = useTranslation('commissions');
  const { t: tRoot } = useTranslation();
  const { language } = usePreferences();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(
    () =>
      commissionsApi.get(id).then(
        (commission) => setLoad({ state: 'ready', commission }),
        (failure: unknown) => setLoad({ state: 'failed', message: failure instanceof Error ? failure.message : String(failure) }),
      ),
    [id],
  );
  useEffect(() => void refresh(), [refresh]);

  const show = (commission: TCommission, message: string) => {
    setLoad({ state: 'ready', commission });
    setNotice(message);
  };
  async function run(work: () => Promise<TCommission>, message: string) {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      show(await work(), message);
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  if (load.state !== 'ready') {
    return (
      <AccountLayout title={t('title')} testId="commission-page">
        {load.state === 'loading' ? <p role="status">{tRoot('common.loading')}</p> : <p role="alert">{load.message}</p>}
      </AccountLayout>
    );
  }
  const { commission } = load;
  const can = (action: TCommission['actions'][number]) => commission.actions.includes(action);
  const title = commission.newProduct?.title ?? commission.product?.title ?? t(`kind.${commission.kind}`);
  const paidSoFar = commission.paid.deposit.amount + commission.paid.balance.amount;
  const refund = buyerRefund(commission);
  const currency = commission.proposal?.price.currency ?? commission.paid.deposit.currency;

  async function askChanges(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const note = String(new FormData(form).get('note') ?? '').trim();
    await run(() => commissionsApi.step(commission.id, 'changes', note), t('done'));
    form.reset();
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
            <h2 id="proposal-title" className="mb-3 text-lg font-semibold text-moss-900">
              {t('proposal')}
            </h2>
            <ProposalTerms commission={commission} />
            <div className="mt-3">
              <RoundsLeft commission={commission} />
            </div>
          </section>
          {can('accept') && commission.proposal ? (
            <PayPanel commission={commission} stage="deposit" amount={commission.proposal.deposit} onPaid={(next) => show(next, t('paidDone'))} />
          ) : null}
          {can('pay_balance') && commission.proposal ? (
            <PayPanel
              commission={commission}
              stage="balance"
              amount={{ ...commission.proposal.price, amount: Math.max(0, commission.proposal.price.amount - commission.paid.deposit.amount) }}
              onPaid={(next) => show(next, t('paidDone'))}
            />
          ) : null}
          {can('approve') || can('request_changes') ? (
            <section className="space-y-3 rounded-2xl border border-moss-300 bg-white p-4 sm:p-5" data-testid="proof-answer">
              {can('approve') ? (
                <Button disabled={busy} onClick={() => void run(() => commissionsApi.step(commission.id, 'approve'), t('done'))} data-testid="approve-proof">
                  {t('approve')}
                </Button>
              ) : null}
              {can('request_changes') ? (
                <form onSubmit={(event) => void askChanges(event)} className="grid gap-3" noValidate>
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
              <Button variant="secondary" disabled={busy} onClick={() => void run(() => commissionsApi.step(commission.id, 'decline'), t('done'))}>
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
                onConfirm={(note) => run(() => commissionsApi.step(commission.id, 'cancel', note), t('cancelled'))}
              />
            ) : null}
          </div>
        </div>
        <HistorySection commission={commission} titleClassName="text-moss-900" />
      </div>
    </AccountLayout>
  );
}
