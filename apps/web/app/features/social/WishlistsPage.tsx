import type { TWishlistSummary } from '@tessera/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useSnackbar } from '../../ui/snackbar';
import { AccountLoading } from '../auth/AccountLoading';
import { useBuyerAccount } from '../auth/useBuyerAccount';
import { AccountLayout, Panel } from '../profile/AccountLayout';
import { wishlistsApi } from './api';
import { ShareControls } from './ShareControls';

const errorText = (failure: unknown, fallback: string) => (failure instanceof Error ? failure.message : fallback);

/** /profile/wishlists: the buyer's named lists — create, rename, delete, share by link and stop sharing. */
export function WishlistsPage() {
  const { t } = useTranslation('social');
  const { t: tRoot } = useTranslation();
  const account = useBuyerAccount();
  const snackbar = useSnackbar();
  const signedIn = Boolean(account.profile);
  const [lists, setLists] = useState<TWishlistSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();

  useEffect(() => {
    if (!signedIn) return;
    wishlistsApi.list().then(setLists, () => setFailed(true));
  }, [signedIn]);

  const replace = (saved: TWishlistSummary) => setLists((now) => now?.map((l) => (l.id === saved.id ? saved : l)) ?? null);

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const list = await wishlistsApi.create(name);
      setLists((now) => [...(now ?? []), list]);
      setName('');
      setNameError(undefined);
      snackbar(t('wishlists.created'));
    } catch (failure) {
      setNameError(errorText(failure, t('wishlists.failed')));
    }
  }

  if (!account.profile) return <AccountLoading failed={account.failed} />;
  return (
    <AccountLayout title={t('wishlists.title')} lead={t('wishlists.lead')} testId="wishlists-page">
      <Panel title={t('wishlists.create')} id="new-wishlist-title">
        <form onSubmit={(e) => void create(e)} className="flex flex-wrap items-end gap-3" noValidate>
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
          <Button type="submit">{t('wishlists.createSubmit')}</Button>
        </form>
      </Panel>
      {failed ? (
        <p role="alert" className="mt-6 rounded-2xl bg-clay-50 p-4 text-clay-800">
          {t('wishlists.failed')}
        </p>
      ) : lists === null ? (
        <p role="status" className="mt-6">
          {tRoot('common.loading')}
        </p>
      ) : lists.length === 0 ? (
        <p className="mt-6 text-ink-muted">{t('wishlists.none')}</p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="wishlists">
          {lists.map((list) => (
            <WishlistRow key={list.id} list={list} onSaved={replace} onDeleted={(id) => setLists((now) => now?.filter((l) => l.id !== id) ?? null)} />
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}

function WishlistRow({ list, onSaved, onDeleted }: { list: TWishlistSummary; onSaved(list: TWishlistSummary): void; onDeleted(id: string): void }) {
  const { t } = useTranslation('social');
  const snackbar = useSnackbar();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(list.name);
  const [error, setError] = useState<string | undefined>();

  async function rename(event: FormEvent) {
    event.preventDefault();
    try {
      onSaved(await wishlistsApi.rename(list.id, name));
      setMode('view');
      setError(undefined);
      snackbar(t('wishlists.renamed'));
    } catch (failure) {
      setError(errorText(failure, t('wishlists.failed')));
    }
  }
  async function remove() {
    try {
      await wishlistsApi.remove(list.id);
      onDeleted(list.id);
      snackbar(t('wishlists.deleted'));
    } catch (failure) {
      snackbar(errorText(failure, t('wishlists.failed')), { variant: 'error' });
    }
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
        <form onSubmit={(e) => void rename(e)} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
          <TextField
            label={t('wishlists.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            error={error}
            className="min-w-0 flex-1 basis-56"
            autoFocus
          />
          <Button type="submit">{t('wishlists.renameSubmit')}</Button>
          <Button variant="ghost" onClick={() => setMode('view')}>
            {t('wishlists.cancel')}
          </Button>
        </form>
      ) : mode === 'delete' ? (
        <div role="alert" className="mt-3 rounded-2xl bg-clay-50 p-4">
          <p className="text-clay-800">{t('wishlists.deleteConfirm', { name: `\u2068${list.name}\u2069` })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => void remove()} className="bg-clay-700 hover:bg-clay-800" data-testid="wishlist-delete-confirm">
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
      <ShareControls list={list} onSaved={onSaved} />
    </li>
  );
}
