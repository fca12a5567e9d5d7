import { LANGUAGES, type Language, type TBlogCategory } from '@tessera/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { useAction, type Problem } from '../../../lib/route-data';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { DialogShell, DialogTitle } from '../../../ui/DialogShell';
import { Empty } from '../../../ui/PageState';
import type { CategoryInput } from './api';

type Draft = CategoryInput;
const emptyNames = () => Object.fromEntries(LANGUAGES.map((l) => [l, ''])) as Record<Language, string>;

/**
 * The blog's categories in the console (on /admin/blog): each with its slug and its name in the
 * console's language; add one, or rename one (slug and the names in all four languages) in a dialog.
 */
export function BlogCategories({ categories }: { categories: TBlogCategory[] }) {
  const { t } = useTranslation('blog');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // The route's action saves; the list comes back from the loader.
  const saving = useAction({ done: () => setDraft(null), failed: setProblem });

  const open = (category: TBlogCategory | null) => {
    setProblem(null);
    setDraft(category ? { id: category.id, slug: category.slug, names: { ...emptyNames(), ...category.names } } : { id: null, slug: '', names: emptyNames() });
  };

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setProblem(null);
    void saving.submit('saveCategory', draft);
  }

  const fieldError = (field: string) => (problem?.field === field ? problem.message : undefined);
  return (
    <section className="mt-10" aria-labelledby="blog-categories-title" data-testid="blog-categories">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blog-categories-title" className="text-xl font-semibold">
          {t('admin.categories')}
        </h2>
        <Button variant="secondary" onClick={() => open(null)} data-testid="add-category">
          {t('admin.addCategory')}
        </Button>
      </div>
      {categories.length === 0 ? <Empty>{t('admin.noCategories')}</Empty> : null}
      <ul className="mt-4 divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white">
        {categories.map((category) => (
          <li key={category.id} className="flex flex-wrap items-center gap-3 p-4" data-testid="category-row">
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                <bdi>{category.name}</bdi>
              </p>
              <p className="text-sm text-ink-muted">
                <bdi dir="ltr">{category.slug}</bdi>
              </p>
            </div>
            <button
              type="button"
              onClick={() => open(category)}
              aria-label={t('admin.renameNamed', { name: category.name })}
              className="text-sm font-semibold text-moss-800 underline"
            >
              {t('admin.rename')}
            </button>
          </li>
        ))}
      </ul>
      <DialogShell open={draft !== null} onClose={() => setDraft(null)} size="lg" testId="category-dialog">
        {draft ? (
          <form onSubmit={save} className="space-y-4">
            <DialogTitle>{draft.id ? t('admin.renameCategory') : t('admin.addCategory')}</DialogTitle>
            {problem && !problem.field?.startsWith('names') && problem.field !== 'slug' ? <Alert tone="error" title={problem.message} /> : null}
            <TextField
              label={t('admin.slug')}
              name="slug"
              value={draft.slug}
              onChange={(e) => setDraft({ ...draft, slug: e.target.value })}
              error={fieldError('slug')}
              required
              ltr
            />
            {LANGUAGES.map((language) => (
              <TextField
                key={language}
                label={t('admin.categoryName', { language: LANGUAGE_NAMES[language] })}
                name={`name-${language}`}
                lang={language}
                dir={language === 'ar' ? 'rtl' : 'ltr'}
                value={draft.names[language]}
                onChange={(e) => setDraft({ ...draft, names: { ...draft.names, [language]: e.target.value } })}
                error={fieldError(`names.${language}`)}
                maxLength={60}
                required
              />
            ))}
            <div className="flex flex-wrap justify-end gap-3 pt-2">
              <Button variant="secondary" onClick={() => setDraft(null)}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" disabled={saving.pending} data-testid="save-category">
                {t('admin.save')}
              </Button>
            </div>
          </form>
        ) : null}
      </DialogShell>
    </section>
  );
}
