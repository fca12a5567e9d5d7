import { SIZES, type TProductDetail, type TVariant } from '@tessera/contracts';

export interface VariantChoice {
  colour: string | null;
  size: string | null;
  /** The variant of that colour and size; null when the product has none (or no such pair). */
  variant: TVariant | null;
  colours: { value: string; available: boolean }[];
  sizes: { value: string; available: boolean }[];
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((v): v is string => v !== null))];
}

function bySizeOrder(a: string, b: string): number {
  const ia = (SIZES as readonly string[]).indexOf(a);
  const ib = (SIZES as readonly string[]).indexOf(b);
  return (ia === -1 ? 999 : ia) - (ib === -1 ? 999 : ib);
}

/**
 * The variant a buyer has picked (colour and size from the page URL), falling back to the first
 * variant in stock. Sizes are offered for the chosen colour; a pair out of stock stays selectable
 * (its stock state and notify-me show) but is marked unavailable.
 */
export function chooseVariant(product: Pick<TProductDetail, 'variants'>, wanted: { colour?: string | null; size?: string | null }): VariantChoice {
  const variants = product.variants;
  const colourValues = unique(variants.map((v) => v.colour));
  const inStock = (v: TVariant) => v.stock > 0 && v.stockState === 'in_stock';
  const fallback = variants.find(inStock) ?? variants[0] ?? null;
  const colour = wanted.colour && colourValues.includes(wanted.colour) ? wanted.colour : (fallback?.colour ?? null);
  const ofColour = variants.filter((v) => v.colour === colour);
  const sizeValues = unique(ofColour.map((v) => v.size)).sort(bySizeOrder);
  const size =
    wanted.size && sizeValues.includes(wanted.size) ? wanted.size : (ofColour.find(inStock)?.size ?? ofColour[0]?.size ?? null);
  const variant = variants.find((v) => v.colour === colour && v.size === size) ?? null;
  return {
    colour,
    size,
    variant,
    colours: colourValues.map((value) => ({ value, available: variants.some((v) => v.colour === value && inStock(v)) })),
    sizes: sizeValues.map((value) => ({ value, available: ofColour.some((v) => v.size === value && inStock(v)) })),
  };
}
