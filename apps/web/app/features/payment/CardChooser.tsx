import type { TSavedCard } from '@tessera/contracts';
import { useEffect, useId, useState } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n/react';
import { NEW_CARD, type CardChoice } from './card-choice';
import { listCards } from './cards-api';
import { CardLabel } from './CardLabel';

const chip = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  `block cursor-pointer rounded-2xl border px-4 py-3 text-sm ${isSelected ? 'border-moss-700 bg-moss-50 text-moss-900' : 'border-sand-300 hover:border-moss-500'} ${
    isFocusVisible ? 'ring-2 ring-moss-500 ring-offset-2' : ''
  }`;

/**
 * Which card pays: one of the buyer's saved cards (chosen by default when he has one) or a card typed
 * in, which he may keep for next time. The full number and code go to the server once, for the
 * payment, and are never kept in the browser.
 */
export function CardChooser({ value, onChange }: { value: CardChoice; onChange: (choice: CardChoice) => void }) {
  const { t } = useTranslation();
  const [cards, setCards] = useState<TSavedCard[]>([]);

  useEffect(() => {
    let current = true;
    listCards().then(
      (list) => {
        if (!current) return;
        setCards(list);
        const first = list[0];
        if (first) onChange({ kind: 'saved', id: first.id });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
    // Only on mount: the first saved card is the default, later choices are the buyer's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const selected = value.kind === 'saved' ? value.id : 'new';
  return (
    <div className="space-y-3" data-testid="card-chooser">
      {cards.length > 0 ? (
        <RadioGroup value={selected} onChange={(id) => onChange(id === 'new' ? NEW_CARD : { kind: 'saved', id })} className="grid gap-2 sm:grid-cols-2">
          <Label className="sr-only">{t('cards.choose')}</Label>
          {cards.map((card) => (
            <Radio key={card.id} value={card.id} className={chip} data-testid="saved-card-option">
              <CardLabel card={card} />
            </Radio>
          ))}
          <Radio value="new" className={chip} data-testid="new-card-option">
            {t('cards.newCard')}
          </Radio>
        </RadioGroup>
      ) : null}
      {value.kind === 'new' ? <CardFields value={value} onChange={onChange} /> : null}
    </div>
  );
}

function CardFields({ value, onChange }: { value: Extract<CardChoice, { kind: 'new' }>; onChange: (choice: CardChoice) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]" data-testid="card-form">
      <CardInput
        label={t('checkout.cardNumber')}
        value={value.number}
        onChange={(number) => onChange({ ...value, number })}
        autoComplete="cc-number"
        inputMode="numeric"
        testId="card-number"
      />
      <CardInput
        label={t('checkout.cardExpiry')}
        value={value.expiry}
        onChange={(expiry) => onChange({ ...value, expiry })}
        autoComplete="cc-exp"
        placeholder="MM/YY"
        testId="card-expiry"
      />
      <CardInput
        label={t('checkout.cardCvc')}
        value={value.cvc}
        onChange={(cvc) => onChange({ ...value, cvc })}
        autoComplete="cc-csc"
        inputMode="numeric"
        testId="card-cvc"
      />
      <label className="flex items-center gap-2 text-sm sm:col-span-3">
        <input type="checkbox" checked={value.save} onChange={(event) => onChange({ ...value, save: event.target.checked })} data-testid="card-save" />
        {t('checkout.saveCard')}
      </label>
      <p className="text-xs text-ink-muted sm:col-span-3">{t('checkout.testCards')}</p>
    </div>
  );
}

function CardInput(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  inputMode?: 'numeric';
  placeholder?: string;
  testId: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-moss-900">
        {props.label}
      </label>
      <input
        id={id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        dir="ltr"
        className="field mt-1 h-11 w-full"
        data-testid={props.testId}
      />
    </div>
  );
}
