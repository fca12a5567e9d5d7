import type { TConversationListItem } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { Button as AriaButton, Input, ListBox, ListBoxItem, SearchField } from 'react-aria-components';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { CloseIcon, SearchIcon } from '../../../ui/icons';
import { conversationName } from '../model';
import type { MessageCenter } from '../useMessageCenter';
import { Avatar } from './Avatar';
import { StatusTicks } from './StatusTicks';

export type ChatUserKind = 'buyer' | 'store' | 'team';

/** When a list row's last message was: its time today, else Yesterday or DD/MM/YYYY. */
function whenLabel(timestamp: number, language: ReturnType<typeof usePreferences>['language']): string {
  const day = formatDateLabel(timestamp, language);
  return day === formatDateLabel(Date.now(), language) ? formatTime(timestamp, language) : day;
}

function Preview({ conversation, me }: { conversation: TConversationListItem; me: string }) {
  const { t } = useTranslation('chat');
  const last = conversation.lastMessage;
  if (!last) return <span className="text-ink-muted">{t('thread.pick')}</span>;
  let text = last.body;
  if (last.deleted) text = t('message.deleted');
  else if (last.offer) text = `${t('list.offer')}: ${last.offer.item.title}`;
  else if (!text && last.attachments.length > 0) text = last.attachments[0]?.attachmentType === 'image' ? t('list.photo') : t('list.file');
  const mine = last.senderId === me;
  return (
    <span className="flex min-w-0 items-center gap-1">
      {mine ? <StatusTicks status={last.status} compact /> : null}
      <span dir="auto" className="truncate">
        {mine ? t('list.you', { text }) : text}
      </span>
    </span>
  );
}

/** The conversation list: search, each conversation with presence, last message and unread badge. */
export function ConversationList({ center, me, myKind, selected, onSelect }: { center: MessageCenter; me: string; myKind: ChatUserKind; selected: string | null; onSelect(id: string): void }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const { conversations, listState, search } = center;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-sand-200 p-3">
        <SearchField value={search} onChange={center.setSearch} aria-label={t('list.search')} className="group relative flex items-center">
          <SearchIcon width={18} height={18} className="pointer-events-none absolute start-3 text-ink-muted" />
          <Input
            placeholder={t('list.search')}
            data-testid="chat-search"
            className="w-full rounded-full border border-sand-300 bg-sand-50 py-2 ps-9 pe-9 text-sm outline-none placeholder:text-ink-muted focus:border-moss-600 focus:bg-white [&::-webkit-search-cancel-button]:hidden"
          />
          <AriaButton aria-label={t('list.clearSearch')} className="absolute end-2 rounded-full p-1 text-ink-muted hover:bg-sand-100 group-data-[empty]:hidden">
            <CloseIcon width={16} height={16} />
          </AriaButton>
        </SearchField>
      </div>
      {listState === 'failed' ? (
        <div className="p-5 text-sm text-ink-muted" role="alert">
          <p>{t('list.failed')}</p>
          <button type="button" className="mt-2 font-semibold text-moss-800 underline" onClick={() => void center.reloadList()}>
            {t('list.retry')}
          </button>
        </div>
      ) : null}
      <ListBox
        aria-label={t('list.label')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selected ? [selected] : []}
        onSelectionChange={(keys) => {
          const [key] = keys === 'all' ? [] : [...keys];
          if (typeof key === 'string') onSelect(key);
        }}
        items={conversations}
        data-testid="conversation-list"
        className="min-h-0 flex-1 overflow-y-auto outline-none"
        // React Aria puts the empty state in an option of the list box: it always says something, or the
        // option has no name for a screen reader (axe: aria-toggle-field-name) while the list loads.
        renderEmptyState={() =>
          listState === 'loading' ? (
            <div>
              <span className="sr-only">{t('list.loading')}</span>
              <ul aria-hidden="true" className="space-y-3 p-4">
                {[0, 1, 2].map((n) => (
                  <li key={n} className="h-14 animate-pulse rounded-xl bg-sand-100" />
                ))}
              </ul>
            </div>
          ) : listState === 'ready' ? (
            <div className="p-6 text-center text-sm text-ink-muted">
              {search.trim() ? (
                <p>{t('list.noMatches', { query: search.trim() })}</p>
              ) : (
                <>
                  <p className="font-semibold text-ink">{t('list.empty')}</p>
                  <p className="mt-1">{t('list.emptyHint')}</p>
                </>
              )}
            </div>
          ) : (
            <span className="sr-only">{t('list.failed')}</span>
          )
        }
      >
        {(conversation) => {
          const name = conversationName(conversation, myKind);
          const presence = center.presenceOf(conversation);
          const unread = conversation.unreadCount;
          const typing = center.typingIn(conversation.conversationId);
          return (
            <ListBoxItem
              id={conversation.conversationId}
              textValue={name}
              data-testid="conversation-item"
              data-conversation-id={conversation.conversationId}
              className="flex cursor-pointer items-center gap-3 border-b border-sand-100 px-4 py-3 outline-none transition-colors hover:bg-sand-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-inset data-[focus-visible]:ring-moss-600 data-[selected]:bg-moss-50"
            >
              <Avatar name={name} imageUrl={conversation.opponent?.imageUrl || conversation.conversationImageUrl} online={presence?.online ?? false} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span dir="auto" className={`min-w-0 flex-1 truncate text-start ${unread > 0 ? 'font-bold' : 'font-semibold'} text-ink`}>
                    {name}
                  </span>
                  {conversation.lastMessage ? <span className="shrink-0 text-xs text-ink-muted">{whenLabel(conversation.lastMessage.timestamp, language)}</span> : null}
                </span>
                <span className="mt-0.5 flex items-center gap-2 text-sm text-ink-muted">
                  <span className="min-w-0 flex-1">{typing ? <span className="text-moss-700">{t('thread.typing')}</span> : <Preview conversation={conversation} me={me} />}</span>
                  {unread > 0 ? (
                    <span data-testid="unread-badge" className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-moss-700 px-1.5 text-xs font-bold text-white">
                      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                      <span className="sr-only">{t('list.unread', { count: unread })}</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </ListBoxItem>
          );
        }}
      </ListBox>
    </div>
  );
}
