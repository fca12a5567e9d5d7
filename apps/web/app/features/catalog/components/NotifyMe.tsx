import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { api } from '../../../lib/api';
import { useHydrated } from '../../../lib/preferences';

/** 'Notify me' for an out-of-stock product or variant: the back-in-stock message goes to this address. */
export function NotifyMe({ productId, variantId }: { productId: string; variantId: string | null }) {
  const { t } = useTranslation('catalog');
  const hydrated = useHydrated();
  const id = useId();
  const [state, setState] = useState<'idle' | 'sending' | 'done' | 'failed'>('idle');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setState('sending');
    try {
      await api().post(`/v1/products/${encodeURIComponent(productId)}/notify-me`, {
        ...(email ? { email } : {}),
        ...(variantId ? { variantId } : {}),
      });
      setState('done');
    } catch {
      setState('failed');
    }
  }

  if (state === 'done') {
    return (
      <p role="status" className="rounded-2xl bg-moss-50 p-4 text-sm font-medium text-moss-900" data-testid="notify-done">
        {t('product.notifyDone')}
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className="rounded-2xl border border-sand-200 bg-white p-4" data-testid="notify-me">
      <p className="font-semibold text-moss-900">{t('product.notifyTitle')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={id} className="sr-only">
          {t('product.notifyEmail')}
        </label>
        <input id={id} name="email" type="email" required autoComplete="email" placeholder={t('product.notifyEmail')} className="field h-11 min-w-0 flex-1" />
        <button
          type="submit"
          disabled={!hydrated || state === 'sending'}
          className="h-11 rounded-full bg-moss-700 px-5 font-semibold text-white hover:bg-moss-800 disabled:opacity-60"
        >
          {t('product.notifySubmit')}
        </button>
      </div>
      {state === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-clay-700">
          {t('product.notifyFailed')}
        </p>
      ) : null}
    </form>
  );
}
