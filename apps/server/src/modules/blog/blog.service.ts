import type { Kysely } from 'kysely';
import type {
  ZBlogPostInputSchema} from '@tessera/contracts';
import {
  BLOG_FEED_SIZE,
  BLOG_PAGE_SIZE,
  LANGUAGES,
  type BlogPostStatus,
  type Language,
  type TAdminBlogPost,
  type TBlogCategory,
  type TBlogList,
  type TBlogPost,
  type TBlogPostInput,
  type TBlogPostSummary,
  type TTeamMember,
} from '@tessera/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError, NotFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { publicMediaPath, type UploadRequester, type UploadsService } from '../uploads/index.js';
import { renderBlogBody } from './blog-html.js';
import type { BlogPostsTable, BlogPostTextsTable } from './blog.tables.js';

type PostInput = z.output<typeof ZBlogPostInputSchema>;
type TextRow = Pick<BlogPostTextsTable, 'post_id' | 'language' | 'title' | 'excerpt' | 'html'> & Partial<Pick<BlogPostTextsTable, 'body'>>;

/** Who wrote a post: the team's names, read once per call through the team service. */
export type TeamDirectory = () => Promise<TTeamMember[]>;

const nameOf = (member: TTeamMember | undefined): string => (member ? [member.firstName, member.lastName].filter(Boolean).join(' ') || 'Tessera' : 'Tessera');

/**
 * The blog: the team writes posts (a version per language), publishes them now or at a time, and
 * unpublishes them; the public reads live posts — not drafts, and scheduled ones once their time
 * has come, decided by the query at read time so nothing has to run when a post falls due.
 */
export class BlogService {
  constructor(private readonly deps: { db: Kysely<Database>; uploads: UploadsService; team: TeamDirectory; now?: () => number }) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Live posts: not drafts, publish time reached. */
  private livePosts(now: number) {
    return this.deps.db.selectFrom('blog_posts').where('blog_posts.status', '!=', 'draft').where('blog_posts.publish_at', '<=', now);
  }

  // Public ---------------------------------------------------------------------------------------

  async listPublic(options: { language: Language; page: number; category?: string | undefined; tag?: string | undefined }): Promise<TBlogList> {
    const now = this.now();
    const categories = await this.categories(options.language);
    let query = this.livePosts(now);
    if (options.category) {
      const category = categories.find((c) => c.slug === options.category);
      if (!category) return { items: [], page: options.page, pageCount: 0, total: 0, categories };
      query = query.where('blog_posts.category_id', '=', category.id);
    }
    if (options.tag) {
      const tag = options.tag;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('blog_post_tags')
            .select('blog_post_tags.post_id')
            .whereRef('blog_post_tags.post_id', '=', 'blog_posts.id')
            .where('blog_post_tags.tag', '=', tag),
        ),
      );
    }
    const counted = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = await query
      .selectAll('blog_posts')
      .orderBy('blog_posts.publish_at', 'desc')
      .orderBy('blog_posts.id', 'desc')
      .limit(BLOG_PAGE_SIZE)
      .offset((options.page - 1) * BLOG_PAGE_SIZE)
      .execute();
    const items = await this.summaries(rows, options.language, categories);
    return { items, page: options.page, pageCount: Math.ceil(total / BLOG_PAGE_SIZE), total, categories };
  }

  async getPublic(options: { slug: string; language: Language }): Promise<TBlogPost> {
    const row = await this.livePosts(this.now()).selectAll('blog_posts').where('blog_posts.slug', '=', options.slug).executeTakeFirst();
    if (!row) throw NotFound();
    const [post] = await this.summaries([row], options.language, await this.categories(options.language), true);
    return post as TBlogPost;
  }

  /** The newest live posts in a language, with their HTML (the RSS and Atom feeds). */
  async feed(options: { language: Language }): Promise<TBlogPost[]> {
    const rows = await this.livePosts(this.now())
      .selectAll('blog_posts')
      .orderBy('blog_posts.publish_at', 'desc')
      .orderBy('blog_posts.id', 'desc')
      .limit(BLOG_FEED_SIZE)
      .execute();
    return (await this.summaries(rows, options.language, await this.categories(options.language), true)) as TBlogPost[];
  }

  async categories(language: Language): Promise<TBlogCategory[]> {
    const rows = await this.deps.db.selectFrom('blog_categories').selectAll().orderBy('slug').execute();
    return rows.map((row) => {
      const names = JSON.parse(row.names) as Record<string, string>;
      return { id: row.id, slug: row.slug, name: names[language] ?? names.en ?? row.slug, names };
    });
  }

  private async summaries(
    rows: BlogPostsTable[],
    language: Language,
    categories: TBlogCategory[],
    withHtml = false,
  ): Promise<Array<TBlogPostSummary & { html?: string }>> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [texts, tags, team] = await Promise.all([
      this.deps.db.selectFrom('blog_post_texts').select(['post_id', 'language', 'title', 'excerpt', 'html']).where('post_id', 'in', ids).execute(),
      this.deps.db.selectFrom('blog_post_tags').select(['post_id', 'tag']).where('post_id', 'in', ids).orderBy('tag').execute(),
      this.deps.team(),
    ]);
    return rows.map((row) => {
      const mine = texts.filter((t) => t.post_id === row.id);
      const text = pickText(mine, language);
      const summary: TBlogPostSummary & { html?: string } = {
        id: row.id,
        slug: row.slug,
        language: text.language,
        title: text.title,
        excerpt: text.excerpt,
        coverUrl: row.cover_upload_id ? publicMediaPath(row.cover_upload_id) : null,
        category: categories.find((c) => c.id === row.category_id) ?? null,
        tags: tags.filter((t) => t.post_id === row.id).map((t) => t.tag),
        author: { id: row.author_id, name: nameOf(team.find((m) => m.id === row.author_id)) },
        publishedAt: Number(row.publish_at),
        updatedAt: Number(row.updated_at),
        languages: LANGUAGES.filter((l) => mine.some((t) => t.language === l)),
      };
      if (withHtml) summary.html = text.html;
      return summary;
    });
  }

  // The team ---------------------------------------------------------------------------------------

  async adminList(): Promise<TAdminBlogPost[]> {
    const rows = await this.deps.db.selectFrom('blog_posts').selectAll().orderBy('updated_at', 'desc').execute();
    return this.adminViews(rows);
  }

  async adminGet(id: string): Promise<TAdminBlogPost> {
    const row = await this.deps.db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw NotFound();
    return (await this.adminViews([row]))[0] as TAdminBlogPost;
  }

  private async adminViews(rows: BlogPostsTable[]): Promise<TAdminBlogPost[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const now = this.now();
    const [texts, tags, team] = await Promise.all([
      this.deps.db.selectFrom('blog_post_texts').selectAll().where('post_id', 'in', ids).execute(),
      this.deps.db.selectFrom('blog_post_tags').selectAll().where('post_id', 'in', ids).orderBy('tag').execute(),
      this.deps.team(),
    ]);
    return rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      status: row.status as BlogPostStatus,
      live: row.status !== 'draft' && row.publish_at !== null && Number(row.publish_at) <= now,
      publishAt: row.publish_at === null ? null : Number(row.publish_at),
      coverUrl: row.cover_upload_id ? publicMediaPath(row.cover_upload_id) : null,
      categoryId: row.category_id,
      tags: tags.filter((t) => t.post_id === row.id).map((t) => t.tag),
      author: { id: row.author_id, name: nameOf(team.find((m) => m.id === row.author_id)) },
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      texts: Object.fromEntries(
        texts.filter((t) => t.post_id === row.id).map((t) => [t.language, { title: t.title, excerpt: t.excerpt, body: t.body, html: t.html }]),
      ),
    }));
  }

  /** A new draft by `authorId`. */
  async create(options: { input: PostInput; authorId: string }): Promise<TAdminBlogPost> {
    const id = newId();
    const now = this.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await this.assertWritable(trx, options.input, null);
      await trx
        .insertInto('blog_posts')
        .values({
          id,
          slug: options.input.slug,
          status: 'draft',
          publish_at: null,
          category_id: options.input.categoryId,
          cover_upload_id: null,
          author_id: options.authorId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await this.writeParts(trx, id, options.input);
    });
    return this.adminGet(id);
  }

  /** Replaces a post's slug, category, tags and texts (a language left out is removed). */
  async update(options: { id: string; input: PostInput }): Promise<TAdminBlogPost> {
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('blog_posts').select('id').where('id', '=', options.id).executeTakeFirst();
      if (!row) throw NotFound();
      await this.assertWritable(trx, options.input, options.id);
      await trx
        .updateTable('blog_posts')
        .set({ slug: options.input.slug, category_id: options.input.categoryId, updated_at: this.now() })
        .where('id', '=', options.id)
        .execute();
      await trx.deleteFrom('blog_post_texts').where('post_id', '=', options.id).execute();
      await trx.deleteFrom('blog_post_tags').where('post_id', '=', options.id).execute();
      await this.writeParts(trx, options.id, options.input);
    });
    return this.adminGet(options.id);
  }

  private async assertWritable(trx: Kysely<Database>, input: PostInput, id: string | null): Promise<void> {
    const taken = await trx.selectFrom('blog_posts').select('id').where('slug', '=', input.slug).executeTakeFirst();
    if (taken && taken.id !== id) throw new AppError('SLUG_TAKEN', 'slug');
    if (input.categoryId) {
      const category = await trx.selectFrom('blog_categories').select('id').where('id', '=', input.categoryId).executeTakeFirst();
      if (!category) throw new AppError('BLOG_CATEGORY_UNKNOWN', 'categoryId');
    }
  }

  private async writeParts(trx: Kysely<Database>, id: string, input: PostInput): Promise<void> {
    const texts = LANGUAGES.flatMap((language) => {
      const text = input.texts[language];
      return text ? [{ post_id: id, language, title: text.title, excerpt: text.excerpt, body: text.body, html: renderBlogBody(text.body) }] : [];
    });
    if (texts.length > 0) await trx.insertInto('blog_post_texts').values(texts).execute();
    const tags = [...new Set(input.tags)];
    if (tags.length > 0)
      await trx
        .insertInto('blog_post_tags')
        .values(tags.map((tag) => ({ post_id: id, tag })))
        .execute();
  }

  /** Live now, or scheduled for `publishAt` when that is in the future. */
  async publish(options: { id: string; publishAt?: number | undefined }): Promise<TAdminBlogPost> {
    const now = this.now();
    const at = options.publishAt !== undefined && options.publishAt > now ? options.publishAt : now;
    const status: BlogPostStatus = at > now ? 'scheduled' : 'published';
    const result = await this.deps.db
      .updateTable('blog_posts')
      .set({ status, publish_at: at, updated_at: now })
      .where('id', '=', options.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw NotFound();
    return this.adminGet(options.id);
  }

  /** Back to draft: gone from the public pages and feeds at once. */
  async unpublish(options: { id: string }): Promise<TAdminBlogPost> {
    const result = await this.deps.db
      .updateTable('blog_posts')
      .set({ status: 'draft', publish_at: null, updated_at: this.now() })
      .where('id', '=', options.id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw NotFound();
    return this.adminGet(options.id);
  }

  async remove(options: { id: string; requester: UploadRequester }): Promise<void> {
    const row = await this.deps.db.selectFrom('blog_posts').select('cover_upload_id').where('id', '=', options.id).executeTakeFirst();
    if (!row) throw NotFound();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blog_post_texts').where('post_id', '=', options.id).execute();
      await trx.deleteFrom('blog_post_tags').where('post_id', '=', options.id).execute();
      await trx.deleteFrom('blog_posts').where('id', '=', options.id).execute();
    });
    if (row.cover_upload_id) await this.deps.uploads.delete({ id: row.cover_upload_id, requester: options.requester }).catch(() => undefined);
  }

  /** Replaces the cover: checked by content and re-encoded (WebP, at most 1920 px) like product images. */
  async setCover(options: { id: string; data: Buffer; filename: string; requester: UploadRequester }): Promise<TAdminBlogPost> {
    const row = await this.deps.db.selectFrom('blog_posts').select('cover_upload_id').where('id', '=', options.id).executeTakeFirst();
    if (!row) throw NotFound();
    const saved = await this.deps.uploads.saveChecked({
      ownerId: options.requester.userId,
      purpose: 'blog-cover',
      data: options.data,
      originalName: options.filename,
      field: 'image',
      // Public from the start, like the catalog's images: the console shows a draft's cover without
      // a media token, and a cover says nothing a draft's title would not.
      public: true,
    });
    await this.deps.db.updateTable('blog_posts').set({ cover_upload_id: saved.id, updated_at: this.now() }).where('id', '=', options.id).execute();
    if (row.cover_upload_id) await this.deps.uploads.delete({ id: row.cover_upload_id, requester: options.requester }).catch(() => undefined);
    return this.adminGet(options.id);
  }

  async createCategory(options: { slug: string; names: Record<Language, string> }): Promise<TBlogCategory> {
    const taken = await this.deps.db.selectFrom('blog_categories').select('id').where('slug', '=', options.slug).executeTakeFirst();
    if (taken) throw new AppError('SLUG_TAKEN', 'slug');
    const id = newId();
    await this.deps.db
      .insertInto('blog_categories')
      .values({ id, slug: options.slug, names: JSON.stringify(options.names), created_at: this.now() })
      .execute();
    return { id, slug: options.slug, name: options.names.en, names: options.names };
  }

  /** Renames a category (its slug and its names in every language); its posts keep it. */
  async updateCategory(options: { id: string; slug: string; names: Record<Language, string> }): Promise<TBlogCategory> {
    const existing = await this.deps.db.selectFrom('blog_categories').select('id').where('id', '=', options.id).executeTakeFirst();
    if (!existing) throw NotFound();
    const taken = await this.deps.db
      .selectFrom('blog_categories')
      .select('id')
      .where('slug', '=', options.slug)
      .where('id', '<>', options.id)
      .executeTakeFirst();
    if (taken) throw new AppError('SLUG_TAKEN', 'slug');
    await this.deps.db
      .updateTable('blog_categories')
      .set({ slug: options.slug, names: JSON.stringify(options.names) })
      .where('id', '=', options.id)
      .execute();
    return { id: options.id, slug: options.slug, name: options.names.en, names: options.names };
  }
}

/** The reader's language, else English, else the first the post has. */
function pickText(texts: TextRow[], language: Language): TextRow {
  return (
    texts.find((t) => t.language === language) ??
    texts.find((t) => t.language === 'en') ??
    texts[0] ?? { post_id: '', language, title: '', excerpt: '', html: '' }
  );
}

export type { TBlogPostInput };
