import type { TStoreSummary } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { useSnackbar } from '../../../ui/snackbar';
import { placeName } from '../format';
import { ChatIcon, StoreIcon } from './inline-icons';

export function StoreLogo({ store, size = 56 }: { store: Pick<TStoreSummary, 'logoImages' | 'storeName'>; size?: number }) {
  const src = store.logoImages.logoImageThumb ?? store.logoImages.logoImageweb ?? store.logoImages.logoImageMobile;
  if (src) return <img src={src} alt="" width={size} height={size} className="shrink-0 rounded-full border border-sand-200 bg-white object-cover" style={{ width: size, height: size }} loading="lazy" />;
  return (
    <span aria-hidden="true" className="inline-flex shrink-0 items-center justify-center rounded-full bg-moss-700 font-semibold text-white" style={{ width: size, height: size, fontSize: size / 2.6 }}>
      {store.storeName.slice(0, 1).toUpperCase()}
    </span>
  );
}

/**
 * The seller: logo, name, place, a link to the store and 'chat with seller'. The chat itself comes
 * with the chat issue; until then the button only says it is coming (and carries the ids it needs).
 */
export function SellerCard({ seller, heading = true }: { seller: TStoreSummary; heading?: boolean }) {
  const { t } = useTranslation('catalog');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
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
          onClick={() => snackbar(t('seller.chatSoon'))}
          className="inline-flex h-10 items-center gap-2 rounded-full bg-moss-700 px-4 text-sm font-semibold text-white hover:bg-moss-800"
        >
          <ChatIcon width={18} height={18} />
          {t('seller.chat')}
        </button>
        <Link to={`/store/${seller.storeAliasName}`} className="inline-flex h-10 items-center gap-2 rounded-full border border-moss-700 px-4 text-sm font-semibold text-moss-800 hover:bg-moss-50">
          <StoreIcon width={18} height={18} />
          {t('seller.visitStore')}
        </Link>
      </div>
    </section>
  );
}
