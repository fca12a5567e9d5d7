import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationStatus, type TNotification } from '@tessera/contracts';
import { Fragment, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useMorePages } from '../../../lib/more-pages';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { errorText } from '../../../lib/errors';
import { Badge, Card, Notice, PageTitle, Spinner, TableHead, type Tone } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import { isNotificationChannel, listOutbox, outboxParams, type OutboxFilters } from './outbox-api';

const STATUS_TONE: Record<NotificationStatus, Tone> = { queued: 'pending', sent: 'approved', failed: 'rejected', outbox: 'neutral' };

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

/** The notification outbox: every message the marketplace sent, newest first, filtered by channel and recipient. */
export function OutboxPage({ filters, first }: { filters: OutboxFilters; first: { items: TNotification[]; nextCursor: string | null } }) {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const key = `${filters.channel}|${filters.recipient}`;
  const [draft, setDraft] = useState<OutboxFilters>(filters);
  // Back and forward change the address: the form shows its filters.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setDraft(filters), [key]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const list = useMorePages(key, { rows: first.items, cursor: first.nextCursor }, async (cursor) => {
    const page = await listOutbox(filters, cursor);
    return { rows: page.items, cursor: page.nextCursor };
  });
  const loading = revalidator.state === 'loading' || navigation.state === 'loading';

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show(draft);
  }

  function clear() {
    const none: OutboxFilters = { channel: '', recipient: '' };
    setDraft(none);
    show(none);
  }

  /** New filters load through the address; the same filters again read the list again. */
  function show(next: OutboxFilters) {
    const params = outboxParams(next);
    if (params.toString() === outboxParams(filters).toString()) void revalidator.revalidate();
    else setParams(params, { replace: true });
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
  const channelLabel = (value: NotificationChannel) => t(`admin.outbox.channels.${value}`);
  const items = list.rows;

  return (
    <div className="space-y-6">
      <PageTitle title={t('admin.outbox.title')} lead={t('admin.outbox.lead')}>
        <Button variant="secondary" onClick={() => void revalidator.revalidate()} className="px-4 py-2 text-sm">
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
            value={draft.channel}
            onChange={(e) => setDraft((d) => ({ ...d, channel: isNotificationChannel(e.target.value) ? e.target.value : '' }))}
          >
            <option value="">{t('admin.outbox.allChannels')}</option>
            {NOTIFICATION_CHANNELS.map((value) => (
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
            value={draft.recipient}
            onChange={(e) => setDraft((d) => ({ ...d, recipient: e.target.value }))}
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

      {list.error ? (
        <Notice tone="rejected" title={t('common.loadError')}>
          <p>{errorText(list.error, t)}</p>
        </Notice>
      ) : null}

      <Card padded={false} className="overflow-hidden" aria-labelledby="outbox-messages">
        <h2 id="outbox-messages" className="sr-only">
          {t('admin.outbox.title')}
        </h2>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" data-testid="outbox-table">
            <TableHead
              columns={[
                { label: t('admin.outbox.time'), className: 'hidden px-4 text-start md:table-cell' },
                { label: t('admin.outbox.channel'), className: 'hidden px-3 text-start md:table-cell' },
                { label: t('admin.outbox.recipient'), className: 'hidden px-3 text-start md:table-cell' },
                { label: t('admin.outbox.subject'), className: 'px-4 text-start md:px-3' },
                { label: t('admin.outbox.status'), className: 'hidden px-3 text-start md:table-cell' },
                { label: <span className="sr-only">{t('admin.outbox.read')}</span>, className: 'px-4 text-end' },
              ]}
            />
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
        {!loading && items.length === 0 ? (
          <p className="px-6 py-10 text-center text-ink-muted" data-testid="outbox-empty">
            {t('admin.outbox.empty')}
          </p>
        ) : null}
        {loading ? (
          <div className="px-5">
            <Spinner label={t('common.loading')} />
          </div>
        ) : null}
      </Card>
      {list.cursor && !loading ? (
        <div className="text-center">
          <Button variant="secondary" onClick={() => void list.more()}>
            {t('admin.outbox.loadMore')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
