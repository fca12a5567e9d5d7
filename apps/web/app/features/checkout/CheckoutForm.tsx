import type { TAddress, TCart, TCheckoutRequest } from '@tessera/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../lib/http';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { Button, ButtonLink } from '../../ui/Button';
import { listAddresses } from '../addresses/api';
import { CartTotals } from '../cart/CartTotals';
import { useCart } from '../cart/CartProvider';
import { storedLocation } from '../cart/location';
import { PromoCodeForm } from '../cart/PromoCodeForm';
import { PaymentActionDialog } from '../payment/PaymentActionDialog';
import { PaymentSection } from '../payment/PaymentSection';
import { INITIAL_PAYMENT, paymentFields, type Funds, type PaymentChoice } from '../payment/payment-choice';
import { getPoints, getWallet } from '../wallet/wallet-api';
import { confirmPayment, placeOrder } from './checkout-api';
import { SlotPicker } from './SlotPicker';

const chip = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  `block cursor-pointer rounded-2xl border px-4 py-3 text-sm ${isSelected ? 'border-moss-700 bg-moss-50 text-moss-900' : 'border-sand-300 hover:border-moss-500'} ${
    isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
  }`;

interface PendingAction {
  paymentRef: string;
  request: TCheckoutRequest;
}

/**
 * The checkout of an approved buyer's cart: address (delivery) or pickup point, a time per seller,
 * a delivery note, the payment, and the order placed in one request named by an idempotency key —
 * the key stays the same while the same attempt is retried, so a double click or a lost answer
 * never orders twice.
 */
export function CheckoutForm({ cart }: { cart: TCart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useCart();
  const noteId = useId();
  const [addresses, setAddresses] = useState<TAddress[] | undefined>(undefined);
  const [addressId, setAddressId] = useState<string | undefined>(undefined);
  const [slots, setSlots] = useState<Record<string, number>>({});
  const [note, setNote] = useState('');
  const [payment, setPayment] = useState<PaymentChoice>(INITIAL_PAYMENT);
  const [funds, setFunds] = useState<Funds>({ wallet: null, points: null });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [action, setAction] = useState<PendingAction | null>(null);
  // One key per attempt: kept when an answer was lost (the retry must find the same run), new after a refusal.
  const attemptKey = useRef<string | null>(null);
  // A second click before React re-renders still sees the first request in flight: one request at a time.
  const inFlight = useRef(false);
  const delivery = cart.deliveryMode === 'DELIVERY';

  useEffect(() => {
    let current = true;
    listAddresses().then(
      (list) => {
        if (!current) return;
        setAddresses(list);
        setAddressId((list.find((a) => a.isDefault) ?? list[0])?.id);
      },
      () => current && setAddresses([]),
    );
    // The wallet's balance and the bonus points, for the payment choices (none shown when they fail).
    void Promise.allSettled([getWallet(), getPoints()]).then(([wallet, points]) => {
      if (current) setFunds({ wallet: wallet.status === 'fulfilled' ? wallet.value : null, points: points.status === 'fulfilled' ? points.value : null });
    });
    return () => {
      current = false;
    };
  }, []);

  function buildRequest(): TCheckoutRequest | string {
    if (delivery && !addressId) return t('checkout.noAddress');
    if (cart.sellers.some((seller) => !slots[seller.storeId])) return t('checkout.chooseSlot');
    const paid = paymentFields(payment, funds, cart);
    if ('problem' in paid) return t(paid.problem);
    const location = storedLocation();
    return {
      idempotencyKey: (attemptKey.current ??= newIdempotencyKey()),
      ...(location ? location : {}),
      ...(delivery && addressId ? { addressId } : {}),
      slots: cart.sellers.map((seller) => ({ storeId: seller.storeId, start: slots[seller.storeId] as number })),
      ...(note.trim() ? { deliveryNote: note.trim() } : {}),
      ...paid,
      ...(cart.promo?.applied ? { promoCode: cart.promo.code } : {}),
    };
  }

  async function submit(request: TCheckoutRequest) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setFailure(null);
    try {
      const placed = await placeOrder(request);
      if (placed.payment.status === 'requires_action' && placed.payment.paymentRef) {
        setAction({ paymentRef: placed.payment.paymentRef, request });
        return;
      }
      if (placed.orderId) {
        attemptKey.current = null;
        await refresh();
        void navigate(`/profile/orders/${encodeURIComponent(placed.orderId)}?placed=1`);
      }
    } catch (error) {
      // An answer that came (a refusal) ends the attempt; a lost one keeps its key for the retry.
      if (error instanceof HttpError) attemptKey.current = null;
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const request = buildRequest();
    if (typeof request === 'string') {
      setFailure(request);
      return;
    }
    void submit(request);
  }

  async function answerAction(result: 'complete' | 'fail') {
    if (!action) return;
    const pending = action;
    setAction(null);
    setBusy(true);
    try {
      await confirmPayment(pending.paymentRef, result);
    } catch (error) {
      setBusy(false);
      attemptKey.current = null;
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    // The same request with the same key completes the order now that the payment is answered.
    await submit(pending.request);
  }

  return (
    <form onSubmit={onSubmit} className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="checkout-form" noValidate>
      <div className="space-y-6">
        {delivery ? (
          <section className="rounded-3xl border border-sand-200 bg-white p-5" aria-labelledby="checkout-address">
            <h2 id="checkout-address" className="text-lg font-semibold">
              {t('checkout.deliveryTitle')}
            </h2>
            {addresses === undefined ? (
              <p className="mt-3 text-ink-muted" role="status">
                {t('common.loading')}
              </p>
            ) : addresses.length === 0 ? (
              <p className="mt-3" data-testid="checkout-no-address">
                {t('checkout.noAddress')}{' '}
                <Link to="/profile/addresses" className="font-semibold text-moss-700 underline">
                  {t('checkout.manageAddresses')}
                </Link>
              </p>
            ) : (
              <RadioGroup
                value={addressId ?? null}
                onChange={setAddressId}
                aria-labelledby="checkout-address"
                className="mt-3 grid gap-2 sm:grid-cols-2"
                data-testid="checkout-addresses"
              >
                {addresses.map((address) => (
                  <Radio key={address.id} value={address.id} className={chip}>
                    <span className="font-semibold" dir="auto">
                      {address.name}
                    </span>
                    <span className="mt-1 block text-ink-muted" dir="auto">
                      {address.flatNumber}, {address.addressLine1}, {address.city}
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
            )}
          </section>
        ) : null}

        <section className="rounded-3xl border border-sand-200 bg-white p-5" aria-labelledby="checkout-slots">
          <h2 id="checkout-slots" className="text-lg font-semibold">
            {delivery ? t('checkout.slotTitle') : t('checkout.pickupTitle')}
          </h2>
          <div className="mt-3 space-y-5">
            {cart.sellers.map((seller) => (
              <SlotPicker
                key={seller.storeId}
                seller={seller}
                mode={cart.deliveryMode}
                value={slots[seller.storeId]}
                onChange={(start) => setSlots((chosen) => ({ ...chosen, [seller.storeId]: start }))}
              />
            ))}
          </div>
          <label htmlFor={noteId} className="mt-5 block font-semibold text-moss-900">
            {t('checkout.noteLabel')}
          </label>
          <textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={500}
            rows={3}
            dir="auto"
            placeholder={t('checkout.notePlaceholder')}
            className="field mt-2 w-full"
            data-testid="checkout-note"
          />
        </section>

        <PaymentSection cart={cart} funds={funds} value={payment} onChange={setPayment} />
      </div>

      <aside className="space-y-4 lg:sticky lg:top-24 lg:self-start">
        <PromoCodeForm cart={cart} />
        <CartTotals cart={cart}>
          {failure ? (
            <p className="mt-4 rounded-2xl bg-clay-50 p-3 text-sm text-clay-800 first-letter:uppercase" role="alert" data-testid="checkout-error">
              {failure}
            </p>
          ) : null}
          <Button type="submit" className="mt-5 w-full" disabled={busy || !cart.checkoutable} data-testid="place-order">
            {busy ? t('checkout.placing') : t('checkout.placeOrder')}
          </Button>
          <ButtonLink to="/cart" variant="ghost" className="mt-2 w-full text-sm">
            {t('cart.title')}
          </ButtonLink>
        </CartTotals>
      </aside>
      <PaymentActionDialog open={action !== null} onAnswer={(result) => void answerAction(result)} />
    </form>
  );
}
