import type { TCommission } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Container } from '../../../ui/Container';
import { Link } from 'react-router';
import { HttpError } from '../../../lib/http';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { useResource } from '../../../lib/resource';
import { usePortalSession } from '../../portal-shell/session';
import { UploadImage } from '../../portal-shell/blob';
import { Card, Notice, PageTitle, Spinner } from '../../../ui/bits';
import { toMinor } from '../../quotations/QuotationBits';
import { sellerCommissionsApi } from '../api';
import { CommissionImages, HistoryList, ProposalTerms, RequestSummary, RoundsLeft, StatusBadge, Stepper } from '../CommissionBits';

type Errors = Partial<Record<string, string>>;
const fieldOf = (failure: unknown) => (failure instanceof HttpError ? (failure.field ?? 'form') : 'form');
const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * One commission in the seller portal (/seller/commissions/:id): what the buyer asked, the steps,
 * and the seller's steps open now (the server's `actions`): propose or revise, decline, send a proof,
 * refuse changes beyond the agreed rounds, start production, mark ready, deliver, cancel.
 */
export function SellerCommissionPage({ id }: { id: string }) {
  const { t } = useTranslation('commissions');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const resource = useResource(session.signedIn ? `seller-commission:${id}` : null, (signal) => sellerCommissionsApi.get(id, signal), session.expire);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(work: () => Promise<TCommission>, message: string): Promise<boolean> {
    setBusy(true);
    setProblem(null);
    try {
      const next = await work();
      resource.setData(() => next);
      snackbar(message);
      return true;
    } catch (failure) {
      setProblem(messageOf(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const commission = resource.data;
  if (!commission) {
    return (
      <Container className="py-8 sm:py-10" data-testid="seller-commission">
        {resource.error ? <Notice tone="rejected">{errorText(resource.error, tp)}</Notice> : <Spinner label={tp('common.loading')} />}
      </Container>
    );
  }
  const can = (action: TCommission['actions'][number]) => commission.actions.includes(action);
  const title = commission.newProduct?.title ?? commission.product?.title ?? t(`kind.${commission.kind}`);

  return (
    <Container className="py-8 sm:py-10" data-testid="seller-commission">
      <Link to="/seller/commissions" className="text-sm font-semibold text-moss-800 underline">
        {t('seller.back')}
      </Link>
      <div className="mt-3">
        <PageTitle title={title}>
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={commission.status} />
            <span className="text-sm text-ink-muted">
              {t('buyer')}: <bdi>{commission.buyerName}</bdi>
            </span>
          </span>
        </PageTitle>
      </div>
      <Stepper commission={commission} />
      {problem ? (
        <p role="alert" className="mt-4 rounded-xl bg-clay-50 p-3 text-clay-800" data-testid="seller-commission-problem">
          {problem}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card>
            <RequestSummary commission={commission} />
          </Card>
          <Card aria-labelledby="seller-proposal-title">
            <h2 id="seller-proposal-title" className="mb-3 text-lg font-semibold">
              {t('proposal')}
            </h2>
            <ProposalTerms commission={commission} />
            <div className="mt-3">
              <RoundsLeft commission={commission} />
            </div>
            {can('propose') ? <ProposalForm commission={commission} busy={busy} run={run} /> : null}
          </Card>
          {can('proof') ? <ProofForm commission={commission} busy={busy} run={run} /> : null}
          <CommissionImages
            commission={commission}
            image={(url, alt) => <UploadImage path={url} alt={alt} frameClassName="h-full w-full rounded-none border-0" className="object-cover" />}
          />
          <div className="flex flex-wrap gap-3" data-testid="seller-steps">
            {(['start_production', 'mark_ready', 'deliver'] as const).filter(can).map((action) => (
              <Button
                key={action}
                disabled={busy}
                onClick={() => void run(() => sellerCommissionsApi.step(commission.id, action), t(`action.${action}`))}
                data-testid={`seller-step-${action}`}
              >
                {t(`seller.${action}`)}
              </Button>
            ))}
            {can('refuse_changes') ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => sellerCommissionsApi.note(commission.id, 'refuse-changes'), t('action.refuse_changes'))}
              >
                {t('seller.refuseChanges')}
              </Button>
            ) : null}
            {can('decline') ? (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => void run(() => sellerCommissionsApi.note(commission.id, 'decline'), t('action.decline'))}
              >
                {t('seller.declineRequest')}
              </Button>
            ) : null}
            {can('cancel') ? (
              <Button variant="secondary" disabled={busy} onClick={() => void run(() => sellerCommissionsApi.note(commission.id, 'cancel'), t('cancelled'))}>
                {t('cancel')}
              </Button>
            ) : null}
          </div>
        </div>
        <section className="min-w-0" aria-labelledby="seller-history-title">
          <h2 id="seller-history-title" className="mb-3 text-lg font-semibold">
            {t('history')}
          </h2>
          <HistoryList commission={commission} />
        </section>
      </div>
    </Container>
  );
}

type Run = (work: () => Promise<TCommission>, message: string) => Promise<boolean>;

function ProposalForm({ commission, busy, run }: { commission: TCommission; busy: boolean; run: Run }) {
  const { t } = useTranslation('commissions');
  const [errors, setErrors] = useState<Errors>({});
  const p = commission.proposal;
  const major = (minor: number | undefined) => (minor === undefined ? '' : (minor / 100).toFixed(2));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setErrors({});
    await run(async () => {
      try {
        return await sellerCommissionsApi.propose(commission.id, {
          price: toMinor(text('price')),
          deposit: toMinor(text('deposit') || '0'),
          leadTimeDays: Number(text('leadTimeDays')),
          changeRounds: Number(text('changeRounds')),
          refundSharePercent: Number(text('refundSharePercent')),
          ...(text('note') ? { note: text('note') } : {}),
        });
      } catch (failure) {
        setErrors({ [fieldOf(failure)]: messageOf(failure) });
        throw failure;
      }
    }, t('seller.proposalSent'));
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 border-t border-sand-200 pt-4" data-testid="proposal-form" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('seller.price')} name="price" inputMode="decimal" defaultValue={major(p?.price.amount)} error={errors.price} required ltr />
        <TextField label={t('seller.deposit')} name="deposit" inputMode="decimal" defaultValue={major(p?.deposit.amount)} error={errors.deposit} required ltr />
        <TextField
          label={t('seller.leadTimeDays')}
          name="leadTimeDays"
          type="number"
          min={1}
          defaultValue={p?.leadTimeDays ?? 21}
          error={errors.leadTimeDays}
          required
        />
        <TextField
          label={t('seller.changeRounds')}
          name="changeRounds"
          type="number"
          min={0}
          max={10}
          defaultValue={p?.changeRounds ?? 2}
          error={errors.changeRounds}
          required
        />
        <TextField
          label={t('seller.refundSharePercent')}
          name="refundSharePercent"
          type="number"
          min={0}
          max={100}
          defaultValue={p?.refundSharePercent ?? 50}
          error={errors.refundSharePercent}
          required
        />
      </div>
      <TextAreaField label={t('seller.note')} name="note" rows={2} defaultValue={p?.note ?? ''} error={errors.note} />
      {errors.form ? <p role="alert">{errors.form}</p> : null}
      <div>
        <Button type="submit" disabled={busy} data-testid="proposal-send">
          {p ? t('seller.revise') : t('seller.propose')}
        </Button>
      </div>
    </form>
  );
}

function ProofForm({ commission, busy, run }: { commission: TCommission; busy: boolean; run: Run }) {
  const { t } = useTranslation('commissions');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const files = (form.getAll('images') as File[]).filter((file) => file.size > 0);
    const note = String(form.get('note') ?? '').trim();
    setError(undefined);
    const sent = await run(async () => {
      try {
        return await sellerCommissionsApi.proof(commission.id, files, note || undefined);
      } catch (failure) {
        setError(messageOf(failure));
        throw failure;
      }
    }, t('seller.proofSent'));
    if (sent) formElement.reset();
  }

  return (
    <Card aria-labelledby="proof-form-title">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" data-testid="proof-form" noValidate>
        <h2 id="proof-form-title" className="text-lg font-semibold">
          {t('seller.sendProof')}
        </h2>
        <TextField label={t('seller.proofImages')} name="images" type="file" multiple accept="image/jpeg,image/png,image/webp" error={error} required />
        <TextAreaField label={t('seller.note')} name="note" rows={2} />
        <div>
          <Button type="submit" disabled={busy} data-testid="proof-send">
            {t('seller.sendProof')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
