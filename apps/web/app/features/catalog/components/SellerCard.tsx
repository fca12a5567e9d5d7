import type { TStoreSummary } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { loginPath, useAccount } from '../../auth/account';
import { placeName } from '../format';
import { ChatIcon, StoreIcon } from './inline-icons';
import { StoreLogo } from './StoreLogo';

// The logo is a module of its own: the home page shows logos without the card's chat code.
export { StoreLogo } from './StoreLogo';

/** The query parameter that brings a buyer back from the login page to the chat he asked for. */
const CHAT_INTENT = 'chat';

/**
 * 'Chat with seller' (issue #12 §4): a guest signs in first and comes back here, where the chat
 * then opens by itself; a buyer goes to the message center with the direct conversation open
 * (found or created by features/chat/start.ts, loaded only when pressed).
 */
function useChatWithSeller(seller: TStoreSummary, product: { id: string; title: string } | undefined) {
  const account = useAccount();
  const navigate = useNavigate();
  const location = useLocation();
  const [opening, setOpening] = useState(false);
  const started = useRef(false);

  async function start() {
    if (!account.ready || opening) return;
    if (!account.signedIn || !account.profile) {
      const params = new URLSearchParams(location.search);
      params.set(CHAT_INTENT, seller.id);
      await navigate(loginPath(`${location.pathname}?${params}`));
      return;
    }
    setOpening(true);
    try {
      const { openDirectChat } = await import('../../chat/start');
      await navigate(await openDirectChat({ seller, buyer: account.profile, product }));
    } finally {
      setOpening(false);
    }
  }

  // Back from the login page: carry on with the chat he asked for.
  const wanted = new URLSearchParams(location.search).get(CHAT_INTENT) === seller.id;
  useEffect(() => {
    if (!wanted || started.current || !account.ready || !account.profile) return;
    started.current = true;
    void start();
  });

  return { start, opening };
}

export function SellerCard({ seller, heading = true, product }: { seller: TStoreSummary; heading?: boolean; product?: { id: string; title: string } }) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const chat = useChatWithSeller(seller, product);
  return (
    <section aria-labelledby="seller-title" className="rounded-3xl border border-sand-200 bg-white p-5" data-testid="seller-card">
      <p id="seller-title" className={heading ? 'text-xs font-bold uppercase tracking-wider text-ink-muted rtl:tracking-normal' : 'sr-only'}>
        {t('seller.soldBy')}
      </p>
      <div className={heading ? 'mt-3 flex items-center gap-3' : 'hidden'}>
        <StoreLogo store={seller} />
        <div className="min-w-0">
          <Link to={`/store/${seller.storeAliasName}`} dir="auto" className="block truncate text-start text-lg font-semibold text-moss-900 hover:underline">
            {seller.storeName}
          </Link>
          <p className="text-sm text-ink-muted">
            {placeName(seller.city, seller.country, language)}
          </p>
        </div>
      </div>
      <div className={heading ? 'mt-4 flex flex-wrap gap-2' : 'flex flex-wrap gap-2'}>
        <button
          type="button"
          data-testid="chat-with-seller"
          data-store-id={seller.id}
          data-chat-user-id={seller.isomatricChatUserId ?? ''}
          onClick={() => void chat.start()}
          aria-busy={chat.opening}
          disabled={chat.opening}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-moss-700 px-4 text-sm font-semibold text-white hover:bg-moss-800 disabled:opacity-70"
        >
          <ChatIcon width={18} height={18} />
          {chat.opening ? t('seller.chatOpening') : t('seller.chat')}
        </button>
        <Link to={`/store/${seller.storeAliasName}`} className="inline-flex h-10 items-center gap-2 rounded-full border border-moss-700 px-4 text-sm font-semibold text-moss-800 hover:bg-moss-50">
          <StoreIcon width={18} height={18} />
          {t('seller.visitStore')}
        </Link>
      </div>
    </section>
  );
}
