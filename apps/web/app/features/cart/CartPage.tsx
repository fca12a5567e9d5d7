import { DELIVERY_MODES, type TCart, type TCartLine, type TCartProduct, type TCartSeller } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { Link } from 'react-router';
import { useCatalogLabels } from '../catalog/labels';
import { Picture } from '../catalog/components/Picture';
import { money } from '../catalog/format';
import { usePreferences } from '../../lib/preferences';
import { Button, ButtonLink } from '../../ui/Button';
import { Container } from '../../ui/Container';
import { MapPinIcon } from '../../ui/more-icons';
import { CartTotals } from './CartTotals';
import { useCart } from './CartProvider';
import { EmptyCart } from './EmptyCart';
import { PromoCodeForm } from './PromoCodeForm';
import { locateBuyer } from './location';
import { QuantityStepper } from './QuantityStepper';

/** The cart (seed §3 Cart, §4 Cart add): lines grouped by seller, delivery mode, promo code and the totals. */
export function CartPage() {
  const { t } = useTranslation();
  const cart = useCart();
  const { refresh } = cart;
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const view = cart.cart;
  return (
    <Container className="py-8 sm:py-12">
      <h1 className="text-3xl font-semibold sm:text-4xl">{t('cart.title')}</h1>
      {!view && cart.loading ? (
        <p className="mt-8 text-ink-muted" role="status" data-testid="cart-loading">
          {t('cart.loading')}
        </p>
      ) : !view && cart.error ? (
        <div className="mt-8 rounded-3xl border border-clay-200 bg-clay-50 p-6" role="alert" data-testid="cart-failed">
          <p className="text-clay-800">{t('cart.failed')}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void refresh()}>
            {t('cart.retry')}
          </Button>
        </div>
      ) : !view || view.sellers.length === 0 ? (
        <EmptyCart hint={t('cart.hint')} testId="cart-empty" />
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-6">
            <DeliveryModeChoice cart={view} />
            {view.sellers.map((seller) => (
              <SellerGroup key={seller.storeId} seller={seller} mode={view.deliveryMode} />
            ))}
          </div>
          <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
            <CartTotals cart={view}>
              {view.checkoutable ? (
                <ButtonLink to="/checkout" className="mt-5 w-full" data-testid="cart-checkout">
                  {t('cart.checkout')}
                </ButtonLink>
              ) : (
                <p className="mt-5 rounded-2xl bg-clay-50 p-3 text-sm text-clay-800" role="status" data-testid="cart-not-checkoutable">
                  {t('cart.notCheckoutable')}
                </p>
              )}
            </CartTotals>
            <PromoCodeForm cart={view} />
            <LocationNote />
          </aside>
        </div>
      )}
    </Container>
  );
}

function DeliveryModeChoice({ cart }: { cart: TCart }) {
  const { t } = useTranslation();
  const { setDeliveryMode, loading } = useCart();
  return (
    <RadioGroup
      value={cart.deliveryMode}
      onChange={(value) => void setDeliveryMode(value as TCart['deliveryMode'])}
      isDisabled={loading}
      orientation="horizontal"
      className="rounded-3xl border border-sand-200 bg-white p-4"
      data-testid="delivery-mode"
    >
      <Label className="font-semibold text-moss-900">{t('cart.mode')}</Label>
      <div className="mt-3 flex flex-wrap gap-2">
        {DELIVERY_MODES.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            data-testid={`delivery-mode-${mode}`}
            className={({ isSelected, isFocusVisible }) =>
              `cursor-pointer rounded-full border px-4 py-2 text-sm font-semibold ${
                isSelected ? 'border-moss-700 bg-moss-50 text-moss-900' : 'border-sand-300 text-moss-800 hover:border-moss-500'
              } ${isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''}`
            }
          >
            {t(`delivery.${mode}`)}
          </Radio>
        ))}
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t('cart.modeHint')}</p>
    </RadioGroup>
  );
}

function SellerGroup({ seller, mode }: { seller: TCartSeller; mode: TCart['deliveryMode'] }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  return (
    <section className="rounded-3xl border border-sand-200 bg-white" aria-labelledby={`seller-${seller.storeId}`} data-testid="cart-seller">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-sand-200 px-5 py-4">
        <h2 id={`seller-${seller.storeId}`} className="text-lg font-semibold">
          <span className="me-1 text-sm font-normal text-ink-muted">{t('cart.soldBy')}</span>
          <Link to={`/store/${seller.storeAliasName}`} className="text-moss-800 hover:underline">
            <bdi>{seller.storeName}</bdi>
          </Link>
        </h2>
        <p className="text-sm text-ink-muted">
          {mode === 'SELF_PICKUP' ? (
            <span>{t('cart.pickupAt', { address: seller.pickup.address })}</span>
          ) : seller.deliverable ? (
            seller.distanceKm !== null ? (
              t('cart.distance', {
                km: seller.distanceKm.toLocaleString(language),
              })
            ) : null
          ) : (
            <span className="font-semibold text-clay-700" role="alert">
              {t('cart.notDeliverable')}
            </span>
          )}
        </p>
      </header>
      <ul className="divide-y divide-sand-100">
        {seller.products.flatMap((product) => product.variants.map((line) => <CartLineRow key={line.lineId} product={product} line={line} />))}
      </ul>
      {mode === 'DELIVERY' ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 border-t border-sand-200 px-5 py-3 text-sm">
          <dt className="text-ink-muted">{t('cart.deliveryFee')}</dt>
          <dd className="text-end tabular-nums">{money(seller.deliveryFee, language)}</dd>
          <dt className="text-ink-muted">{t('cart.driverFee')}</dt>
          <dd className="text-end tabular-nums">{money(seller.driverFee, language)}</dd>
        </dl>
      ) : null}
    </section>
  );
}

function CartLineRow({ product, line }: { product: TCartProduct; line: TCartLine }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const labels = useCatalogLabels();
  const cart = useCart();
  const options = [line.colour ? labels.colour(line.colour) : null, line.size ? labels.size(line.size) : null].filter(Boolean).join(' · ');
  const problem = line.problem
    ? t(`cart.problem_${line.problem}`, {
        count: line.problem === 'below_moq' ? product.moq : line.availableStock,
      })
    : null;
  return (
    <li className="flex gap-4 px-5 py-4" data-testid="cart-line" data-line-id={line.lineId} data-problem={line.problem ?? ''}>
      <Link to={`/p/${product.slug}`} className="shrink-0">
        {product.image ? (
          <Picture image={product.image} thumb alt="" className="h-20 w-20 rounded-2xl object-cover" />
        ) : (
          <span className="block h-20 w-20 rounded-2xl bg-sand-100" />
        )}
      </Link>
      <div className="min-w-0 flex-1">
        <Link to={`/p/${product.slug}`} className="font-semibold text-moss-900 hover:underline" dir="auto">
          {product.title}
        </Link>
        {options ? <p className="text-sm text-ink-muted">{options}</p> : null}
        <p className="text-sm text-ink-muted">{t('cart.each', { price: money(line.unitPrice, language) })}</p>
        {line.agreed ? <p className="mt-1 inline-block rounded-full bg-moss-50 px-2 py-0.5 text-xs font-semibold text-moss-800">{t('cart.agreed')}</p> : null}
        {problem ? (
          <p className="mt-1 text-sm font-semibold text-clay-700 first-letter:uppercase" data-testid="cart-line-problem">
            {problem}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {line.agreed ? (
            <span className="text-sm tabular-nums">
              {t('cart.quantity')}: {line.quantity}
            </span>
          ) : (
            <QuantityStepper
              value={line.quantity}
              min={Math.max(1, product.moq)}
              max={Math.max(line.quantity, line.availableStock)}
              onChange={(quantity) => {
                if (quantity !== line.quantity) void cart.setQuantity(line.lineId, quantity);
              }}
              label={t('cart.quantity')}
              hideLabel
              disabled={cart.loading}
              testId="cart-line-quantity"
            />
          )}
          <Button
            variant="ghost"
            className="px-3 py-1.5 text-sm"
            onClick={() => void cart.remove(line.lineId)}
            aria-label={t('cart.removeLine', { title: product.title })}
            data-testid="cart-line-remove"
          >
            {t('cart.remove')}
          </Button>
        </div>
      </div>
      <p className="shrink-0 font-semibold tabular-nums">{money(line.lineTotal, language)}</p>
    </li>
  );
}

function LocationNote() {
  const { t } = useTranslation();
  const { refresh } = useCart();
  const [state, setState] = useState<'idle' | 'locating' | 'denied'>('idle');
  async function locate() {
    setState('locating');
    const found = await locateBuyer();
    setState(found ? 'idle' : 'denied');
    if (found) await refresh();
  }
  return (
    <div className="rounded-3xl border border-sand-200 bg-white p-5 text-sm">
      <p className="font-semibold text-moss-900">{t('cart.location')}</p>
      <Button variant="ghost" className="mt-2 px-3 py-1.5 text-sm" onClick={() => void locate()} disabled={state === 'locating'}>
        <MapPinIcon width={16} height={16} />
        {state === 'locating' ? t('cart.locating') : t('cart.useMyLocation')}
      </Button>
      {state === 'denied' ? <p className="mt-2 text-ink-muted">{t('cart.locationDenied')}</p> : null}
    </div>
  );
}
