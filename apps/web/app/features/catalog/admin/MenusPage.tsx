import {
  MENU_KINDS,
  MENU_LINK_TYPES,
  MENU_MAX_DEPTH,
  ZMenuItemInputSchema,
  type MenuKind,
  type TAdminBrand,
  type TAdminCategory,
  type TAdminMenuItem,
  type TAdminStoreOption,
} from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { useSearchParams } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { PlusIcon } from '../../../ui/more-icons';
import { Badge, Card } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import { Tabs } from '../../../ui/Tabs';
import { CATALOG_PATHS, textIn } from './api';
import { ConfirmDelete, EditorCard, LoadedList, NewItemButton, sortProps, useCatalogEditor, useCatalogRows, type EditorProps } from './CatalogEditorShell';
import { CatalogPage, formTexts, LocalizedFields, MissingLanguages, RowActions, SlugAndSort, type Texts } from './parts';

type LinkType = (typeof MENU_LINK_TYPES)[number];

interface Draft {
  id: string | null;
  menu: MenuKind;
  parentId: string | null;
  label: Texts;
  linkType: LinkType;
  linkValue: string;
  sort: number;
}

const draftOf = (item: TAdminMenuItem | null, menu: MenuKind, parentId: string | null = null, sort = 0): Draft =>
  item
    ? { id: item.id, menu: item.menu, parentId: item.parentId, label: formTexts(item.label), linkType: item.linkType, linkValue: item.linkValue, sort: item.sort }
    : { id: null, menu, parentId, label: formTexts(undefined), linkType: menu === 'brand' ? 'brand' : menu === 'store' ? 'store' : 'category', linkValue: '', sort };

export interface Targets {
  categories: TAdminCategory[];
  brands: TAdminBrand[];
  stores: TAdminStoreOption[];
}

/** Items that may hold the edited item: in the menu, not itself or below it, with room for one more level. */
function possibleParents(items: readonly TAdminMenuItem[], menu: MenuKind, id: string | null): TAdminMenuItem[] {
  const excluded = new Set(id ? [id] : []);
  for (const item of items) if (item.parentId && excluded.has(item.parentId)) excluded.add(item.id);
  return items.filter((item) => !excluded.has(item.id) && item.depth < MENU_MAX_DEPTH[menu] - 1);
}

function MenuItemEditor({ draft: initial, items, targets, onDone, onCancel }: EditorProps<Draft> & { items: TAdminMenuItem[]; targets: Targets }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const editor = useCatalogEditor<Draft, TAdminMenuItem>({ draft: initial, path: CATALOG_PATHS.menuItems, onDone });
  const { draft, form } = editor;
  const nests = MENU_MAX_DEPTH[draft.menu] > 1;

  function save() {
    const body = { menu: draft.menu, parentId: draft.parentId, label: draft.label, linkType: draft.linkType, linkValue: draft.linkValue, sort: draft.sort };
    // An item stays in its menu: a change does not send it.
    const { menu: _menu, ...patch } = body;
    void _menu;
    void editor.save({ body, patch, issues: ZMenuItemInputSchema.safeParse(body).error?.issues });
  }

  const setLink = (linkValue: string) => editor.set('linkValue', linkValue);
  const targetSelect = (options: Array<{ id: string; label: string }>) => (
    <SelectField label={t('menus.target')} name="linkValue" value={draft.linkValue} error={form.errors.linkValue} onChange={(event) => setLink(event.target.value)}>
      <option value="">{t('menus.chooseTarget')}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

  return (
    <EditorCard section="menus" editor={editor} onSubmit={save} onCancel={onCancel} testId="menu-editor">
      <LocalizedFields label={t('menus.label')} maxLength={80} {...editor.texts('label')} />
      {nests ? (
        <SelectField
          label={t('menus.parent')}
          name="parentId"
          value={draft.parentId ?? ''}
          error={form.errors.parentId}
          onChange={(event) => editor.setDraft((d) => ({ ...d, parentId: event.target.value || null }))}
        >
          <option value="">{t('menus.topLevel')}</option>
          {possibleParents(items, draft.menu, draft.id).map((item) => (
            <option key={item.id} value={item.id}>
              {`${'— '.repeat(item.depth)}${textIn(item.label, language)}`}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('menus.linkType')}
          name="linkType"
          value={draft.linkType}
          error={form.errors.linkType}
          onChange={(event) => {
            form.clear('linkValue');
            editor.setDraft((d) => ({ ...d, linkType: event.target.value as LinkType, linkValue: '' }));
          }}
        >
          {MENU_LINK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`menus.linkTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        {draft.linkType === 'category'
          ? targetSelect(targets.categories.map((c) => ({ id: c.id, label: `${'— '.repeat(c.depth)}${textIn(c.name, language)}` })))
          : draft.linkType === 'brand'
            ? targetSelect(targets.brands.map((b) => ({ id: b.id, label: b.name })))
            : draft.linkType === 'store'
              ? targetSelect(targets.stores.map((s) => ({ id: s.id, label: `${s.storeName} (${s.storeAliasName})` })))
              : (
                <TextField
                  label={draft.linkType === 'search' ? t('menus.searchText') : t('menus.path')}
                  hint={draft.linkType === 'search' ? t('menus.searchHint') : t('menus.pathHint')}
                  name="linkValue"
                  dir={draft.linkType === 'url' ? 'ltr' : undefined}
                  autoComplete="off"
                  value={draft.linkValue}
                  error={form.errors.linkValue}
                  onChange={(event) => setLink(event.target.value)}
                />
              )}
      </div>
      <SlugAndSort errors={form.errors} {...sortProps(editor)} />
    </EditorCard>
  );
}

function MenuTree({ menu, items, targets }: { menu: MenuKind; items: TAdminMenuItem[]; targets: Targets }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const rows = useCatalogRows<TAdminMenuItem, Draft>({ path: CATALOG_PATHS.menuItems });
  const maxDepth = MENU_MAX_DEPTH[menu];

  const siblingsOf = (list: TAdminMenuItem[], item: TAdminMenuItem) => list.filter((other) => other.parentId === item.parentId);
  const nextSort = (list: TAdminMenuItem[], parentId: string | null) => (list.filter((item) => item.parentId === parentId).length + 1) * 10;

  /** The linked category in the page's language when the list is loaded; the server's name otherwise. */
  const targetText = (item: TAdminMenuItem) => {
    if (item.linkType === 'search' || item.linkType === 'url') return item.linkValue;
    if (!item.targetName) return t('menus.missingTarget');
    const category = item.linkType === 'category' ? targets.categories.find((c) => c.id === item.linkValue) : undefined;
    return category ? textIn(category.name, language) : item.targetName;
  };

  return (
    <div className="space-y-5">
      {rows.canEdit ? (
        <div className="flex justify-end">
          <NewItemButton section="menus" variant="secondary" testId="new-menu-item" onClick={() => rows.edit(draftOf(null, menu, null, nextSort(items, null)))} />
        </div>
      ) : null}
      {rows.editor((props) => (
        <MenuItemEditor key={`${props.draft.id ?? 'new'}-${props.draft.parentId ?? ''}`} items={items} targets={targets} {...props} />
      ))}
      <LoadedList list={items}>
        {(list) => (
          <ul className="space-y-2" data-testid="menu-tree" aria-label={t('menus.structure')}>
            {list.map((item) => {
              const label = textIn(item.label, language);
              const missing = (item.linkType === 'category' || item.linkType === 'brand' || item.linkType === 'store') && !item.targetName;
              return (
                <li
                  key={item.id}
                  data-testid="menu-row"
                  data-depth={item.depth}
                  style={{ marginInlineStart: `${item.depth * 1.75}rem` }}
                  className={`flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-2.5 ${item.depth === 0 ? 'border-moss-300 bg-moss-50' : 'border-sand-200 bg-white'}`}
                >
                  <div className="min-w-0 flex-1 basis-44">
                    <p className="flex flex-wrap items-center gap-2">
                      {maxDepth > 1 ? <Badge tone="neutral">{t('menus.level', { level: item.depth + 1 })}</Badge> : null}
                      <span className="font-semibold text-ink">{label}</span>
                    </p>
                    <p className="mt-0.5 flex flex-wrap gap-x-2 text-sm text-ink-muted">
                      <span>{t(`menus.linkTypes.${item.linkType}`)}:</span>
                      <span className={missing ? 'font-semibold text-clay-700' : ''} dir="auto">
                        {targetText(item)}
                      </span>
                      <MissingLanguages texts={item.label} />
                    </p>
                  </div>
                  <RowActions
                    name={label}
                    {...rows.actions(item, draftOf(item, menu), siblingsOf(list, item))}
                    extra={
                      item.depth < maxDepth - 1 ? (
                        <button
                          type="button"
                          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-moss-800 hover:bg-moss-50"
                          aria-label={t('menus.addChild', { name: label })}
                          title={t('menus.addChild', { name: label })}
                          onClick={() => rows.edit(draftOf(null, menu, item.id, nextSort(list, item.id)))}
                        >
                          <PlusIcon width={18} height={18} />
                        </button>
                      ) : null
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </LoadedList>
      <ConfirmDelete body={t('menus.deleteBody')} {...rows.confirmDelete((item) => textIn(item.label, language))} />
    </div>
  );
}

/** The menu the page shows, from the address (`?menu=footer`); the mega menu when none. */
export function menuOf(url: string): MenuKind {
  const asked = new URL(url).searchParams.get('menu') ?? '';
  return (MENU_KINDS as readonly string[]).includes(asked) ? (asked as MenuKind) : 'mega';
}

/** The menus' editor: a tab a menu (in the address), its items, and what an item may link to. */
export function MenusPage({ menu, items, targets }: { menu: MenuKind; items: TAdminMenuItem[]; targets: Targets }) {
  const { t } = useTranslation('adminCatalog');
  const [, setSearchParams] = useSearchParams();
  const setMenu = (kind: MenuKind) => setSearchParams(kind === 'mega' ? {} : { menu: kind }, { replace: true });
  return (
    <CatalogPage section="menus">
      <Card>
        <Tabs label={t('menus.title')} items={MENU_KINDS.map((kind) => ({ key: kind, label: t(`menus.kinds.${kind}`) }))} selected={menu} onSelect={(key) => setMenu(key as MenuKind)}>
          <MenuTree key={menu} menu={menu} items={items} targets={targets} />
        </Tabs>
      </Card>
    </CatalogPage>
  );
}
