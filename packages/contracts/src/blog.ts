import { z } from 'zod';
import { LANGUAGES, type Language } from './locale.js';
import { zText, zId } from './text.js';

/**
 * The blog (issue #13 §5): one post has a version per language (en, es, ar, ms; at least one), a
 * slug shared by all of them, a cover, a category, tags, an author from the store team and a status.
 * A post is public when it is not a draft and its publish time has come (a scheduled post appears
 * when due, without anything having to run at that moment). Bodies are written in Markdown (raw HTML
 * allowed) and rendered on the server through an allow-list sanitiser (docs/blog.md).
 */
export const BLOG_POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const BLOG_LIMITS = { slug: 120, title: 160, excerpt: 300, body: 100_000, tag: 40, tags: 10, categoryName: 60 } as const;
/** Posts per page of /blog and of the feeds. */
export const BLOG_PAGE_SIZE = 9;
export const BLOG_FEED_SIZE = 20;

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/;
export const zBlogSlug = () => z.string().trim().toLowerCase().max(BLOG_LIMITS.slug).regex(SLUG, { error: 'ENTER_VALID_SLUG' });
/** A tag: words of letters and digits (any script), spaces and hyphens. */
export const zBlogTag = () =>
  zText()
    .trim()
    .toLowerCase()
    .min(1, { error: 'REQUIRED' })
    .max(BLOG_LIMITS.tag)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N}\p{M} -]*$/u, { error: 'INVALID_FORMAT' });

export const ZBlogTextInputSchema = z.object({
  title: zText().trim().min(1, { error: 'REQUIRED' }).max(BLOG_LIMITS.title),
  excerpt: zText().trim().max(BLOG_LIMITS.excerpt).default(''),
  /** Markdown; HTML inside it is kept only as far as the sanitiser allows. */
  body: zText().max(BLOG_LIMITS.body).default(''),
});
export type TBlogTextInput = z.input<typeof ZBlogTextInputSchema>;

const ZBlogTextsInputSchema = z
  .object(
    Object.fromEntries(LANGUAGES.map((language) => [language, ZBlogTextInputSchema.optional()])) as Record<
      Language,
      z.ZodOptional<typeof ZBlogTextInputSchema>
    >,
  )
  .strict()
  .refine((texts) => LANGUAGES.some((language) => texts[language] !== undefined), { error: 'REQUIRED' });

/** Creating or replacing a post (status changes have their own calls). */
export const ZBlogPostInputSchema = z
  .object({
    slug: zBlogSlug(),
    categoryId: zId().nullable().default(null),
    tags: z.array(zBlogTag()).max(BLOG_LIMITS.tags, { error: 'TOO_MANY_ITEMS' }).default([]),
    texts: ZBlogTextsInputSchema,
  })
  .strict();
export type TBlogPostInput = z.input<typeof ZBlogPostInputSchema>;

/** Publish now (no date, or a date not in the future) or schedule for a later time (UTC ms). */
export const ZBlogPublishSchema = z.object({ publishAt: z.number().int().min(0).optional() }).strict();
export const ZBlogPreviewSchema = z.object({ body: zText().max(BLOG_LIMITS.body) }).strict();

export const ZBlogCategoryInputSchema = z
  .object({
    slug: zBlogSlug(),
    names: z
      .object(
        Object.fromEntries(LANGUAGES.map((language) => [language, zText().trim().min(1, { error: 'REQUIRED' }).max(BLOG_LIMITS.categoryName)])) as Record<
          Language,
          z.ZodString
        >,
      )
      .strict(),
  })
  .strict();

export const ZBlogCategorySchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), names: z.record(z.string(), z.string()) });
export type TBlogCategory = z.infer<typeof ZBlogCategorySchema>;

export const ZBlogAuthorSchema = z.object({ id: z.string(), name: z.string() });

/** A post as the public reads it, in one language (the reader's, else English, else any it has). */
export const ZBlogPostSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  language: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverUrl: z.string().nullable(),
  category: ZBlogCategorySchema.nullable(),
  tags: z.array(z.string()),
  author: ZBlogAuthorSchema,
  publishedAt: z.number(),
  updatedAt: z.number(),
  /** The languages the post is written in. */
  languages: z.array(z.string()),
});
export type TBlogPostSummary = z.infer<typeof ZBlogPostSummarySchema>;

export const ZBlogPostSchema = ZBlogPostSummarySchema.extend({
  /** Sanitised HTML (docs/blog.md lists what it may hold). */
  html: z.string(),
});
export type TBlogPost = z.infer<typeof ZBlogPostSchema>;

export const ZBlogListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'NUMBER_TOO_SMALL' }).max(10_000).default(1),
  category: zBlogSlug().optional(),
  tag: zBlogTag().optional(),
});
export const ZBlogListSchema = z.object({
  items: z.array(ZBlogPostSummarySchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
  categories: z.array(ZBlogCategorySchema),
});
export type TBlogList = z.infer<typeof ZBlogListSchema>;

/** A post as the store team edits it: every language, the stored Markdown and its rendered HTML. */
export const ZAdminBlogPostSchema = z.object({
  id: z.string(),
  slug: z.string(),
  status: z.enum(BLOG_POST_STATUSES),
  /** What the public sees now: a scheduled post whose time has come is live. */
  live: z.boolean(),
  publishAt: z.number().nullable(),
  coverUrl: z.string().nullable(),
  categoryId: z.string().nullable(),
  tags: z.array(z.string()),
  author: ZBlogAuthorSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
  texts: z.record(z.string(), z.object({ title: z.string(), excerpt: z.string(), body: z.string(), html: z.string() })),
});
export type TAdminBlogPost = z.infer<typeof ZAdminBlogPostSchema>;
