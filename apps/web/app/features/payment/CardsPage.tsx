import type { TSavedCard } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { useAction } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { LoadFailed } from '../../ui/PageState';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout } from '../profile/AccountLayout';
import { CardLabel } from './CardLabel';

/**
 * The buyer's saved cards (brand, last four digits, expiry) with removal; cards are saved while paying.
 * The route's clientLoader reads them (null for a guest, whom useBuyerAccount sends to the login page);
 * a removal is its clientAction's `removeCard`, after which the loader reads the list again.
 */
export function CardsPage({ cards }: { cards: TSavedCard[] | null }) {
  const { t } = useTranslation();
  const account = useBuyerAccount();
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<TSavedCard | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const removal = useAction({
    done: () => setNotice(removing ? t('cards.removed', { last4: removing.last4 }) : null),
    failed: (problem) => setNotice(problem.message),
  });

  function remove(card: TSavedCard) {
    setRemoving(card);
    setNotice(null);
    void removal.submit('removeCard', card.id);
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('cards.title')} lead={t('cards.lead')} testId="cards-page">
      {notice ? (
        <p className="mb-4 rounded-2xl bg-moss-50 p-3 text-sm text-moss-800" role="status" data-testid="cards-notice">
          {notice}
        </p>
      ) : null}
      {cards === null ? (
        <LoadFailed onRetry={() => void revalidator.revalidate()} />
      ) : cards.length === 0 ? (
        <p className="rounded-3xl border border-sand-200 bg-white p-6 text-ink-muted" data-testid="cards-empty">
          {t('cards.none')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="cards-list">
          {cards.map((card) => (
            <li key={card.id} className="flex items-center justify-between gap-3 rounded-3xl border border-sand-200 bg-white p-5" data-testid="saved-card">
              <CardLabel card={card} />
              <Button
                variant="secondary"
                onClick={() => remove(card)}
                disabled={removal.pending && removing?.id === card.id}
                aria-label={t('cards.removeLabel', { last4: card.last4 })}
                data-testid="card-remove"
              >
                {t('cards.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}
