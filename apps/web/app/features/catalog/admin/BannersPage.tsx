import { BANNER_PLACEMENTS, ZBannerInputSchema, type TAdminBanner } from '@tessera/contracts';
import { useTranslation } from '../../../lib/i18n/react';
import { formatTime, intlLocale } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Badge, type Tone } from '../../../ui/bits';
import { SelectField, TextField } from '../../../ui/fields';
import { CATALOG_PATHS, textIn } from './api';
import { ConfirmDelete, EditorCard, ListCard, LoadedList, NewItemButton, sortProps, useCatalogEditor, useCatalogRows, type EditorProps } from './CatalogEditorShell';
import { CatalogPage, formTexts, ImageChooser, LocalizedFields, MissingLanguages, RowActions, SlugAndSort, type Texts } from './parts';

type Placement = (typeof BANNER_PLACEMENTS)[number];

interface Draft {
  id: string | null;
  title: Texts;
  subtitle: Texts;
  href: string;
  placement: Placement;
  sort: number;
  active: boolean;
  /** `datetime-local` values in the browser's time zone; empty for no limit. */
  startsAt: string;
  endsAt: string;
  imageUrl: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** UTC milliseconds as a `datetime-local` value in the browser's time zone. */
export function toLocalInput(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): number | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

const draftOf = (banner: TAdminBanner | null, placement: Placement = 'hero', sort = 0): Draft =>
  banner
    ? {
        id: banner.id,
        title: formTexts(banner.title),
        subtitle: formTexts(banner.subtitle),
        href: banner.href,
        placement: banner.placement,
        sort: banner.sort,
        active: banner.active,
        startsAt: toLocalInput(banner.startsAt),
        endsAt: toLocalInput(banner.endsAt),
        imageUrl: banner.imageUrl,
      }
    : { id: null, title: formTexts(undefined), subtitle: formTexts(undefined), href: '/', placement, sort, active: true, startsAt: '', endsAt: '', imageUrl: null };

function BannerEditor({ draft: initial, onDone, onCancel }: EditorProps<Draft>) {
  const { t } = useTranslation('adminCatalog');
  const editor = useCatalogEditor<Draft, TAdminBanner>({ draft: initial, path: CATALOG_PATHS.banners, onDone });
  const { draft, form } = editor;

  function save() {
    const body = {
      title: draft.title,
      subtitle: draft.subtitle,
      href: draft.href,
      placement: draft.placement,
      sort: draft.sort,
      active: draft.active,
      startsAt: fromLocalInput(draft.startsAt),
      endsAt: fromLocalInput(draft.endsAt),
    };
    void editor.save({ body, issues: ZBannerInputSchema.safeParse(body).error?.issues, adopt: (saved) => draftOf(saved), upload: 'image' });
  }

  return (
    <EditorCard section="banners" editor={editor} onSubmit={save} onCancel={onCancel} testId="banner-editor">
      <LocalizedFields label={t('banners.bannerTitle')} maxLength={120} {...editor.texts('title')} />
      <LocalizedFields label={t('banners.subtitle')} maxLength={240} {...editor.texts('subtitle')} />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label={t('banners.href')}
          hint={t('banners.hrefHint')}
          dir="ltr"
          autoComplete="off"
          {...editor.text('href')}
        />
        <SelectField
          label={t('banners.placement')}
          name="placement"
          value={draft.placement}
          error={form.errors.placement}
          onChange={(event) => editor.setDraft((d) => ({ ...d, placement: event.target.value as Placement }))}
        >
          {BANNER_PLACEMENTS.map((placement) => (
            <option key={placement} value={placement}>
              {t(`banners.placements.${placement}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('banners.startsAt')}
          hint={t('banners.dateHint')}
          type="datetime-local"
          optional
          {...editor.text('startsAt')}
        />
        <TextField
          label={t('banners.endsAt')}
          type="datetime-local"
          optional
          {...editor.text('endsAt')}
        />
      </div>
      <SlugAndSort errors={form.errors} {...sortProps(editor)} />
      <label className="flex items-center gap-3 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          name="active"
          className="h-5 w-5 accent-moss-700"
          checked={draft.active}
          onChange={(event) => editor.setDraft((d) => ({ ...d, active: event.target.checked }))}
        />
        {t('banners.active')}
      </label>
      <ImageChooser {...editor.picture('image')} label={t('image.label')} currentUrl={draft.imageUrl} />
    </EditorCard>
  );
}

function statusOf(banner: TAdminBanner, now: number): { key: 'live' | 'scheduled' | 'ended' | 'inactive'; tone: Tone } {
  if (!banner.active) return { key: 'inactive', tone: 'neutral' };
  if (banner.live) return { key: 'live', tone: 'approved' };
  if (banner.startsAt !== null && banner.startsAt > now) return { key: 'scheduled', tone: 'pending' };
  return { key: 'ended', tone: 'rejected' };
}

export function BannersPage({ banners }: { banners: TAdminBanner[] }) {
  const { t } = useTranslation('adminCatalog');
  const { language } = usePreferences();
  const rows = useCatalogRows<TAdminBanner, Draft>({ path: CATALOG_PATHS.banners });
  const now = Date.now();

  const when = (ms: number) => `${new Date(ms).toLocaleDateString(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric' })} ${formatTime(ms, language)}`;
  const windowText = (banner: TAdminBanner) => {
    if (banner.startsAt !== null && banner.endsAt !== null) return t('banners.window', { from: when(banner.startsAt), to: when(banner.endsAt) });
    if (banner.startsAt !== null) return t('banners.from', { date: when(banner.startsAt) });
    if (banner.endsAt !== null) return t('banners.until', { date: when(banner.endsAt) });
    return t('banners.always');
  };

  return (
    <CatalogPage
      section="banners"
      action={
        <NewItemButton
          section="banners"
          testId="new-banner"
          onClick={() => rows.edit(draftOf(null, 'hero', (banners.filter((b) => b.placement === 'hero').length + 1) * 10))}
        />
      }
    >
      {rows.editor((props) => (
        <BannerEditor key={props.draft.id ?? 'new'} {...props} />
      ))}
      <LoadedList list={banners} emptyCard>
        {(list) => (
          <div className="space-y-6" data-testid="banner-list">
            {BANNER_PLACEMENTS.map((placement) => {
              const group = list.filter((banner) => banner.placement === placement);
              if (group.length === 0) return null;
              return (
                <ListCard key={placement} id={`banners-${placement}`} title={t(`banners.placements.${placement}`)}>
                  <ul className="divide-y divide-sand-200">
                    {group.map((banner) => {
                      const title = textIn(banner.title, language);
                      const status = statusOf(banner, now);
                      return (
                        <li key={banner.id} data-testid="banner-row" data-title={banner.title.en ?? ''} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                          <span className="flex aspect-[3/1] w-full shrink-0 items-center justify-center overflow-hidden rounded-lg bg-sand-100 sm:w-40">
                            {banner.imageUrl ? <img src={banner.imageUrl} alt="" className="h-full w-full object-cover" /> : <span className="text-xs text-ink-muted">{t('image.noImage')}</span>}
                          </span>
                          <div className="min-w-0 flex-1 basis-48">
                            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                              <span>{title}</span>
                              <Badge tone={status.tone} testId="banner-status">
                                {t(`banners.${status.key}`)}
                              </Badge>
                            </p>
                            <p className="text-sm text-ink">{textIn(banner.subtitle, language)}</p>
                            <p className="flex flex-wrap gap-x-3 text-sm text-ink-muted">
                              <span dir="ltr">{banner.href}</span>
                              <span>{windowText(banner)}</span>
                              <MissingLanguages texts={banner.title} />
                            </p>
                          </div>
                          <RowActions name={title} {...rows.actions(banner, draftOf(banner), group)} />
                        </li>
                      );
                    })}
                  </ul>
                </ListCard>
              );
            })}
          </div>
        )}
      </LoadedList>
      <ConfirmDelete {...rows.confirmDelete((banner) => textIn(banner.title, language))} />
    </CatalogPage>
  );
}
