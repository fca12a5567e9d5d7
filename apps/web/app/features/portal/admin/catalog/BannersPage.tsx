import { BANNER_PLACEMENTS, ZBannerInputSchema, type TAdminBanner } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, intlLocale } from '../../../../lib/format';
import { usePreferences } from '../../../../lib/preferences';
import { Button } from '../../../../ui/Button';
import { PlusIcon } from '../../../../ui/more-icons';
import { useSnackbar } from '../../../../ui/snackbar';
import { errorText } from '../../errors';
import { usePortalSession } from '../../session';
import { Badge, Card, type Tone } from '../../ui/bits';
import { SelectField, TextField } from '../../ui/fields';
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
import { moveAmongSiblings } from './reorder';

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

function BannerEditor({ draft: initial, onDone, onCancel }: { draft: Draft; onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('adminCatalog');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const form = useFormErrors();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function save() {
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
    if (!form.check(ZBannerInputSchema.safeParse(body).error?.issues)) return;
    setBusy(true);
    const client = session.client();
    try {
      const saved = draft.id
        ? (await client.request<{ data: TAdminBanner }>('PATCH', `${CATALOG_PATHS.banners}/${draft.id}`, { body })).data
        : (await client.post<{ data: TAdminBanner }>(CATALOG_PATHS.banners, body)).data;
      setDraft(draftOf(saved));
      if (file) {
        await uploadImage<TAdminBanner>(client, `${CATALOG_PATHS.banners}/${saved.id}/image`, 'image', file);
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

  return (
    <EditorCard title={draft.id ? t('banners.editTitle') : t('banners.newTitle')} busy={busy} isNew={!draft.id} onSubmit={save} onCancel={onCancel} testId="banner-editor">
      <LocalizedFields
        name="title"
        label={t('banners.bannerTitle')}
        maxLength={120}
        value={draft.title}
        errors={form.errors}
        onChange={(title) => {
          form.clear('title.en');
          setDraft((d) => ({ ...d, title }));
        }}
      />
      <LocalizedFields
        name="subtitle"
        label={t('banners.subtitle')}
        maxLength={240}
        value={draft.subtitle}
        errors={form.errors}
        onChange={(subtitle) => {
          form.clear('subtitle.en');
          setDraft((d) => ({ ...d, subtitle }));
        }}
      />
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <TextField
          label={t('banners.href')}
          hint={t('banners.hrefHint')}
          name="href"
          dir="ltr"
          autoComplete="off"
          value={draft.href}
          error={form.errors.href}
          onChange={(event) => {
            form.clear('href');
            setDraft((d) => ({ ...d, href: event.target.value }));
          }}
        />
        <SelectField
          label={t('banners.placement')}
          name="placement"
          value={draft.placement}
          error={form.errors.placement}
          onChange={(event) => setDraft((d) => ({ ...d, placement: event.target.value as Placement }))}
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
          name="startsAt"
          type="datetime-local"
          optional
          value={draft.startsAt}
          error={form.errors.startsAt}
          onChange={(event) => {
            form.clear('startsAt');
            setDraft((d) => ({ ...d, startsAt: event.target.value }));
          }}
        />
        <TextField
          label={t('banners.endsAt')}
          name="endsAt"
          type="datetime-local"
          optional
          value={draft.endsAt}
          error={form.errors.endsAt}
          onChange={(event) => {
            form.clear('endsAt');
            setDraft((d) => ({ ...d, endsAt: event.target.value }));
          }}
        />
      </div>
      <SlugAndSort sort={draft.sort} errors={form.errors} onSort={(sort) => setDraft((d) => ({ ...d, sort: Number.isFinite(sort) ? sort : 0 }))} />
      <label className="flex items-center gap-3 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          name="active"
          className="h-5 w-5 accent-moss-700"
          checked={draft.active}
          onChange={(event) => setDraft((d) => ({ ...d, active: event.target.checked }))}
        />
        {t('banners.active')}
      </label>
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
      />
    </EditorCard>
  );
}

function statusOf(banner: TAdminBanner, now: number): { key: 'live' | 'scheduled' | 'ended' | 'inactive'; tone: Tone } {
  if (!banner.active) return { key: 'inactive', tone: 'neutral' };
  if (banner.live) return { key: 'live', tone: 'approved' };
  if (banner.startsAt !== null && banner.startsAt > now) return { key: 'scheduled', tone: 'pending' };
  return { key: 'ended', tone: 'rejected' };
}

export function BannersPage() {
  const { t } = useTranslation('adminCatalog');
  const { t: tp } = useTranslation('portal');
  const { language } = usePreferences();
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const canEdit = useCanEditCatalog();
  const banners = useCatalogList<TAdminBanner>(CATALOG_PATHS.banners);
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<TAdminBanner | null>(null);
  const [busy, setBusy] = useState(false);
  const now = Date.now();

  const when = (ms: number) => `${new Date(ms).toLocaleDateString(intlLocale(language), { day: 'numeric', month: 'short', year: 'numeric' })} ${formatTime(ms, language)}`;
  const windowText = (banner: TAdminBanner) => {
    if (banner.startsAt !== null && banner.endsAt !== null) return t('banners.window', { from: when(banner.startsAt), to: when(banner.endsAt) });
    if (banner.startsAt !== null) return t('banners.from', { date: when(banner.startsAt) });
    if (banner.endsAt !== null) return t('banners.until', { date: when(banner.endsAt) });
    return t('banners.always');
  };

  async function move(list: TAdminBanner[], banner: TAdminBanner, delta: -1 | 1) {
    try {
      for (const change of moveAmongSiblings(list, banner.id, delta)) {
        await session.client().request('PATCH', `${CATALOG_PATHS.banners}/${change.id}`, { body: { sort: change.sort } });
      }
      snackbar(t('common.reordered'));
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      banners.reload();
    }
  }

  async function remove(banner: TAdminBanner) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${CATALOG_PATHS.banners}/${banner.id}`);
      snackbar(t('common.deleted'));
      banners.reload();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return (
    <CatalogPage
      title={t('banners.title')}
      lead={t('banners.lead')}
      action={
        <Button onClick={() => setEditing(draftOf(null, 'hero', ((banners.data?.filter((b) => b.placement === 'hero').length ?? 0) + 1) * 10))} data-testid="new-banner">
          <PlusIcon width={18} height={18} />
          {t('banners.new')}
        </Button>
      }
    >
      {editing ? (
        <BannerEditor
          key={editing.id ?? 'new'}
          draft={editing}
          onCancel={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            banners.reload();
          }}
        />
      ) : null}
      <Loaded resource={banners}>
        {(list) =>
          list.length === 0 ? (
            <Card>
              <p className="text-ink-muted">{t('common.empty')}</p>
            </Card>
          ) : (
            <div className="space-y-6" data-testid="banner-list">
              {BANNER_PLACEMENTS.map((placement) => {
                const group = list.filter((banner) => banner.placement === placement);
                if (group.length === 0) return null;
                return (
                  <Card key={placement} padded={false} aria-labelledby={`banners-${placement}`} className="overflow-hidden">
                    <h2 id={`banners-${placement}`} className="px-5 pt-5 text-xl font-semibold sm:px-6">
                      {t(`banners.placements.${placement}`)}
                    </h2>
                    <ul className="divide-y divide-sand-200 p-5 pt-3 sm:px-6">
                      {group.map((banner, index) => {
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
                            <RowActions
                              name={title}
                              canEdit={canEdit}
                              onUp={index > 0 ? () => void move(group, banner, -1) : undefined}
                              onDown={index < group.length - 1 ? () => void move(group, banner, 1) : undefined}
                              onEdit={() => setEditing(draftOf(banner))}
                              onDelete={() => setDeleting(banner)}
                            />
                          </li>
                        );
                      })}
                    </ul>
                  </Card>
                );
              })}
            </div>
          )
        }
      </Loaded>
      <ConfirmDelete
        name={deleting ? textIn(deleting.title, language) : null}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </CatalogPage>
  );
}
