import { CART_MESSAGES, COOKIE_KEYS, type DeliveryMode, type TCart, type TCartAddRequest, type TCartResponse } from '@tessera/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { browserCookies } from '../../lib/cookies';
import { HttpError } from '../../lib/http';
import { useSnackbar } from '../../ui/snackbar';
import { cartApi, storedPromoCode, storePromoCode } from './cart-api';

/** What an add came to: the product is in the cart, the buyer must say whether to replace a self-pickup cart, or it failed (already said). */
export type AddOutcome = 'added' | 'other-seller' | 'failed';

export interface CartContextValue {
  /** The seed's myCart; null before the first fetch, and after a failed one (the cart view empties). */
  cart: TCart | null;
  /** Seed cartLoading. */
  loading: boolean;
  /** Seed cartError. */
  error: boolean;
  /** Units in the cart (the header's badge). */
  itemCount: number;
  promoCode: string | undefined;
  refresh(): Promise<void>;
  add(input: TCartAddRequest): Promise<AddOutcome>;
  setQuantity(lineId: string, quantity: number): Promise<void>;
  remove(lineId: string): Promise<void>;
  setDeliveryMode(mode: DeliveryMode): Promise<void>;
  /** Keeps the code (seed appliedPromocode) and prices the cart with it; undefined removes it. */
  applyPromoCode(code: string | undefined): Promise<void>;
}

const CartContext = createContext<CartContextValue | null>(null);

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The seed's success texts in the page's language (the server answers them in English). */
function successText(serverMessage: string, t: (key: 'cart.added' | 'cart.removed') => string): string {
  if (serverMessage === CART_MESSAGES.added) return t('cart.added');
  if (serverMessage === CART_MESSAGES.removed) return t('cart.removed');
  return serverMessage;
}

/**
 * The cart as every storefront page sees it (seed §4 "Cart add"): a change shows the server's
 * message — 'Product Added Sucessfully', 'Product Removed Sucessfully' — and fetches the cart again;
 * an error shows the server's message in an error snackbar and sets the error flag; a failed fetch
 * clears the stored promo code and empties the cart view.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const snackbar = useSnackbar();
  const { t } = useTranslation();
  const [cart, setCart] = useState<TCart | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const [promoCode, setPromoCode] = useState<string | undefined>(undefined);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    // Answers can cross (a slow fetch after a fast change): only the newest one is shown.
    const ticket = ++latest.current;
    setLoading(true);
    try {
      const answer = await cartApi.get();
      if (ticket !== latest.current) return;
      setCart(answer.data);
      setError(false);
    } catch {
      if (ticket !== latest.current) return;
      storePromoCode(undefined);
      setPromoCode(undefined);
      setCart(null);
      setError(true);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, []);

  /** A change to the cart: its message, then the cart fetched again. */
  const change = useCallback(
    async (call: () => Promise<TCartResponse>): Promise<boolean> => {
      setLoading(true);
      try {
        const answer = await call();
        snackbar(successText(answer.message, t), { variant: 'success' });
        setError(false);
        await refresh();
        return true;
      } catch (failure) {
        snackbar(message(failure), { variant: 'error', timeout: 3000 });
        setError(true);
        setLoading(false);
        return false;
      }
    },
    [refresh, snackbar, t],
  );

  const add = useCallback(
    async (input: TCartAddRequest): Promise<AddOutcome> => {
      try {
        setLoading(true);
        const answer = await cartApi.add(input);
        snackbar(successText(answer.message, t), { variant: 'success' });
        setError(false);
        await refresh();
        return 'added';
      } catch (failure) {
        setLoading(false);
        if (failure instanceof HttpError && failure.code === 'CART_OTHER_SELLER') return 'other-seller';
        snackbar(message(failure), { variant: 'error', timeout: 3000 });
        setError(true);
        return 'failed';
      }
    },
    [refresh, snackbar, t],
  );

  const value = useMemo<CartContextValue>(
    () => ({
      cart,
      loading,
      error,
      itemCount: cart?.itemCount ?? 0,
      promoCode,
      refresh,
      add,
      setQuantity: async (lineId, quantity) => {
        await change(() => cartApi.setQuantity(lineId, quantity));
      },
      remove: async (lineId) => {
        await change(() => cartApi.remove(lineId));
      },
      setDeliveryMode: async (mode) => {
        await change(() => cartApi.setDeliveryMode(mode));
      },
      applyPromoCode: async (code) => {
        storePromoCode(code);
        setPromoCode(code);
        await refresh();
      },
    }),
    [cart, loading, error, promoCode, refresh, add, change],
  );

  // A visitor with a session has a cart to count; one without gets a session only when he adds.
  useEffect(() => {
    setPromoCode(storedPromoCode());
    if (browserCookies.get(COOKIE_KEYS.token)) void refresh();
    // Another tab may have changed the cart: count again when this one is shown.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && browserCookies.get(COOKIE_KEYS.token)) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart needs a CartProvider');
  return context;
}
