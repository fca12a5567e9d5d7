import { ZBrandInputSchema, type TAdminBrand } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../ui/Button';
import { PlusIcon } from '../../../../ui/more-icons';
import { useSnackbar } from '../../../../ui/snackbar';
import { errorText } from '../../errors';
import { usePortalSession } from '../../session';
import { Card } from '../../ui/bits';
import { TextField } from '../../ui/fields';
import { CATALOG_PATHS, useCanEditCatalog, useCatalogList } from './api';
import { CatalogPage, ConfirmDelete, EditorCard, ImageChooser, Loaded, RowActions, SlugAndSort, uploadImage, useFormErrors } from './parts';
import { moveAmongSiblings, slugify } from './reorder';

interface Draft {
  id: string | null;
  name: string;
  slug: string;
  slugTouched: boolean;
  sort: number;
  logoUrl: string | null;
}

const draftOf = (brand: TAdminBrand | null, sort = 0): Draft =>
  brand
    ? { id: brand.id, name: brand.name, slug: brand.slug, slugTouched: true, sort: brand.sort, logoUrl: brand.logoUrl }
    : { id: null, name: '', slug: '', slugTouched: false, sort, logoUrl: null };

function BrandEditor({ draft: initial, onDone, onCancel }: { draft: Draft; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('adminCatalog');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const form = useFormErrors();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
    const body = { name: draft.name, slug: draft.slug, sort: draft.sort };
    if (!form.check(ZBrandInputSchema.safeParse(body).error?.issues)) return;
    setBusy(true);
    const client = session.client();
    try {
      const saved = draft.id
        ? (await client.request<{ data: TAdminBrand }>('PATCH', `${CATALOG_PATHS.brands}/${draft.id}`, { body })).data
        : (await client.post<{ data: TAdminBrand }>(CATALOG_PATHS.brands, body)).data;
      setDraft(draftOf(saved));
      if (file) {
        await uploadImage<TAdminBrand>(client, `${CATALOG_PATHS.brands}/${saved.id}/logo`, 'logo', file);
        setFile(null);
      }
      snackbar(t('common.saved'));
      onDone();
    } catch (error) {
      form.fail(error);
    } finally {
      setBusy(false);
    }
  }

  async function removeLogo() {
    if (!draft.id) return;
    try {
      const answer = await session.client().request<{ data: TAdminBrand }>('DELETE', `${CATALOG_PATHS.brands}/${draft.id}/logo`);
      setDraft((d) => ({ ...d, logoUrl: answer.data.logoUrl }));
      snackbar(t('image.removed'));
    } catch (error) {
      form.fail(error);
    }
  }

  return (
    <EditorCard title={draft.id ? t('brands.editTitle') : t('brands.newTitle')} busy={busy} isNew={!draft.id} onSubmit={save} onCancel={onCancel} testId="brand-editor">
      <TextField
        label={t('brands.name')}
        name="name"
        autoComplete="off"
        maxLength={80}
        value={draft.name}
        error={form.errors.name}
        onChange={(event) => {
          const name = event.target.value;
          form.clear('name');
          setDraft((d) => ({ ...d, name, slug: d.slugTouched ? d.slug : slugify(name) }));
        }}
      />
      <SlugAndSort
        slug={draft.slug}
        sort={draft.sort}
        errors={form.errors}
        onSlug={(slug) => {
          form.clear('slug');
          setDraft((d) => ({ ...d, slug, slugTouched: true }));
        }}
        onSort={(sort) => setDraft((d) => ({ ...d, sort: Number.isFinite(sort) ? sort : 0 }))}
      />
      <ImageChooser
        name="logo"
        label={t('image.logo')}
        currentUrl={draft.logoUrl}
        file={file}
        error={form.errors.logo}
        onFile={(next) => {
          form.clear('logo');
          setFile(next);
        }}
        onRemove={draft.id ? removeLogo : undefined}
      />
    </EditorCard>
  );
}

export function BrandsPage() {
  const { t } = useTranslation('adminCatalog');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const canEdit = useCanEditCatalog();
  const brands = useCatalogList<TAdminBrand>(CATALOG_PATHS.brands);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TAdminBrand | null>(null);
  const [busy, setBusy] = useState(false);

  async function move(list: TAdminBrand[], brand: TAdminBrand, delta: -1 | 1) {
    try {
      for (const change of moveAmongSiblings(list, brand.id, delta)) {
        await session.client().request('PATCH', `${CATALOG_PATHS.brands}/${change.id}`, { body: { sort: change.sort } });
      }
      snackbar(t('common.reordered'));
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      brands.reload();
    }
  }

  async function remove(brand: TAdminBrand) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${CATALOG_PATHS.brands}/${brand.id}`);
      snackbar(t('common.deleted'));
      brands.reload();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <CatalogPage
      title={t('brands.title')}
      lead={t('brands.lead')}
      action={
        <Button onClick={() => setEditing(draftOf(null, ((brands.data?.length ?? 0) + 1) * 10))} data-testid="new-brand">
          <PlusIcon width={18} height={18} />
          {t('brands.new')}
        </Button>
      }
    >
      {editing ? (
        <BrandEditor
          key={editing.id ?? 'new'}
          draft={editing}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            brands.reload();
          }}
        />
      ) : null}
      <Card padded={false} aria-labelledby="brand-list-title" className="overflow-hidden">
        <h2 id="brand-list-title" className="px-5 pt-5 text-xl font-semibold sm:px-6">
          {t('brands.list')}
        </h2>
        <div className="p-5 pt-3 sm:px-6">
          <Loaded resource={brands}>
            {(list) =>
              list.length === 0 ? (
                <p className="text-ink-muted">{t('common.empty')}</p>
              ) : (
                <ul className="divide-y divide-sand-200" data-testid="brand-list">
                  {list.map((brand, index) => (
                    <li key={brand.id} data-testid="brand-row" data-slug={brand.slug} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
                      <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-sand-200 bg-white">
                        {brand.logoUrl ? (
                          <img src={brand.logoUrl} alt="" className="h-full w-full object-contain" />
                        ) : (
                          <span aria-hidden="true" className="font-serif text-lg font-semibold text-moss-700">
                            {brand.name.slice(0, 1).toUpperCase()}
                          </span>
                        )}
                      </span>
                      <div className="min-w-0 flex-1 basis-40">
                        <p className="font-semibold text-ink">{brand.name}</p>
                        <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
                          <span dir="ltr">/{brand.slug}</span>
                          <span>{t('common.productCount', { count: brand.productCount })}</span>
                        </p>
                      </div>
                      <RowActions
                        name={brand.name}
                        canEdit={canEdit}
                        onUp={index > 0 ? () => void move(list, brand, -1) : undefined}
                        onDown={index < list.length - 1 ? () => void move(list, brand, 1) : undefined}
                        onEdit={() => setEditing(draftOf(brand))}
                        onDelete={() => setDeleting(brand)}
                      />
                    </li>
                  ))}
                </ul>
              )
            }
          </Loaded>
        </div>
      </Card>
      <ConfirmDelete name={deleting?.name ?? null} busy={busy} onClose={() => setDeleting(null)} onConfirm={() => deleting && void remove(deleting)} />
    </CatalogPage>
  );
}
