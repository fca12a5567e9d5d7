import { chatTopics, ONLINE_STATUS, type TChatMessage, type TChatOffer, type TChatSession, type TConversationListItem } from '@tessera/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { HttpError } from '../../lib/http';
import type { RealtimeClient } from '../../lib/realtime';
import * as chatApi from './api';
import { acknowledge, listen, loadOffersOnce, publishMessage, sendTyping } from './live';
import { applyAcknowledgement, applyListUpdate, applyOffer, holds, localMessage, mergeMessages, newMessageId, withLastMessage, withUnread, type ThreadMessage } from './model';
import { chatRealtime, ensureChatSession, type ChatRealm } from './session';

/**
 * The message center's state and actions: the chat session, the conversation list (search, unread
 * badges, presence), the open thread (history paged backwards, typing, ticks) and everything that
 * arrives live. One hook for the buyer's, the seller's and the store team's message center.
 */

export interface Presence {
  online: boolean;
  lastSeen: number | null;
}

export interface ThreadState {
  messages: ThreadMessage[];
  next: chatApi.HistoryPage['next'];
  loading: boolean;
  failed: boolean;
  /** The first page has arrived. */
  loaded: boolean;
}

const EMPTY_THREAD: ThreadState = { messages: [], next: null, loading: false, failed: false, loaded: false };
/** A "typing" lasts this long unless renewed (the sender repeats it while typing). */
const TYPING_SHOWN_MS = 6_000;
const PRESENCE_WATCHED_MAX = 30;

export type SessionState = 'loading' | 'ready' | 'unavailable';

function isVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

export function useMessageCenter(realm: ChatRealm, openId: string | null) {
  const [session, setSession] = useState<TChatSession | null>(null);
  const [sessionState, setSessionState] = useState<SessionState>('loading');
  const [conversations, setConversations] = useState<TConversationListItem[]>([]);
  const [listState, setListState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [search, setSearch] = useState('');
  const [threads, setThreads] = useState<Record<string, ThreadState>>({});
  const [typing, setTyping] = useState<Record<string, number>>({});
  const [presence, setPresence] = useState<Record<string, Presence>>({});
  const [extra, setExtra] = useState<TConversationListItem | null>(null);
  const [extraState, setExtraState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const clientRef = useRef<RealtimeClient | null>(null);
  const openRef = useRef(openId);
  openRef.current = openId;
  const threadsRef = useRef(threads);
  threadsRef.current = threads;

  const updateThread = useCallback((id: string, change: (thread: ThreadState) => ThreadState) => {
    setThreads((all) => ({ ...all, [id]: change(all[id] ?? EMPTY_THREAD) }));
  }, []);

  // The chat session, then the live client.
  useEffect(() => {
    let active = true;
    void ensureChatSession(realm).then((found) => {
      if (!active) return;
      setSession(found);
      setSessionState(found ? 'ready' : 'unavailable');
      if (found) clientRef.current = chatRealtime(realm);
    });
    return () => {
      active = false;
    };
  }, [realm]);

  const loadList = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await chatApi.listConversations(realm, { search, signal });
        setConversations(page.conversations);
        setListState('ready');
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        console.warn('[chat] conversations not loaded', error);
        setListState('failed');
      }
    },
    [realm, search],
  );

  useEffect(() => {
    if (!session) return;
    const controller = new AbortController();
    // Typing in the search box: wait for a pause before asking.
    const timer = setTimeout(() => void loadList(controller.signal), search ? 250 : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [session, loadList, search]);

  const open = useMemo(() => conversations.find((c) => c.conversationId === openId) ?? (extra?.conversationId === openId ? extra : null), [conversations, openId, extra]);

  // A conversation opened by link that is not on the first page of the list (or not ours yet: a team member).
  useEffect(() => {
    if (!session || !openId || listState !== 'ready' || conversations.some((c) => c.conversationId === openId)) return;
    let active = true;
    setExtraState('loading');
    chatApi.conversationDetails(realm, openId).then(
      (found) => {
        if (!active) return;
        setExtra(found);
        setExtraState('idle');
      },
      (error: unknown) => {
        if (!active) return;
        console.warn('[chat] conversation not opened', error);
        setExtraState('failed');
      },
    );
    return () => {
      active = false;
    };
  }, [realm, session, openId, listState, conversations]);

  const loadHistory = useCallback(
    async (id: string, older: boolean) => {
      const current = threadsRef.current[id] ?? EMPTY_THREAD;
      if (current.loading || (older && !current.next)) return;
      updateThread(id, (t) => ({ ...t, loading: true, failed: false }));
      try {
        const page = await chatApi.messageHistory(realm, id, older ? current.next : undefined);
        updateThread(id, (t) => ({
          messages: mergeMessages(t.messages, page.messages),
          next: older || !t.loaded ? page.next : t.next,
          loading: false,
          failed: false,
          loaded: true,
        }));
      } catch (error) {
        console.warn('[chat] history not loaded', error);
        updateThread(id, (t) => ({ ...t, loading: false, failed: true }));
      }
    },
    [realm, updateThread],
  );

  // Opening a thread loads its newest page (again after a reconnect: what came while away).
  useEffect(() => {
    if (session && openId) void loadHistory(openId, false);
  }, [session, openId, loadHistory]);

  /** Read receipts for what the other side sent and this tab has shown (seed: status 2). */
  const readVisible = useCallback(
    (id: string) => {
      const client = clientRef.current;
      const me = session?.userId;
      if (!client || !me || !isVisible()) return;
      const messages = threadsRef.current[id]?.messages ?? [];
      const latestBySender = new Map<string, ThreadMessage>();
      for (const message of messages) if (message.senderId !== me && message.status < 2) latestBySender.set(message.senderId, message);
      for (const message of latestBySender.values()) acknowledge(client, me, message, 2);
      if (latestBySender.size > 0) {
        updateThread(id, (t) => ({ ...t, messages: t.messages.map((m) => (m.senderId !== me && m.status < 2 ? { ...m, status: 2 } : m)) }));
        setConversations((list) => withUnread(list, id, 0));
      }
    },
    [session, updateThread],
  );

  const openThread = openId ? threads[openId] : undefined;
  useEffect(() => {
    if (openId && openThread?.loaded) readVisible(openId);
  }, [openId, openThread?.loaded, openThread?.messages.length, readVisible]);

  useEffect(() => {
    const onVisible = () => {
      if (openRef.current && isVisible()) readVisible(openRef.current);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [readVisible]);

  // Everything live.
  useEffect(() => {
    const client = clientRef.current;
    const me = session?.userId;
    if (!client || !me || !session) return;
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const reloadListSoon = () => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void loadList(), 300);
    };
    const stop = listen(client, me, {
      message(message) {
        const held = threadsRef.current[message.chatId]?.messages ?? [];
        if (holds(held, message.messageId) && !held.find((m) => m.messageId === message.messageId)?.local) return;
        void loadOffersOnce(realm, session);
        if (message.senderId !== me) acknowledge(client, me, message, openRef.current === message.chatId && isVisible() ? 2 : 1);
        if (threadsRef.current[message.chatId]?.loaded) updateThread(message.chatId, (t) => ({ ...t, messages: mergeMessages(t.messages, [message]) }));
        setTyping((all) => ({ ...all, [message.chatId]: 0 }));
        setConversations((list) => {
          if (!list.some((c) => c.conversationId === message.chatId)) reloadListSoon();
          return withLastMessage(list, message);
        });
      },
      acknowledgement(ack) {
        updateThread(ack.chatId, (t) => ({ ...t, messages: applyAcknowledgement(t.messages, ack, me) }));
        setConversations((list) => list.map((c) => (c.conversationId === ack.chatId && c.lastMessage?.senderId === me && c.lastMessage.timestamp <= ack.deliveryTime && c.lastMessage.status < ack.status ? { ...c, lastMessage: { ...c.lastMessage, status: ack.status } } : c)));
      },
      typing(event) {
        if (event.senderId === me) return;
        setTyping((all) => ({ ...all, [event.chatId]: event.typing ? Date.now() + TYPING_SHOWN_MS : 0 }));
      },
      listUpdate(update) {
        updateThread(update.chatId, (t) => ({ ...t, messages: applyListUpdate(t.messages, update) }));
      },
      userUpdate(update) {
        if (update.type === 'unreadCount') setConversations((list) => withUnread(list, update.chatId, openRef.current === update.chatId && isVisible() ? 0 : update.unreadCount));
        else if (update.type === 'offer') applyOfferEverywhere(update.offer);
        else reloadListSoon();
      },
      refused(refusal) {
        updateThread(refusal.chatId, (t) => ({ ...t, messages: t.messages.map((m) => (m.messageId === refusal.messageId ? { ...m, local: 'failed' } : m)) }));
      },
      block() {
        reloadListSoon();
        setExtra(null);
      },
    });
    function applyOfferEverywhere(offer: TChatOffer) {
      updateThread(offer.conversationId, (t) => ({ ...t, messages: applyOffer(t.messages, offer) }));
    }
    // After a reconnect: what arrived meanwhile comes with the list and the open thread's newest page.
    let wasConnected = client.state === 'connected';
    const offState = client.onState((state) => {
      if (state === 'connected' && !wasConnected) {
        void loadList();
        if (openRef.current) void loadHistory(openRef.current, false);
      }
      wasConnected = state === 'connected';
    });
    return () => {
      clearTimeout(reloadTimer);
      stop();
      offState();
    };
  }, [realm, session, loadList, loadHistory, updateThread]);

  // Presence of the people in view (the broker allows it for people we share a conversation with).
  const watched = useMemo(() => {
    const ids = new Set<string>();
    if (open?.opponent) ids.add(open.opponent.userId);
    for (const c of conversations.slice(0, PRESENCE_WATCHED_MAX)) if (c.opponent) ids.add(c.opponent.userId);
    return [...ids].sort();
  }, [open, conversations]);
  const watchedKey = watched.join(',');

  useEffect(() => {
    const client = clientRef.current;
    if (!client || !watchedKey) return;
    const stops = watchedKey.split(',').map((userId) =>
      client.subscribe(chatTopics.onlineStatus(userId), (payload) => {
        const value = payload as { status?: unknown; lastSeen?: unknown } | null;
        const online = value?.status === ONLINE_STATUS.online;
        setPresence((all) => ({ ...all, [userId]: { online, lastSeen: online ? null : typeof value?.lastSeen === 'number' ? value.lastSeen : (all[userId]?.lastSeen ?? Date.now()) } }));
      }),
    );
    return () => {
      for (const stop of stops) stop();
    };
  }, [watchedKey, session]);

  // Typing indicators fade on their own.
  useEffect(() => {
    const next = Math.min(...Object.values(typing).filter((until) => until > Date.now()));
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(() => setTyping((all) => ({ ...all })), next - Date.now() + 50);
    return () => clearTimeout(timer);
  }, [typing]);

  const presenceOf = useCallback(
    (conversation: TConversationListItem | null): Presence | null => {
      const opponent = conversation?.opponent;
      if (!opponent) return null;
      return presence[opponent.userId] ?? { online: opponent.online, lastSeen: opponent.lastSeen };
    },
    [presence],
  );

  /** Sends a text (and attachments): shown at once with a clock, its tick follows live (seed §4). */
  const send = useCallback(
    async (conversation: TConversationListItem, body: string, options: { attachmentIds?: string[]; messageId?: string; broadcast?: boolean } = {}) => {
      const me = session?.userId;
      const receiverId = conversation.opponent?.userId ?? conversation.members.find((m) => m.userId !== me)?.userId;
      if (!me || !receiverId) return;
      const id = conversation.conversationId;
      const messageId = options.messageId ?? newMessageId();
      const shown = localMessage({ conversationId: id, me, receiverId, body, now: Date.now(), messageId });
      updateThread(id, (t) => ({ ...t, messages: mergeMessages(t.messages.filter((m) => m.messageId !== messageId), [shown]) }));
      setConversations((list) => withLastMessage(list, shown));
      const broadcast = options.broadcast
        ? {
            showInConversation: true,
            metaData: { secretMessage: false, userType: 'BUYER', isBroadcastMessage: true, sellerMessage: false, buyerMessage: false, adminMessage: true },
            events: { updateUnreadCount: true, sendPushNotification: true },
            encrypted: true,
            deviceId: 'web',
            conversationType: 0,
            isGroup: true,
            searchableTags: [],
          }
        : {};
      try {
        const stored = await chatApi.sendMessage(realm, { conversationId: id, body, messageId, attachmentIds: options.attachmentIds ?? [], ...broadcast });
        updateThread(id, (t) => ({ ...t, messages: mergeMessages(t.messages, [{ ...stored, local: undefined }]) }));
      } catch (error) {
        const client = clientRef.current;
        const unreachable = !(error instanceof HttpError);
        if (unreachable && client && !options.attachmentIds?.length && !options.broadcast) {
          // The server could not be reached: the seed's way, through the offline buffer, sent on reconnect.
          try {
            await publishMessage(client, { chatId: id, senderId: me, receiverId, messageId, body, timestamp: shown.timestamp });
            updateThread(id, (t) => ({ ...t, messages: t.messages.map((m) => (m.messageId === messageId && m.local ? { ...m, local: undefined } : m)) }));
            return;
          } catch (publishError) {
            console.warn('[chat] message not buffered', publishError);
          }
        }
        console.warn('[chat] message not sent', error);
        updateThread(id, (t) => ({ ...t, messages: t.messages.map((m) => (m.messageId === messageId ? { ...m, local: 'failed' } : m)) }));
        return error instanceof HttpError ? error.message : undefined;
      }
      return undefined;
    },
    [realm, session, updateThread],
  );

  const typingTo = useCallback(
    (conversation: TConversationListItem, active: boolean) => {
      const client = clientRef.current;
      const me = session?.userId;
      const to = conversation.opponent?.userId;
      if (client && me && to && conversation.typingEvents) sendTyping(client, me, to, conversation.conversationId, active);
    },
    [session],
  );

  const replaceConversation = useCallback((conversation: TConversationListItem) => {
    setConversations((list) => list.map((c) => (c.conversationId === conversation.conversationId ? conversation : c)));
    setExtra((current) => (current?.conversationId === conversation.conversationId ? conversation : current));
  }, []);

  const offerChanged = useCallback(
    (offer: TChatOffer) => updateThread(offer.conversationId, (t) => ({ ...t, messages: applyOffer(t.messages, offer) })),
    [updateThread],
  );

  const addMessage = useCallback(
    (message: TChatMessage) => {
      updateThread(message.chatId, (t) => ({ ...t, messages: mergeMessages(t.messages, [message]) }));
      setConversations((list) => withLastMessage(list, message));
    },
    [updateThread],
  );

  return {
    session,
    sessionState,
    conversations,
    listState,
    search,
    setSearch,
    reloadList: loadList,
    open,
    openState: open ? 'ready' : extraState === 'failed' ? 'failed' : openId ? 'loading' : 'none',
    thread: openId ? (threads[openId] ?? EMPTY_THREAD) : EMPTY_THREAD,
    loadEarlier: () => (openId ? loadHistory(openId, true) : Promise.resolve()),
    retryThread: () => (openId ? loadHistory(openId, false) : Promise.resolve()),
    typingIn: (id: string) => (typing[id] ?? 0) > Date.now(),
    presenceOf,
    send,
    typingTo,
    replaceConversation,
    offerChanged,
    addMessage,
    client: clientRef,
  };
}

export type MessageCenter = ReturnType<typeof useMessageCenter>;
