import type { ProductFacetsTable } from '../catalog.tables.js';

/** What a product's facet rows are derived from. */
export interface FacetSource {
  productId: string;
  originCountry: string;
  variants: ReadonlyArray<{ colour: string | null; size: string | null }>;
  materials: ReadonlyArray<{ material: string }>;
  certifications: ReadonlyArray<{ scheme: string; expiresAt: number }>;
}

/**
 * The product_facets rows of one product: one per distinct colour, size, material, origin country
 * and certification scheme (a scheme held twice keeps its latest expiry). Written in the same
 * transaction as the product, by the seller catalog and by the seeds alike.
 */
export function deriveFacetRows(source: FacetSource): ProductFacetsTable[] {
  const rows = new Map<string, ProductFacetsTable>();
  const add = (
    facet: string,
    value: string | null,
    expiresAt: number | null = null,
  ) => {
    if (!value) return;
    const key = `${facet}\u0000${value}`;
    const existing = rows.get(key);
    if (existing && (existing.expires_at ?? 0) >= (expiresAt ?? 0)) return;
    rows.set(key, {
      facet,
      value,
      product_id: source.productId,
      expires_at: expiresAt,
    });
  };
  for (const v of source.variants) {
    add("colour", v.colour);
    add("size", v.size);
  }
  for (const m of source.materials) add("material", m.material);
  add("origin", source.originCountry);
  for (const c of source.certifications)
    add("certification", c.scheme, c.expiresAt);
  return [...rows.values()];
}
