import type { Kysely, Migration } from 'kysely';

/** The blog (modules/blog, docs/blog.md): posts with a version per language, categories and tags. */
export const blog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blog_categories')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('names', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('blog_posts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('publish_at', 'bigint')
      .addColumn('category_id', 'text', (c) => c.references('blog_categories.id'))
      .addColumn('cover_upload_id', 'text')
      .addColumn('author_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The public list: live posts, newest first.
    await db.schema.createIndex('blog_posts_live').on('blog_posts').columns(['status', 'publish_at']).execute();
    await db.schema
      .createTable('blog_post_texts')
      .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('excerpt', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('blog_post_texts_pk', ['post_id', 'language'])
      .execute();
    await db.schema
      .createTable('blog_post_tags')
      .addColumn('post_id', 'text', (c) => c.notNull().references('blog_posts.id').onDelete('cascade'))
      .addColumn('tag', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('blog_post_tags_pk', ['post_id', 'tag'])
      .execute();
    await db.schema.createIndex('blog_post_tags_tag').on('blog_post_tags').columns(['tag', 'post_id']).execute();
  },
};
