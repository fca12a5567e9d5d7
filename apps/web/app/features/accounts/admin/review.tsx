import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { useMorePages } from '../../../lib/more-pages';
import { Button } from '../../../ui/Button';
import { CheckIcon, CloseIcon } from '../../../ui/icons';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { portalClient } from '../../portal-shell/clients';
import { Notice, Spinner } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField } from '../../../ui/fields';
import { useAdmin } from '../../portal-shell/AdminPortal';

export const QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The status in the address (?status=approved), pending when it names none. */
export function queueStatusOf(url: string): QueueStatus {
  const raw = new URL(url).searchParams.get('status');
  return (QUEUE_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as QueueStatus) : 'pending';
}

/** One page of a review queue (companies or sellers) in one status, through the team member's session. */
export async function listQueue<T>(path: string, status: QueueStatus, cursor?: string, signal?: AbortSignal): Promise<Page<T>> {
  const query = new URLSearchParams({ status, limit: '20' });
  if (cursor) query.set('cursor', cursor);
  return (await portalClient('admin').get<{ data: Page<T> }>(`${path}?${query.toString()}`, { signal })).data;
}

/**
 * One review queue in one status: the first page comes with the route's loader, further pages on
 * "more"; an application reviewed here leaves the list at once (it now belongs to another status).
 */
export function useQueue<T extends { id: string }>(path: string, status: QueueStatus, first: Page<T>) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [removed, setRemoved] = useState<{ status: QueueStatus; ids: ReadonlySet<string> }>({ status, ids: new Set() });
  const list = useMorePages(status, { rows: first.items, cursor: first.nextCursor }, async (cursor) => {
    const page = await listQueue<T>(path, status, cursor);
    return { rows: page.items, cursor: page.nextCursor };
  });
  const gone = removed.status === status ? removed.ids : new Set<string>();
  const remove = useCallback((id: string) => setRemoved((previous) => ({ status, ids: new Set(previous.status === status ? previous.ids : []).add(id) })), [status]);
  const reload = useCallback(() => void revalidator.revalidate(), [revalidator]);
  return {
    items: list.rows.filter((item) => !gone.has(item.id)),
    nextCursor: list.cursor,
    loading: revalidator.state === 'loading' || navigation.state === 'loading',
    error: list.error,
    loadMore: list.more,
    remove,
    reload,
  };
}

/** The status shown, kept in the address (?status=approved) so that a reload keeps it. */
export function useQueueStatus(): [QueueStatus, (status: QueueStatus) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = (QUEUE_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as QueueStatus) : 'pending';
  const set = (next: QueueStatus) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'pending') copy.delete('status');
        else copy.set('status', next);
        return copy;
      },
      { replace: true },
    );
  return [status, set];
}

export function StatusFilter({ status, onChange }: { status: QueueStatus; onChange(status: QueueStatus): void }) {
  const { t } = useTranslation('portal');
  return (
    <div role="group" aria-label={t('admin.queue.show')} className="inline-flex rounded-full border border-sand-300 bg-white p-1">
      {QUEUE_STATUSES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={status === value}
          onClick={() => onChange(value)}
          className={`rounded-full px-3.5 py-1.5 text-sm font-semibold transition-colors ${
            status === value ? 'bg-moss-700 text-white' : 'text-moss-800 hover:bg-moss-50'
          }`}
        >
          {t(`admin.queue.${value}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * Approve and Reject (with a reason) for one application. Team members who may not review (support)
 * get no buttons; the page says why once, above the list.
 */
export function ReviewActions({
  name,
  onDecision,
  onStale,
}: {
  name: string;
  /** Someone else reviewed it meanwhile (409 ALREADY_REVIEWED): it leaves the list. */
  onStale?(): void;
  /** Sends the decision; resolves when the server accepted it. */
  onDecision(decision: { decision: 'approve' } | { decision: 'reject'; reason: string }): Promise<void>;
}) {
  const { t } = useTranslation('portal');
  const snackbar = useSnackbar();
  const { canReview } = useAdmin();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const formId = useId();

  if (!canReview) return null;

  async function decide(decision: { decision: 'approve' } | { decision: 'reject'; reason: string }) {
    setBusy(true);
    try {
      await onDecision(decision);
      setRejecting(false);
    } catch (error) {
      snackbar(errorText(error, t), { variant: 'error' });
      if (error instanceof HttpError && error.code === 'ALREADY_REVIEWED') {
        setRejecting(false);
        onStale?.();
      }
    } finally {
      setBusy(false);
    }
  }

  function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < 3 || text.length > 500) {
      setReasonError(t('admin.queue.reasonInvalid'));
      return;
    }
    void decide({ decision: 'reject', reason: text });
  }

  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={() => void decide({ decision: 'approve' })} disabled={busy} data-testid="approve">
        <CheckIcon width={18} height={18} />
        {t('admin.queue.approve')}
      </Button>
      <Button
        variant="secondary"
        className="border-clay-700 text-clay-700 hover:bg-clay-50"
        onClick={() => {
          setReason('');
          setReasonError(undefined);
          setRejecting(true);
        }}
        disabled={busy}
        data-testid="reject"
      >
        <CloseIcon width={18} height={18} />
        {t('admin.queue.reject')}
      </Button>
      {rejecting ? (
        <Dialog
          open
          title={t('admin.queue.rejectTitle', { name })}
          description={t('admin.queue.rejectLead')}
          onClose={() => setRejecting(false)}
          testId="reject-dialog"
        >
          <form id={formId} onSubmit={submitReject} noValidate className="space-y-5">
            <TextAreaField
              label={t('admin.queue.reason')}
              name="reason"
              hint={t('admin.queue.reasonHint')}
              maxLength={500}
              rows={4}
              value={reason}
              error={reasonError}
              autoFocus
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(undefined);
              }}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="ghost" onClick={() => setRejecting(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={busy} className="bg-clay-700 hover:bg-clay-600 active:bg-clay-700">
                {t('admin.queue.confirmReject')}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}

/** The frame of a queue page: status filter, the read-only notice for support, the list and "Load more". */
export function QueueView<T extends { id: string }>({
  queue,
  status,
  onStatus,
  renderItem,
  testId,
}: {
  queue: ReturnType<typeof useQueue<T>>;
  status: QueueStatus;
  onStatus(status: QueueStatus): void;
  renderItem(item: T): ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('portal');
  const { canReview, role } = useAdmin();
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center gap-3">
        <StatusFilter status={status} onChange={onStatus} />
      </div>
      {!canReview && role && status === 'pending' ? (
        <div className="mb-5">
          <Notice tone="neutral" testId="read-only-notice">
            {t('admin.queue.readOnly', { role: t(`admin.roles.${role}`) })}
          </Notice>
        </div>
      ) : null}
      {queue.error && queue.items.length === 0 ? (
        <Notice tone="rejected" title={t('common.loadError')}>
          <p>{errorText(queue.error, t)}</p>
          <Button variant="secondary" className="mt-3" onClick={queue.reload}>
            {t('common.retry')}
          </Button>
        </Notice>
      ) : null}
      {!queue.loading && !queue.error && queue.items.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-sand-300 bg-white px-6 py-10 text-center text-ink-muted"
          data-testid={`${testId}-empty`}
        >
          {status === 'pending' ? t('admin.queue.emptyPending') : t('admin.queue.empty')}
        </p>
      ) : null}
      <ul className="space-y-5" data-testid={testId} aria-busy={queue.loading}>
        {queue.items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      {queue.loading ? <Spinner label={t('common.loading')} /> : null}
      {queue.nextCursor && !queue.loading ? (
        <div className="mt-6 text-center">
          <Button variant="secondary" onClick={() => void queue.loadMore()}>
            {t('admin.queue.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
