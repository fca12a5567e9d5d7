import type { TConversationListItem } from '@tessera/contracts';
import { Fragment, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDateLabel, formatTime } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { useRealtimeState } from '../../../lib/realtime';
import { conversationName, type ThreadMessage } from '../model';
import type { ChatRealm } from '../session';
import type { MessageCenter } from '../useMessageCenter';
import { Avatar } from './Avatar';
import { Composer } from './Composer';
import type { ChatUserKind } from './ConversationList';
import { BackIcon } from './icons';
import { MessageBubble } from './MessageBubble';
import { OfferCard } from './OfferCard';
import { ThreadMenu } from './ThreadMenu';

function PresenceLine({ center, conversation }: { center: MessageCenter; conversation: TConversationListItem }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  if (center.typingIn(conversation.conversationId)) {
    return (
      <span data-testid="typing-indicator" className="text-moss-700">
        {t('thread.typing')}
      </span>
    );
  }
  const presence = center.presenceOf(conversation);
  if (!presence) return null;
  if (presence.online) return <span data-testid="presence">{t('presence.online')}</span>;
  if (!presence.lastSeen) return <span data-testid="presence">{t('presence.offline')}</span>;
  return <span data-testid="presence">{t('presence.lastSeenAt', { day: formatDateLabel(presence.lastSeen, language), time: formatTime(presence.lastSeen, language) })}</span>;
}

/** The open conversation: who it is with, the messages by day, older pages on request, the composer. */
export function Thread({
  center,
  realm,
  conversation,
  me,
  myKind,
  onBack,
  actions,
}: {
  center: MessageCenter;
  realm: ChatRealm;
  conversation: TConversationListItem;
  me: string;
  myKind: ChatUserKind;
  onBack(): void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const connection = useRealtimeState(realm);
  const { thread } = center;
  const name = conversationName(conversation, myKind);
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = thread.messages.at(-1)?.messageId;
  const firstId = thread.messages[0]?.messageId;
  const anchor = useRef<{ firstId: string | undefined; height: number } | null>(null);

  // New messages at the end keep the view at the end; an older page keeps the reader where he was.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const previous = anchor.current;
    if (previous && previous.firstId !== firstId && previous.firstId !== undefined) element.scrollTop += element.scrollHeight - previous.height;
    else element.scrollTop = element.scrollHeight;
    anchor.current = { firstId, height: element.scrollHeight };
  }, [lastId, firstId, conversation.conversationId]);

  const byDay: { label: string; messages: ThreadMessage[] }[] = [];
  for (const message of thread.messages) {
    const label = formatDateLabel(message.timestamp, language);
    const group = byDay.at(-1);
    if (group?.label === label) group.messages.push(message);
    else byDay.push({ label, messages: [message] });
  }
  const isGroup = conversation.members.length > 2;
  const memberName = (id: string) => conversation.members.find((m) => m.userId === id);

  return (
    <section aria-label={t('thread.messages', { name })} className="flex min-h-0 flex-1 flex-col" data-testid="thread" data-conversation-id={conversation.conversationId}>
      <header className="flex items-center gap-3 border-b border-sand-200 px-3 py-2.5 sm:px-4">
        <button type="button" onClick={onBack} aria-label={t('thread.back')} data-testid="thread-back" className="rounded-full p-2 text-moss-800 hover:bg-sand-100 lg:hidden">
          <BackIcon className="rtl:-scale-x-100" />
        </button>
        <Avatar name={name} imageUrl={conversation.opponent?.imageUrl || conversation.conversationImageUrl} online={center.presenceOf(conversation)?.online ?? false} size={40} />
        <div className="min-w-0 flex-1">
          <h2 dir="auto" className="truncate text-start font-sans text-base font-semibold text-ink" data-testid="thread-title">
            {name}
          </h2>
          <p className="truncate text-xs text-ink-muted" aria-live="polite">
            <PresenceLine center={center} conversation={conversation} />
          </p>
        </div>
        {actions}
        <ThreadMenu center={center} realm={realm} conversation={conversation} me={me} name={name} />
      </header>
      {connection === 'reconnecting' ? (
        <p role="status" data-testid="reconnecting" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
          {t('thread.reconnecting')}
        </p>
      ) : null}
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto bg-sand-50 px-3 py-4 sm:px-5" data-testid="thread-scroller">
        {thread.next ? (
          <div className="mb-3 text-center">
            <button type="button" onClick={() => void center.loadEarlier()} disabled={thread.loading} data-testid="load-earlier" className="rounded-full border border-sand-300 bg-white px-4 py-1.5 text-sm font-semibold text-moss-800 hover:bg-sand-100 disabled:opacity-60">
              {thread.loading ? t('thread.loading') : t('thread.loadEarlier')}
            </button>
          </div>
        ) : thread.loaded && thread.messages.length > 0 ? (
          <p className="mb-3 text-center text-xs text-ink-muted">{t('thread.beginning')}</p>
        ) : null}
        {!thread.loaded && thread.loading ? <p className="py-10 text-center text-sm text-ink-muted">{t('thread.loading')}</p> : null}
        {thread.failed && !thread.loaded ? (
          <p className="py-10 text-center text-sm text-ink-muted" role="alert">
            {t('list.failed')}{' '}
            <button type="button" className="font-semibold text-moss-800 underline" onClick={() => void center.retryThread()}>
              {t('list.retry')}
            </button>
          </p>
        ) : null}
        {thread.loaded && thread.messages.length === 0 ? <p className="py-10 text-center text-sm text-ink-muted">{t('thread.sayHello', { name })}</p> : null}
        {byDay.map((group) => (
          <Fragment key={`${group.label}-${group.messages[0]?.messageId}`}>
            <div className="my-3 flex justify-center" role="separator" aria-label={group.label}>
              <span className="rounded-full bg-white px-3 py-0.5 text-xs font-semibold text-ink-muted shadow-sm" data-testid="date-label">
                {group.label}
              </span>
            </div>
            <ol className="space-y-2">
              {group.messages.map((message) => {
                const mine = message.senderId === me;
                const sender = memberName(message.senderId);
                return (
                  <MessageBubble
                    key={message.messageId}
                    message={message}
                    mine={mine}
                    senderLabel={!mine && isGroup && sender ? (sender.kind === 'team' ? t('thread.teamMember') : sender.name) : undefined}
                    onRetry={message.local === 'failed' ? () => void center.send(conversation, message.body, { messageId: message.messageId, broadcast: realm === 'admin' }) : undefined}
                    offer={
                      message.offer ? (
                        <OfferCard
                          offer={message.offer}
                          me={me}
                          realm={realm}
                          otherName={memberName(message.offer.fromUserId)?.name || name}
                          onChanged={(offer) => {
                            center.offerChanged(offer);
                            // A counter is a new offer message: the newest page brings it.
                            void center.retryThread();
                          }}
                        />
                      ) : undefined
                    }
                  />
                );
              })}
            </ol>
          </Fragment>
        ))}
      </div>
      <Composer center={center} realm={realm} conversation={conversation} />
    </section>
  );
}
