import type { TCommission, TMoney } from '@tessera/contracts';
import { useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { usePreferences } from '../../lib/preferences';
import { Button } from '../../ui/Button';
import { money } from '../catalog/format';
import { CardChooser } from '../payment/CardChooser';
import { cardSource, NEW_CARD, type CardChoice } from '../payment/card-choice';
import { PaymentActionDialog } from '../payment/PaymentActionDialog';
import { useCardPayment } from '../payment/use-card-payment';
import { commissionsApi } from './api';

const chip = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  `block cursor-pointer rounded-2xl border px-4 py-3 text-sm font-semibold ${isSelected ? 'border-moss-700 bg-moss-50 text-moss-900' : 'border-sand-300 hover:border-moss-500'} ${
    isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
  }`;

/**
 * Paying the deposit (accepting the proposal) or the balance, by card (the payments UI of the
 * checkout: saved or typed card, 3-D Secure in a dialog) or from the wallet. One idempotency key per
 * attempt: a double click or a lost answer is one payment; a refusal starts a new attempt.
 */
export function PayPanel({
  commission,
  stage,
  amount,
  onPaid,
}: {
  commission: TCommission;
  stage: 'deposit' | 'balance';
  amount: TMoney;
  onPaid: (commission: TCommission) => void;
}) {
  const { t } = useTranslation('commissions');
  const { t: tRoot } = useTranslation();
  const { language } = usePreferences();
  const [method, setMethod] = useState<'card' | 'wallet'>('card');
  const [card, setCard] = useState<CardChoice>(NEW_CARD);
  const [problem, setProblem] = useState<string | null>(null);
  const payment = useCardPayment<TCommission>({
    onDone: onPaid,
    onFailed: (failure) => setProblem(failure instanceof Error ? failure.message : String(failure)),
  });

  function pay() {
    if (payment.busy) return;
    let input: Parameters<typeof commissionsApi.pay>[2];
    if (method === 'wallet') input = { method: 'wallet' };
    else {
      const source = cardSource(card);
      if (!source) return setProblem(tRoot('checkout.invalidCard'));
      input = { method: 'card', card: source };
    }
    setProblem(null);
    void payment.pay(async (key) => {
      const answer = await commissionsApi.pay(commission.id, stage, input, key);
      return answer.payment?.status === 'requires_action' ? { actionRef: answer.payment.paymentRef } : { done: answer.commission };
    });
  }

  return (
    <section className="space-y-4 rounded-2xl border border-moss-300 bg-white p-4 sm:p-5" data-testid={`pay-${stage}`} aria-labelledby={`pay-${stage}-title`}>
      <h2 id={`pay-${stage}-title`} className="text-lg font-semibold text-moss-900">
        {stage === 'deposit' ? t('payDeposit') : t('payBalance')}
      </h2>
      <p className="font-semibold tabular-nums" data-testid="pay-amount">
        {t('payAmount', { amount: money(amount, language) })}
      </p>
      <RadioGroup value={method} onChange={(value) => setMethod(value as 'card' | 'wallet')} orientation="horizontal">
        <Label className="text-sm font-semibold text-moss-900">{t('payWith')}</Label>
        <div className="mt-2 flex flex-wrap gap-2">
          <Radio value="card" className={chip} data-testid="pay-method-card">
            {t('payCard')}
          </Radio>
          <Radio value="wallet" className={chip} data-testid="pay-method-wallet">
            {t('payWallet')}
          </Radio>
        </div>
      </RadioGroup>
      {method === 'card' ? <CardChooser value={card} onChange={setCard} /> : null}
      {problem ? (
        <p role="alert" className="rounded-xl bg-clay-50 p-3 text-sm text-clay-800" data-testid="pay-error">
          {problem}
        </p>
      ) : null}
      <Button onClick={pay} disabled={payment.busy} data-testid="pay-submit">
        {payment.busy ? t('paying') : stage === 'deposit' ? t('payDeposit') : t('payBalance')}
      </Button>
      <PaymentActionDialog
        open={payment.actionOpen}
        onAnswer={(result) => void payment.confirm(result, async (ref, answer) => (await commissionsApi.confirm(commission.id, ref, answer)).commission)}
      />
    </section>
  );
}
