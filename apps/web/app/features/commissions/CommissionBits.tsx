import type { CommissionStatus, TCommission } from '@tessera/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { formatDateLabel } from '../../lib/format';
import { usePreferences } from '../../lib/preferences';
import { money } from '../catalog/format';

const TONES: Record<CommissionStatus, string> = {
  requested: 'bg-sand-100 text-ink',
  proposed: 'bg-ochre-300/40 text-[#6b4a0c]',
  deposit_paid: 'bg-moss-100 text-moss-900',
  proof_sent: 'bg-ochre-300/40 text-[#6b4a0c]',
  changes_requested: 'bg-clay-50 text-clay-800',
  approved: 'bg-moss-100 text-moss-900',
  in_production: 'bg-moss-100 text-moss-900',
  ready: 'bg-ochre-300/40 text-[#6b4a0c]',
  paid: 'bg-moss-100 text-moss-900',
  delivered: 'bg-moss-700 text-white',
  cancelled: 'bg-sand-200 text-ink-muted',
  declined: 'bg-sand-200 text-ink-muted',
};

/** A commission's state as a small label in the page's language. */
export function StatusBadge({ status }: { status: CommissionStatus }) {
  const { t } = useTranslation('commissions');
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`} data-testid="commission-status" data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export const STAGES = ['requested', 'proposal', 'deposit', 'proof', 'approval', 'production', 'delivery'] as const;

/** The stage a state waits on (an index of STAGES; STAGES.length when all is done). */
const WAITING_ON: Record<CommissionStatus, number> = {
  requested: 1,
  proposed: 2,
  deposit_paid: 3,
  changes_requested: 3,
  proof_sent: 4,
  approved: 5,
  in_production: 5,
  ready: 6,
  paid: 6,
  delivered: 7,
  cancelled: 0,
  declined: 0,
};

/** Where the commission stands; a cancelled or declined one stops where it was when it ended. */
export function currentStage(commission: Pick<TCommission, 'status' | 'history'>): number {
  if (commission.status !== 'cancelled' && commission.status !== 'declined') return WAITING_ON[commission.status];
  const last = commission.history.at(-1);
  return last?.from ? WAITING_ON[last.from] : 1;
}

/** Every step from the request to the delivery, done ones ticked, the current one marked (aria-current). */
export function Stepper({ commission }: { commission: Pick<TCommission, 'status' | 'history'> }) {
  const { t } = useTranslation('commissions');
  const current = currentStage(commission);
  const ended = commission.status === 'cancelled' || commission.status === 'declined';
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7" aria-label={t('steps')} data-testid="commission-steps">
      {STAGES.map((stage, index) => {
        const state = index < current ? 'done' : index === current && !ended ? 'current' : 'todo';
        return (
          <li
            key={stage}
            aria-current={state === 'current' ? 'step' : undefined}
            data-stage={stage}
            data-state={state}
            className={`flex items-center gap-2 rounded-xl border px-3 py-2 text-sm ${
              state === 'done'
                ? 'border-moss-300 bg-moss-50 text-moss-900'
                : state === 'current'
                  ? 'border-moss-700 bg-white font-semibold text-moss-900 ring-2 ring-moss-700/30'
                  : 'border-sand-200 bg-white text-ink-muted'
            }`}
          >
            <span
              aria-hidden="true"
              className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${
                state === 'done' ? 'bg-moss-700 text-white' : state === 'current' ? 'bg-moss-100 text-moss-900' : 'bg-sand-100 text-ink-muted'
              }`}
            >
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>
              {t(`stage.${stage}`)}
              <span className="sr-only"> ({t(`stageState.${state}`)})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The proposal block of the buyer's and the seller's commission page: its heading, the terms and the
 * rounds left. Each page keeps its own frame (labelled by `titleId`); the seller's form follows it.
 */
export function ProposalDetails({ commission, titleId, titleClassName = '' }: { commission: TCommission; titleId: string; titleClassName?: string }) {
  const { t } = useTranslation('commissions');
  return (
    <>
      <h2 id={titleId} className={`mb-3 text-lg font-semibold ${titleClassName}`.trim()}>
        {t('proposal')}
      </h2>
      <ProposalTerms commission={commission} />
      <div className="mt-3">
        <RoundsLeft commission={commission} />
      </div>
    </>
  );
}

/** The proposal's terms: price, deposit, balance, lead time, rounds and the cancellation rule. */
function ProposalTerms({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  const p = commission.proposal;
  if (!p) return <p className="text-ink-muted">{t('waiting')}</p>;
  const rows: Array<[string, ReactNode]> = [
    [t('price'), <strong key="p">{money(p.price, language)}</strong>],
    [t('deposit'), money(p.deposit, language)],
    [t('balance'), money(p.balance, language)],
    [t('leadTime'), t('days', { count: p.leadTimeDays })],
    [t('changeRounds'), p.changeRounds],
  ];
  if (commission.paid.deposit.amount + commission.paid.balance.amount > 0)
    rows.push([t('paid'), money({ ...p.price, amount: commission.paid.deposit.amount + commission.paid.balance.amount }, language)]);
  if (commission.paid.refunded.amount > 0) rows.push([t('refunded'), money(commission.paid.refunded, language)]);
  return (
    <div data-testid="commission-proposal">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{label}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm text-ink-muted" data-testid="refund-rule">
        {p.refundSharePercent > 0 ? t('refundRule', { percent: p.refundSharePercent }) : t('refundNone')}
      </p>
      {p.note ? (
        <p className="mt-2 whitespace-pre-line rounded-xl bg-sand-50 p-3 text-sm" dir="auto">
          {p.note}
        </p>
      ) : null}
    </div>
  );
}

/** Change rounds left under the proposal (proof stages only). */
function RoundsLeft({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const p = commission.proposal;
  if (!p || !['deposit_paid', 'proof_sent', 'changes_requested'].includes(commission.status)) return null;
  const left = Math.max(0, p.changeRounds - commission.changesUsed);
  return (
    <p className="text-sm font-semibold text-moss-800" data-testid="rounds-left" data-left={left}>
      {left > 0 ? t('roundsLeft', { count: left }) : t('roundsUsed')}
    </p>
  );
}

/** What the buyer asked: the product and choices, or the piece described from scratch. */
export function RequestSummary({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  const choices = Object.entries(commission.choices).filter(([, value]) => value) as Array<['size' | 'colour' | 'material', string]>;
  const piece = commission.newProduct;
  return (
    <div className="space-y-2 text-sm" data-testid="commission-request">
      <p className="text-ink-muted">
        {t(`kind.${commission.kind}`)} · {t('quantity')}: {commission.quantity}
      </p>
      {piece ? (
        <>
          <p className="font-semibold" dir="auto">
            {piece.title}
          </p>
          <p className="whitespace-pre-line" dir="auto">
            {piece.description}
          </p>
          {piece.budget ? (
            <p>
              {t('budget')}: {money(piece.budget, language)}
            </p>
          ) : null}
          {piece.wantedBy ? (
            <p>
              {t('wantedBy')}: {formatDateLabel(Date.parse(`${piece.wantedBy}T12:00:00Z`), language)}
            </p>
          ) : null}
        </>
      ) : null}
      {choices.length > 0 || commission.personalisation ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {choices.map(([option, value]) => (
            <div key={option} className="contents">
              <dt className="text-ink-muted">{t(`option.${option}`)}</dt>
              <dd dir="auto">{value}</dd>
            </div>
          ))}
          {commission.personalisation ? (
            <div className="contents">
              <dt className="text-ink-muted">{t('option.personalisation')}</dt>
              <dd dir="auto">{commission.personalisation}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {commission.notes ? (
        <p className="whitespace-pre-line rounded-xl bg-sand-50 p-3" dir="auto">
          {commission.notes}
        </p>
      ) : null}
    </div>
  );
}

/** The history beside a commission's page, the buyer's and the seller's (its title in the page's colour). */
export function HistorySection({ commission, titleClassName = '' }: { commission: TCommission; titleClassName?: string }) {
  const { t } = useTranslation('commissions');
  const titleId = useId();
  return (
    <section className="min-w-0" aria-labelledby={titleId}>
      <h2 id={titleId} className={`mb-3 text-lg font-semibold ${titleClassName}`.trim()}>
        {t('history')}
      </h2>
      <HistoryList commission={commission} />
    </section>
  );
}

/** Each step with who took it, when, and its note. */
export function HistoryList({ commission }: { commission: TCommission }) {
  const { t } = useTranslation('commissions');
  const { language } = usePreferences();
  return (
    <ol className="space-y-2 text-sm" data-testid="commission-history">
      {[...commission.history].reverse().map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="rounded-xl border border-sand-200 bg-white p-3" data-action={entry.action}>
          <p>
            <span className="font-semibold">{t(`action.${entry.action}`)}</span>
            {entry.round ? ` · ${t('proofRound', { round: entry.round })}` : ''} · <bdi>{entry.byName}</bdi> ({t(`by.${entry.by}`)}) ·{' '}
            {formatDateLabel(entry.at, language)}
          </p>
          {entry.note ? (
            <p className="mt-1 whitespace-pre-line text-ink-muted" dir="auto">
              {entry.note}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The proofs by round (newest first) and the reference images. `image` draws one: the storefront
 * uses the URL (its token cookie opens it), the portals fetch it with their own token.
 */
export function CommissionImages({ commission, image }: { commission: TCommission; image: (url: string, alt: string) => ReactNode }) {
  const { t } = useTranslation('commissions');
  const title = commission.newProduct?.title ?? commission.product?.title ?? '';
  const references = commission.images.filter((i) => i.kind === 'reference');
  const rounds = [...new Set(commission.images.filter((i) => i.kind === 'proof').map((i) => i.round ?? 0))].sort((a, b) => b - a);
  const grid = (list: TCommission['images'], label: string) => (
    <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {list.map((item, n) => (
        <li key={item.id} className="aspect-square overflow-hidden rounded-xl border border-sand-200 bg-sand-50">
          {image(item.url, t('imageOf', { n: n + 1, title: label }))}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="space-y-4">
      {rounds.length > 0 ? (
        <section aria-labelledby="proofs-title" data-testid="commission-proofs">
          <h2 id="proofs-title" className="text-lg font-semibold text-moss-900">
            {t('proofs')}
          </h2>
          {rounds.map((round) => (
            <div key={round} className="mt-3" data-testid="proof-round" data-round={round}>
              <h3 className="text-sm font-semibold">{t('proofRound', { round })}</h3>
              {grid(
                commission.images.filter((i) => i.kind === 'proof' && i.round === round),
                `${t('proofRound', { round })} · ${title}`,
              )}
            </div>
          ))}
        </section>
      ) : null}
      {references.length > 0 ? (
        <section aria-labelledby="references-title" data-testid="commission-references">
          <h2 id="references-title" className="text-lg font-semibold text-moss-900">
            {t('referenceImages')}
          </h2>
          {grid(references, title)}
        </section>
      ) : null}
    </div>
  );
}

/** What a buyer's cancel gives back now: the agreed share of the deposit and all of a balance. */
export function buyerRefund(commission: TCommission): number {
  const share = commission.proposal?.refundSharePercent ?? 0;
  return Math.floor((commission.paid.deposit.amount * share) / 100) + commission.paid.balance.amount;
}
