import { LANGUAGES, type Language } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { NavLink } from 'react-router';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { pageMeta } from '../../../lib/seo';
import { Button } from '../../../ui/Button';
import { FileField } from '../../../ui/FileField';
import { ChevronDownIcon } from '../../../ui/more-icons';
import type { FieldErrors } from '../../../lib/errors';
import { Notice, PageTitle } from '../../../ui/bits';
import { TextField } from '../../../ui/fields';
import { LocalizedInput, type LanguageTexts } from '../../../ui/LocalizedFields';
import { useCanEditCatalog } from './api';

export type Texts = LanguageTexts;
export const emptyTexts = (): Texts => ({ en: '', es: '', ar: '', ms: '' });
/** A stored text (only the languages that have text) as the form's four inputs. */
export const formTexts = (texts: Record<string, string> | undefined): Texts => ({ ...emptyTexts(), ...(texts ?? {}) });

const SECTIONS = [
  { to: '/admin/catalog', key: 'categories', end: true },
  { to: '/admin/catalog/brands', key: 'brands' },
  { to: '/admin/catalog/menus', key: 'menus' },
  { to: '/admin/catalog/banners', key: 'banners' },
  { to: '/admin/catalog/specialities', key: 'specialities' },
] as const;

/** A page of the catalog (and the key of its texts). */
export type CatalogSection = (typeof SECTIONS)[number]['key'];

/** A catalog route's `meta`: the section's title in the admin console, kept out of search engines. */
export const catalogMeta = (section: CatalogSection) => (args: Parameters<typeof pageMeta>[0]) =>
  pageMeta(args, (t) => ({ title: `${t(`adminCatalog:${section}.title`)} · ${t('portal:common.adminConsole')}`, noIndex: true }));

/** A catalog page: the catalog's own navigation, the section's title, and a note when the member may only read. */
export function CatalogPage({ section, action, children }: { section: CatalogSection; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('adminCatalog');
  const canEdit = useCanEditCatalog();
  return (
    <div className="space-y-6">
      <nav aria-label={t('title')} data-testid="catalog-nav">
        <ul className="flex flex-wrap gap-1 rounded-xl border border-sand-200 bg-white p-1">
          {SECTIONS.map((section) => (
            <li key={section.key} className="shrink-0">
              <NavLink
                to={section.to}
                end={'end' in section}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? 'bg-moss-700 text-white' : 'text-moss-800 hover:bg-moss-50'}`
                }
              >
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <PageTitle title={t(`${section}.title`)} lead={t(`${section}.lead`)}>
        {canEdit ? action : null}
      </PageTitle>
      {!canEdit ? (
        <Notice tone="neutral" testId="catalog-read-only">
          {t('common.readOnly')}
        </Notice>
      ) : null}
      {children}
    </div>
  );
}

/** The same text in each language side by side: English first and required, the others optional. */
export function LocalizedFields({
  name,
  label,
  value,
  onChange,
  errors,
  multiline = false,
  maxLength,
}: {
  name: string;
  label: string;
  value: Texts;
  onChange(value: Texts): void;
  errors: FieldErrors;
  multiline?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation('adminCatalog');
  const field = { name, label, multiline, maxLength };
  return (
    <fieldset className="min-w-0 rounded-xl border border-sand-200 p-4" data-testid={`localized-${name}`}>
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      <p className="mb-3 text-sm text-ink-muted">{t('common.translationsHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {LANGUAGES.map((language) => (
          <LocalizedInput
            key={language}
            field={field}
            language={language}
            label={LANGUAGE_NAMES[language]}
            aria-label={t('common.languageField', { field: label, language: LANGUAGE_NAMES[language] })}
            value={value[language] ?? ''}
            errors={errors}
            onChange={(text) => onChange({ ...value, [language]: text })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Slug and sort order, side by side on wide screens. */
export function SlugAndSort({
  slug,
  sort,
  errors,
  onSlug,
  onSort,
}: {
  slug?: string;
  sort?: number;
  errors: FieldErrors;
  onSlug?(slug: string): void;
  onSort?(sort: number): void;
}) {
  const { t } = useTranslation('adminCatalog');
  return (
    <div className={`grid gap-4 ${onSlug && onSort ? 'sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : 'sm:max-w-md'}`}>
      {onSlug ? (
        <TextField
          label={t('common.slug')}
          hint={t('common.slugHint')}
          name="slug"
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          value={slug ?? ''}
          error={errors.slug}
          onChange={(event) => onSlug(event.target.value)}
        />
      ) : null}
      {onSort ? (
        <TextField
          label={t('common.sort')}
          hint={t('common.sortHint')}
          name="sort"
          type="number"
          inputMode="numeric"
          min={0}
          max={10000}
          value={String(sort ?? 0)}
          error={errors.sort}
          onChange={(event) => onSort(Number.parseInt(event.target.value || '0', 10))}
        />
      ) : null}
    </div>
  );
}

/** A picture chooser with a preview of the chosen file and of the current picture. */
export function ImageChooser({
  name,
  label,
  currentUrl,
  file,
  onFile,
  error,
  onRemove,
}: {
  name: string;
  label: string;
  currentUrl: string | null;
  file: File | null;
  onFile(file: File | null): void;
  error?: string | undefined;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation('adminCatalog');
  return (
    <div className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)] sm:items-start">
      <div>
        <p className="mb-1.5 text-sm font-semibold text-ink">{t('image.current')}</p>
        <div className="flex h-32 w-32 items-center justify-center overflow-hidden rounded-xl border border-sand-200 bg-sand-100">
          {currentUrl ? (
            <img src={currentUrl} alt={t('image.current')} className="h-full w-full object-cover" data-testid={`current-${name}`} />
          ) : (
            <span className="p-2 text-center text-xs text-ink-muted">{t('image.noImage')}</span>
          )}
        </div>
        {currentUrl && onRemove ? (
          <button type="button" className="mt-2 text-sm font-semibold text-clay-700 hover:underline" onClick={onRemove}>
            {t('image.remove')}
          </button>
        ) : null}
      </div>
      <FileField
        label={label}
        hint={t('image.hint')}
        name={name}
        accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
        file={file}
        onChange={onFile}
        error={error}
        chooseText={t('image.choose')}
        changeText={t('image.change')}
        noFileText={t('image.none')}
        previewAlt={label}
      />
    </div>
  );
}

/** Move up, move down, edit and delete buttons of one row. */
export function RowActions({
  name,
  canEdit,
  onUp,
  onDown,
  onEdit,
  onDelete,
  extra,
  sortable = true,
}: {
  name: string;
  canEdit: boolean;
  /** False for lists without a sort order (no move buttons). */
  sortable?: boolean;
  onUp?: (() => void) | undefined;
  onDown?: (() => void) | undefined;
  onEdit(): void;
  onDelete(): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('adminCatalog');
  if (!canEdit) return null;
  const iconButton = 'inline-flex h-9 w-9 items-center justify-center rounded-full text-moss-800 hover:bg-moss-50 disabled:opacity-30 disabled:hover:bg-transparent';
  return (
    <div className="flex shrink-0 flex-wrap items-center justify-end gap-1">
      {sortable ? (
        <>
      <button type="button" className={iconButton} onClick={onUp} disabled={!onUp} aria-label={t('common.moveUp', { name })} title={t('common.moveUp', { name })}>
        <ChevronDownIcon className="rotate-180" width={18} height={18} />
      </button>
      <button type="button" className={iconButton} onClick={onDown} disabled={!onDown} aria-label={t('common.moveDown', { name })} title={t('common.moveDown', { name })}>
        <ChevronDownIcon width={18} height={18} />
      </button>
        </>
      ) : null}
      {extra}
      <Button variant="ghost" className="px-3 py-1.5 text-sm" onClick={onEdit} aria-label={t('common.editNamed', { name })} data-testid="row-edit">
        {t('common.edit')}
      </Button>
      <Button variant="ghost" className="px-3 py-1.5 text-sm text-clay-700 hover:bg-clay-50" onClick={onDelete} aria-label={t('common.deleteNamed', { name })} data-testid="row-delete">
        {t('common.delete')}
      </Button>
    </div>
  );
}

/** Languages of a text that are still empty (shown as a hint in lists). */
export function missingLanguages(texts: Record<string, string>): Language[] {
  return LANGUAGES.filter((language) => !texts[language]?.trim());
}

export function MissingLanguages({ texts }: { texts: Record<string, string> }) {
  const { t } = useTranslation('adminCatalog');
  const missing = missingLanguages(texts);
  if (missing.length === 0) return null;
  return (
    <span className="text-xs text-[#8a5d0a]">
      {t('common.missingLanguages', { languages: missing.map((language) => language.toUpperCase()).join(', ') })}
    </span>
  );
}
