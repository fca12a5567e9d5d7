import type { OfferAction, TChatOffer } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link } from 'react-router';
import { formatDateLabel, formatMoney, formatNumber } from '../../../lib/format';
import { HttpError } from '../../../lib/http';
import { usePreferences } from '../../../lib/preferences';
import { useSnackbar } from '../../../ui/snackbar';
import { actOnOffer } from '../api';
import type { ChatRealm } from '../session';
import { TagIcon } from './icons';
import { OfferDialog } from './OfferDialog';

const STATE_TONES: Record<TChatOffer['state'], string> = {
  open: 'bg-amber-100 text-amber-900',
  countered: 'bg-sand-100 text-ink-muted',
  accepted: 'bg-moss-100 text-moss-900',
  declined: 'bg-red-100 text-red-900',
  withdrawn: 'bg-sand-100 text-ink-muted',
  expired: 'bg-sand-100 text-ink-muted',
  failed: 'bg-red-100 text-red-900',
};

/**
 * A sale or exchange offer inside the thread (issue #12 §3): the item, quantity, unit price, total
 * and validity, its state, and the actions the viewer may take — the receiver accepts, declines or
 * counters an open offer, its maker may withdraw it; an accepted sale links the buyer to the cart.
 */
export function OfferCard({ offer, me, realm, otherName, onChanged }: { offer: TChatOffer; me: string; realm: ChatRealm; otherName: string; onChanged(offer: TChatOffer): void }) {
  const { t } = useTranslation('chat');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<OfferAction | null>(null);
  const [countering, setCountering] = useState(false);
  const mine = offer.fromUserId === me;
  // Only the side the offer is addressed to answers it (a store-team member reading along does not).
  const mayAnswer = offer.toUserId === me;
  const open = offer.state === 'open' && offer.validUntil > Date.now();
  const state = offer.state === 'open' && !open ? 'expired' : offer.state;

  async function act(action: OfferAction, terms?: { quantity?: number; price?: number }) {
    setBusy(action);
    try {
      const updated = await actOnOffer(realm, offer.offerId, action, terms);
      onChanged(updated);
      if (action === 'accept' && updated.buyerId === me) snackbar(t('offer.acceptedToast'));
      return true;
    } catch (error) {
      console.warn('[chat] offer action failed', error);
      snackbar(error instanceof HttpError && error.code ? error.message : t('offer.failed'), { variant: 'error' });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const money = (minor: number) => formatMoney(minor, offer.currency, language);
  return (
    <article
      data-testid="offer-card"
      data-offer-id={offer.offerId}
      data-state={state}
      aria-label={offer.kind === 'sale' ? t('offer.sale') : t('offer.exchange')}
      className="w-80 max-w-full overflow-hidden rounded-2xl border border-sand-200 bg-white text-ink shadow-sm"
    >
      {/* Who made the offer is read whole: beside its state when both fit, else the state goes below. */}
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-sand-100 bg-sand-50 px-4 py-2 text-sm font-semibold text-moss-800">
        <TagIcon width={16} height={16} className="shrink-0" />
        <span dir="auto" className="min-w-0 flex-1 basis-36 text-start [overflow-wrap:anywhere]">
          {mine ? t('offer.yours') : t('offer.theirs', { name: otherName })}
        </span>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`} data-testid="offer-state">
          {t(`offer.states.${state}`)}
        </span>
      </header>
      <div className="flex gap-3 p-4">
        {offer.item.imageUrl ? <img src={offer.item.imageUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg border border-sand-200 object-cover" /> : null}
        <div className="min-w-0 flex-1">
          <p className="text-xs text-ink-muted">{offer.kind === 'sale' ? t('offer.sale') : t('offer.exchange')}</p>
          <p dir="auto" className="font-semibold leading-snug">
            {offer.item.title}
          </p>
          {offer.exchangeItem ? (
            <p dir="auto" className="mt-1 text-sm text-ink-muted">
              {t('offer.inReturn', { title: offer.exchangeItem.title })}
            </p>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 px-4 pb-3 text-sm">
        <dt className="text-ink-muted">{t('offer.quantity')}</dt>
        <dd className="text-end font-semibold">{formatNumber(offer.quantity, language)}</dd>
        <dt className="text-ink-muted">{t('offer.price')}</dt>
        <dd className="text-end font-semibold" data-testid="offer-price">
          {money(offer.price)}
        </dd>
        <dt className="text-ink-muted">{t('offer.total')}</dt>
        <dd className="text-end font-bold text-moss-900">{money(offer.price * offer.quantity)}</dd>
      </dl>
      {open ? <p className="px-4 pb-3 text-xs text-ink-muted">{t('offer.validUntil', { date: formatDateLabel(offer.validUntil, language) })}</p> : null}
      {open && mayAnswer ? (
        // Three equal columns that never wrap: on a phone-sized card a wrapping row put 'Decline'
        // alone on a second line.
        <div className="grid grid-cols-3 gap-1.5 border-t border-sand-100 px-3 py-3">
          <button type="button" data-testid="offer-accept" disabled={busy !== null} onClick={() => void act('accept')} className="min-w-0 truncate whitespace-nowrap rounded-full bg-moss-700 px-2 py-1.5 text-center text-sm font-semibold text-white hover:bg-moss-800 disabled:opacity-60">
            {t('offer.accept')}
          </button>
          <button type="button" data-testid="offer-counter" disabled={busy !== null} onClick={() => setCountering(true)} className="min-w-0 truncate whitespace-nowrap rounded-full border border-moss-700 px-2 py-1.5 text-center text-sm font-semibold text-moss-800 hover:bg-moss-50 disabled:opacity-60">
            {t('offer.counter')}
          </button>
          <button type="button" data-testid="offer-decline" disabled={busy !== null} onClick={() => void act('decline')} className="min-w-0 truncate whitespace-nowrap rounded-full px-2 py-1.5 text-center text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60">
            {t('offer.decline')}
          </button>
        </div>
      ) : null}
      {open && mine ? (
        <div className="border-t border-sand-100 px-4 py-3">
          <button type="button" disabled={busy !== null} onClick={() => void act('withdraw')} className="rounded-full px-3 py-1.5 text-sm font-semibold text-ink-muted hover:bg-sand-100 disabled:opacity-60">
            {t('offer.withdraw')}
          </button>
        </div>
      ) : null}
      {state === 'failed' ? (
        <p data-testid="offer-failed" className="border-t border-sand-100 px-4 py-3 text-sm text-red-900">
          {t('offer.failedNote')}
        </p>
      ) : null}
      {state === 'accepted' && offer.kind === 'sale' && offer.buyerId === me && realm === 'storefront' ? (
        <div className="border-t border-sand-100 px-4 py-3">
          <Link to="/cart" data-testid="offer-cart-link" className="inline-flex rounded-full bg-moss-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-moss-800">
            {t('offer.goToCart')}
          </Link>
        </div>
      ) : null}
      <OfferDialog
        open={countering}
        mode="counter"
        currency={offer.currency}
        initial={{ quantity: offer.quantity, price: offer.price }}
        onClose={() => setCountering(false)}
        onSubmit={async (terms) => {
          const done = await act('counter', terms);
          if (done) setCountering(false);
        }}
      />
    </article>
  );
}
