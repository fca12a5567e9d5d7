import { ZCategoryInputSchema, type TAdminCategory } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../lib/preferences';
import { Button } from '../../../../ui/Button';
import { PlusIcon } from '../../../../ui/more-icons';
import { useSnackbar } from '../../../../ui/snackbar';
import { errorText } from '../../errors';
import { usePortalSession } from '../../session';
import { Badge, Card } from '../../ui/bits';
import { SelectField } from '../../ui/fields';
import { CATALOG_PATHS, textIn, useCanEditCatalog, useCatalogList } from './api';
import {
  CatalogPage,
  ConfirmDelete,
  EditorCard,
  formTexts,
  ImageChooser,
  Loaded,
  LocalizedFields,
  MissingLanguages,
  RowActions,
  SlugAndSort,
  uploadImage,
  useFormErrors,
  type Texts,
} from './parts';
import { moveAmongSiblings, slugify } from './reorder';

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

function CategoryEditor({ draft: initial, categories, onDone, onCancel }: { draft: Draft; categories: TAdminCategory[]; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const form = useFormErrors();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const excluded = draft.id ? subtreeIds(categories, draft.id) : new Set<string>();

  async function save() {
    const body = { name: draft.name, slug: draft.slug, parentId: draft.parentId, sort: draft.sort };
    if (!form.check(ZCategoryInputSchema.safeParse(body).error?.issues)) return;
    setBusy(true);
    const client = session.client();
    try {
      const saved = draft.id
        ? (await client.request<{ data: TAdminCategory }>('PATCH', `${CATALOG_PATHS.categories}/${draft.id}`, { body })).data
        : (await client.post<{ data: TAdminCategory }>(CATALOG_PATHS.categories, body)).data;
      setDraft(draftOf(saved));
      if (file) {
        await uploadImage<TAdminCategory>(client, `${CATALOG_PATHS.categories}/${saved.id}/image`, 'image', file);
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

  async function removeImage() {
    if (!draft.id) return;
    try {
      const answer = await session.client().request<{ data: TAdminCategory }>('DELETE', `${CATALOG_PATHS.categories}/${draft.id}/image`);
      setDraft((d) => ({ ...d, imageUrl: answer.data.imageUrl }));
      snackbar(t('image.removed'));
    } catch (error) {
      form.fail(error);
    }
  }

  return (
    <EditorCard title={draft.id ? t('categories.editTitle') : t('categories.newTitle')} busy={busy} isNew={!draft.id} onSubmit={save} onCancel={onCancel} testId="category-editor">
      <LocalizedFields
        name="name"
        label={t('categories.name')}
        maxLength={80}
        value={draft.name}
        errors={form.errors}
        onChange={(name) => {
          form.clear('name.en');
          setDraft((d) => ({ ...d, name, slug: d.slugTouched ? d.slug : slugify(name.en ?? '') }));
        }}
      />
      <SelectField
        label={t('categories.parent')}
        name="parentId"
        value={draft.parentId ?? ''}
        error={form.errors.parentId}
        onChange={(event) => setDraft((d) => ({ ...d, parentId: event.target.value || null }))}
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
        name="image"
        label={t('image.label')}
        currentUrl={draft.imageUrl}
        file={file}
        error={form.errors.image}
        onFile={(next) => {
          form.clear('image');
          setFile(next);
        }}
        onRemove={draft.id ? removeImage : undefined}
      />
    </EditorCard>
  );
}

export function CategoriesPage() {
  const { t } = useTranslation('adminCatalog');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const canEdit = useCanEditCatalog();
  const categories = useCatalogList<TAdminCategory>(CATALOG_PATHS.categories);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TAdminCategory | null>(null);
  const [busy, setBusy] = useState(false);

  const siblingsOf = (list: TAdminCategory[], category: TAdminCategory) => list.filter((c) => c.parentId === category.parentId);

  async function move(list: TAdminCategory[], category: TAdminCategory, delta: -1 | 1) {
    const changes = moveAmongSiblings(siblingsOf(list, category), category.id, delta);
    try {
      for (const change of changes) await session.client().request('PATCH', `${CATALOG_PATHS.categories}/${change.id}`, { body: { sort: change.sort } });
      snackbar(t('common.reordered'));
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      categories.reload();
    }
  }

  async function remove(category: TAdminCategory) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${CATALOG_PATHS.categories}/${category.id}`);
      snackbar(t('common.deleted'));
      categories.reload();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <CatalogPage
      title={t('categories.title')}
      lead={t('categories.lead')}
      action={
        <Button onClick={() => setEditing(draftOf(null, null, ((categories.data?.filter((c) => !c.parentId).length ?? 0) + 1) * 10))} data-testid="new-category">
          <PlusIcon width={18} height={18} />
          {t('categories.new')}
        </Button>
      }
    >
      {editing ? (
        <CategoryEditor
          key={editing.id ?? 'new'}
          draft={editing}
          categories={categories.data ?? []}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            categories.reload();
          }}
        />
      ) : null}
      <Card padded={false} aria-labelledby="category-tree-title" className="overflow-hidden">
        <h2 id="category-tree-title" className="px-5 pt-5 text-xl font-semibold sm:px-6">
          {t('categories.tree')}
        </h2>
        <div className="p-5 pt-3 sm:px-6">
          <Loaded resource={categories}>
            {(list) =>
              list.length === 0 ? (
                <p className="text-ink-muted">{t('common.empty')}</p>
              ) : (
                <ul className="divide-y divide-sand-200" data-testid="category-list">
                  {list.map((category) => {
                    const name = textIn(category.name, language);
                    const siblings = siblingsOf(list, category);
                    const index = siblings.findIndex((c) => c.id === category.id);
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
                        <RowActions
                          name={name}
                          canEdit={canEdit}
                          onUp={index > 0 ? () => void move(list, category, -1) : undefined}
                          onDown={index < siblings.length - 1 ? () => void move(list, category, 1) : undefined}
                          onEdit={() => setEditing(draftOf(category))}
                          onDelete={() => setDeleting(category)}
                        />
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
