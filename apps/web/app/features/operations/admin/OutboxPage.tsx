import { Fragment, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { NotSignedIn } from '../../../lib/http';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { errorText } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Badge, Card, Notice, PageTitle, Spinner, type Tone } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import type { Page } from '../../accounts/admin/review';

const PATH = '/v1/admin/notifications';
const CHANNELS = ['email', 'sms', 'push'] as const;
type Channel = (typeof CHANNELS)[number];
type Status = 'queued' | 'sent' | 'failed' | 'outbox';

/** One message of GET /v1/admin/notifications. */
export interface OutboxMessage {
  id: string;
  channel: Channel;
  recipient: string;
  userId: string | null;
  language: string;
  template: string;
  subject: string;
  body: string;
  status: Status;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

const STATUS_TONE: Record<Status, Tone> = { queued: 'pending', sent: 'approved', failed: 'rejected', outbox: 'neutral' };

/** The plain-text body with its links made clickable (reset links, invitations). */
function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /https?:\/\/[^\s<>"')]+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    parts.push(
      <a key={index} href={match[0]} className="break-all text-moss-800 underline underline-offset-4" dir="ltr">
        {match[0]}
      </a>,
    );
    last = index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function isChannel(value: string | null): value is Channel {
  return value !== null && (CHANNELS as readonly string[]).includes(value);
}

export function OutboxPage() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const { expire } = session;
  const [params, setParams] = useSearchParams();
  const channel = isChannel(params.get('channel')) ? (params.get('channel') as Channel) : '';
  const recipient = params.get('recipient') ?? '';
  const [draftChannel, setDraftChannel] = useState<Channel | ''>(channel);
  const [draftRecipient, setDraftRecipient] = useState(recipient);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<{ key: string; items: OutboxMessage[]; nextCursor: string | null; loading: boolean; error: unknown }>({
    key: '',
    items: [],
    nextCursor: null,
    loading: true,
    error: undefined,
  });
  const key = `${channel}|${recipient}|${generation}`;

  const fetchPage = useCallback(
    (cursor: string | null, signal?: AbortSignal) => {
      const query = new URLSearchParams({ limit: '25' });
      if (channel) query.set('channel', channel);
      if (recipient) query.set('recipient', recipient);
      if (cursor) query.set('cursor', cursor);
      return session.client().get<{ data: Page<OutboxMessage> }>(`${PATH}?${query.toString()}`, signal ? { signal } : {});
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [channel, recipient],
  );

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, key, loading: true, error: undefined }));
    fetchPage(null, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted)
          setState({ key, items: answer.data.items, nextCursor: answer.data.nextCursor, loading: false, error: undefined });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof NotSignedIn) expire();
        setState({ key, items: [], nextCursor: null, loading: false, error });
      },
    );
    return () => controller.abort();
  }, [key, fetchPage, expire]);

  async function loadMore() {
    if (!state.nextCursor) return;
    setState((s) => ({ ...s, loading: true }));
    try {
      const answer = await fetchPage(state.nextCursor);
      setState((s) => ({ ...s, items: [...s.items, ...answer.data.items], nextCursor: answer.data.nextCursor, loading: false }));
    } catch (error) {
      setState((s) => ({ ...s, loading: false, error }));
    }
  }

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (draftChannel) next.set('channel', draftChannel);
    if (draftRecipient.trim()) next.set('recipient', draftRecipient.trim());
    show(next);
  }

  function clear() {
    setDraftChannel('');
    setDraftRecipient('');
    show(new URLSearchParams());
  }

  /** New filters load through the address; the same filters again reload the list. */
  function show(next: URLSearchParams) {
    const current = new URLSearchParams();
    if (channel) current.set('channel', channel);
    if (recipient) current.set('recipient', recipient);
    if (next.toString() === current.toString()) setGeneration((g) => g + 1);
    else setParams(next, { replace: true });
  }

  function toggle(id: string) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const when = (time: number) => `${formatDateLabel(time, language)} ${formatTime(time, language)}`;
  const channelLabel = (value: Channel) => t(`admin.outbox.channels.${value}`);
  const items = state.key === key ? state.items : [];

  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.outbox.title')} lead={t('admin.outbox.lead')}>
        <Button variant="secondary" onClick={() => setGeneration((g) => g + 1)} className="px-4 py-2 text-sm">
          {t('admin.outbox.refresh')}
        </Button>
      </PageTitle>

      <Card aria-labelledby="outbox-filters" padded={false} className="p-4 sm:p-5">
        <h2 id="outbox-filters" className="sr-only">
          {t('admin.outbox.filters')}
        </h2>
        <form onSubmit={apply} className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)_auto] sm:items-end" data-testid="outbox-filters" noValidate>
          <SelectField
            label={t('admin.outbox.channel')}
            name="channel"
            optional
            value={draftChannel}
            onChange={(e) => setDraftChannel(isChannel(e.target.value) ? e.target.value : '')}
          >
            <option value="">{t('admin.outbox.allChannels')}</option>
            {CHANNELS.map((value) => (
              <option key={value} value={value}>
                {channelLabel(value)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('admin.outbox.recipient')}
            name="recipient"
            optional
            placeholder={t('admin.outbox.recipientHint')}
            value={draftRecipient}
            onChange={(e) => setDraftRecipient(e.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" className="px-4">
              {t('admin.outbox.apply')}
            </Button>
            <Button variant="ghost" className="px-4" onClick={clear}>
              {t('admin.outbox.clear')}
            </Button>
          </div>
        </form>
      </Card>

      {state.error && items.length === 0 ? (
        <Notice tone="rejected" title={t('common.loadError')}>
          <p>{errorText(state.error, t)}</p>
        </Notice>
      ) : null}

      <Card padded={false} className="overflow-hidden" aria-labelledby="outbox-messages">
        <h2 id="outbox-messages" className="sr-only">
          {t('admin.outbox.title')}
        </h2>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="outbox-table">
            <thead className="bg-sand-100 text-ink-muted">
              <tr>
                <th scope="col" className="hidden px-4 py-2.5 text-start font-semibold md:table-cell">
                  {t('admin.outbox.time')}
                </th>
                <th scope="col" className="hidden px-3 py-2.5 text-start font-semibold md:table-cell">
                  {t('admin.outbox.channel')}
                </th>
                <th scope="col" className="hidden px-3 py-2.5 text-start font-semibold md:table-cell">
                  {t('admin.outbox.recipient')}
                </th>
                <th scope="col" className="px-4 py-2.5 text-start font-semibold md:px-3">
                  {t('admin.outbox.subject')}
                </th>
                <th scope="col" className="hidden px-3 py-2.5 text-start font-semibold md:table-cell">
                  {t('admin.outbox.status')}
                </th>
                <th scope="col" className="px-4 py-2.5 text-end font-semibold">
                  <span className="sr-only">{t('admin.outbox.read')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-200">
              {items.map((message) => {
                const expanded = open.has(message.id);
                const panelId = `message-${message.id}`;
                return (
                  <Fragment key={message.id}>
                    <tr
                      data-testid="outbox-row"
                      data-template={message.template}
                      data-recipient={message.recipient}
                      className={expanded ? 'bg-moss-50/60' : ''}
                    >
                      <td className="hidden whitespace-nowrap px-4 py-3 align-top text-ink-muted md:table-cell">{when(message.createdAt)}</td>
                      <td className="hidden px-3 py-3 align-top md:table-cell">{channelLabel(message.channel)}</td>
                      <td className="hidden min-w-44 px-3 py-3 align-top [overflow-wrap:anywhere] md:table-cell">
                        <span dir="ltr">{message.recipient}</span>
                      </td>
                      <td className="px-4 py-3 align-top md:px-3">
                        <span className="block font-semibold text-ink">
                          <bdi lang={message.language}>{message.subject}</bdi>
                        </span>
                        <span className="mt-1 block text-ink-muted [overflow-wrap:anywhere] md:hidden">
                          <span dir="ltr">{message.recipient}</span>
                        </span>
                        <span className="block text-ink-muted md:hidden">
                          {channelLabel(message.channel)}
                          <span aria-hidden="true"> · </span>
                          <span className="whitespace-nowrap">{when(message.createdAt)}</span>
                        </span>
                        <span className="mt-1.5 block md:hidden">
                          <Badge tone={STATUS_TONE[message.status]}>{t(`admin.outbox.statuses.${message.status}`)}</Badge>
                        </span>
                      </td>
                      <td className="hidden px-3 py-3 align-top md:table-cell">
                        <Badge tone={STATUS_TONE[message.status]}>{t(`admin.outbox.statuses.${message.status}`)}</Badge>
                      </td>
                      <td className="px-4 py-2 text-end align-top">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={panelId}
                          onClick={() => toggle(message.id)}
                          className="rounded-full border border-moss-700 px-3 py-1 text-sm font-semibold text-moss-800 hover:bg-moss-50"
                        >
                          {expanded ? t('admin.outbox.hide') : t('admin.outbox.read')}
                          <span className="sr-only"> {t('admin.outbox.messageOf', { recipient: message.recipient })}</span>
                        </button>
                      </td>
                    </tr>
                    {expanded ? (
                      <tr id={panelId} className="bg-moss-50/60">
                        <td colSpan={6} className="px-4 pb-4 pt-0">
                          <div className="rounded-xl border border-sand-200 bg-white p-4" data-testid="outbox-body">
                            <p className="whitespace-pre-wrap break-words text-ink" lang={message.language} dir="auto">
                              <Linkified text={message.body} />
                            </p>
                            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 border-t border-sand-200 pt-3 text-xs text-ink-muted">
                              <div className="flex gap-1">
                                <dt>{t('admin.outbox.template')}:</dt>
                                <dd dir="ltr">{message.template}</dd>
                              </div>
                              <div className="flex gap-1">
                                <dt>{t('admin.outbox.language')}:</dt>
                                <dd>{LANGUAGE_NAMES[message.language as keyof typeof LANGUAGE_NAMES] ?? message.language}</dd>
                              </div>
                              {message.lastError ? (
                                <div className="flex gap-1 text-clay-700">
                                  <dt>{t('admin.outbox.lastError')}:</dt>
                                  <dd>{message.lastError}</dd>
                                </div>
                              ) : null}
                            </dl>
                          </div>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
        {!state.loading && items.length === 0 && !state.error ? (
          <p className="px-6 py-10 text-center text-ink-muted" data-testid="outbox-empty">
            {t('admin.outbox.empty')}
          </p>
        ) : null}
        {state.loading || state.key !== key ? (
          <div className="px-5">
            <Spinner label={t('common.loading')} />
          </div>
        ) : null}
      </Card>
      {state.nextCursor && !state.loading ? (
        <div className="text-center">
          <Button variant="secondary" onClick={() => void loadMore()}>
            {t('admin.outbox.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
