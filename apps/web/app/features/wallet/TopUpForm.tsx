import type { TWallet } from '@tessera/contracts';
import { CURRENCIES } from '@tessera/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { CardChooser } from '../payment/CardChooser';
import { cardSource, NEW_CARD, type CardChoice } from '../payment/card-choice';
import { PaymentActionDialog } from '../payment/PaymentActionDialog';
import { useCardPayment } from '../payment/use-card-payment';
import { confirmTopUp, topUp } from './wallet-api';

/** The typed amount ("25", "25.50", "25,50") in minor units of the currency; undefined when it is not an amount. */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const digits = CURRENCIES.find((c) => c.code === currency)?.minorDigits ?? 2;
  const match = /^\s*(\d{1,7})(?:[.,](\d+))?\s*$/.exec(text);
  if (!match || (match[2] ?? '').length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/**
 * Adds money to the wallet by card. One idempotency key per attempt: a double click or a lost answer
 * is one charge; a card that needs a second step (3-D Secure) is confirmed in a dialog. Not a route
 * action: the attempt, its key and the dialog between the two requests live in the browser while the
 * buyer answers (docs/web.md "Kept as plain api calls"); `onDone` has the page read the wallet again.
 */
export function TopUpForm({ currency, onDone }: { currency: string; onDone: () => void }) {
  const { t } = useTranslation();
  const amountId = useId();
  const [amount, setAmount] = useState('');
  const [card, setCard] = useState<CardChoice>(NEW_CARD);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const payment = useCardPayment<TWallet | null>({
    onDone: (wallet) => {
      setAmount('');
      setMessage({ tone: 'ok', text: t('wallet.toppedUp') });
      if (wallet) onDone();
    },
    onFailed: (error) => setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) }),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (payment.busy) return;
    const minor = toMinorUnits(amount, currency);
    if (minor === undefined || minor < 100) return setMessage({ tone: 'error', text: t('wallet.invalidAmount') });
    const source = cardSource(card);
    if (!source) return setMessage({ tone: 'error', text: t('checkout.invalidCard') });
    setMessage(null);
    void payment.pay(async (key) => {
      const result = await topUp(minor, source, key);
      return result.payment.status === 'requires_action' ? { actionRef: result.payment.paymentRef } : { done: result.wallet };
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" data-testid="topup-form" noValidate>
      <div className="max-w-xs">
        <label htmlFor={amountId} className="block text-sm font-semibold text-moss-900">
          {t('wallet.amount', { currency })}
        </label>
        <input
          id={amountId}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="decimal"
          dir="ltr"
          placeholder="50"
          className="field mt-1 h-11 w-full"
          data-testid="topup-amount"
        />
      </div>
      <CardChooser value={card} onChange={setCard} />
      {message ? (
        <p
          className={`rounded-2xl p-3 text-sm ${message.tone === 'ok' ? 'bg-moss-50 text-moss-800' : 'bg-clay-50 text-clay-800'}`}
          role={message.tone === 'ok' ? 'status' : 'alert'}
          data-testid={message.tone === 'ok' ? 'topup-done' : 'topup-error'}
        >
          {message.text}
        </p>
      ) : null}
      <Button type="submit" disabled={payment.busy} data-testid="topup-submit">
        {payment.busy ? t('wallet.toppingUp') : t('wallet.topUp')}
      </Button>
      <PaymentActionDialog
        open={payment.actionOpen}
        onAnswer={(result) => void payment.confirm(result, async (ref, answer) => (await confirmTopUp(ref, answer)).wallet)}
      />
    </form>
  );
}
