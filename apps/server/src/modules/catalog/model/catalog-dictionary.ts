import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { CatalogVersion } from '../cache/index.js';

/**
 * Categories and brands, loaded whole once per catalog version: both are small (tens to hundreds of
 * rows) and every listing needs them to resolve slugs, expand a category to its subcategories and
 * label facets. Reloaded lazily on the first read after a bump.
 */
export interface CategoryEntry {
  id: string;
  parentId: string | null;
  slug: string;
  name: string;
  imageUploadId: string | null;
  sort: number;
  /** Its own id and every descendant's. */
  subtree: string[];
}
export interface BrandEntry {
  id: string;
  slug: string;
  name: string;
  logoUploadId: string | null;
  sort: number;
}
export interface Dictionary {
  categories: Map<string, CategoryEntry>;
  categoryBySlug: Map<string, CategoryEntry>;
  brands: Map<string, BrandEntry>;
  brandBySlug: Map<string, BrandEntry>;
}

export function createDictionary(db: Kysely<Database>, version: CatalogVersion): () => Promise<Dictionary> {
  let loaded: { version: number; value: Promise<Dictionary> } | null = null;
  return () => {
    const current = version.current();
    if (loaded?.version !== current) {
      const value = load(db);
      loaded = { version: current, value };
      value.catch(() => {
        if (loaded?.value === value) loaded = null;
      });
    }
    return loaded.value;
  };
}

async function load(db: Kysely<Database>): Promise<Dictionary> {
  const [categoryRows, brandRows] = await Promise.all([
    db.selectFrom('categories').select(['id', 'parent_id', 'slug', 'name', 'image_upload_id', 'sort']).orderBy('sort').orderBy('slug').execute(),
    db.selectFrom('brands').select(['id', 'slug', 'name', 'logo_upload_id', 'sort']).orderBy('sort').orderBy('name').execute(),
  ]);
  const categories = new Map<string, CategoryEntry>();
  for (const row of categoryRows) {
    categories.set(row.id, { id: row.id, parentId: row.parent_id, slug: row.slug, name: row.name, imageUploadId: row.image_upload_id, sort: row.sort, subtree: [] });
  }
  const children = new Map<string, string[]>();
  for (const entry of categories.values()) {
    if (entry.parentId) children.set(entry.parentId, [...(children.get(entry.parentId) ?? []), entry.id]);
  }
  for (const entry of categories.values()) {
    const seen = new Set<string>();
    const stack = [entry.id];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    entry.subtree = [...seen];
  }
  const brands = new Map<string, BrandEntry>(brandRows.map((row) => [row.id, { id: row.id, slug: row.slug, name: row.name, logoUploadId: row.logo_upload_id, sort: row.sort }]));
  return {
    categories,
    categoryBySlug: new Map([...categories.values()].map((c) => [c.slug, c])),
    brands,
    brandBySlug: new Map([...brands.values()].map((b) => [b.slug, b])),
  };
}

/** The path from the root category down to this one. */
export function categoryPath(dictionary: Dictionary, id: string): CategoryEntry[] {
  const path: CategoryEntry[] = [];
  const seen = new Set<string>();
  let current = dictionary.categories.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parentId ? dictionary.categories.get(current.parentId) : undefined;
  }
  return path;
}
