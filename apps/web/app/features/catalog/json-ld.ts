import type { TProductDetail, TVariant } from '@tessera/contracts';

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  sold_out: 'https://schema.org/SoldOut',
} as const;

function decimal(minor: number, minorDigits: number): string {
  return (minor / 10 ** minorDigits).toFixed(minorDigits);
}

function absolute(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

/**
 * schema.org Product with its Offer (or an AggregateOffer when variants have different prices), the
 * brand, the seller and the rating, for search engines' rich results.
 */
export function productJsonLd(product: TProductDetail, options: { publicUrl: string; minorDigits: number }): Record<string, unknown> {
  const { publicUrl, minorDigits } = options;
  const url = absolute(publicUrl, `/p/${product.slug}`);
  const seller = { '@type': 'Organization', name: product.seller.storeName, url: absolute(publicUrl, `/store/${product.seller.storeAliasName}`) };
  const prices = product.variants.length > 0 ? product.variants.map((v: TVariant) => v.price.amount) : [product.price.amount];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const availability = AVAILABILITY[product.stockState];
  const offers =
    low === high
      ? {
          '@type': 'Offer',
          url,
          price: decimal(product.price.amount, minorDigits),
          priceCurrency: product.price.currency,
          availability,
          itemCondition: 'https://schema.org/NewCondition',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.moq },
          seller,
        }
      : {
          '@type': 'AggregateOffer',
          url,
          lowPrice: decimal(low, minorDigits),
          highPrice: decimal(high, minorDigits),
          offerCount: product.variants.length,
          priceCurrency: product.price.currency,
          availability,
          seller,
        };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    sku: product.variants[0]?.sku ?? product.id,
    url,
    image: product.images.map((image) => absolute(publicUrl, image.fallbackUrl)),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    manufacturer: { '@type': 'Organization', name: product.manufacturer },
    category: product.categoryPath.map((c) => c.name).join(' > ') || product.category.name,
    countryOfOrigin: product.provenance.originCountry,
    material: product.provenance.materials.map((m) => m.material).join(', '),
    ...(product.reviewCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.toFixed(1), reviewCount: product.reviewCount, bestRating: '5', worstRating: '1' } }
      : {}),
    offers,
  };
}

/** JSON for an inline <script>: "<" escaped so the text can never close the element early. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
