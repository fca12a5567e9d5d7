import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  isLanguage,
  ZAdminBlogPostSchema,
  ZBlogCategoryInputSchema,
  ZBlogCategorySchema,
  ZBlogListQuerySchema,
  ZBlogListSchema,
  ZBlogPostInputSchema,
  ZBlogPostSchema,
  ZBlogPreviewSchema,
  ZBlogPublishSchema,
  ZMessageResponseSchema,
  zId,
  CATALOG_IMAGE_UPLOAD_MAX_BYTES,
} from '@tessera/contracts';
import { requestLanguage } from '../../http/language.js';
import { InvalidField } from '../../lib/errors.js';
import { readMultipartFiles, registerMultipart } from '../uploads/index.js';
import { atomFeed, rssFeed } from './blog-feeds.js';
import { renderBlogBody } from './blog-html.js';
import type { BlogService } from './blog.service.js';

const ZIdParamsSchema = z.object({ id: zId() });
const ZSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
const one = <T extends z.ZodType>(item: T) => z.object({ message: z.string(), data: item });
const ZFeedQuerySchema = z.object({ lang: z.string().max(10).optional() });

/**
 * The blog's API. Public: the live posts (`/v1/blog/...`) and the feeds (`/blog/rss.xml`,
 * `/blog/atom.xml`, `?lang=` or the request's language). The team's: `/v1/admin/posts...`, which
 * also takes `Authorization: Ghost {token}` with a team member's token (the seed's BlogToken).
 */
export function blogRoutes(deps: { blog: BlogService; publicUrl: string }): FastifyPluginAsync {
  const { blog, publicUrl } = deps;
  return async (app) => {
    await registerMultipart(app);
    const typed = app.withTypeProvider<ZodTypeProvider>();
    const team = { access: ['team'], ghostToken: true } as const;
    const tags = ['blog'];
    const requester = (request: FastifyRequest) => ({ userId: request.auth.userId, userType: request.auth.userType });

    typed.get(
      '/v1/blog/posts',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Live posts, newest first, in the reader’s language (paging, category, tag)',
          querystring: ZBlogListQuerySchema,
          response: { 200: one(ZBlogListSchema) },
        },
      },
      async (request) => ({ message: 'ok', data: await blog.listPublic({ language: requestLanguage(request), ...request.query }) }),
    );
    typed.get(
      '/v1/blog/posts/:slug',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'One live post by slug, with its sanitised HTML', params: ZSlugParamsSchema, response: { 200: one(ZBlogPostSchema) } },
      },
      async (request) => ({ message: 'ok', data: await blog.getPublic({ slug: request.params.slug, language: requestLanguage(request) }) }),
    );
    typed.get(
      '/v1/blog/categories',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'The blog’s categories, named in the reader’s language', response: { 200: one(z.array(ZBlogCategorySchema)) } },
      },
      async (request) => ({ message: 'ok', data: await blog.categories(requestLanguage(request)) }),
    );

    const feedLanguage = (request: FastifyRequest, lang: string | undefined) => (isLanguage(lang) ? lang : requestLanguage(request));
    typed.get(
      '/blog/rss.xml',
      { config: { access: 'public' }, schema: { tags, summary: 'RSS 2.0 feed of the newest posts (?lang=en|es|ar|ms)', querystring: ZFeedQuerySchema } },
      async (request, reply) => {
        const language = feedLanguage(request, request.query.lang);
        const body = rssFeed({ posts: await blog.feed({ language }), language, publicUrl });
        return reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
      },
    );
    typed.get(
      '/blog/atom.xml',
      { config: { access: 'public' }, schema: { tags, summary: 'Atom feed of the newest posts (?lang=en|es|ar|ms)', querystring: ZFeedQuerySchema } },
      async (request, reply) => {
        const language = feedLanguage(request, request.query.lang);
        const body = atomFeed({ posts: await blog.feed({ language }), language, publicUrl });
        return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(body);
      },
    );

    // The store team --------------------------------------------------------------------------------
    const admin = ['blog admin'];
    typed.get(
      '/v1/admin/posts',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Every post (drafts, scheduled, published), last changed first',
          response: { 200: one(z.array(ZAdminBlogPostSchema)) },
        },
      },
      async () => ({ message: 'ok', data: await blog.adminList() }),
    );
    typed.get(
      '/v1/admin/posts/categories',
      {
        config: team,
        schema: { tags: admin, summary: 'The categories with their names in every language', response: { 200: one(z.array(ZBlogCategorySchema)) } },
      },
      async (request) => ({ message: 'ok', data: await blog.categories(requestLanguage(request)) }),
    );
    typed.post(
      '/v1/admin/posts/categories',
      { config: team, schema: { tags: admin, summary: 'Add a category', body: ZBlogCategoryInputSchema, response: { 200: one(ZBlogCategorySchema) } } },
      async (request) => ({ message: 'Category added', data: await blog.createCategory(request.body) }),
    );
    typed.put(
      '/v1/admin/posts/categories/:id',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Rename a category (slug and names in every language); its posts keep it',
          params: ZIdParamsSchema,
          body: ZBlogCategoryInputSchema,
          response: { 200: one(ZBlogCategorySchema) },
        },
      },
      async (request) => ({ message: 'Category saved', data: await blog.updateCategory({ id: request.params.id, ...request.body }) }),
    );
    typed.post(
      '/v1/admin/posts/preview',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Render a body (Markdown, HTML allowed) as the public page would show it, sanitised',
          body: ZBlogPreviewSchema,
          response: { 200: one(z.object({ html: z.string() })) },
        },
      },
      async (request) => ({ message: 'ok', data: { html: renderBlogBody(request.body.body) } }),
    );
    typed.get(
      '/v1/admin/posts/:id',
      { config: team, schema: { tags: admin, summary: 'One post with every language', params: ZIdParamsSchema, response: { 200: one(ZAdminBlogPostSchema) } } },
      async (request) => ({ message: 'ok', data: await blog.adminGet(request.params.id) }),
    );
    typed.post(
      '/v1/admin/posts',
      {
        config: team,
        schema: { tags: admin, summary: 'Write a new post (a draft)', body: ZBlogPostInputSchema, response: { 200: one(ZAdminBlogPostSchema) } },
      },
      async (request) => ({ message: 'Post saved', data: await blog.create({ input: request.body, authorId: request.auth.userId }) }),
    );
    typed.put(
      '/v1/admin/posts/:id',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Replace a post’s slug, category, tags and texts',
          params: ZIdParamsSchema,
          body: ZBlogPostInputSchema,
          response: { 200: one(ZAdminBlogPostSchema) },
        },
      },
      async (request) => ({ message: 'Post saved', data: await blog.update({ id: request.params.id, input: request.body }) }),
    );
    typed.post(
      '/v1/admin/posts/:id/publish',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Publish now, or schedule with a future publishAt (UTC ms)',
          params: ZIdParamsSchema,
          body: ZBlogPublishSchema,
          response: { 200: one(ZAdminBlogPostSchema) },
        },
      },
      async (request) => {
        const post = await blog.publish({ id: request.params.id, publishAt: request.body.publishAt });
        return { message: post.status === 'scheduled' ? 'Post scheduled' : 'Post published', data: post };
      },
    );
    typed.post(
      '/v1/admin/posts/:id/unpublish',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Back to draft: off the public pages and feeds',
          params: ZIdParamsSchema,
          response: { 200: one(ZAdminBlogPostSchema) },
        },
      },
      async (request) => ({ message: 'Post unpublished', data: await blog.unpublish({ id: request.params.id }) }),
    );
    typed.post(
      '/v1/admin/posts/:id/cover',
      {
        config: team,
        schema: {
          tags: admin,
          summary: 'Replace the cover (multipart field "image")',
          description: 'Checked by content (not name), re-encoded as WebP with its longest side at most 1920 px.',
          consumes: ['multipart/form-data'],
          params: ZIdParamsSchema,
          response: { 200: one(ZAdminBlogPostSchema) },
        },
      },
      async (request) => {
        const form = await readMultipartFiles(request, { maxFileBytes: CATALOG_IMAGE_UPLOAD_MAX_BYTES, maxFiles: 1, fileFields: ['image'], fields: [] });
        const file = form.files[0];
        if (!file) throw InvalidField('image', 'IMAGE_FORMAT_INVALID');
        return {
          message: 'Cover updated',
          data: await blog.setCover({ id: request.params.id, data: file.data, filename: file.filename, requester: requester(request) }),
        };
      },
    );
    typed.delete(
      '/v1/admin/posts/:id',
      { config: team, schema: { tags: admin, summary: 'Delete a post and its cover', params: ZIdParamsSchema, response: { 200: ZMessageResponseSchema } } },
      async (request) => {
        await blog.remove({ id: request.params.id, requester: requester(request) });
        return { message: 'Post deleted' };
      },
    );
  };
}
