import { ZCategoryInputSchema, type TAdminCategory } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { usePreferences } from '../../../lib/preferences';
import { Badge } from '../../../ui/bits';
import { SelectField } from '../../../ui/fields';
import { CATALOG_PATHS, textIn } from './api';
import { CatalogList, ConfirmDelete, EditorCard, followName, NewItemButton, slugProps, sortProps, useCatalogEditor, useCatalogRows, type EditorProps } from './CatalogEditorShell';
import { CatalogPage, formTexts, ImageChooser, LocalizedFields, MissingLanguages, RowActions, SlugAndSort, type Texts } from './parts';

interface Draft {
  id: string | null;
  name: Texts;
  slug: string;
  /** The slug follows the English name until someone types one. */
  slugTouched: boolean;
  parentId: string | null;
  sort: number;
  imageUrl: string | null;
}

const draftOf = (category: TAdminCategory | null, parentId: string | null = null, sort = 0): Draft =>
  category
    ? { id: category.id, name: formTexts(category.name), slug: category.slug, slugTouched: true, parentId: category.parentId, sort: category.sort, imageUrl: category.imageUrl }
    : { id: null, name: formTexts(undefined), slug: '', slugTouched: false, parentId, sort, imageUrl: null };

/** Ids of a category and everything under it (it cannot be moved below itself). */
function subtreeIds(categories: readonly TAdminCategory[], id: string): Set<string> {
  const ids = new Set([id]);
  for (const category of categories) if (category.parentId && ids.has(category.parentId)) ids.add(category.id);
  return ids;
}

function CategoryEditor({ draft: initial, categories, onDone, onCancel }: EditorProps<Draft> & { categories: TAdminCategory[] }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const editor = useCatalogEditor<Draft, TAdminCategory>({ draft: initial, path: CATALOG_PATHS.categories, onDone });
  const { draft, form } = editor;
  const excluded = draft.id ? subtreeIds(categories, draft.id) : new Set<string>();

  function save() {
    const body = { name: draft.name, slug: draft.slug, parentId: draft.parentId, sort: draft.sort };
    void editor.save({ body, issues: ZCategoryInputSchema.safeParse(body).error?.issues, adopt: (saved) => draftOf(saved), upload: 'image' });
  }

  return (
    <EditorCard section="categories" editor={editor} onSubmit={save} onCancel={onCancel} testId="category-editor">
      <LocalizedFields label={t('categories.name')} maxLength={80} {...editor.texts('name', (d) => followName(d, d.name.en ?? ''))} />
      <SelectField
        label={t('categories.parent')}
        name="parentId"
        value={draft.parentId ?? ''}
        error={form.errors.parentId}
        onChange={(event) => editor.setDraft((d) => ({ ...d, parentId: event.target.value || null }))}
      >
        <option value="">{t('categories.noParent')}</option>
        {categories
          .filter((category) => !excluded.has(category.id))
          .map((category) => (
            <option key={category.id} value={category.id}>
              {`${'— '.repeat(category.depth)}${textIn(category.name, language)}`}
            </option>
          ))}
      </SelectField>
      <SlugAndSort errors={form.errors} {...slugProps(editor)} {...sortProps(editor)} />
      <ImageChooser
        {...editor.picture('image')}
        label={t('image.label')}
        currentUrl={draft.imageUrl}
        onRemove={draft.id ? () => void editor.removePicture('image', (saved, d) => ({ ...d, imageUrl: saved.imageUrl })) : undefined}
      />
    </EditorCard>
  );
}

export function CategoriesPage({ categories }: { categories: TAdminCategory[] }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const rows = useCatalogRows<TAdminCategory, Draft>({ path: CATALOG_PATHS.categories });
  const siblingsOf = (list: TAdminCategory[], category: TAdminCategory) => list.filter((c) => c.parentId === category.parentId);

  return (
    <CatalogPage
      section="categories"
      action={
        <NewItemButton
          section="categories"
          testId="new-category"
          onClick={() => rows.edit(draftOf(null, null, (categories.filter((c) => !c.parentId).length + 1) * 10))}
        />
      }
    >
      {rows.editor((props) => (
        <CategoryEditor key={props.draft.id ?? 'new'} categories={categories} {...props} />
      ))}
      <CatalogList
        id="category-tree-title"
        title={t('categories.tree')}
        list={categories}
        testId="category-list"
        row={(category, list) => {
          const name = textIn(category.name, language);
          return (
            <li
              key={category.id}
              data-testid="category-row"
              data-slug={category.slug}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
              style={{ paddingInlineStart: `${category.depth * 1.75}rem` }}
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand-100">
                {category.imageUrl ? <img src={category.imageUrl} alt="" className="h-full w-full object-cover" data-testid="category-image" /> : null}
              </span>
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-semibold text-ink">
                  {category.depth > 0 ? (
                    <span aria-hidden="true" className="me-1 inline-block text-ink-muted rtl:-scale-x-100">
                      ↳
                    </span>
                  ) : null}
                  {name}
                </p>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-muted">
                  <span dir="ltr">/{category.slug}</span>
                  <span>{t('common.productCount', { count: category.productCount })}</span>
                  {category.childCount > 0 ? <span>{t('categories.subcategories', { count: category.childCount })}</span> : null}
                  <MissingLanguages texts={category.name} />
                </p>
              </div>
              <span className="hidden md:inline">
                <Badge tone="neutral">
                  {t('common.sort')}: {category.sort}
                </Badge>
              </span>
              <RowActions name={name} {...rows.actions(category, draftOf(category), siblingsOf(list, category))} />
            </li>
          );
        }}
      />
      <ConfirmDelete {...rows.confirmDelete((category) => textIn(category.name, language))} />
    </CatalogPage>
  );
}
