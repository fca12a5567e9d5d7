import type { TAddress } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { CartIcon } from '../../ui/icons';
import { MapPinIcon } from '../../ui/more-icons';
import { listAddresses } from '../addresses/api';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { ApprovalBanner } from '../profile/ApprovalBanner';

/**
 * Checkout, as far as it exists: a guest is sent to log in (and comes back), a buyer whose company
 * waits for approval or was rejected is told 'profile not approved (contact customer care)', and
 * everyone else reaches the page, which says 'cart is empty' until carts exist (seed §8).
 */
export function CheckoutPage() {
  const { t } = useTranslation();
  const account = useBuyerAccount({ fresh: true });
  const profile = account.profile;
  const allowed = profile?.canCheckout === true;
  const [address, setAddress] = useState<TAddress | null | undefined>(undefined);

  useEffect(() => {
    if (!allowed) return;
    let current = true;
    listAddresses().then(
      (list) => current && setAddress(list.find((a) => a.isDefault) ?? null),
      () => current && setAddress(null),
    );
    return () => {
      current = false;
    };
  }, [allowed]);

  if (!profile) return <AccountLoading failed={account.failed} />;

  if (!allowed) {
    return (
      <Container className="py-12 sm:py-16">
        <h1 className="text-4xl font-semibold">{t('checkout.title')}</h1>
        <div className="mt-8 max-w-2xl" data-testid="checkout-blocked">
          <ApprovalBanner profile={profile} />
        </div>
      </Container>
    );
  }

  return (
    <Container className="py-12 sm:py-16">
      <h1 className="text-4xl font-semibold">{t('checkout.title')}</h1>
      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]" data-testid="checkout-page">
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-sand-300 bg-white px-6 py-14 text-center">
          <span className="inline-flex h-16 w-16 items-center justify-center rounded-full bg-moss-50 text-moss-700">
            <CartIcon width={30} height={30} />
          </span>
          <p className="mt-6 text-2xl font-semibold text-moss-900 first-letter:uppercase" data-testid="checkout-empty">
            {t('cart.empty')}
          </p>
          <p className="mt-2 max-w-md text-ink-muted">{t('checkout.emptyHint')}</p>
          <ButtonLink to="/search" className="mt-8">
            {t('cart.browse')}
          </ButtonLink>
        </div>
        <section className="rounded-3xl border border-sand-200 bg-white p-6" aria-labelledby="checkout-address">
          <h2 id="checkout-address" className="flex items-center gap-2 text-xl font-semibold">
            <MapPinIcon /> {t('checkout.deliveryTitle')}
          </h2>
          {address === undefined ? (
            <p className="mt-4 text-ink-muted" role="status">
              {t('common.loading')}
            </p>
          ) : address ? (
            <address className="mt-4 not-italic leading-6 rtl:text-right" dir="auto" data-testid="checkout-address">
              <span className="font-semibold">{address.name}</span>
              <br />
              {address.flatNumber}, {address.addressLine1}
              <br />
              {address.locality}, {address.city}
              <br />
              {address.state} {address.pincode}
            </address>
          ) : (
            <p className="mt-4 text-ink-muted">{t('checkout.noAddress')}</p>
          )}
          <Link to="/profile/addresses" className="mt-4 inline-block font-semibold text-moss-700 underline underline-offset-4">
            {t('checkout.manageAddresses')}
          </Link>
        </section>
      </div>
    </Container>
  );
}
