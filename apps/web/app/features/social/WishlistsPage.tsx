import type { TWishlistSummary } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Link, useRevalidator } from 'react-router';
import { useAction } from '../../lib/route-data';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Empty, LoadFailed } from '../../ui/PageState';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { ShareControls } from './ShareControls';

/**
 * /profile/wishlists: the buyer's named lists — create, rename, delete, share by link and stop sharing.
 * The route's clientLoader reads them (null for a guest, whom useBuyerAccount sends to the login page,
 * or when the read failed); each write is an intent of its clientAction (wishlist-actions.ts), after
 * which the loader reads the lists again.
 */
export function WishlistsPage({ lists }: { lists: TWishlistSummary[] | null }) {
  const { t } = useTranslation('social');
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const creating = useAction({
    done: () => {
      setName('');
      setNameError(undefined);
      snackbar(t('wishlists.created'));
    },
    failed: (problem) => setNameError(problem.message),
  });
  // Held here, not by the row: the row is gone once the lists are read again, and its snackbar with it.
  const deleting = useAction({
    done: () => snackbar(t('wishlists.deleted')),
    failed: (problem) => snackbar(problem.message, { variant: 'error' }),
  });

  function create(event: FormEvent) {
    event.preventDefault();
    void creating.submit('createWishlist', name);
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('wishlists.title')} lead={t('wishlists.lead')} testId="wishlists-page">
      <Panel title={t('wishlists.create')} id="new-wishlist-title">
        <form onSubmit={create} className="flex flex-wrap items-end gap-3" noValidate>
          <TextField
            label={t('wishlists.name')}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            required
            error={nameError}
            className="min-w-0 flex-1 basis-56"
          />
          <Button type="submit" disabled={creating.pending}>
            {t('wishlists.createSubmit')}
          </Button>
        </form>
      </Panel>
      {lists === null ? (
        <div className="mt-6">
          <LoadFailed onRetry={() => void revalidator.revalidate()} />
        </div>
      ) : lists.length === 0 ? (
        <Empty>{t('wishlists.none')}</Empty>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="wishlists">
          {lists.map((list) => (
            <WishlistRow key={list.id} list={list} onDelete={() => void deleting.submit('deleteWishlist', list.id)} deleting={deleting.pending} />
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

function WishlistRow({ list, onDelete, deleting }: { list: TWishlistSummary; onDelete(): void; deleting: boolean }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | undefined>();
  // The row stays (keyed by the list's id) when the lists are read again after the rename.
  const renaming = useAction({
    done: () => {
      setMode('view');
      setError(undefined);
      snackbar(t('wishlists.renamed'));
    },
    failed: (problem) => setError(problem.message),
  });

  function rename(event: FormEvent) {
    event.preventDefault();
    void renaming.submit('renameWishlist', { id: list.id, name });
  }

  return (
    <li className="rounded-3xl border border-sand-200 bg-white p-5" data-testid="wishlist-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={`/profile/wishlists/${encodeURIComponent(list.id)}`} className="text-lg font-semibold text-moss-800 hover:underline">
          <bdi>{list.name}</bdi>
        </Link>
        <span className="text-sm text-ink-muted">
          {t('wishlists.items', { count: list.itemCount })} · {list.shareToken ? t('wishlists.publicLink') : t('wishlists.private')}
        </span>
      </div>
      {mode === 'rename' ? (
        <form onSubmit={rename} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
          <TextField
            label={t('wishlists.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            error={error}
            className="min-w-0 flex-1 basis-56"
            autoFocus
          />
          <Button type="submit" disabled={renaming.pending}>
            {t('wishlists.renameSubmit')}
          </Button>
          <Button variant="ghost" onClick={() => setMode('view')}>
            {t('wishlists.cancel')}
          </Button>
        </form>
      ) : mode === 'delete' ? (
        <div role="alert" className="mt-3 rounded-2xl bg-clay-50 p-4">
          <p className="text-clay-800">{t('wishlists.deleteConfirm', { name: `\u2068${list.name}\u2069` })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={onDelete} disabled={deleting} className="bg-clay-700 hover:bg-clay-800" data-testid="wishlist-delete-confirm">
              {t('wishlists.delete')}
            </Button>
            <Button variant="ghost" onClick={() => setMode('view')}>
              {t('wishlists.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button variant="secondary" className="px-4 py-1.5 text-sm" onClick={() => setMode('rename')}>
            {t('wishlists.rename')}
          </Button>
          <Button variant="ghost" className="px-4 py-1.5 text-sm text-clay-700" onClick={() => setMode('delete')}>
            {t('wishlists.delete')}
          </Button>
        </div>
      )}
      <ShareControls list={list} />
    </li>
  );
}
