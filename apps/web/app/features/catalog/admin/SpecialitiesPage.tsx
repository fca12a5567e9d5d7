import { ZSpecialityInputSchema, type TAdminSpeciality, type TAdminStoreOption } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { usePreferences } from '../../../lib/preferences';
import { Badge } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import type { HttpClient } from '../../../lib/http';
import { CATALOG_PATHS, textIn } from './api';
import { CatalogList, ConfirmDelete, EditorCard, followName, NewItemButton, slugProps, useCatalogEditor, useCatalogRows, type EditorProps } from './CatalogEditorShell';
import { CatalogPage, formTexts, LocalizedFields, MissingLanguages, RowActions, SlugAndSort, type Texts } from './parts';

/** The save's step after the speciality exists: the stores that have it are set apart, and only when they changed. */
export async function saveSpecialityStores(saved: TAdminSpeciality, storeIds: string[], client: HttpClient): Promise<void> {
  if ([...saved.storeIds].sort().join(',') === [...storeIds].sort().join(',')) return;
  await client.request('PUT', `${CATALOG_PATHS.specialities}/${saved.id}/stores`, { body: { storeIds } });
}

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

function SpecialityEditor({ draft: initial, stores, onDone, onCancel }: EditorProps<Draft> & { stores: TAdminStoreOption[] }) {
  const { t } = useTranslation('adminCatalog');
  const editor = useCatalogEditor<Draft, TAdminSpeciality>({ draft: initial, path: CATALOG_PATHS.specialities, onDone });
  const { draft, form } = editor;

  function save() {
    const body = { name: draft.name, description: draft.description, slug: draft.slug, status: draft.status };
    void editor.save({
      body,
      issues: ZSpecialityInputSchema.safeParse(body).error?.issues,
      adopt: (saved, d) => ({ ...d, id: saved.id, slugTouched: true }),
      links: draft.storeIds,
    });
  }

  return (
    <EditorCard section="specialities" editor={editor} onSubmit={save} onCancel={onCancel} testId="speciality-editor">
      <LocalizedFields label={t('specialities.name')} maxLength={80} {...editor.texts('name', (d) => followName(d, d.name.en ?? ''))} />
      <LocalizedFields label={t('specialities.description')} multiline maxLength={400} {...editor.texts('description')} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
        <SlugAndSort errors={form.errors} {...slugProps(editor)} />
        <SelectField
          label={t('specialities.status')}
          name="status"
          value={String(draft.status)}
          error={form.errors.status}
          onChange={(event) => editor.setDraft((d) => ({ ...d, status: event.target.value === '1' ? 1 : 0 }))}
        >
          <option value="1">{t('specialities.statuses.active')}</option>
          <option value="0">{t('specialities.statuses.hidden')}</option>
        </SelectField>
      </div>
      <StorePicker stores={stores} selected={draft.storeIds} error={form.errors.storeIds} onChange={(storeIds) => editor.set('storeIds', storeIds)} />
    </EditorCard>
  );
}

export function SpecialitiesPage({ specialities, stores }: { specialities: TAdminSpeciality[]; stores: TAdminStoreOption[] }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  // A speciality's stores show in the store list too: the route's loader reads both again after a change.
  const rows = useCatalogRows<TAdminSpeciality, Draft>({ path: CATALOG_PATHS.specialities });

  return (
    <CatalogPage section="specialities" action={<NewItemButton section="specialities" testId="new-speciality" onClick={() => rows.edit(draftOf(null))} />}>
      {rows.editor((props) => (
        <SpecialityEditor key={props.draft.id ?? 'new'} stores={stores} {...props} />
      ))}
      <CatalogList
        id="speciality-list-title"
        title={t('specialities.list')}
        list={specialities}
        testId="speciality-list"
        row={(speciality) => {
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
              <RowActions name={name} {...rows.actions(speciality, draftOf(speciality))} />
            </li>
          );
        }}
      />
      <ConfirmDelete {...rows.confirmDelete((speciality) => textIn(speciality.name, language))} />
    </CatalogPage>
  );
}
