import { ZSpecialityInputSchema, type TAdminSpeciality, type TAdminStoreOption } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../lib/preferences';
import { Button } from '../../../../ui/Button';
import { PlusIcon } from '../../../../ui/more-icons';
import { useSnackbar } from '../../../../ui/snackbar';
import { errorText } from '../../errors';
import { usePortalSession } from '../../session';
import { Badge, Card } from '../../ui/bits';
import { SelectField, TextField } from '../../ui/fields';
import { CATALOG_PATHS, textIn, useCanEditCatalog, useCatalogList } from './api';
import { CatalogPage, ConfirmDelete, EditorCard, formTexts, Loaded, LocalizedFields, MissingLanguages, RowActions, SlugAndSort, useFormErrors, type Texts } from './parts';
import { slugify } from './reorder';

interface Draft {
  id: string | null;
  name: Texts;
  description: Texts;
  slug: string;
  slugTouched: boolean;
  status: 0 | 1;
  storeIds: string[];
}

const draftOf = (speciality: TAdminSpeciality | null): Draft =>
  speciality
    ? {
        id: speciality.id,
        name: formTexts(speciality.name),
        description: formTexts(speciality.description),
        slug: speciality.slug,
        slugTouched: true,
        status: speciality.status === 1 ? 1 : 0,
        storeIds: speciality.storeIds,
      }
    : { id: null, name: formTexts(undefined), description: formTexts(undefined), slug: '', slugTouched: false, status: 1, storeIds: [] };

/** A filterable list of checkboxes: which stores have the speciality. */
function StorePicker({ stores, selected, onChange, error }: { stores: TAdminStoreOption[]; selected: string[]; onChange(ids: string[]): void; error?: string | undefined }) {
  const { t } = useTranslation('adminCatalog');
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = stores.filter((store) => !needle || `${store.storeName} ${store.storeAliasName}`.toLowerCase().includes(needle));
  const chosen = new Set(selected);
  return (
    <fieldset className="min-w-0 rounded-xl border border-sand-200 p-4" data-testid="store-picker">
      <legend className="px-1 text-sm font-semibold text-ink">{t('specialities.stores')}</legend>
      <p className="mb-3 text-sm text-ink-muted">
        {t('specialities.storesHint')} {t('specialities.storeCount', { count: selected.length })}
      </p>
      {stores.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('specialities.noStores')}</p>
      ) : (
        <>
          <TextField label={t('specialities.filterStores')} name="storeFilter" type="search" optional autoComplete="off" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <ul className="mt-3 max-h-64 space-y-1 overflow-y-auto rounded-lg border border-sand-200 p-2">
            {shown.map((store) => (
              <li key={store.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-sand-100">
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-moss-700"
                    checked={chosen.has(store.id)}
                    onChange={(event) => onChange(event.target.checked ? [...selected, store.id] : selected.filter((id) => id !== store.id))}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="font-medium text-ink">{store.storeName}</span>{' '}
                    <span className="text-sm text-ink-muted" dir="ltr">
                      @{store.storeAliasName}
                    </span>
                  </span>
                  {store.status !== 'approved' ? <Badge tone="pending">{t(`specialities.storeStatus.${store.status as 'pending' | 'rejected'}`)}</Badge> : null}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {error ? <p className="mt-1.5 text-sm font-medium text-clay-700">{error}</p> : null}
    </fieldset>
  );
}

function SpecialityEditor({ draft: initial, stores, onDone, onCancel }: { draft: Draft; stores: TAdminStoreOption[]; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('adminCatalog');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const form = useFormErrors();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function save() {
    const body = { name: draft.name, description: draft.description, slug: draft.slug, status: draft.status };
    if (!form.check(ZSpecialityInputSchema.safeParse(body).error?.issues)) return;
    setBusy(true);
    const client = session.client();
    try {
      const saved = draft.id
        ? (await client.request<{ data: TAdminSpeciality }>('PATCH', `${CATALOG_PATHS.specialities}/${draft.id}`, { body })).data
        : (await client.post<{ data: TAdminSpeciality }>(CATALOG_PATHS.specialities, body)).data;
      setDraft((d) => ({ ...d, id: saved.id, slugTouched: true }));
      const before = [...saved.storeIds].sort().join(',');
      if (before !== [...draft.storeIds].sort().join(',')) {
        await client.request('PUT', `${CATALOG_PATHS.specialities}/${saved.id}/stores`, { body: { storeIds: draft.storeIds } });
      }
      snackbar(t('common.saved'));
      onDone();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <EditorCard title={draft.id ? t('specialities.editTitle') : t('specialities.newTitle')} busy={busy} isNew={!draft.id} onSubmit={save} onCancel={onCancel} testId="speciality-editor">
      <LocalizedFields
        name="name"
        label={t('specialities.name')}
        maxLength={80}
        value={draft.name}
        errors={form.errors}
        onChange={(name) => {
          form.clear('name.en');
          setDraft((d) => ({ ...d, name, slug: d.slugTouched ? d.slug : slugify(name.en ?? '') }));
        }}
      />
      <LocalizedFields
        name="description"
        label={t('specialities.description')}
        multiline
        maxLength={400}
        value={draft.description}
        errors={form.errors}
        onChange={(description) => {
          form.clear('description.en');
          setDraft((d) => ({ ...d, description }));
        }}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
        <SlugAndSort
          slug={draft.slug}
          errors={form.errors}
          onSlug={(slug) => {
            form.clear('slug');
            setDraft((d) => ({ ...d, slug, slugTouched: true }));
          }}
        />
        <SelectField
          label={t('specialities.status')}
          name="status"
          value={String(draft.status)}
          error={form.errors.status}
          onChange={(event) => setDraft((d) => ({ ...d, status: event.target.value === '1' ? 1 : 0 }))}
        >
          <option value="1">{t('specialities.statuses.active')}</option>
          <option value="0">{t('specialities.statuses.hidden')}</option>
        </SelectField>
      </div>
      <StorePicker
        stores={stores}
        selected={draft.storeIds}
        error={form.errors.storeIds}
        onChange={(storeIds) => {
          form.clear('storeIds');
          setDraft((d) => ({ ...d, storeIds }));
        }}
      />
    </EditorCard>
  );
}

export function SpecialitiesPage() {
  const { t } = useTranslation('adminCatalog');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const canEdit = useCanEditCatalog();
  const specialities = useCatalogList<TAdminSpeciality>(CATALOG_PATHS.specialities);
  const stores = useCatalogList<TAdminStoreOption>(CATALOG_PATHS.stores);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TAdminSpeciality | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(speciality: TAdminSpeciality) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${CATALOG_PATHS.specialities}/${speciality.id}`);
      snackbar(t('common.deleted'));
      specialities.reload();
      stores.reload();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <CatalogPage
      title={t('specialities.title')}
      lead={t('specialities.lead')}
      action={
        <Button onClick={() => setEditing(draftOf(null))} data-testid="new-speciality">
          <PlusIcon width={18} height={18} />
          {t('specialities.new')}
        </Button>
      }
    >
      {editing ? (
        <SpecialityEditor
          key={editing.id ?? 'new'}
          draft={editing}
          stores={stores.data ?? []}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            specialities.reload();
            stores.reload();
          }}
        />
      ) : null}
      <Card padded={false} aria-labelledby="speciality-list-title" className="overflow-hidden">
        <h2 id="speciality-list-title" className="px-5 pt-5 text-xl font-semibold sm:px-6">
          {t('specialities.list')}
        </h2>
        <div className="p-5 pt-3 sm:px-6">
          <Loaded resource={specialities}>
            {(list) =>
              list.length === 0 ? (
                <p className="text-ink-muted">{t('common.empty')}</p>
              ) : (
                <ul className="divide-y divide-sand-200" data-testid="speciality-list">
                  {list.map((speciality) => {
                    const name = textIn(speciality.name, language);
                    return (
                      <li key={speciality.id} data-testid="speciality-row" className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                        <div className="min-w-0 flex-1 basis-56">
                          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                            <span>{name}</span>
                            <Badge tone={speciality.status === 1 ? 'approved' : 'neutral'}>
                              {speciality.status === 1 ? t('specialities.statuses.active') : t('specialities.statuses.hidden')}
                            </Badge>
                          </p>
                          <p className="line-clamp-2 text-sm text-ink">{textIn(speciality.description, language)}</p>
                          <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
                            <span dir="ltr">/{speciality.slug}</span>
                            <span>{t('specialities.storeCount', { count: speciality.storeIds.length })}</span>
                            <MissingLanguages texts={speciality.name} />
                          </p>
                        </div>
                        <RowActions name={name} canEdit={canEdit} sortable={false} onEdit={() => setEditing(draftOf(speciality))} onDelete={() => setDeleting(speciality)} />
                      </li>
                    );
                  })}
                </ul>
              )
            }
          </Loaded>
        </div>
      </Card>
      <ConfirmDelete
        name={deleting ? textIn(deleting.name, language) : null}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </CatalogPage>
  );
}
