import { PRODUCT_IMAGES_MAX, uploadAccept, type TImage } from '@tessera/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { checkUploadFiles } from '../../../lib/file-check';
import { formatNumber } from '../../../lib/format';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { CloseIcon } from '../../../ui/icons';
import { useFileProblemText } from '../../../ui/file-problems';
import { CameraIcon } from '../../../ui/more-icons';
import { useSnackbar } from '../../../ui/snackbar';
import { errorText } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Card } from '../../../ui/bits';
import { deleteImage, reorderImages, uploadImages } from './api';
import { rowKey } from './draft';

/** A photo chosen for a product that does not exist yet: uploaded right after the first save. */
export interface PendingImage {
  key: string;
  file: File;
  url: string;
}

interface Tile {
  key: string;
  src: string;
}

function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const next = [...list];
  const target = index + delta;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * Checks chosen photos one by one as they are chosen (kind by their bytes, size, whether the
 * browser can decode them, pixels), with the same rules and sentences as every upload field.
 * Answers the photos to keep, within the room left, and a sentence for each one left out.
 */
function useFileCheck() {
  const { t } = useTranslation('sellerCatalog');
  const { language } = usePreferences();
  const problemText = useFileProblemText();
  return async (files: File[], room: number): Promise<{ ok: File[]; problems: string[] }> => {
    const { ok, refused } = await checkUploadFiles(files, 'product-image');
    const problems = refused.map(({ file, problem }) => problemText(problem, file.name, 'product-image'));
    if (ok.length > room) problems.push(t('form.tooManyImages', { total: formatNumber(PRODUCT_IMAGES_MAX, language) }));
    return { ok: ok.slice(0, Math.max(0, room)), problems };
  };
}

/** What went wrong with the last photos chosen: each sentence names its file. */
function Problems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul role="alert" className="mt-3 space-y-1 rounded-xl border border-clay-500 bg-clay-50 px-4 py-3 text-sm text-clay-700" data-testid="image-problems">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

function Gallery({
  tiles,
  busy,
  onAdd,
  onMove,
  onRemove,
  note,
  problems = [],
}: {
  problems?: readonly string[];
  tiles: Tile[];
  busy: boolean;
  onAdd(files: File[]): void;
  onMove(index: number, delta: number): void;
  onRemove(index: number): void;
  note?: string;
}) {
  const { t } = useTranslation('sellerCatalog');
  const { language, dir } = usePreferences();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const full = tiles.length >= PRODUCT_IMAGES_MAX;
  const n = (i: number) => formatNumber(i + 1, language);
  // "Earlier" points to the start of the line: left in English, right in Arabic.
  const [earlier, later] = dir === 'rtl' ? ['→', '←'] : ['←', '→'];

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0) onAdd(files);
  }

  const small = 'inline-flex h-9 w-9 items-center justify-center rounded-full bg-white/95 text-moss-900 shadow ring-1 ring-sand-300 hover:bg-moss-50 disabled:opacity-40';
  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t('form.images')}
      </h2>
      <p className="mt-1 text-ink-muted" id={`${id}-hint`}>
        {t('form.imagesLead', { total: formatNumber(PRODUCT_IMAGES_MAX, language) })}
      </p>
      {tiles.length > 0 ? (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="product-images">
          {tiles.map((tile, index) => (
            <li key={tile.key} className="relative overflow-hidden rounded-xl border border-sand-200 bg-sand-100">
              <img src={tile.src} alt={t('form.photo', { number: n(index) })} className="aspect-square w-full object-cover" data-testid="product-image" />
              {index === 0 ? (
                <span className="absolute start-2 top-2 rounded-full bg-moss-800 px-2 py-0.5 text-xs font-semibold text-white">{t('form.cover')}</span>
              ) : null}
              <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-gradient-to-t from-black/40 to-transparent p-2">
                <div className="flex gap-1">
                  <button type="button" className={small} disabled={busy || index === 0} onClick={() => onMove(index, -1)} aria-label={t('form.moveEarlier', { number: n(index) })}>
                    <span aria-hidden="true">{earlier}</span>
                  </button>
                  <button
                    type="button"
                    className={small}
                    disabled={busy || index === tiles.length - 1}
                    onClick={() => onMove(index, 1)}
                    aria-label={t('form.moveLater', { number: n(index) })}
                  >
                    <span aria-hidden="true">{later}</span>
                  </button>
                </div>
                <button type="button" className={small} disabled={busy} onClick={() => onRemove(index)} aria-label={t('form.removeImage', { number: n(index) })}>
                  <CloseIcon width={16} height={16} />
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 rounded-xl border border-dashed border-sand-300 bg-sand-50 px-4 py-6 text-center text-ink-muted">{t('form.noImages')}</p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          multiple
          accept={uploadAccept('product-image')}
          className="sr-only"
          onChange={chosen}
          disabled={busy || full}
          aria-describedby={`${id}-hint`}
          // The button below opens it: named like it, and out of the tab order so the keyboard meets one control.
          aria-label={t('form.addImages')}
          tabIndex={-1}
          data-testid="product-image-input"
        />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={busy || full}>
          <CameraIcon width={18} height={18} />
          {busy ? t('form.uploading') : t('form.addImages')}
        </Button>
        {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
      </div>
      <Problems problems={problems} />
    </Card>
  );
}

/** Photos of a new product, kept in the browser until the product is created. */
export function PendingImages({ files, onChange }: { files: PendingImage[]; onChange(files: PendingImage[]): void }) {
  const { t } = useTranslation('sellerCatalog');
  const check = useFileCheck();
  const [problems, setProblems] = useState<string[]>([]);
  const latest = useRef(files);
  latest.current = files;
  // The previews' object URLs go with the page.
  useEffect(() => () => latest.current.forEach((f) => URL.revokeObjectURL(f.url)), []);
  return (
    <Gallery
      tiles={files.map((f) => ({ key: f.key, src: f.url }))}
      busy={false}
      note={files.length > 0 ? t('form.imagesQueued') : undefined}
      problems={problems}
      onAdd={(chosen) =>
        void check(chosen, PRODUCT_IMAGES_MAX - latest.current.length).then(({ ok, problems: found }) => {
          setProblems(found);
          onChange([...latest.current, ...ok.map((file) => ({ key: rowKey(), file, url: URL.createObjectURL(file) }))]);
        })
      }
      onMove={(index, delta) => onChange(move(files, index, delta))}
      onRemove={(index) => {
        const gone = files[index];
        if (gone) URL.revokeObjectURL(gone.url);
        onChange(files.filter((_, i) => i !== index));
      }}
    />
  );
}

/** Photos of a saved product: every change goes to the server at once (it processes the files). */
export function SavedImages({ productId, images, onChange }: { productId: string; images: TImage[]; onChange(images: TImage[]): void }) {
  const { t } = useTranslation('sellerCatalog');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const check = useFileCheck();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);

  async function run(work: () => Promise<{ images: TImage[] }>, done?: string) {
    setBusy(true);
    try {
      onChange((await work()).images);
      if (done) snackbar(done);
    } catch (failure) {
      snackbar(errorText(failure, tp), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Gallery
      tiles={images.map((image) => ({ key: image.id, src: image.url }))}
      busy={busy}
      problems={problems}
      onAdd={(chosen) =>
        void check(chosen, PRODUCT_IMAGES_MAX - images.length).then(({ ok, problems: found }) => {
          setProblems(found);
          if (ok.length > 0) void run(() => uploadImages(session.client(), productId, ok));
        })
      }
      onMove={(index, delta) => void run(() => reorderImages(session.client(), productId, move(images, index, delta)))}
      onRemove={(index) => {
        const image = images[index];
        if (image) void run(() => deleteImage(session.client(), productId, image.id), t('form.imageRemoved'));
      }}
    />
  );
}
