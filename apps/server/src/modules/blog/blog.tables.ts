/** Tables the blog module owns (migration 047). Times are UTC milliseconds. */

export interface BlogCategoriesTable {
  id: string;
  slug: string;
  /** JSON object: language → name, every language. */
  names: string;
  created_at: number;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  /** draft | scheduled | published */
  status: string;
  /** When the post goes (or went) live; null for a draft never published. */
  publish_at: number | null;
  category_id: string | null;
  cover_upload_id: string | null;
  /** A store-team member (users.id). */
  author_id: string;
  created_at: number;
  updated_at: number;
}

export interface BlogPostTextsTable {
  post_id: string;
  /** en | es | ar | ms */
  language: string;
  title: string;
  excerpt: string;
  /** What the team wrote (Markdown with HTML allowed). */
  body: string;
  /** `body` rendered and sanitised when saved: the only HTML ever served. */
  html: string;
}

export interface BlogPostTagsTable {
  post_id: string;
  tag: string;
}

export interface BlogTables {
  blog_categories: BlogCategoriesTable;
  blog_posts: BlogPostsTable;
  blog_post_texts: BlogPostTextsTable;
  blog_post_tags: BlogPostTagsTable;
}
