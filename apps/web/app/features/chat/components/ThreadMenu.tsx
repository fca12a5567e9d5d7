import type { TConversationListItem } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useSnackbar } from '../../../ui/snackbar';
import { conversationDetails, setBlocked } from '../api';
import { canAskForNotifications, subscribeChatPush } from '../push';
import { ensureChatSession, type ChatRealm } from '../session';
import type { MessageCenter } from '../useMessageCenter';
import { DotsIcon } from './icons';

/** The thread's options (React Aria menu): block or unblock the other side, turn on notifications. */
export function ThreadMenu({ center, realm, conversation, name }: { center: MessageCenter; realm: ChatRealm; conversation: TConversationListItem; me: string; name: string }) {
  const { t } = useTranslation('chat');
  const snackbar = useSnackbar();
  const opponent = conversation.opponent;
  const askPush = canAskForNotifications();
  if (!opponent && !askPush) return null;

  async function toggleBlock() {
    if (!opponent) return;
    const block = !conversation.blockedByMe;
    try {
      await setBlocked(realm, opponent.userId, block);
      center.replaceConversation(await conversationDetails(realm, conversation.conversationId));
      snackbar(block ? t('menu.blocked', { name }) : t('menu.unblocked', { name }));
    } catch (error) {
      console.warn('[chat] block failed', error);
      snackbar(t('menu.actionFailed'), { variant: 'error' });
    }
  }

  async function notifications() {
    const session = await ensureChatSession(realm);
    if (session) await subscribeChatPush(realm, session, { ask: true });
  }

  return (
    <MenuTrigger>
      <Button aria-label={t('menu.label')} data-testid="thread-menu" className="rounded-full p-2 text-ink-muted outline-none hover:bg-sand-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-moss-600">
        <DotsIcon />
      </Button>
      <Popover placement="bottom end" className="min-w-48 rounded-xl border border-sand-200 bg-white py-1 shadow-lg outline-none">
        <Menu
          className="outline-none"
          onAction={(key) => {
            if (key === 'block') void toggleBlock();
            if (key === 'push') void notifications();
          }}
        >
          {opponent ? (
            <MenuItem id="block" data-testid="menu-block" className={`cursor-pointer px-4 py-2 text-sm outline-none data-[focused]:bg-sand-50 ${conversation.blockedByMe ? 'text-ink' : 'text-red-800'}`}>
              {conversation.blockedByMe ? t('menu.unblock') : t('menu.block')}
            </MenuItem>
          ) : null}
          {askPush ? (
            <MenuItem id="push" className="cursor-pointer px-4 py-2 text-sm outline-none data-[focused]:bg-sand-50">
              {t('menu.notifications')}
            </MenuItem>
          ) : null}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
