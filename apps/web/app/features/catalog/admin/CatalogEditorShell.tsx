import { VALIDATION_MESSAGES } from '@tessera/contracts';
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useRevalidator } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { Button } from '../../../ui/Button';
import { PlusIcon } from '../../../ui/more-icons';
import { useSnackbar } from '../../../ui/snackbar';
import { errorField, errorText, fieldErrorsFromIssues, type FieldErrors, type SchemaIssue } from '../../../lib/errors';
import { usePortalSession } from '../../portal-shell/session';
import { Empty } from '../../../ui/PageState';
import { Card } from '../../../ui/bits';
import { Dialog } from '../../../ui/Dialog';
import { useAction, type Problem } from '../../../lib/route-data';
import { catalogSaveForm, useCanEditCatalog, type CatalogSaved, type PictureField } from './api';
import type { CatalogSection, Texts } from './parts';
import { moveAmongSiblings, slugify } from './reorder';

/*
 * The scaffolding every catalog page shares: a list (from the route's clientLoader) with its empty state; an
 * editor card that creates or changes one item; moves, deletes and their confirmation; the
 * snackbars and field errors of each. The pages keep only their own fields and rows.
 */

/** What a page hands its editor: the draft to edit, and what to do once it is saved or cancelled. */
export interface EditorProps<D> {
  draft: D;
  onDone(): void;
  onCancel(): void;
}

/** An item that has a place among its siblings. */
type Sortable = { id: string; sort: number };

/**
 * The list side of a catalog page: which item the editor has open, which one waits for its delete to
 * be confirmed, and the moves and deletes. After a change the route's loader reads the lists again.
 */
export function useCatalogRows<T extends { id: string }, D>({ path }: { path: string }) {
  const { t } = useTranslation('adminCatalog');
  const { t: tp } = useTranslation('portal');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const canEdit = useCanEditCatalog();
  const [editing, setEditing] = useState<D | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();

  async function move(siblings: readonly Sortable[], item: T, delta: -1 | 1) {
    try {
      for (const change of moveAmongSiblings(siblings, item.id, delta)) {
        await session.client().request('PATCH', `${path}/${change.id}`, { body: { sort: change.sort } });
      }
      snackbar(t('common.reordered'));
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      reload();
    }
  }

  async function remove(item: T) {
    setBusy(true);
    try {
      await session.client().request('DELETE', `${path}/${item.id}`);
      snackbar(t('common.deleted'));
      reload();
    } catch (error) {
      snackbar(errorText(error, tp), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return {
    /** Owners and moderators change the catalog; support only reads it. */
    canEdit,
    /** Opens the editor on a draft (a new item's, or one of the list's). */
    edit: setEditing,
    /** The open editor, drawn by `render`; nothing while none is open. */
    editor(render: (props: EditorProps<D>) => ReactNode): ReactNode {
      if (editing === null) return null;
      return render({
        draft: editing,
        onCancel: () => setEditing(null),
        // The save's action has revalidated the route's loaders: the list is the server's already.
        onDone: () => setEditing(null),
      });
    },
    /** RowActions' handlers for one item: edit it as `draft`; move it among `siblings` (none: the list has no order). */
    actions(item: T, draft: D, siblings?: readonly Sortable[]) {
      const index = siblings ? siblings.findIndex((other) => other.id === item.id) : -1;
      return {
        canEdit,
        sortable: siblings !== undefined,
        onUp: siblings && index > 0 ? () => void move(siblings, item, -1) : undefined,
        onDown: siblings && index >= 0 && index < siblings.length - 1 ? () => void move(siblings, item, 1) : undefined,
        onEdit: () => setEditing(draft),
        onDelete: () => setDeleting(item),
      };
    },
    /** ConfirmDelete's props: the dialog asks about the item waiting for its delete, by `nameOf` it. */
    confirmDelete(nameOf: (item: T) => string) {
      return {
        name: deleting ? nameOf(deleting) : null,
        busy,
        onClose: () => setDeleting(null),
        onConfirm: () => deleting && void remove(deleting),
      };
    },
  };
}

/** The form errors of a failed save: the server's field (or the form as a whole) and a snackbar. */
export function useFormErrors() {
  const { t } = useTranslation('portal');
  const { language } = usePreferences();
  const snackbar = useSnackbar();
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    errors,
    setErrors,
    clear: (field?: string) => setErrors((current) => (field ? { ...current, [field]: undefined } : {})),
    /** Client-side check with the contracts schema; false (and errors shown) when it fails. */
    check(issues: readonly SchemaIssue[] | undefined): boolean {
      if (!issues || issues.length === 0) return true;
      setErrors(fieldErrorsFromIssues(issues, language, () => VALIDATION_MESSAGES[language].REQUIRED));
      return false;
    },
    /** The server's refusal of a save (from the route's action): beside its field, and a snackbar. */
    refused(problem: Problem) {
      const field = problem.field;
      if (field) setErrors((current) => ({ ...current, [field]: problem.message }));
      snackbar(problem.message, { variant: 'error' });
    },
    fail(error: unknown) {
      const message = errorText(error, t);
      const field = errorField(error);
      if (field) setErrors((current) => ({ ...current, [field]: message }));
      snackbar(message, { variant: 'error' });
    },
  };
}

/** The draft's keys that hold a plain text. */
type StringKey<D> = { [K in keyof D]: D[K] extends string ? K : never }[keyof D] & string;

/** The draft's keys that hold a text in each language. */
type TextsKey<D> = { [K in keyof D]: D[K] extends Texts ? K : never }[keyof D] & string;

/**
 * The editor side: the draft, its field errors, the picture chosen to upload with the save, and a save
 * that goes to the route's action (`save`, built by `catalogSave`): it creates the item (or changes it,
 * once it has an id) and then does what else the item needs; the loaders then read the lists again.
 */
export function useCatalogEditor<D extends { id: string | null }, S extends { id: string }>({ draft: initial, path, onDone }: { draft: D; path: string; onDone(): void }) {
  const { t } = useTranslation('adminCatalog');
  const session = usePortalSession();
  const snackbar = useSnackbar();
  const form = useFormErrors();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  // The draft once the server has the item, so that a failure after it changes the item rather than creating another.
  const adopt = useRef<((saved: S, draft: D) => D) | undefined>(undefined);
  const saving = useAction<CatalogSaved<S>>({
    done: ({ saved, pictureSent, failure }) => {
      const adopted = adopt.current;
      if (adopted) setDraft((current) => adopted(saved, current));
      if (pictureSent) setFile(null);
      if (failure) return form.fail(failure);
      snackbar(t('common.saved'));
      onDone();
    },
    failed: form.refused,
  });

  function save({
    body,
    patch,
    issues,
    adopt: adoptSaved,
    upload,
    links,
  }: {
    /** What a creation sends. */
    body: unknown;
    /** What a change sends, when not the same. */
    patch?: unknown;
    /** The contracts schema's objections to `body`: nothing is sent while there are any. */
    issues: readonly SchemaIssue[] | undefined;
    /** The draft once the server has the item. */
    adopt?(saved: S, draft: D): D;
    /** Uploads the chosen picture as this field. */
    upload?: PictureField;
    /** What the route's action sets apart once the item exists (catalogSave's `after`). */
    links?: unknown;
  }) {
    if (!form.check(issues)) return;
    adopt.current = adoptSaved;
    void saving.upload('save', catalogSaveForm({ id: draft.id, body, patch, upload, links }, upload ? file : null));
  }

  /** Removes the saved item's picture; `apply` takes the item as the server answers it into the draft. */
  async function removePicture(field: PictureField, apply: (saved: S, draft: D) => D) {
    if (!draft.id) return;
    try {
      const answer = await session.client().request<{ data: S }>('DELETE', `${path}/${draft.id}/${field}`);
      setDraft((current) => apply(answer.data, current));
      snackbar(t('image.removed'));
    } catch (error) {
      form.fail(error);
    }
  }

  return {
    draft,
    setDraft,
    form,
    busy: saving.pending,
    isNew: !draft.id,
    save,
    removePicture,
    /** Sets one field of the draft and clears its error. */
    set<K extends keyof D & string>(field: K, value: D[K]) {
      form.clear(field);
      setDraft((current) => ({ ...current, [field]: value }));
    },
    /** A TextField's props for a plain text of the draft: name, value, its error, and the change. */
    text<K extends StringKey<D>>(name: K) {
      return {
        name,
        value: draft[name] as string,
        error: form.errors[name],
        onChange: (event: { target: { value: string } }) => {
          form.clear(name);
          setDraft((current) => ({ ...current, [name]: event.target.value }));
        },
      };
    },
    /** LocalizedFields' props for a translated text; `then` follows the change (a slug follows the name). */
    texts<K extends TextsKey<D>>(name: K, then: (draft: D) => D = (next) => next) {
      return {
        name,
        value: draft[name] as Texts,
        errors: form.errors,
        onChange: (value: Texts) => {
          form.clear(`${name}.en`);
          setDraft((current) => then({ ...current, [name]: value }));
        },
      };
    },
    /** ImageChooser's props for the picture uploaded with the save. */
    picture(name: PictureField) {
      return {
        name,
        file,
        error: form.errors[name],
        onFile: (next: File | null) => {
          form.clear(name);
          setFile(next);
        },
      };
    },
  };
}

/** What the field helpers and the card need of an editor. */
export interface CatalogEditor<D> {
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  form: ReturnType<typeof useFormErrors>;
  busy: boolean;
  isNew: boolean;
}

/** A draft whose slug follows its name until someone types one. */
type SlugDraft = { slug: string; slugTouched: boolean };

/** The slug suggested from `name`, unless one was typed. */
export function followName<D extends SlugDraft>(draft: D, name: string): D {
  return draft.slugTouched ? draft : { ...draft, slug: slugify(name) };
}

/** SlugAndSort's slug: a typed slug stops following the name. */
export function slugProps<D extends SlugDraft>(editor: CatalogEditor<D>) {
  return {
    slug: editor.draft.slug,
    onSlug: (slug: string) => {
      editor.form.clear('slug');
      editor.setDraft((current) => ({ ...current, slug, slugTouched: true }));
    },
  };
}

/** SlugAndSort's sort order (0 while the input holds no number). */
export function sortProps<D extends { sort: number }>(editor: CatalogEditor<D>) {
  return {
    sort: editor.draft.sort,
    onSort: (sort: number) => editor.setDraft((current) => ({ ...current, sort: Number.isFinite(sort) ? sort : 0 })),
  };
}

/** The editor of one item: a card with its form, saved or cancelled; it scrolls into view when opened. */
export function EditorCard<D>({
  section,
  editor,
  onSubmit,
  onCancel,
  children,
  testId,
}: {
  /** Names the card: the section's "new" or "edit" title. */
  section: CatalogSection;
  editor: CatalogEditor<D>;
  onSubmit(): void;
  onCancel(): void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('adminCatalog');
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    ref.current?.focus();
  }, []);
  const { busy, isNew } = editor;
  return (
    <Card aria-labelledby="catalog-editor-title" className="border-moss-300 ring-1 ring-moss-200" data-testid={testId}>
      <h2 id="catalog-editor-title" ref={ref} tabIndex={-1} className="scroll-mt-6 text-xl font-semibold focus:outline-none">
        {isNew ? t(`${section}.newTitle`) : t(`${section}.editTitle`)}
      </h2>
      <form
        className="mt-4 space-y-5"
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <div className="flex flex-wrap justify-end gap-3 border-t border-sand-200 pt-4">
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy} data-testid="catalog-save">
            {busy ? t('common.saving') : isNew ? t('common.create') : t('common.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The button that opens the editor on a new item of the section. */
export function NewItemButton({ section, testId, onClick, variant }: { section: CatalogSection; testId: string; onClick(): void; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Button variant={variant} onClick={onClick} data-testid={testId}>
      <PlusIcon width={18} height={18} />
      {t(`${section}.new`)}
    </Button>
  );
}

/**
 * A list, or the shared empty state (in a card of its own, `emptyCard`) while it is empty. Its pending
 * and error states are the route's (HydrateFallback, PortalRouteError).
 */
export function LoadedList<T>({ list, emptyCard = false, children }: { list: T[]; emptyCard?: boolean; children: (list: T[]) => ReactNode }) {
  const { t } = useTranslation('adminCatalog');
  if (list.length > 0) return <>{children(list)}</>;
  const empty = <Empty>{t('common.empty')}</Empty>;
  return emptyCard ? <Card>{empty}</Card> : empty;
}

/** A card with a heading over a list. */
export function ListCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card padded={false} aria-labelledby={id} className="overflow-hidden">
      <h2 id={id} className="px-5 pt-5 text-xl font-semibold sm:px-6">
        {title}
      </h2>
      <div className="p-5 pt-3 sm:px-6">{children}</div>
    </Card>
  );
}

/** A catalog list in a card: one row an item, drawn by `row` (an <li> with its key). */
export function CatalogList<T>({
  id,
  title,
  list: items,
  testId,
  row,
}: {
  id: string;
  title: string;
  list: T[];
  testId: string;
  row(item: T, list: T[]): ReactNode;
}) {
  return (
    <ListCard id={id} title={title}>
      <LoadedList list={items}>
        {(list) => (
          <ul className="divide-y divide-sand-200" data-testid={testId}>
            {list.map((item) => row(item, list))}
          </ul>
        )}
      </LoadedList>
    </ListCard>
  );
}

/** Asks before deleting; the server's refusal (still in use) comes back as a message. */
export function ConfirmDelete({
  name,
  body,
  busy,
  onConfirm,
  onClose,
}: {
  name: string | null;
  body?: string;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation('adminCatalog');
  return (
    <Dialog
      open={name !== null}
      title={name ? t('common.confirmDeleteTitle', { name }) : ''}
      description={body ?? t('common.confirmDeleteBody')}
      onClose={onClose}
      testId="confirm-delete"
    >
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button className="bg-clay-700 hover:bg-clay-600" disabled={busy} onClick={onConfirm} data-testid="confirm-delete-button">
          {t('common.delete')}
        </Button>
      </div>
    </Dialog>
  );
}
