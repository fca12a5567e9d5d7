import { ZBrandInputSchema, type TAdminBrand } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { TextField } from '../../../ui/fields';
import { CATALOG_PATHS } from './api';
import { CatalogList, ConfirmDelete, EditorCard, followName, NewItemButton, slugProps, sortProps, useCatalogEditor, useCatalogRows, type EditorProps } from './CatalogEditorShell';
import { CatalogPage, ImageChooser, RowActions, SlugAndSort } from './parts';

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

function BrandEditor({ draft: initial, onDone, onCancel }: EditorProps<Draft>) {
  const { t } = useTranslation('adminCatalog');
  const editor = useCatalogEditor<Draft, TAdminBrand>({ draft: initial, path: CATALOG_PATHS.brands, onDone });
  const { draft, form } = editor;

  function save() {
    const body = { name: draft.name, slug: draft.slug, sort: draft.sort };
    void editor.save({ body, issues: ZBrandInputSchema.safeParse(body).error?.issues, adopt: (saved) => draftOf(saved), upload: 'logo' });
  }

  return (
    <EditorCard section="brands" editor={editor} onSubmit={save} onCancel={onCancel} testId="brand-editor">
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
          editor.setDraft((d) => followName({ ...d, name }, name));
        }}
      />
      <SlugAndSort errors={form.errors} {...slugProps(editor)} {...sortProps(editor)} />
      <ImageChooser
        {...editor.picture('logo')}
        label={t('image.logo')}
        currentUrl={draft.logoUrl}
        onRemove={draft.id ? () => void editor.removePicture('logo', (saved, d) => ({ ...d, logoUrl: saved.logoUrl })) : undefined}
      />
    </EditorCard>
  );
}

export function BrandsPage({ brands }: { brands: TAdminBrand[] }) {
  const { t } = useTranslation('adminCatalog');
  const rows = useCatalogRows<TAdminBrand, Draft>({ path: CATALOG_PATHS.brands });

  return (
    <CatalogPage
      section="brands"
      action={<NewItemButton section="brands" testId="new-brand" onClick={() => rows.edit(draftOf(null, (brands.length + 1) * 10))} />}
    >
      {rows.editor((props) => (
        <BrandEditor key={props.draft.id ?? 'new'} {...props} />
      ))}
      <CatalogList
        id="brand-list-title"
        title={t('brands.list')}
        list={brands}
        testId="brand-list"
        row={(brand, list) => (
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
            <RowActions name={brand.name} {...rows.actions(brand, draftOf(brand), list)} />
          </li>
        )}
      />
      <ConfirmDelete {...rows.confirmDelete((brand) => brand.name)} />
    </CatalogPage>
  );
}
