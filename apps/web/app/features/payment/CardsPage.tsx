import type { TSavedCard } from '@tessera/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout } from '../profile/AccountLayout';
import { CardLabel } from './CardLabel';
import { listCards, removeCard } from './cards-api';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; cards: TSavedCard[] };

/** The buyer's saved cards (brand, last four digits, expiry) with removal; cards are saved while paying. */
export function CardsPage() {
  const { t } = useTranslation();
  const account = useBuyerAccount();
  const signedIn = Boolean(account.profile);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    listCards().then(
      (cards) => current && setLoad({ state: 'ready', cards }),
      () => current && setLoad({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [signedIn]);

  async function remove(card: TSavedCard) {
    setBusyId(card.id);
    setNotice(null);
    try {
      await removeCard(card.id);
      setLoad((load) => (load.state === 'ready' ? { state: 'ready', cards: load.cards.filter((c) => c.id !== card.id) } : load));
      setNotice(t('cards.removed', { last4: card.last4 }));
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyId(null);
    }
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('cards.title')} lead={t('cards.lead')} testId="cards-page">
      {notice ? (
        <p className="mb-4 rounded-2xl bg-moss-50 p-3 text-sm text-moss-800" role="status" data-testid="cards-notice">
          {notice}
        </p>
      ) : null}
      {load.state === 'loading' ? (
        <p role="status">{t('common.loading')}</p>
      ) : load.state === 'failed' ? (
        <p className="rounded-2xl bg-clay-50 p-4 text-clay-800" role="alert">
          {t('cards.failed')}
        </p>
      ) : load.cards.length === 0 ? (
        <p className="rounded-3xl border border-sand-200 bg-white p-6 text-ink-muted" data-testid="cards-empty">
          {t('cards.none')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="cards-list">
          {load.cards.map((card) => (
            <li key={card.id} className="flex items-center justify-between gap-3 rounded-3xl border border-sand-200 bg-white p-5" data-testid="saved-card">
              <CardLabel card={card} />
              <Button
                variant="secondary"
                onClick={() => void remove(card)}
                disabled={busyId === card.id}
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
