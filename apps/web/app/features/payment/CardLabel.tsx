import type { TSavedCard } from '@tessera/contracts';
import { useTranslation } from '../../lib/i18n/react';
import { usePreferences } from '../../lib/preferences';
import { formatNumber } from '../../lib/format';

/** Brand names are trade marks: the same in every language. */
const BRANDS: Record<TSavedCard['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', unknown: '' };

/** "Visa •••• 4242, expires 12/30": the brand, the last four digits and the expiry; digits kept left to right in Arabic. */
export function CardLabel({ card }: { card: TSavedCard }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const month = formatNumber(card.expMonth, language, { minimumIntegerDigits: 2 });
  const year = formatNumber(card.expYear % 100, language, { minimumIntegerDigits: 2 });
  return (
    <span className="flex flex-col">
      <span className="font-semibold">
        {BRANDS[card.brand] || t('cards.card')}{' '}
        <bdi dir="ltr" data-testid="card-last4">
          •••• {card.last4}
        </bdi>
      </span>
      <span className="text-ink-muted">
        {t('cards.expires')} <bdi dir="ltr">{`${month}/${year}`}</bdi>
      </span>
    </span>
  );
}
