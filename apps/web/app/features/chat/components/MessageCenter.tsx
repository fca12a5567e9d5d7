import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { useRealtimeState } from '../../../lib/realtime';
import { useSnackbar } from '../../../ui/snackbar';
import { ChatIcon } from '../../catalog/components/inline-icons';
import { joinAsAdmin } from '../api';
import type { ChatRealm } from '../session';
import { useMessageCenter } from '../useMessageCenter';
import { ConversationList, type ChatUserKind } from './ConversationList';
import { MakeOffer } from './MakeOffer';
import { Thread } from './Thread';

const KIND_OF_REALM: Record<ChatRealm, ChatUserKind> = { storefront: 'buyer', seller: 'store', admin: 'team' };

function Placeholder({ title, hint, children }: { title: string; hint?: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-ink-muted">
      <ChatIcon width={40} height={40} className="text-moss-300" />
      <p className="font-semibold text-ink">{title}</p>
      {hint ? <p className="max-w-sm text-sm">{hint}</p> : null}
      {children}
    </div>
  );
}

/**
 * The message center (issue #12 §4) of the storefront, the seller portal and the admin console:
 * the list and the open thread side by side on wide screens, as two screens on a phone. The open
 * conversation is the `c` query parameter, so a link (a push notification, 'chat with seller')
 * opens it and the back button goes back to the list.
 */
export function MessageCenter({ realm }: { realm: ChatRealm }) {
  const { t } = useTranslation('chat');
  const snackbar = useSnackbar();
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const center = useMessageCenter(realm, openId);
  const [joining, setJoining] = useState(false);
  const me = center.session?.userId ?? '';
  const myKind = KIND_OF_REALM[realm];
  const live = useRealtimeState(realm);

  const select = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('c', id);
    else next.delete('c');
    // Opening a thread is a step the back button undoes (the phone's two screens).
    setParams(next, { replace: false });
  };

  async function join() {
    if (!openId || !me) return;
    setJoining(true);
    try {
      await joinAsAdmin(realm, openId, me);
      snackbar(t('menu.joined'));
      await center.reloadList();
    } catch (error) {
      console.warn('[chat] join failed', error);
      snackbar(t('menu.actionFailed'), { variant: 'error' });
    } finally {
      setJoining(false);
    }
  }

  if (center.sessionState === 'unavailable') {
    return (
      <div className="flex min-h-[24rem] rounded-3xl border border-sand-200 bg-white" data-testid="message-center" data-state="unavailable">
        <Placeholder title={t('list.failed')}>
          <button type="button" className="mt-2 font-semibold text-moss-800 underline" onClick={() => window.location.reload()}>
            {t('list.retry')}
          </button>
        </Placeholder>
      </div>
    );
  }

  const open = center.open;
  return (
    <div
      data-testid="message-center"
      data-state={center.sessionState}
      data-me={me}
      data-live={live}
      className="flex h-[calc(100dvh-9.5rem)] min-h-[26rem] overflow-hidden rounded-3xl border border-sand-200 bg-white shadow-sm lg:h-[calc(100dvh-12rem)] lg:min-h-[32rem]"
    >
      <aside aria-label={t('list.label')} className={`${openId ? 'hidden lg:flex' : 'flex'} w-full min-w-0 flex-col border-sand-200 lg:w-[22rem] lg:shrink-0 lg:border-e`}>
        <ConversationList center={center} me={me} myKind={myKind} selected={openId} onSelect={select} />
      </aside>
      <div className={`${openId ? 'flex' : 'hidden lg:flex'} min-w-0 flex-1 flex-col`}>
        {open ? (
          <Thread
            key={open.conversationId}
            center={center}
            realm={realm}
            conversation={open}
            me={me}
            myKind={myKind}
            onBack={() => select(null)}
            actions={realm === 'seller' ? <MakeOffer conversation={open} onSent={() => void center.retryThread()} /> : undefined}
          />
        ) : center.openState === 'failed' ? (
          <Placeholder title={t('thread.notFound')}>
            {realm === 'admin' ? (
              <button type="button" disabled={joining} onClick={() => void join()} data-testid="join-admin" className="mt-3 rounded-full bg-moss-700 px-5 py-2 font-semibold text-white hover:bg-moss-800 disabled:opacity-60">
                {t('menu.joinAdmin')}
              </button>
            ) : null}
            <button type="button" onClick={() => select(null)} className="mt-2 font-semibold text-moss-800 underline lg:hidden">
              {t('thread.back')}
            </button>
          </Placeholder>
        ) : openId ? (
          <Placeholder title={t('thread.loading')} />
        ) : (
          <Placeholder title={t('thread.pick')} hint={t('thread.pickHint')} />
        )}
      </div>
    </div>
  );
}
