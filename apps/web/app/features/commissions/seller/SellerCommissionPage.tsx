import type { TCommission, TCommissionProposal } from '@tessera/contracts';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Container } from '../../../ui/Container';
import { Link } from 'react-router';
import { Button } from '../../../ui/Button';
import { TextAreaField, TextField } from '../../../ui/Field';
import { useSnackbar } from '../../../ui/snackbar';
import { UploadImage } from '../../portal-shell/blob';
import { Card, PageTitle } from '../../../ui/bits';
import { useAction, type Problem } from '../../../lib/route-data';
import { toMinor } from '../../quotations/QuotationBits';
import { CommissionImages, HistorySection, ProposalDetails, RequestSummary, StatusBadge, Stepper } from '../CommissionBits';

type Errors = Partial<Record<string, string>>;

/**
 * One commission in the seller portal (/seller/commissions/:id): what the buyer asked, the steps,
 * and the seller's steps open now (the server's `actions`): propose or revise, decline, send a proof,
 * refuse changes beyond the agreed rounds, start production, mark ready, deliver, cancel.
 */
export function SellerCommissionPage({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const snackbar = useSnackbar();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [failedIntent, setFailedIntent] = useState<string | null>(null);
  const told = useRef('');
  const proofForm = useRef<HTMLFormElement>(null);
  const acting = useAction({
    done: (_data, intent) => {
      snackbar(told.current);
      if (intent === 'proof') proofForm.current?.reset();
    },
    failed: (refusal, intent) => {
      setProblem(refusal);
      setFailedIntent(intent);
    },
  });
  /** One of the seller's steps through the route's action; `message` is the snackbar's once it is done. */
  const run: Run = (intent, input, message) => {
    told.current = message;
    setProblem(null);
    setFailedIntent(null);
    void (input instanceof FormData ? acting.upload(intent, input) : acting.submit(intent, input));
  };
  const busy = acting.pending;
  const refusal = (intent: string) => (failedIntent === intent ? problem : null);

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
          {problem.message}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card>
            <RequestSummary commission={commission} />
          </Card>
          <Card aria-labelledby="seller-proposal-title">
            <ProposalDetails commission={commission} titleId="seller-proposal-title" />
            {can('propose') ? <ProposalForm commission={commission} busy={busy} run={run} refusal={refusal('propose')} /> : null}
          </Card>
          {can('proof') ? <ProofForm formRef={proofForm} busy={busy} run={run} refusal={refusal('proof')} /> : null}
          <CommissionImages
            commission={commission}
            image={(url, alt) => <UploadImage path={url} alt={alt} frameClassName="h-full w-full rounded-none border-0" className="object-cover" />}
          />
          <div className="flex flex-wrap gap-3" data-testid="seller-steps">
            {(['start_production', 'mark_ready', 'deliver'] as const).filter(can).map((action) => (
              <Button key={action} disabled={busy} onClick={() => run('step', action, t(`action.${action}`))} data-testid={`seller-step-${action}`}>
                {t(`seller.${action}`)}
              </Button>
            ))}
            {can('refuse_changes') ? (
              <Button variant="secondary" disabled={busy} onClick={() => run('note', 'refuse-changes', t('action.refuse_changes'))}>
                {t('seller.refuseChanges')}
              </Button>
            ) : null}
            {can('decline') ? (
              <Button variant="secondary" disabled={busy} onClick={() => run('note', 'decline', t('action.decline'))}>
                {t('seller.declineRequest')}
              </Button>
            ) : null}
            {can('cancel') ? (
              <Button variant="secondary" disabled={busy} onClick={() => run('note', 'cancel', t('cancelled'))}>
                {t('cancel')}
              </Button>
            ) : null}
          </div>
        </div>
        <HistorySection commission={commission} />
      </div>
    </Container>
  );
}

type Run = (intent: string, input: unknown, message: string) => void;

/** The proposal's whole-number terms: their bounds and what a first proposal offers. */
const WHOLE_TERMS = [
  { name: 'leadTimeDays', min: 1, max: undefined, first: 21 },
  { name: 'changeRounds', min: 0, max: 10, first: 2 },
  { name: 'refundSharePercent', min: 0, max: 100, first: 50 },
] as const;

function ProposalForm({ commission, busy, run, refusal }: { commission: TCommission; busy: boolean; run: Run; refusal: Problem | null }) {
  const { t } = useTranslation('commissions');
  const errors: Errors = refusal ? { [refusal.field ?? 'form']: refusal.message } : {};
  const p = commission.proposal;
  const major = (minor: number | undefined) => (minor === undefined ? '' : (minor / 100).toFixed(2));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const proposal: TCommissionProposal = {
      price: toMinor(text('price')),
      deposit: toMinor(text('deposit') || '0'),
      leadTimeDays: Number(text('leadTimeDays')),
      changeRounds: Number(text('changeRounds')),
      refundSharePercent: Number(text('refundSharePercent')),
      ...(text('note') ? { note: text('note') } : {}),
    };
    run('propose', proposal, t('seller.proposalSent'));
  }

  return (
    <form onSubmit={submit} className="mt-4 grid gap-3 border-t border-sand-200 pt-4" data-testid="proposal-form" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t('seller.price')} name="price" inputMode="decimal" defaultValue={major(p?.price.amount)} error={errors.price} required ltr />
        <TextField label={t('seller.deposit')} name="deposit" inputMode="decimal" defaultValue={major(p?.deposit.amount)} error={errors.deposit} required ltr />
        {WHOLE_TERMS.map(({ name, min, max, first }) => (
          <TextField
            key={name}
            label={t(`seller.${name}`)}
            name={name}
            type="number"
            min={min}
            max={max}
            defaultValue={p?.[name] ?? first}
            error={errors[name]}
            required
          />
        ))}
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

function ProofForm({ formRef, busy, run, refusal }: { formRef: RefObject<HTMLFormElement | null>; busy: boolean; run: Run; refusal: Problem | null }) {
  const { t } = useTranslation('commissions');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const upload = new FormData();
    for (const file of (form.getAll('images') as File[]).filter((file) => file.size > 0)) upload.append('images', file, file.name);
    const note = String(form.get('note') ?? '').trim();
    if (note) upload.set('note', note);
    run('proof', upload, t('seller.proofSent'));
  }

  return (
    <Card aria-labelledby="proof-form-title">
      <form ref={formRef} onSubmit={submit} className="grid gap-3" data-testid="proof-form" noValidate>
        <h2 id="proof-form-title" className="text-lg font-semibold">
          {t('seller.sendProof')}
        </h2>
        <TextField
          label={t('seller.proofImages')}
          name="images"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          error={refusal?.message}
          required
        />
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
