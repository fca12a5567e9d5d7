import { LANGUAGES, type Language, type TAdminBlogPost, type TBlogCategory } from '@tessera/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../../../lib/i18n';
import { problemOf, useAction } from '../../../lib/route-data';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { FileField } from '../../../ui/FileField';
import { Tabs } from '../../../ui/Tabs';
import { previewPostBody, type PostInput } from './api';
import { ConfirmDialog } from './ConfirmDialog';

type Texts = Record<Language, { title: string; excerpt: string; body: string }>;
const emptyTexts = (): Texts => Object.fromEntries(LANGUAGES.map((l) => [l, { title: '', excerpt: '', body: '' }])) as Texts;

/** Markdown snippets of the toolbar, wrapped around the selection. */
const MARKS = { bold: ['**', '**'], italic: ['*', '*'], heading: ['\n## ', ''], link: ['[', '](https://)'], list: ['\n- ', ''], quote: ['\n> ', ''] } as const;

/**
 * Writing a post in the console (/admin/blog/new, /admin/blog/:id): slug, category, tags, a tab per
 * language with title, summary and a Markdown body (toolbar; preview rendered and sanitised by the
 * server), the cover, and publishing now, on a date, or back to draft.
 */
export function BlogEditorPage({ post: loaded, categories }: { post: TAdminBlogPost | null; categories: TBlogCategory[] }) {
  const { t } = useTranslation('blog');
  const navigate = useNavigate();
  const [post, setPost] = useState<TAdminBlogPost | null>(loaded);
  const [slug, setSlug] = useState(loaded?.slug ?? '');
  const [categoryId, setCategoryId] = useState(loaded?.categoryId ?? '');
  const [tags, setTags] = useState(loaded?.tags.join(', ') ?? '');
  const [texts, setTexts] = useState<Texts>(() => textsOf(loaded));
  const [language, setLanguage] = useState<Language>('en');
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const body = useRef<HTMLTextAreaElement>(null);

  function adopt(saved: TAdminBlogPost) {
    setPost(saved);
    setSlug(saved.slug);
    setCategoryId(saved.categoryId ?? '');
    setTags(saved.tags.join(', '));
    setTexts(textsOf(saved));
  }

  const fail = (text: string) => setMessage({ tone: 'error', text });
  // Every change goes through the route's action; each answers the saved post (delete goes back to the list).
  const action = useAction<TAdminBlogPost>({
    done: (saved, intent) => {
      adopt(saved);
      if (intent !== 'cover') setMessage({ tone: 'success', text: t('admin.saved') });
      if (!post) void navigate(`/admin/blog/${saved.id}`, { replace: true });
    },
    failed: (problem, intent) => {
      if (intent === 'delete') setConfirmingDelete(false);
      fail(problem.message);
    },
  });

  const input = (): PostInput => ({
    id: post?.id ?? null,
    slug,
    categoryId: categoryId || null,
    tags: tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean),
    texts: Object.fromEntries(LANGUAGES.filter((l) => texts[l].title.trim()).map((l) => [l, texts[l]])),
  });

  function save(event?: FormEvent) {
    event?.preventDefault();
    void action.submit('save', input());
  }

  function act(step: 'publish' | 'unpublish', publishAt?: number) {
    void action.submit(step, { post: input(), step, ...(publishAt ? { publishAt } : {}) });
  }

  async function remove() {
    if (post) await action.submit('delete', post.id);
  }

  function uploadCover(file: File) {
    if (!post) return;
    const form = new FormData();
    form.append('id', post.id);
    form.append('image', file);
    void action.upload('cover', form);
  }

  async function showPreview() {
    setMode('preview');
    try {
      setPreview(await previewPostBody(texts[language].body));
    } catch (error) {
      fail(problemOf(error).message);
    }
  }

  function mark(kind: keyof typeof MARKS) {
    const area = body.current;
    if (!area) return;
    const [before, after] = MARKS[kind];
    const { selectionStart: start, selectionEnd: end, value } = area;
    const next = `${value.slice(0, start)}${before}${value.slice(start, end)}${after}${value.slice(end)}`;
    setText('body', next);
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(start + before.length, end + before.length);
    });
  }

  const setText = (field: 'title' | 'excerpt' | 'body', value: string) =>
    setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }));
  // The console keeps its own direction; the texts being written take their language's.
  const textDir = language === 'ar' ? 'rtl' : 'ltr';

  return (
    <form onSubmit={save} className="space-y-5" data-testid="blog-editor">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{post ? texts.en.title || texts[language].title || post.slug : t('admin.newPost')}</h1>
        {post ? (
          <span className="rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold" data-testid="post-status">
            {post.live ? t('admin.status.live') : t(`admin.status.${post.status}`)}
          </span>
        ) : null}
      </div>
      {message ? <Alert tone={message.tone} title={message.text} live /> : null}
      <div className="grid gap-4 md:grid-cols-3">
        <TextField label={t('admin.slug')} name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} required ltr />
        <SelectField label={t('admin.category')} name="categoryId" value={categoryId} onChange={(e) => setCategoryId(e.target.value)}>
          <option value="">{t('admin.noCategory')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <TextField label={t('admin.tags')} hint={t('admin.tagsHint')} name="tags" value={tags} onChange={(e) => setTags(e.target.value)} />
      </div>
      <Tabs
        label={t('admin.language')}
        look="pills"
        items={LANGUAGES.map((l) => ({ key: l as Language, label: LANGUAGE_NAMES[l], lang: l }))}
        selected={language}
        onSelect={(l: Language) => setLanguage(l)}
        panelClassName="space-y-4"
      >
        <TextField
          label={t('admin.postTitle')}
          name={`title-${language}`}
          lang={language}
          dir={textDir}
          value={texts[language].title}
          onChange={(e) => setText('title', e.target.value)}
          maxLength={160}
        />
        <TextField
          label={t('admin.excerpt')}
          name={`excerpt-${language}`}
          lang={language}
          dir={textDir}
          value={texts[language].excerpt}
          onChange={(e) => setText('excerpt', e.target.value)}
          maxLength={300}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button variant={mode === 'write' ? 'primary' : 'secondary'} onClick={() => setMode('write')}>
            {t('admin.write')}
          </Button>
          <Button variant={mode === 'preview' ? 'primary' : 'secondary'} onClick={() => void showPreview()}>
            {t('admin.preview')}
          </Button>
          {mode === 'write' ? (
            <div role="toolbar" aria-label={t('admin.toolbar.label')} className="flex flex-wrap gap-1 ms-auto">
              {(Object.keys(MARKS) as Array<keyof typeof MARKS>).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  onClick={() => mark(kind)}
                  className="rounded-lg border border-sand-300 bg-white px-2.5 py-1 text-sm font-semibold hover:border-moss-700"
                >
                  {t(`admin.toolbar.${kind}`)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        {mode === 'write' ? (
          <div>
            <label htmlFor={`body-${language}`} className="block text-sm font-semibold text-ink">
              {t('admin.body')}
            </label>
            <p id="post-body-hint" className="mt-0.5 text-sm text-ink-muted">
              {t('admin.bodyHint')}
            </p>
            <textarea
              ref={body}
              id={`body-${language}`}
              name={`body-${language}`}
              lang={language}
              dir={textDir}
              aria-describedby="post-body-hint"
              className="field mt-1.5 font-mono text-sm"
              value={texts[language].body}
              onChange={(e) => setText('body', e.target.value)}
              rows={14}
            />
          </div>
        ) : (
          <div
            className="blog-body min-h-40 rounded-2xl border border-sand-200 bg-white p-5"
            data-testid="post-preview"
            lang={language}
            dir={textDir}
            dangerouslySetInnerHTML={{ __html: preview || `<p>${t('admin.previewEmpty')}</p>` }}
          />
        )}
      </Tabs>
      <div className="flex flex-wrap items-center gap-3 border-t border-sand-200 pt-5">
        <Button type="submit">{t('admin.save')}</Button>
        <Button variant="secondary" onClick={() => act('publish')} data-testid="publish-now">
          {t('admin.publishNow')}
        </Button>
        <label className="flex items-center gap-2 text-sm font-semibold">
          {t('admin.publishAt')}
          <input type="datetime-local" className="field w-auto" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} />
        </label>
        <Button variant="secondary" disabled={!publishAt} onClick={() => act('publish', new Date(publishAt).getTime())}>
          {t('admin.schedule')}
        </Button>
        {post && post.status !== 'draft' ? (
          <Button variant="ghost" onClick={() => act('unpublish')}>
            {t('admin.unpublish')}
          </Button>
        ) : null}
        {post?.live ? (
          <a href={`/blog/${post.slug}`} className="text-sm font-semibold text-moss-800 underline">
            {t('admin.view')}
          </a>
        ) : null}
        {post ? (
          <Button variant="ghost" className="ms-auto text-clay-700" onClick={() => setConfirmingDelete(true)} data-testid="delete-post">
            {t('admin.delete')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        title={t('admin.confirmDelete')}
        description={t('admin.deleteHint')}
        confirm={t('admin.delete')}
        cancel={t('admin.cancel')}
        onClose={() => setConfirmingDelete(false)}
        onConfirm={remove}
        testId="delete-dialog"
      />
      {post ? (
        <div className="flex flex-wrap items-center gap-4 border-t border-sand-200 pt-5">
          {post.coverUrl ? <img src={post.coverUrl} alt="" className="h-24 w-44 rounded-xl object-cover" /> : null}
          <FileField
            className="min-w-64 flex-1"
            label={t('admin.cover')}
            name="cover"
            accept="image/jpeg,image/png,image/webp,image/avif"
            purpose="blog-cover"
            file={null}
            onChange={(file) => file && uploadCover(file)}
            onProblem={(text) => setMessage({ tone: 'error', text })}
            chooseText={t('admin.uploadCover')}
            changeText={t('admin.uploadCover')}
            noFileText={post.coverUrl ? t('admin.coverSet') : t('admin.coverNone')}
          />
        </div>
      ) : null}
    </form>
  );
}

function textsOf(post: TAdminBlogPost | null): Texts {
  const texts = emptyTexts();
  for (const l of LANGUAGES) {
    const text = post?.texts[l];
    if (text) texts[l] = { title: text.title, excerpt: text.excerpt, body: text.body };
  }
  return texts;
}
